import { InvalidParameter } from './errors.js'
import { err, ok, type Result } from './result.js'

/**
 * Cursor pagination of every list endpoint: newest first, `starting_after` /
 * `ending_before` name an object id of the previous page. Ids are time-ordered
 * (see the id generator), so ordering by id descending is creation order.
 */
export interface PageRequest {
  readonly limit: number
  readonly startingAfter?: string | undefined
  readonly endingBefore?: string | undefined
}

export interface Page<T> {
  readonly data: readonly T[]
  readonly hasMore: boolean
}

export const DEFAULT_PAGE_LIMIT = 10
export const MAX_PAGE_LIMIT = 100

/** Pages an already filtered collection held in memory (in-memory adapters, tests). */
export const paginateById = <T extends { readonly id: string }>(
  items: Iterable<T>,
  page: PageRequest,
): Result<Page<T>, InvalidParameter> => {
  const sorted = [...items].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
  if (page.endingBefore !== undefined) {
    const cursor = page.endingBefore
    const before = sorted.filter((item) => item.id > cursor)
    // ending_before walks towards newer objects: the page is the `limit` objects just before the cursor.
    const data = before.slice(Math.max(0, before.length - page.limit))
    return ok({ data, hasMore: before.length > data.length })
  }
  const cursor = page.startingAfter
  const after = cursor === undefined ? sorted : sorted.filter((item) => item.id < cursor)
  return ok({ data: after.slice(0, page.limit), hasMore: after.length > page.limit })
}

/** Both cursors at once is ambiguous, as at Stripe. */
export const validatePageRequest = (page: PageRequest): Result<PageRequest, InvalidParameter> =>
  page.startingAfter !== undefined && page.endingBefore !== undefined
    ? err(
        new InvalidParameter({
          param: 'ending_before',
          message: 'Pass either starting_after or ending_before, not both.',
        }),
      )
    : ok(page)
