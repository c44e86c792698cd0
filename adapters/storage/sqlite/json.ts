/**
 * Records are stored as JSON documents (a `doc` column) beside the columns their queries filter and sort on.
 * JSON has no dates: a `Date` anywhere in a record is written as `{"$date":"<ISO 8601>"}` and read back as a
 * `Date`, so that an adapter stores a domain record as it is and gets the same record back, nested dates included.
 */
const DATE_TAG = '$date'

function tagDates(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // `JSON.stringify` has already turned the date into a string by `toJSON`: the holder still has the Date.
  const raw = this[key]
  return raw instanceof Date ? { [DATE_TAG]: raw.toISOString() } : value
}

const reviveDates = (_key: string, value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const tagged = (value as Record<string, unknown>)[DATE_TAG]
  return typeof tagged === 'string' && Object.keys(value).length === 1 ? new Date(tagged) : value
}

export const encodeJson = (value: unknown): string => JSON.stringify(value, tagDates)

export const decodeJson = <T>(text: string): T => JSON.parse(text, reviveDates) as T

/** A due time as stored in an indexed column: epoch milliseconds, or null for none. */
export const epochMs = (date: Date | null | undefined): number | null => (date == null ? null : date.getTime())

/** The earliest due time a `MIN(...)` query found, as a date. */
export const dateOrNull = (ms: number | null | undefined): Date | null => (ms == null ? null : new Date(ms))
