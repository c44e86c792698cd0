// Collections and indexes: create, drop, dropDatabase, listCollections, createIndexes, listIndexes, dropIndexes.
// DDL always acts on the live storage, also inside a transaction.
import type { Document } from 'bson'
import { canonicalKey } from '../bson-values.js'
import { CommandError } from '../errors.js'
import { project, selectDocuments } from '../query.js'
import { defaultIndexName, ID_INDEX, type IndexSpec } from '../storage.js'
import { type CommandHandler, optionalDocument, optionalNumber, stringArgument } from './context.js'

// Fields of a create command that are envelope (sessions, concerns), not collection options.
const ENVELOPE_FIELDS = new Set([
  'create',
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  'writeConcern',
  'readConcern',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  'maxTimeMS',
  'comment',
])

const create: CommandHandler = ({ body, database, server }) => {
  const name = stringArgument(body, 'create')
  const options = Object.fromEntries(
    Object.entries(body).filter(([field]) => !field.startsWith('$') && !ENVELOPE_FIELDS.has(field)),
  )
  server.storage.create(database, name, options)
  return { ok: 1 }
}

const drop: CommandHandler = ({ body, database, server }) => {
  const name = stringArgument(body, 'drop')
  const collection = server.storage.find(database, name)
  server.storage.drop(database, name)
  return { nIndexesWas: collection?.indexes.length ?? 0, ns: `${database}.${name}`, ok: 1 }
}

const dropDatabase: CommandHandler = ({ database, server }) => {
  server.storage.dropDatabase(database)
  return { dropped: database, ok: 1 }
}

const listCollections: CommandHandler = ({ body, database, access, server }) => {
  const entries = access.list(database).map((collection) => ({
    name: collection.name,
    type: 'collection',
    options: collection.options,
    info: { readOnly: false, uuid: collection.uuid },
    idIndex: ID_INDEX,
  }))
  const selected = selectDocuments(entries, { filter: optionalDocument(body, 'filter') })
  const documents = body.nameOnly === true ? project(selected, { _id: 0, name: 1, type: 1 }) : selected
  const cursorOptions = optionalDocument(body, 'cursor') ?? {}
  return {
    cursor: server.cursors.open(
      `${database}.$cmd.listCollections`,
      documents,
      optionalNumber(cursorOptions, 'batchSize'),
    ),
    ok: 1,
  }
}

const INDEX_OPTIONS = ['unique', 'sparse', 'expireAfterSeconds', 'partialFilterExpression', 'collation', 'hidden']

function indexSpec(requested: Document): IndexSpec {
  const key = requested.key
  if (typeof key !== 'object' || key === null || Object.keys(key).length === 0) {
    throw new CommandError('FailedToParse', 'The index spec must have a non-empty key document')
  }
  const name = typeof requested.name === 'string' ? requested.name : defaultIndexName(key as Document)
  const spec: Record<string, unknown> = { v: 2, key, name }
  for (const option of INDEX_OPTIONS) if (requested[option] !== undefined) spec[option] = requested[option]
  if (spec.unique === false) delete spec.unique
  return spec as IndexSpec
}

const createIndexes: CommandHandler = ({ body, database, server }) => {
  const name = stringArgument(body, 'createIndexes')
  if (!Array.isArray(body.indexes) || body.indexes.length === 0) {
    throw new CommandError('BadValue', 'Must specify at least one index to create')
  }
  const existed = server.storage.find(database, name) !== undefined
  const collection = server.storage.ensure(database, name)
  const numIndexesBefore = collection.indexes.length
  const specs = (body.indexes as Document[]).map(indexSpec)
  const outcomes = specs.map((spec) => collection.createIndex(spec))
  const numIndexesAfter = collection.indexes.length
  return {
    numIndexesBefore,
    numIndexesAfter,
    createdCollectionAutomatically: !existed,
    ...(outcomes.every((outcome) => outcome === 'exists') ? { note: 'all indexes already exist' } : {}),
    ok: 1,
  }
}

const listIndexes: CommandHandler = ({ body, database, server }) => {
  const name = stringArgument(body, 'listIndexes')
  const collection = server.storage.find(database, name)
  if (!collection) throw new CommandError('NamespaceNotFound', `ns does not exist: ${database}.${name}`)
  const cursorOptions = optionalDocument(body, 'cursor') ?? {}
  return {
    cursor: server.cursors.open(
      `${database}.${name}`,
      [...collection.indexes],
      optionalNumber(cursorOptions, 'batchSize'),
    ),
    ok: 1,
  }
}

const dropIndexes: CommandHandler = ({ body, database, server }) => {
  const name = stringArgument(body, 'dropIndexes')
  const collection = server.storage.find(database, name)
  if (!collection) throw new CommandError('NamespaceNotFound', `ns not found ${database}.${name}`)
  const nIndexesWas = collection.indexes.length
  const requested = body.index
  if (requested === '*') {
    for (const index of [...collection.indexes]) if (index.name !== ID_INDEX.name) collection.dropIndex(index.name)
  } else if (typeof requested === 'string') {
    collection.dropIndex(requested)
  } else if (Array.isArray(requested)) {
    for (const indexName of requested) collection.dropIndex(String(indexName))
  } else if (typeof requested === 'object' && requested !== null) {
    const match = collection.indexes.find((index) => canonicalKey(index.key) === canonicalKey(requested))
    if (!match) throw new CommandError('IndexNotFound', `can't find index with key: ${JSON.stringify(requested)}`)
    collection.dropIndex(match.name)
  } else {
    throw new CommandError('TypeMismatch', "BSON field 'dropIndexes.index' is the wrong type")
  }
  return { nIndexesWas, ok: 1 }
}

export const catalogCommands: Record<string, CommandHandler> = {
  create,
  drop,
  dropDatabase,
  listCollections,
  createIndexes,
  listIndexes,
  dropIndexes,
}
