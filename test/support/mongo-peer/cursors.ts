// Open cursors: the rest of a result set, served batch by batch to getMore. Results are materialised when
// the cursor opens (a snapshot), unlike a real server which reads lazily.
import { type Document, Long } from 'bson'
import { CommandError } from './errors.js'

const DEFAULT_FIRST_BATCH = 101

interface OpenCursor {
  readonly namespace: string
  readonly remaining: Document[]
}

export class CursorRegistry {
  readonly #cursors = new Map<string, OpenCursor>()
  #nextId = 1n

  /** The `cursor` reply field for a command's result, keeping what does not fit in the first batch. */
  open(namespace: string, documents: Document[], batchSize: number | undefined): Document {
    const size = batchSize === undefined ? DEFAULT_FIRST_BATCH : batchSize
    const firstBatch = size === 0 && batchSize !== undefined ? [] : documents.slice(0, size)
    const remaining = documents.slice(firstBatch.length)
    let id = Long.ZERO
    if (remaining.length > 0) {
      id = Long.fromBigInt(this.#nextId++)
      this.#cursors.set(id.toString(), { namespace, remaining })
    }
    return { firstBatch, id, ns: namespace }
  }

  getMore(id: Long, namespace: string, batchSize: number | undefined): Document {
    const cursor = this.#cursors.get(id.toString())
    if (cursor === undefined) throw new CommandError('CursorNotFound', `cursor id ${id.toString()} not found`)
    if (cursor.namespace !== namespace) {
      throw new CommandError(
        'BadValue',
        `Requested getMore on namespace '${namespace}', but cursor belongs to '${cursor.namespace}'`,
      )
    }
    const nextBatch = cursor.remaining.splice(0, batchSize && batchSize > 0 ? batchSize : cursor.remaining.length)
    const exhausted = cursor.remaining.length === 0
    if (exhausted) this.#cursors.delete(id.toString())
    return { nextBatch, id: exhausted ? Long.ZERO : id, ns: namespace }
  }

  kill(ids: Long[]): { killed: Long[]; notFound: Long[] } {
    const killed: Long[] = []
    const notFound: Long[] = []
    for (const id of ids) (this.#cursors.delete(id.toString()) ? killed : notFound).push(id)
    return { killed, notFound }
  }

  get openCount(): number {
    return this.#cursors.size
  }
}
