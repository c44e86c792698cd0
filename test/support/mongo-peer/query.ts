// Query, sort, projection and aggregation, delegated to mingo and run on the numeric views of documents
// (see bson-values.ts) so that Long and Decimal128 values compare as numbers.
import type { Document } from 'bson'
import { Aggregator, Query } from 'mingo'
import { fromView, toView } from './bson-values.js'
import { asCommandError, CommandError } from './errors.js'

export interface FindSpec {
  readonly filter?: Document
  readonly sort?: Document
  readonly skip?: number
  readonly limit?: number
  readonly projection?: Document
}

export function compileFilter(filter: Document | undefined): (document: Document) => boolean {
  try {
    const query = new Query(toView(filter ?? {}), {})
    return (document) => query.test(toView(document))
  } catch (error) {
    throw asCommandError(error)
  }
}

/**
 * A cheap necessary condition of `filter`, checked before mingo (which is far slower) so that a scan of a large
 * collection for `{ accountId: 'acct_1', externalId: 'x' }` stays fast. Only top-level fields compared to a string
 * or a boolean are used: such a field matches exactly when it holds that value, or an array (whose elements mingo
 * then checks). Anything else in the filter is left to mingo alone.
 */
function equalityPrefilter(filter: Document | undefined): ((document: Document) => boolean) | undefined {
  const equalities = Object.entries(filter ?? {}).filter(
    (entry): entry is [string, string | boolean] =>
      !entry[0].startsWith('$') &&
      !entry[0].includes('.') &&
      (typeof entry[1] === 'string' || typeof entry[1] === 'boolean'),
  )
  if (equalities.length === 0) return undefined
  return (document) =>
    equalities.every(([field, expected]) => {
      const actual = document[field]
      return actual === expected || Array.isArray(actual)
    })
}

/** Matching documents, sorted, skipped and limited; the stored objects themselves (not projected). */
export function selectDocuments(documents: readonly Document[], spec: FindSpec): Document[] {
  try {
    const originals = new Map<Document, Document>()
    const views: Document[] = []
    const matches = compileFilter(spec.filter)
    const mayMatch = equalityPrefilter(spec.filter)
    for (const document of documents) {
      if (mayMatch !== undefined && !mayMatch(document)) continue
      if (!matches(document)) continue
      const view = toView(document)
      originals.set(view, document)
      views.push(view)
    }
    const hasSort = spec.sort !== undefined && Object.keys(spec.sort).length > 0
    const sorted = hasSort ? (new Aggregator([{ $sort: spec.sort }], {}).run(views) as Document[]) : views
    const skip = spec.skip ?? 0
    const limit = spec.limit !== undefined && spec.limit !== 0 ? Math.abs(spec.limit) : undefined
    const window = sorted.slice(skip, limit === undefined ? undefined : skip + limit)
    return window.map((view) => {
      const original = originals.get(view)
      if (original === undefined) throw new CommandError('BadValue', 'sort produced a document it was not given')
      return original
    })
  } catch (error) {
    throw asCommandError(error)
  }
}

export function project(documents: readonly Document[], projection: Document | undefined): Document[] {
  if (projection === undefined || Object.keys(projection).length === 0) return [...documents]
  try {
    return new Query({}, {}).find<Document>(documents as Document[], projection).all()
  } catch (error) {
    throw asCommandError(error)
  }
}

const UNSUPPORTED_STAGES = [
  '$out',
  '$merge',
  '$changeStream',
  '$collStats',
  '$indexStats',
  '$currentOp',
  '$listSessions',
]

export function runPipeline(
  documents: readonly Document[],
  pipeline: readonly Document[],
  resolveCollection: (name: string) => Document[],
): Document[] {
  for (const stage of pipeline) {
    const name = Object.keys(stage)[0]
    if (name !== undefined && UNSUPPORTED_STAGES.includes(name)) {
      throw new CommandError('BadValue', `the MongoDB test peer does not support the ${name} aggregation stage`)
    }
  }
  try {
    const aggregator = new Aggregator(toView(pipeline as Document[]), {
      collectionResolver: (name: string) => resolveCollection(name).map((document) => toView(document)),
    })
    return (aggregator.run(documents.map((document) => toView(document))) as Document[]).map(
      (result) => fromView(result) as Document,
    )
  } catch (error) {
    throw asCommandError(error)
  }
}
