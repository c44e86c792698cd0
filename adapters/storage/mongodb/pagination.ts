import type { Collection, Document, Filter, WithId } from 'mongodb'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import { isIdShaped } from './query-guard.js'

/**
 * One page of `filter`'s documents, newest first by `_id` (our ids are
 * time-ordered), with the API's cursors: `startingAfter` walks towards older
 * documents, `endingBefore` towards newer ones. A cursor that is not a plain id
 * matches nothing, as an unknown id would at the edges of the list.
 */
export const pageByIdDescending = async <TDocument extends Document & { _id: string }, T>(
  collection: Collection<TDocument>,
  filter: Filter<TDocument>,
  page: PageRequest,
  fromDocument: (document: WithId<TDocument>) => T,
): Promise<Page<T>> => {
  const towardsNewer = page.endingBefore !== undefined
  const cursor = towardsNewer ? page.endingBefore : page.startingAfter
  if (cursor !== undefined && !isIdShaped(cursor)) return { data: [], hasMore: false }
  if (page.limit <= 0) return { data: [], hasMore: false }
  const bounded =
    cursor === undefined
      ? filter
      : ({ ...filter, _id: towardsNewer ? { $gt: cursor } : { $lt: cursor } } as Filter<TDocument>)
  const found = await collection
    .find(bounded)
    .sort({ _id: towardsNewer ? 1 : -1 })
    .limit(page.limit + 1)
    .toArray()
  const data = found.slice(0, page.limit)
  // Towards newer, the page is the `limit` documents just after the cursor, shown newest first.
  if (towardsNewer) data.reverse()
  return { data: data.map(fromDocument), hasMore: found.length > page.limit }
}
