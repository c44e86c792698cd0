// Stored documents keep their BSON types (ObjectId, Date, Long, Decimal128, Binary...). mingo compares values
// by JS type, so it cannot order a Long against a number: queries, sorts and updates run on a "view" of each
// document in which Long and Decimal128 become numbers, and updated documents get their types back afterwards.
import { Binary, BSON, Decimal128, type Document, EJSON, Long, ObjectId, Timestamp } from 'bson'

const CLONE_DESERIALIZE = { promoteLongs: false, promoteValues: true, promoteBuffers: false } as const

/** A deep copy that goes through BSON, so every value keeps exactly the type it would have on the wire. */
export function bsonClone<T extends Document>(document: T): T {
  return BSON.deserialize(BSON.serialize(document, { checkKeys: false, ignoreUndefined: true }), CLONE_DESERIALIZE) as T
}

export function isPlainObject(value: unknown): value is Document {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

function numericView(value: unknown): number | undefined {
  if (value instanceof Long) return value.toNumber()
  if (value instanceof Decimal128) return Number.parseFloat(value.toString())
  return undefined
}

/**
 * mingo compares objects of a custom class by their toString(), and Binary.toString() decodes the bytes as UTF-8,
 * which makes different UUIDs equal. In views a Binary is wrapped so that it compares by length, subtype and bytes.
 */
export class BinaryView {
  constructor(readonly binary: Binary) {}

  toString(): string {
    const bytes = Buffer.from(this.binary.buffer.subarray(0, this.binary.position))
    return `${String(bytes.length).padStart(10, '0')}:${String(this.binary.sub_type).padStart(3, '0')}:${bytes.toString('hex')}`
  }
}

/**
 * The value with every Long and Decimal128 replaced by a number (and, unless `wrapBinary` is false, every Binary
 * wrapped in a BinaryView); the same reference when nothing changes.
 */
export function toView<T>(value: T, wrapBinary = true): T {
  const numeric = numericView(value)
  if (numeric !== undefined) return numeric as T
  if (wrapBinary && value instanceof Binary) return new BinaryView(value) as T
  if (Array.isArray(value)) {
    let changed = false
    const mapped = value.map((item) => {
      const viewed = toView(item, wrapBinary)
      if (viewed !== item) changed = true
      return viewed
    })
    return (changed ? mapped : value) as T
  }
  if (isPlainObject(value)) {
    let changed = false
    const mapped: Document = {}
    for (const [key, item] of Object.entries(value)) {
      const viewed = toView(item, wrapBinary)
      if (viewed !== item) changed = true
      mapped[key] = viewed
    }
    return (changed ? mapped : value) as T
  }
  return value
}

/**
 * After an update computed on a view, give back Long/Decimal128 types to the numbers that came from them:
 * an unchanged number gets its original object back, a changed one is rewrapped in the original's type.
 */
export function restoreTypes(updated: unknown, original: unknown): unknown {
  if (updated instanceof BinaryView) return updated.binary
  if (typeof updated === 'number') {
    if (original instanceof Long) {
      if (original.toNumber() === updated) return original
      return Number.isInteger(updated) ? Long.fromNumber(updated) : updated
    }
    if (original instanceof Decimal128) {
      if (Number.parseFloat(original.toString()) === updated) return original
      return Decimal128.fromString(String(updated))
    }
    return updated
  }
  if (Array.isArray(updated)) {
    return updated.map((item, index) => restoreTypes(item, Array.isArray(original) ? original[index] : undefined))
  }
  if (isPlainObject(updated)) {
    const result: Document = {}
    for (const [key, item] of Object.entries(updated)) {
      result[key] = restoreTypes(item, isPlainObject(original) ? original[key] : undefined)
    }
    return result
  }
  return updated
}

/** A value computed from views (aggregation output) made storable again: BinaryViews unwrapped. */
export function fromView(value: unknown): unknown {
  return restoreTypes(value, undefined)
}

/** A string equal for two values exactly when MongoDB's index would consider them the same key. */
export function canonicalKey(value: unknown): string {
  return EJSON.stringify({ v: toView(value, false) ?? null }, { relaxed: false })
}

/** A value rendered the way the server prints it in an E11000 message ("dup key: { email: \"a@b.c\" }"). */
export function formatKeyValue(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value instanceof ObjectId) return `ObjectId('${value.toHexString()}')`
  if (value instanceof Date) return `new Date(${value.getTime()})`
  if (value instanceof Long) return value.toString()
  if (value instanceof Decimal128) return `NumberDecimal("${value.toString()}")`
  if (value instanceof Timestamp) return `Timestamp(${value.high}, ${value.low})`
  if (value instanceof Binary)
    return `BinData(${value.sub_type}, ${Buffer.from(value.buffer).toString('hex').toUpperCase()})`
  if (value instanceof RegExp) return String(value)
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[ ${value.map(formatKeyValue).join(', ')} ]`
  if (isPlainObject(value)) {
    const entries = Object.entries(value)
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([key, item]) => `${key}: ${formatKeyValue(item)}`).join(', ')} }`
  }
  return String(value)
}

/** Value at a dotted path (no array traversal: index keys and TTL fields use plain paths). */
export function valueAtPath(document: Document, path: string): unknown {
  let current: unknown = document
  for (const segment of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)]
    else if (isPlainObject(current)) current = current[segment]
    else return undefined
  }
  return current
}

export function sameValue(left: unknown, right: unknown): boolean {
  return canonicalKey(left) === canonicalKey(right)
}
