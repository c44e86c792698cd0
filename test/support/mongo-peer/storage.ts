// Databases, collections and their indexes. Stored documents are never mutated in place: an update stores a
// new object, so object identity doubles as a version (transactions rely on that to detect conflicts).
import { type Binary, type Document, UUID } from 'bson'
import { Query } from 'mingo'
import { resolve } from 'mingo/util'
import { canonicalKey, formatKeyValue, toView, valueAtPath } from './bson-values.js'
import { CommandError } from './errors.js'

export interface IndexSpec {
  readonly v: number
  readonly key: Document
  readonly name: string
  readonly unique?: boolean
  readonly sparse?: boolean
  readonly expireAfterSeconds?: number
  readonly partialFilterExpression?: Document
  readonly [option: string]: unknown
}

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' }

/** The default name MongoDB gives an index: field_direction pairs joined by underscores. */
export function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_')
}

export function documentKey(document: Document): string {
  return canonicalKey(document._id)
}

export class CollectionState {
  constructor(
    readonly database: string,
    readonly name: string,
    public documents: Map<string, Document> = new Map(),
    readonly indexes: IndexSpec[] = [ID_INDEX],
    readonly uuid: Binary = new UUID().toBinary(),
    readonly options: Document = {},
  ) {}

  get namespace(): string {
    return `${this.database}.${this.name}`
  }

  all(): Document[] {
    return [...this.documents.values()]
  }

  insert(document: Document): void {
    const key = documentKey(document)
    if (this.documents.has(key)) throw this.duplicateKeyError(ID_INDEX, [document._id])
    this.assertUnique(this.documents, document, undefined)
    this.documents.set(key, document)
  }

  /** Stores a new version of the document with this key (same _id), keeping its natural position. */
  replace(key: string, document: Document): void {
    this.assertUnique(this.documents, document, key)
    this.documents.set(key, document)
  }

  remove(key: string): boolean {
    return this.documents.delete(key)
  }

  /** Throws the server's E11000 error when another document in `documents` shares a key of a unique index. */
  assertUnique(documents: Map<string, Document>, document: Document, ownKey: string | undefined): void {
    const selfKey = ownKey ?? documentKey(document)
    for (const index of this.indexes) {
      if (!index.unique || index.name === ID_INDEX.name) continue
      const entries = indexEntries(index, document)
      if (entries === undefined) continue
      const mine = new Map(entries.map((entry) => [entry.key, entry]))
      for (const [otherKey, other] of documents) {
        if (otherKey === selfKey) continue
        for (const entry of indexEntries(index, other) ?? []) {
          const clash = mine.get(entry.key)
          if (clash) throw this.duplicateKeyError(index, clash.values)
        }
      }
    }
  }

  /** The server's E11000 error for `values`, the key (one value per indexed field) that is already taken. */
  duplicateKeyError(index: IndexSpec, values: readonly unknown[]): CommandError {
    const keyValue: Document = {}
    for (const [position, field] of Object.keys(index.key).entries()) keyValue[field] = values[position] ?? null
    return new CommandError(
      'DuplicateKey',
      `E11000 duplicate key error collection: ${this.namespace} index: ${index.name} dup key: ${formatKeyValue(keyValue)}`,
      { keyPattern: index.key, keyValue },
    )
  }

  createIndex(spec: IndexSpec): 'created' | 'exists' {
    const sameName = this.indexes.find((index) => index.name === spec.name)
    const sameKey = this.indexes.find((index) => canonicalKey(index.key) === canonicalKey(spec.key))
    if (sameName && canonicalKey(sameName.key) !== canonicalKey(spec.key)) {
      throw new CommandError(
        'IndexKeySpecsConflict',
        `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${formatKeyValue(spec)}, existing index: ${formatKeyValue(sameName)}`,
      )
    }
    if (sameKey) {
      if (sameKey.name === spec.name && sameOptions(sameKey, spec)) return 'exists'
      throw new CommandError(
        'IndexOptionsConflict',
        `An equivalent index already exists with a different name and options. Requested index: ${formatKeyValue(spec)}, existing index: ${formatKeyValue(sameKey)}`,
      )
    }
    if (spec.unique) {
      const seen = new Set<string>()
      for (const document of this.documents.values()) {
        const entries = indexEntries(spec, document) ?? []
        const clash = entries.find((entry) => seen.has(entry.key))
        if (clash) {
          const error = this.duplicateKeyError(spec, clash.values)
          throw new CommandError('DuplicateKey', `Index build failed: ${error.message}`, error.extra)
        }
        for (const entry of entries) seen.add(entry.key)
      }
    }
    this.indexes.push(spec)
    return 'created'
  }

  dropIndex(name: string): void {
    if (name === ID_INDEX.name) throw new CommandError('InvalidOptions', 'cannot drop _id index')
    const position = this.indexes.findIndex((index) => index.name === name)
    if (position === -1) throw new CommandError('IndexNotFound', `index not found with name [${name}]`)
    this.indexes.splice(position, 1)
  }

  /** Removes documents whose TTL index date is older than now - expireAfterSeconds; returns how many. */
  removeExpired(now: Date): number {
    let removed = 0
    for (const index of this.indexes) {
      if (typeof index.expireAfterSeconds !== 'number') continue
      const fields = Object.keys(index.key)
      if (fields.length !== 1) continue // MongoDB ignores TTL on compound indexes
      const cutoff = now.getTime() - index.expireAfterSeconds * 1000
      for (const [key, document] of this.documents) {
        const value = valueAtPath(document, fields[0]!)
        const dates = (Array.isArray(value) ? value : [value]).filter((item): item is Date => item instanceof Date)
        if (dates.length === 0) continue
        if (Math.min(...dates.map((date) => date.getTime())) <= cutoff) {
          this.documents.delete(key)
          removed += 1
        }
      }
    }
    return removed
  }
}

function sameOptions(left: IndexSpec, right: IndexSpec): boolean {
  const options = (spec: IndexSpec) =>
    canonicalKey({
      unique: spec.unique ?? false,
      sparse: spec.sparse ?? false,
      expireAfterSeconds: spec.expireAfterSeconds ?? null,
      partialFilterExpression: spec.partialFilterExpression ?? null,
    })
  return options(left) === options(right)
}

export interface IndexEntry {
  /** Canonical form of `values`, equal for keys the index considers the same. */
  readonly key: string
  readonly values: readonly unknown[]
}

// Stored documents are immutable, so a document's entries in an index can be computed once.
const entryCache = new WeakMap<Document, WeakMap<IndexSpec, IndexEntry[] | undefined>>()

/**
 * The keys under which an index holds a document: one per array element when an indexed field is an array
 * (a multikey index), undefined when a sparse or partial index skips the document.
 */
export function indexEntries(index: IndexSpec, document: Document): IndexEntry[] | undefined {
  let perIndex = entryCache.get(document)
  if (perIndex === undefined) {
    perIndex = new WeakMap()
    entryCache.set(document, perIndex)
  }
  if (perIndex.has(index)) return perIndex.get(index)
  const entries = computeIndexEntries(index, document)
  perIndex.set(index, entries)
  return entries
}

function computeIndexEntries(index: IndexSpec, document: Document): IndexEntry[] | undefined {
  const values = Object.keys(index.key).map((field) => resolve(document, field))
  if (index.sparse && values.every((value) => value === undefined)) return undefined
  if (index.partialFilterExpression && !new Query(toView(index.partialFilterExpression), {}).test(toView(document))) {
    return undefined
  }
  // An empty array is indexed as itself (so two empty arrays collide), a missing field as null.
  let combinations: unknown[][] = [[]]
  for (const value of values) {
    const choices = Array.isArray(value) && value.length > 0 ? value : [value ?? null]
    combinations = combinations.flatMap((prefix) => choices.map((choice) => [...prefix, choice]))
  }
  const entries = new Map<string, IndexEntry>()
  for (const combination of combinations) {
    const key = canonicalKey(combination)
    if (!entries.has(key)) entries.set(key, { key, values: combination })
  }
  return [...entries.values()]
}

/** Where commands find collections: the live storage, or a transaction's private fork of it. */
export interface CollectionAccess {
  find(database: string, name: string): CollectionState | undefined
  ensure(database: string, name: string): CollectionState
  list(database: string): CollectionState[]
}

export class Storage implements CollectionAccess {
  readonly collections = new Map<string, CollectionState>()

  find(database: string, name: string): CollectionState | undefined {
    return this.collections.get(`${database}.${name}`)
  }

  ensure(database: string, name: string): CollectionState {
    const existing = this.find(database, name)
    if (existing) return existing
    return this.create(database, name, {})
  }

  create(database: string, name: string, options: Document): CollectionState {
    if (this.find(database, name))
      throw new CommandError('NamespaceExists', `Collection ${database}.${name} already exists.`)
    if (name.length === 0 || name.includes('$'))
      throw new CommandError('InvalidNamespace', `Invalid collection name: ${name}`)
    const collection = new CollectionState(database, name, new Map(), [ID_INDEX], undefined, options)
    this.collections.set(collection.namespace, collection)
    return collection
  }

  list(database: string): CollectionState[] {
    return [...this.collections.values()].filter((collection) => collection.database === database)
  }

  drop(database: string, name: string): boolean {
    return this.collections.delete(`${database}.${name}`)
  }

  dropDatabase(database: string): void {
    for (const collection of this.list(database)) this.collections.delete(collection.namespace)
  }

  databases(): string[] {
    return [...new Set([...this.collections.values()].map((collection) => collection.database))]
  }

  removeExpired(now: Date): number {
    let removed = 0
    for (const collection of this.collections.values()) removed += collection.removeExpired(now)
    return removed
  }
}
