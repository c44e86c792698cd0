/**
 * Records are stored as JSON documents (a `doc` column) beside the columns their queries filter and sort on.
 * JSON has no dates: a `Date` anywhere in a record is written as `{"$date":"<ISO 8601>"}` and read back as a
 * `Date`, so that an adapter stores a domain record as it is and gets the same record back, nested dates included.
 */
const DATE_TAG = '$date'

/**
 * A copy of `value` with every `Date` as its tag: a walk, then a plain `JSON.stringify` (a replacer function called
 * for every key costs about three times as much on a record of a few kilobytes). Other values with a `toJSON` are
 * tagged after it, as `JSON.stringify` would see them.
 */
const tagDates = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null) return value
  if (value instanceof Date) return { [DATE_TAG]: value.toISOString() }
  if (Array.isArray(value)) return value.map(tagDates)
  const toJSON = (value as { toJSON?: unknown }).toJSON
  if (typeof toJSON === 'function') return tagDates(toJSON.call(value))
  const tagged: Record<string, unknown> = {}
  for (const key of Object.keys(value)) tagged[key] = tagDates((value as Record<string, unknown>)[key])
  return tagged
}

/** Turns every tag of a freshly parsed document back into a `Date`, in place (the parse made every object anew). */
const reviveDates = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) value[index] = reviveDates(value[index])
    return value
  }
  const record = value as Record<string, unknown>
  const keys = Object.keys(record)
  const tagged = record[DATE_TAG]
  if (typeof tagged === 'string' && keys.length === 1) return new Date(tagged)
  for (const key of keys) {
    const inner = record[key]
    if (typeof inner === 'object' && inner !== null) record[key] = reviveDates(inner)
  }
  return record
}

export const encodeJson = (value: unknown): string => JSON.stringify(tagDates(value))

export const decodeJson = <T>(text: string): T => reviveDates(JSON.parse(text)) as T

/** A due time as stored in an indexed column: epoch milliseconds, or null for none. */
export const epochMs = (date: Date | null | undefined): number | null => (date == null ? null : date.getTime())

/** The earliest due time a `MIN(...)` query found, as a date. */
export const dateOrNull = (ms: number | null | undefined): Date | null => (ms == null ? null : new Date(ms))
