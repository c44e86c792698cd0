import type { Collection, Document, Filter } from 'mongodb'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import { literal } from './query-guard.js'

/**
 * Newest first by id (ids are time-ordered), as core/shared/pagination.ts pages
 * in memory: `startingAfter` walks to older ids, `endingBefore` to newer ones
 * (the `limit` ids just after the cursor, still returned newest first).
 */
export const pageById = async <D extends Document & { _id: string }, T>(
  collection: Collection<D>,
  filter: Filter<D>,
  page: PageRequest,
  toDomain: (document: D) => T,
): Promise<Page<T>> => {
  const backwards = page.endingBefore !== undefined
  const cursor = backwards ? page.endingBefore : page.startingAfter
  const idFilter = cursor === undefined ? {} : { _id: backwards ? { $gt: literal(cursor, 'cursor') } : { $lt: literal(cursor, 'cursor') } }
  const documents = (await collection
    .find({ ...filter, ...idFilter } as Filter<D>)
    .sort({ _id: backwards ? 1 : -1 })
    .limit(page.limit + 1)
    .toArray()) as D[]
  const data = documents.slice(0, page.limit)
  if (backwards) data.reverse()
  return { data: data.map(toDomain), hasMore: documents.length > page.limit }
}
