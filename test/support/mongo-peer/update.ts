// Update documents: operator updates (mingo's updater, run on a numeric view), replacements, pipeline updates,
// and the document an upsert inserts.
import { Decimal128, type Document, Double, Int32, Long, ObjectId } from 'bson'
import { Aggregator, update as applyOperators } from 'mingo'
import {
  bsonClone,
  formatKeyValue,
  isPlainObject,
  restoreTypes,
  sameValue,
  toView,
  valueAtPath,
} from './bson-values.js'
import { asCommandError, CommandError } from './errors.js'

const SUPPORTED_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$rename',
  '$currentDate',
  '$bit',
  '$setOnInsert',
])
// Operators whose arguments are stored as given, so their BSON types (Long, Decimal128) survive.
const VALUE_OPERATORS = new Set(['$set', '$setOnInsert', '$push', '$addToSet'])

export type UpdateSpec = Document | Document[]

export interface UpdateOutcome {
  readonly document: Document
  readonly modified: boolean
}

export function isOperatorUpdate(update: UpdateSpec): boolean {
  return !Array.isArray(update) && Object.keys(update).some((key) => key.startsWith('$'))
}

export function validateUpdate(update: UpdateSpec): void {
  if (Array.isArray(update)) return
  const keys = Object.keys(update)
  if (!keys.some((key) => key.startsWith('$'))) return
  for (const key of keys) {
    if (!SUPPORTED_OPERATORS.has(key)) {
      throw new CommandError(
        'FailedToParse',
        `Unknown modifier: ${key}. Expected a valid update modifier or pipeline-style update specified as an array`,
      )
    }
  }
}

const ARITHMETIC_OPERATORS = ['$inc', '$mul']

function isNumeric(value: unknown): boolean {
  return (
    typeof value === 'number' ||
    value instanceof Long ||
    value instanceof Decimal128 ||
    value instanceof Double ||
    value instanceof Int32
  )
}

/** The server's TypeMismatch for $inc/$mul with a non-number, which mingo does not raise. */
function assertArithmetic(original: Document, update: Document): void {
  for (const operator of ARITHMETIC_OPERATORS) {
    const argument = update[operator]
    if (!isPlainObject(argument)) continue
    for (const [path, amount] of Object.entries(argument)) {
      const verb = operator === '$inc' ? 'increment' : 'multiply'
      if (!isNumeric(amount)) {
        throw new CommandError(
          'TypeMismatch',
          `Cannot ${verb} with non-numeric argument: {${path}: ${formatKeyValue(amount)}}`,
        )
      }
      if (path.includes('$')) continue
      const current = valueAtPath(original, path)
      if (current !== undefined && !isNumeric(current)) {
        throw new CommandError(
          'TypeMismatch',
          `Cannot apply ${operator} to a value of non-numeric type. {_id: ${formatKeyValue(original._id)}} has the field '${path.split('.').pop()}' of non-numeric type ${bsonTypeName(current)}`,
        )
      }
    }
  }
}

function bsonTypeName(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return 'string'
  if (typeof value === 'boolean') return 'bool'
  if (Array.isArray(value)) return 'array'
  if (value instanceof Date) return 'date'
  if (value instanceof ObjectId) return 'objectId'
  return 'object'
}

export function applyUpdate(
  original: Document,
  update: UpdateSpec,
  options: { arrayFilters?: Document[]; filter?: Document; inserting?: boolean },
): UpdateOutcome {
  validateUpdate(update)
  let document: Document
  let modified: boolean
  try {
    if (Array.isArray(update)) {
      const [result] = new Aggregator(toView(update), {}).run([toView(bsonClone(original))]) as Document[]
      document = restoreTypes(result ?? {}, original) as Document
      modified = !sameValue(document, original)
    } else if (!isOperatorUpdate(update)) {
      document = { _id: original._id, ...withoutId(update) }
      if (update._id !== undefined && !sameValue(update._id, original._id)) throw immutableId()
      modified = !sameValue(document, original)
    } else {
      assertArithmetic(original, update)
      const modifier: Document = {}
      for (const [operator, argument] of Object.entries(update)) {
        if (operator === '$setOnInsert') continue
        modifier[operator] = VALUE_OPERATORS.has(operator) ? argument : toView(argument)
      }
      if (options.inserting && update.$setOnInsert !== undefined) {
        modifier.$set = { ...(modifier.$set as Document | undefined), ...(update.$setOnInsert as Document) }
      }
      // mingo refuses any path on _id; an upsert may still choose the new document's _id with $set/$setOnInsert.
      let chosenId: unknown
      if (options.inserting && isPlainObject(modifier.$set) && '_id' in modifier.$set) {
        const { _id, ...rest } = modifier.$set
        chosenId = _id
        if (Object.keys(rest).length > 0) modifier.$set = rest
        else delete modifier.$set
      }
      if (Object.keys(modifier).length === 0 && chosenId === undefined) return { document: original, modified: false }
      const working = toView(bsonClone(original))
      const changed = applyOperators(
        working,
        modifier,
        options.arrayFilters?.map((filter) => toView(filter)),
        options.filter ? toView(options.filter) : undefined,
        { cloneMode: 'deep' },
      )
      document = restoreTypes(working, original) as Document
      if (chosenId !== undefined) document._id = chosenId
      modified = changed.length > 0 || chosenId !== undefined
    }
  } catch (error) {
    throw asCommandError(error)
  }
  if (!options.inserting && !sameValue(document._id, original._id)) throw immutableId()
  return { document, modified }
}

function immutableId(): CommandError {
  return new CommandError(
    'ImmutableField',
    "Performing an update on the path '_id' would modify the immutable field '_id'",
  )
}

function withoutId(document: Document): Document {
  const { _id, ...rest } = document
  return rest
}

/** The document an upsert inserts: equality fields of the filter, then the update applied, _id first. */
export function buildUpsertDocument(filter: Document, update: UpdateSpec, arrayFilters?: Document[]): Document {
  const seedFields: Document = {}
  collectEqualities(filter, seedFields)
  let seed: Document = {}
  for (const [path, value] of Object.entries(seedFields)) setPath(seed, path, value)
  let document: Document
  if (!Array.isArray(update) && !isOperatorUpdate(update)) {
    document = { ...(seed._id !== undefined ? { _id: seed._id } : {}), ...update }
  } else {
    seed = bsonClone(seed)
    document = applyUpdate(seed, update, { arrayFilters, inserting: true }).document
  }
  const id = document._id === undefined ? new ObjectId() : document._id
  return { _id: id, ...withoutId(document) }
}

function setPath(document: Document, path: string, value: unknown): void {
  const segments = path.split('.')
  let current = document
  for (const segment of segments.slice(0, -1)) {
    if (!isPlainObject(current[segment])) current[segment] = {}
    current = current[segment] as Document
  }
  current[segments[segments.length - 1]!] = value
}

function collectEqualities(filter: Document, into: Document): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const clause of value) if (isPlainObject(clause)) collectEqualities(clause, into)
      continue
    }
    if (key.startsWith('$')) continue
    if (isPlainObject(value) && Object.keys(value).some((inner) => inner.startsWith('$'))) {
      if ('$eq' in value) into[key] = value.$eq
      continue
    }
    if (value instanceof RegExp) continue
    into[key] = value
  }
}
