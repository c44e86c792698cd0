// Handshake and server-level commands: hello/isMaster, ping, buildInfo, getParameter, getLog, listDatabases,
// endSessions, and the transaction verbs commitTransaction/abortTransaction.
import { type Document, ObjectId } from 'bson'
import { CommandError } from '../errors.js'
import type { CommandHandler } from './context.js'

export const SERVER_VERSION = '7.0.0'
// MongoDB 7.0 speaks wire version 21; driver 7 accepts 9 (4.4) to 29.
export const MAX_WIRE_VERSION = 21
const ELECTION_ID = new ObjectId('7fffffff0000000000000001')

const hello: CommandHandler = ({ body, server, connectionId }) => {
  const address = server.address()
  const legacy = body.isMaster !== undefined || body.ismaster !== undefined
  return {
    ...(body.helloOk === true ? { helloOk: true } : {}),
    ...(legacy ? { ismaster: true } : { isWritablePrimary: true }),
    secondary: false,
    setName: server.replicaSetName,
    setVersion: 1,
    electionId: ELECTION_ID,
    hosts: [address],
    primary: address,
    me: address,
    // No topologyVersion: the driver then polls with hello instead of streaming (exhaust) monitoring.
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: server.now(),
    logicalSessionTimeoutMinutes: 30,
    connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  }
}

const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'mongo-peer',
  versionArray: SERVER_VERSION.split('.').map(Number).concat(0),
  bits: 64,
  debug: false,
  maxBsonObjectSize: 16 * 1024 * 1024,
  storageEngines: ['mongo-peer'],
  ok: 1,
})

const getParameter: CommandHandler = ({ body }) => {
  const reply: Document = { ok: 1 }
  if (body.featureCompatibilityVersion !== undefined || body.getParameter === '*') {
    reply.featureCompatibilityVersion = { version: SERVER_VERSION.split('.').slice(0, 2).join('.') }
  }
  return reply
}

const getLog: CommandHandler = ({ body }) =>
  body.getLog === '*' ? { names: ['global', 'startupWarnings'], ok: 1 } : { totalLinesWritten: 0, log: [], ok: 1 }

const listDatabases: CommandHandler = ({ body, server }) => {
  const databases = server.storage
    .databases()
    .map((name) => (body.nameOnly === true ? { name } : { name, sizeOnDisk: 0, empty: false }))
  return { databases, totalSize: 0, ok: 1 }
}

const commitTransaction: CommandHandler = ({ transaction }) => {
  if (!transaction)
    throw new CommandError(
      'NoSuchTransaction',
      'Given transaction number does not match any in-progress transactions.',
      {},
      ['TransientTransactionError'],
    )
  if (transaction.state === 'in_progress') {
    try {
      transaction.commit()
    } catch (error) {
      transaction.abort()
      throw error
    }
  }
  return { ok: 1 }
}

const abortTransaction: CommandHandler = ({ transaction }) => {
  if (!transaction || transaction.state === 'aborted') {
    throw new CommandError(
      'NoSuchTransaction',
      'Given transaction number does not match any in-progress transactions.',
      {},
      ['TransientTransactionError'],
    )
  }
  if (transaction.state === 'committed') {
    throw new CommandError('TransactionCommitted', 'Transaction has been committed and cannot be aborted')
  }
  transaction.abort()
  return { ok: 1 }
}

const endSessions: CommandHandler = ({ body, server }) => {
  for (const lsid of Array.isArray(body.endSessions) ? body.endSessions : []) {
    const key = sessionKeyOf(lsid)
    if (key !== undefined) server.sessions.end(key)
  }
  return { ok: 1 }
}

/** A session id ({ id: UUID }) as a map key. */
export function sessionKeyOf(lsid: unknown): string | undefined {
  if (typeof lsid !== 'object' || lsid === null) return undefined
  const id = (lsid as Document).id as { toString(encoding?: string): string } | undefined
  return id === undefined ? undefined : id.toString('hex')
}

export const adminCommands: Record<string, CommandHandler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping: () => ({ ok: 1 }),
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  getLog,
  listDatabases,
  commitTransaction,
  abortTransaction,
  endSessions,
  killAllSessions: () => ({ ok: 1 }),
  hostInfo: () => ({ system: { hostname: 'mongo-peer' }, ok: 1 }),
  serverStatus: ({ server }) => ({ host: server.address(), version: SERVER_VERSION, process: 'mongod', ok: 1 }),
  whatsmyuri: () => ({ you: 'unknown', ok: 1 }),
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
}
