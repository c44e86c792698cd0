/**
 * Nothing that comes from outside becomes a query operator. Values reach our
 * filters only as plain strings (an object such as `{ $ne: null }` would be read
 * as an operator), and ids only in the shape we issue them (`prefix_...`: never a
 * `$`, a `.` or a NUL), so a crafted id is simply not found. Field names in
 * filters are all written in code: data never becomes a key (header names, for
 * one, are stored as pairs).
 */
export class UnsafeQueryValue extends Error {
  constructor(readonly field: string) {
    super(`refused a non-string value for ${field} in a MongoDB filter`)
  }
}

/** A string value for an equality or range filter; anything else is a bug upstream (validation) and throws. */
export const literal = (value: unknown, field: string): string => {
  if (typeof value !== 'string') throw new UnsafeQueryValue(field)
  return value
}

/** Whether a value can be one of our ids (reads answer "not found" for anything else, without asking the database). */
export const isIdShaped = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && !value.startsWith('$') && !value.includes('.') && !value.includes('\0')
