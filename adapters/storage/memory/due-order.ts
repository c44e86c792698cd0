/**
 * The items of the account (every account's when `accountId` is null) due at `now` (a
 * due time at or before `now`), earliest first and at most `limit`: the answer of the
 * memory repositories' due queries. Ties keep the items' order.
 */
export const dueEarliestFirst = <T extends { readonly accountId: string }>(
  items: Iterable<T>,
  accountId: string | null,
  dueAt: (item: T) => Date | null,
  now: Date,
  limit: number,
): T[] => {
  const due: { item: T; at: number }[] = []
  for (const item of items) {
    const at = dueAt(item)
    if (at !== null && at <= now && (accountId === null || item.accountId === accountId))
      due.push({ item, at: at.getTime() })
  }
  return due
    .sort((a, b) => a.at - b.at)
    .slice(0, limit)
    .map(({ item }) => item)
}
