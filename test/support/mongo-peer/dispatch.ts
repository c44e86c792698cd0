// Routes a decoded command to its handler, inside the session's transaction when the command carries
// autocommit:false, and turns thrown errors into { ok: 0, errmsg, code, codeName } replies.
import type { Document } from 'bson'
import { adminCommands, sessionKeyOf } from './commands/admin.js'
import { catalogCommands } from './commands/catalog.js'
import { type CommandHandler, commandName, type ServerState } from './commands/context.js'
import { crudCommands } from './commands/crud.js'
import { asCommandError, CommandError } from './errors.js'
import type { Transaction } from './transactions.js'

const handlers: Record<string, CommandHandler> = { ...adminCommands, ...catalogCommands, ...crudCommands }

const NOT_IN_TRANSACTION = new Set(['drop', 'dropDatabase', 'dropIndexes', 'listDatabases'])
const TRANSACTION_VERBS = new Set(['commitTransaction', 'abortTransaction'])

export function dispatch(server: ServerState, database: string, body: Document, connectionId: number): Document {
  let transaction: Transaction | undefined
  try {
    const name = commandName(body)
    const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined
    if (handler === undefined) {
      throw new CommandError('CommandNotFound', `no such command: '${name}'`)
    }
    const sessionKey = sessionKeyOf(body.lsid)
    transaction = body.autocommit === false ? transactionFor(server, sessionKey, body, name) : undefined
    if (transaction && NOT_IN_TRANSACTION.has(name)) {
      throw new CommandError(
        'OperationNotSupportedInTransaction',
        `Cannot run '${name}' in a multi-document transaction.`,
      )
    }
    const reply = handler({
      server,
      database,
      body,
      connectionId,
      access: transaction && !TRANSACTION_VERBS.has(name) ? transaction : server.storage,
      transaction,
      sessionKey,
    })
    // A write error inside a transaction aborts it, as on a real server.
    if (transaction && Array.isArray(reply.writeErrors) && reply.writeErrors.length > 0) transaction.abort()
    return reply
  } catch (error) {
    const commandError = asCommandError(error)
    if (transaction?.state === 'in_progress' && !TRANSACTION_VERBS.has(Object.keys(body)[0] ?? '')) transaction.abort()
    if (!(error instanceof CommandError) && !(error instanceof Error && error.constructor.name === 'MingoError')) {
      // A bug in the peer, not a user error: keep the stack for whoever reads the test output.
      console.error('mongo-peer: unexpected error', error)
    }
    return commandError.toReply()
  }
}

function transactionFor(
  server: ServerState,
  sessionKey: string | undefined,
  body: Document,
  name: string,
): Transaction {
  if (sessionKey === undefined) throw new CommandError('InvalidOptions', 'Transactions require a session (lsid)')
  const txnNumber = BigInt(String(body.txnNumber ?? 0))
  if (body.startTransaction === true) return server.sessions.begin(sessionKey, txnNumber)
  const current = server.sessions.current(sessionKey)
  if (current === undefined || current.txnNumber !== txnNumber) {
    throw new CommandError(
      'NoSuchTransaction',
      `Given transaction number ${txnNumber} does not match any in-progress transactions.`,
      {},
      ['TransientTransactionError'],
    )
  }
  if (current.state === 'aborted' && !TRANSACTION_VERBS.has(name)) {
    throw new CommandError('NoSuchTransaction', `Transaction ${txnNumber} has been aborted.`, {}, [
      'TransientTransactionError',
    ])
  }
  if (current.state === 'committed' && !TRANSACTION_VERBS.has(name)) {
    throw new CommandError('TransactionCommitted', `Transaction ${txnNumber} has been committed.`)
  }
  return current
}
