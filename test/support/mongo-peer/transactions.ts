// Multi-document transactions. A transaction works on a copy-on-write fork of each collection it touches
// (reads see the fork, so it reads its own writes and nothing committed after it first touched a collection).
// Commit checks that no document it changed was changed outside since (else WriteConflict, labelled
// TransientTransactionError so the driver's withTransaction retries), re-checks unique indexes, then
// applies the changes to the live collections in one synchronous step. Abort drops the forks.
import type { Document } from 'bson'
import { CommandError } from './errors.js'
import { type CollectionAccess, CollectionState, documentKey, type Storage } from './storage.js'

interface Fork {
  readonly collection: CollectionState
  /** The live documents as they were when the transaction first touched the collection. */
  readonly base: Map<string, Document>
}

export class Transaction implements CollectionAccess {
  readonly #forks = new Map<string, Fork>()
  state: 'in_progress' | 'committed' | 'aborted' = 'in_progress'

  constructor(
    readonly txnNumber: bigint,
    readonly storage: Storage,
  ) {}

  find(database: string, name: string): CollectionState | undefined {
    const namespace = `${database}.${name}`
    const fork = this.#forks.get(namespace)
    if (fork) return fork.collection
    const live = this.storage.find(database, name)
    return live ? this.#fork(namespace, live) : undefined
  }

  ensure(database: string, name: string): CollectionState {
    const existing = this.find(database, name)
    if (existing) return existing
    const namespace = `${database}.${name}`
    const created = new CollectionState(database, name)
    this.#forks.set(namespace, { collection: created, base: new Map() })
    return created
  }

  list(database: string): CollectionState[] {
    return this.storage.list(database).map((live) => this.find(live.database, live.name)!)
  }

  #fork(namespace: string, live: CollectionState): CollectionState {
    const base = new Map(live.documents)
    // Indexes are shared with the live collection: index DDL is not transactional here.
    const collection = new CollectionState(
      live.database,
      live.name,
      new Map(base),
      live.indexes,
      live.uuid,
      live.options,
    )
    this.#forks.set(namespace, { collection, base })
    return collection
  }

  commit(): void {
    const plans: Array<{ live: CollectionState; next: Map<string, Document>; written: Document[] }> = []
    for (const { collection, base } of this.#forks.values()) {
      const live = this.storage.find(collection.database, collection.name)
      const liveDocuments = live?.documents ?? new Map<string, Document>()
      const changed = [...new Set([...base.keys(), ...collection.documents.keys()])].filter(
        (key) => base.get(key) !== collection.documents.get(key),
      )
      if (changed.length === 0) continue
      for (const key of changed) {
        if (liveDocuments.get(key) !== base.get(key)) {
          throw new CommandError(
            'WriteConflict',
            'WriteConflict error: this operation conflicted with another operation. Please retry your operation or multi-document transaction.',
            {},
            ['TransientTransactionError'],
          )
        }
      }
      const target = live ?? this.storage.ensure(collection.database, collection.name)
      const next = new Map(liveDocuments)
      const written: Document[] = []
      for (const key of changed) {
        const document = collection.documents.get(key)
        if (document === undefined) next.delete(key)
        else {
          next.set(key, document)
          written.push(document)
        }
      }
      plans.push({ live: target, next, written })
    }
    for (const { live, next, written } of plans) {
      for (const document of written) live.assertUnique(next, document, documentKey(document))
    }
    for (const { live, next } of plans) live.documents = next
    this.state = 'committed'
  }

  abort(): void {
    this.#forks.clear()
    this.state = 'aborted'
  }
}

/** Server sessions by lsid, each with its current transaction if any. */
export class SessionRegistry {
  readonly #transactions = new Map<string, Transaction>()

  constructor(readonly storage: Storage) {}

  current(sessionKey: string): Transaction | undefined {
    return this.#transactions.get(sessionKey)
  }

  begin(sessionKey: string, txnNumber: bigint): Transaction {
    const previous = this.#transactions.get(sessionKey)
    if (previous?.state === 'in_progress') previous.abort()
    const transaction = new Transaction(txnNumber, this.storage)
    this.#transactions.set(sessionKey, transaction)
    return transaction
  }

  end(sessionKey: string): void {
    this.#transactions.get(sessionKey)?.abort()
    this.#transactions.delete(sessionKey)
  }
}
