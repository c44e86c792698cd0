// Reads and writes: insert, find/getMore/killCursors, update, delete, findAndModify, aggregate, count, distinct.
import { type Document, ObjectId } from 'bson'
import { resolve } from 'mingo/util'
import { canonicalKey } from '../bson-values.js'
import { asCommandError, CommandError } from '../errors.js'
import { compileFilter, project, runPipeline, selectDocuments } from '../query.js'
import { documentKey } from '../storage.js'
import { applyUpdate, buildUpsertDocument, isOperatorUpdate, type UpdateSpec } from '../update.js'
import { type CommandHandler, optionalDocument, optionalNumber, stringArgument, toLong } from './context.js'

function writeReply(fields: Document, writeErrors: Document[]): Document {
  return { ...fields, ...(writeErrors.length > 0 ? { writeErrors } : {}), ok: 1 }
}

function statements(body: Document, field: string): Document[] {
  const value = body[field]
  if (!Array.isArray(value))
    throw new CommandError('FailedToParse', `BSON field '${field}' is missing but a required field`)
  return value as Document[]
}

const insert: CommandHandler = ({ body, database, access }) => {
  const name = stringArgument(body, 'insert')
  const ordered = body.ordered !== false
  const writeErrors: Document[] = []
  let n = 0
  const collection = access.ensure(database, name)
  for (const [index, document] of statements(body, 'documents').entries()) {
    try {
      // The server stores _id as the first field, whatever order the client sent.
      const { _id, ...fields } = document
      collection.insert({ _id: _id === undefined ? new ObjectId() : _id, ...fields })
      n += 1
    } catch (error) {
      writeErrors.push(asCommandError(error).toWriteError(index))
      if (ordered) break
    }
  }
  return writeReply({ n }, writeErrors)
}

const find: CommandHandler = ({ body, database, access, server }) => {
  const name = stringArgument(body, 'find')
  const collection = access.find(database, name)
  const limit = optionalNumber(body, 'limit')
  const selected = collection
    ? selectDocuments(collection.all(), {
        filter: optionalDocument(body, 'filter'),
        sort: optionalDocument(body, 'sort'),
        skip: optionalNumber(body, 'skip'),
        limit,
      })
    : []
  const documents = project(selected, optionalDocument(body, 'projection'))
  const namespace = `${database}.${name}`
  if (body.singleBatch === true || (limit !== undefined && limit < 0)) {
    return { cursor: server.cursors.open(namespace, documents, documents.length), ok: 1 }
  }
  return { cursor: server.cursors.open(namespace, documents, optionalNumber(body, 'batchSize')), ok: 1 }
}

const getMore: CommandHandler = ({ body, database, server }) => {
  const namespace = `${database}.${stringArgument(body, 'collection')}`
  return { cursor: server.cursors.getMore(toLong(body.getMore), namespace, optionalNumber(body, 'batchSize')), ok: 1 }
}

const killCursors: CommandHandler = ({ body, server }) => {
  const ids = Array.isArray(body.cursors) ? body.cursors.map(toLong) : []
  const { killed, notFound } = server.cursors.kill(ids)
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 }
}

const update: CommandHandler = ({ body, database, access }) => {
  const name = stringArgument(body, 'update')
  const ordered = body.ordered !== false
  const writeErrors: Document[] = []
  const upserted: Document[] = []
  let n = 0
  let nModified = 0
  for (const [index, statement] of statements(body, 'updates').entries()) {
    try {
      const filter = (statement.q ?? {}) as Document
      const spec = statement.u as UpdateSpec
      if (spec === undefined || spec === null) throw new CommandError('FailedToParse', "BSON field 'u' is missing")
      const arrayFilters = statement.arrayFilters as Document[] | undefined
      if (statement.multi === true && !Array.isArray(spec) && !isOperatorUpdate(spec)) {
        throw new CommandError('InvalidOptions', 'multi update is not supported for replacement-style update')
      }
      const collection = access.find(database, name)
      let matched = collection ? selectDocuments(collection.all(), { filter }) : []
      if (statement.multi !== true) matched = matched.slice(0, 1)
      if (matched.length === 0 && statement.upsert === true) {
        const document = buildUpsertDocument(filter, spec, arrayFilters)
        access.ensure(database, name).insert(document)
        n += 1
        upserted.push({ index, _id: document._id })
        continue
      }
      for (const document of matched) {
        const outcome = applyUpdate(document, spec, { arrayFilters, filter })
        n += 1
        if (outcome.modified) {
          collection!.replace(documentKey(document), outcome.document)
          nModified += 1
        }
      }
    } catch (error) {
      writeErrors.push(asCommandError(error).toWriteError(index))
      if (ordered) break
    }
  }
  return writeReply({ n, nModified, ...(upserted.length > 0 ? { upserted } : {}) }, writeErrors)
}

const remove: CommandHandler = ({ body, database, access }) => {
  const name = stringArgument(body, 'delete')
  const ordered = body.ordered !== false
  const writeErrors: Document[] = []
  let n = 0
  for (const [index, statement] of statements(body, 'deletes').entries()) {
    try {
      const collection = access.find(database, name)
      if (!collection) continue
      const limit = optionalNumber(statement, 'limit') ?? 0
      if (limit !== 0 && limit !== 1)
        throw new CommandError('FailedToParse', 'The limit field in delete objects must be 0 or 1')
      const matched = selectDocuments(collection.all(), { filter: (statement.q ?? {}) as Document, limit })
      for (const document of matched) if (collection.remove(documentKey(document))) n += 1
    } catch (error) {
      writeErrors.push(asCommandError(error).toWriteError(index))
      if (ordered) break
    }
  }
  return writeReply({ n }, writeErrors)
}

const findAndModify: CommandHandler = ({ body, database, access }) => {
  const name = stringArgument(body, 'findAndModify')
  const filter = optionalDocument(body, 'query') ?? {}
  const fields = optionalDocument(body, 'fields')
  const spec = body.update as UpdateSpec | undefined
  const arrayFilters = body.arrayFilters as Document[] | undefined
  const returnNew = body.new === true
  if (body.remove === true && spec !== undefined) {
    throw new CommandError('FailedToParse', 'Cannot specify both an update and remove=true')
  }
  if (body.remove !== true && spec === undefined) {
    throw new CommandError('FailedToParse', 'Either an update or remove=true must be specified')
  }
  if (body.remove === true && (body.upsert === true || returnNew)) {
    throw new CommandError('FailedToParse', 'Cannot specify both upsert=true and remove=true')
  }
  const collection = access.find(database, name)
  const [target] = collection
    ? selectDocuments(collection.all(), { filter, sort: optionalDocument(body, 'sort'), limit: 1 })
    : []
  const shape = (document: Document | undefined) => (document === undefined ? null : project([document], fields)[0])

  if (body.remove === true) {
    if (target !== undefined) collection!.remove(documentKey(target))
    return { lastErrorObject: { n: target === undefined ? 0 : 1 }, value: shape(target), ok: 1 }
  }
  if (target !== undefined) {
    const outcome = applyUpdate(target, spec!, { arrayFilters, filter })
    if (outcome.modified) collection!.replace(documentKey(target), outcome.document)
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: shape(returnNew ? outcome.document : target),
      ok: 1,
    }
  }
  if (body.upsert === true) {
    const document = buildUpsertDocument(filter, spec!, arrayFilters)
    access.ensure(database, name).insert(document)
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: document._id },
      value: returnNew ? shape(document) : null,
      ok: 1,
    }
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 }
}

const aggregate: CommandHandler = ({ body, database, access, server }) => {
  const target = body.aggregate
  if (typeof target !== 'string') {
    throw new CommandError('InvalidNamespace', 'the MongoDB test peer only supports collection aggregations')
  }
  if (!Array.isArray(body.pipeline))
    throw new CommandError('TypeMismatch', "'pipeline' option must be specified as an array")
  const collection = access.find(database, target)
  const results = runPipeline(
    collection?.all() ?? [],
    body.pipeline as Document[],
    (other) => access.find(database, other)?.all() ?? [],
  )
  const cursorOptions = optionalDocument(body, 'cursor') ?? {}
  return {
    cursor: server.cursors.open(`${database}.${target}`, results, optionalNumber(cursorOptions, 'batchSize')),
    ok: 1,
  }
}

const count: CommandHandler = ({ body, database, access }) => {
  const collection = access.find(database, stringArgument(body, 'count'))
  if (!collection) return { n: 0, ok: 1 }
  const query = optionalDocument(body, 'query')
  if (query === undefined || Object.keys(query).length === 0) {
    const skip = optionalNumber(body, 'skip') ?? 0
    const limit = optionalNumber(body, 'limit') ?? 0
    const total = Math.max(collection.documents.size - skip, 0)
    return { n: limit === 0 ? total : Math.min(total, Math.abs(limit)), ok: 1 }
  }
  const selected = selectDocuments(collection.all(), {
    filter: query,
    skip: optionalNumber(body, 'skip'),
    limit: optionalNumber(body, 'limit'),
  })
  return { n: selected.length, ok: 1 }
}

const distinct: CommandHandler = ({ body, database, access }) => {
  const collection = access.find(database, stringArgument(body, 'distinct'))
  const key = body.key
  if (typeof key !== 'string') throw new CommandError('TypeMismatch', "BSON field 'distinct.key' is the wrong type")
  const matches = compileFilter(optionalDocument(body, 'query'))
  const seen = new Map<string, unknown>()
  for (const document of collection?.all() ?? []) {
    if (!matches(document)) continue
    const value = resolve(document, key)
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue
      const itemKey = canonicalKey(item)
      if (!seen.has(itemKey)) seen.set(itemKey, item)
    }
  }
  return { values: [...seen.values()], ok: 1 }
}

export const crudCommands: Record<string, CommandHandler> = {
  insert,
  find,
  getMore,
  killCursors,
  update,
  delete: remove,
  findAndModify,
  findandmodify: findAndModify,
  aggregate,
  count,
  distinct,
}
