// What every command handler gets: the request, where to read and write (live storage or the session's
// transaction), and the server-wide state.
import { type Document, Long } from 'bson'
import type { CursorRegistry } from '../cursors.js'
import { CommandError } from '../errors.js'
import type { CollectionAccess, Storage } from '../storage.js'
import type { SessionRegistry, Transaction } from '../transactions.js'

export interface ServerState {
  readonly storage: Storage
  readonly cursors: CursorRegistry
  readonly sessions: SessionRegistry
  readonly replicaSetName: string
  /** host:port as the peer advertises itself in hello (hosts, primary, me). */
  address(): string
  now(): Date
  /** Removes expired TTL documents; returns how many. */
  sweepExpired(now?: Date): number
}

export interface CommandContext {
  readonly server: ServerState
  readonly database: string
  readonly body: Document
  readonly connectionId: number
  /** Collections as this command sees them: the transaction's forks inside a transaction, else the live ones. */
  readonly access: CollectionAccess
  readonly transaction: Transaction | undefined
  readonly sessionKey: string | undefined
}

export type CommandHandler = (context: CommandContext) => Document

export function commandName(body: Document): string {
  const name = Object.keys(body)[0]
  if (name === undefined) throw new CommandError('FailedToParse', 'empty command document')
  return name
}

export function stringArgument(body: Document, field: string): string {
  const value = body[field]
  if (typeof value !== 'string' || value.length === 0) {
    throw new CommandError('InvalidNamespace', `collection name has invalid type ${typeof value}`)
  }
  return value
}

export function optionalNumber(body: Document, field: string): number | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number') return value
  if (value instanceof Long) return value.toNumber()
  throw new CommandError('TypeMismatch', `Field '${field}' should be a number`)
}

export function optionalDocument(body: Document, field: string): Document | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new CommandError('TypeMismatch', `Field '${field}' should be an object`)
  }
  return value as Document
}

export function toLong(value: unknown): Long {
  if (value instanceof Long) return value
  if (typeof value === 'number') return Long.fromNumber(value)
  if (typeof value === 'bigint') return Long.fromBigInt(value)
  throw new CommandError('TypeMismatch', 'expected a 64-bit integer')
}
