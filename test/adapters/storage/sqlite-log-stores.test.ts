import { describe, expect, it } from 'vitest'
import { SqliteAuditLog } from '../../../adapters/storage/sqlite/audit-log.js'
import { SqliteConsentTicketLog } from '../../../adapters/storage/sqlite/consent-ticket-log.js'
import { encodeJson } from '../../../adapters/storage/sqlite/json.js'
import { SqliteRequestLogStore } from '../../../adapters/storage/sqlite/request-log-store.js'
import type { RequestLogEntry } from '../../../core/request-log/request-log-entry.js'
import { auditLogContract } from '../../contracts/audit-log.contract.js'
import { consentTicketLogContract } from '../../contracts/consent-ticket-log.contract.js'
import { requestLogStoreContract } from '../../contracts/request-log-store.contract.js'
import { freshPlatformDatabase } from './sqlite-fixture.js'

auditLogContract('SqliteAuditLog', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { log: new SqliteAuditLog(db), teardown }
})

requestLogStoreContract('SqliteRequestLogStore', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { store: new SqliteRequestLogStore(db), teardown }
})

describe('SqliteRequestLogStore reads a row written with the whole entry in its document, as before', () => {
  it('the same entry as a row written now', async () => {
    const { db, teardown } = freshPlatformDatabase()
    try {
      const store = new SqliteRequestLogStore(db)
      const entry: RequestLogEntry = {
        requestId: 'req_old',
        accountId: 'acct_one',
        livemode: true,
        method: 'POST',
        path: '/v1/users',
        status: 400,
        errorCode: 'parameter_invalid',
        errorParam: 'email',
        errorMessage: 'email is not valid',
        keyId: 'key_one',
        apiVersion: '2026-05-20',
        idempotencyKey: 'idem-1',
        replayed: false,
        durationMs: 1.5,
        occurredAt: new Date('2026-06-01T08:00:00Z'),
      }
      db.prepare(
        `INSERT INTO request_logs (request_id, account_id, livemode, method, path, status, occurred_at, doc)
         VALUES (?, ?, 1, ?, ?, ?, ?, ?)`,
      ).run('req_old', 'acct_one', 'POST', '/v1/users', 400, entry.occurredAt.getTime(), encodeJson(entry))
      await store.appendMany([{ ...entry, requestId: 'req_new' }])
      const { data } = await store.list('acct_one', true, { limit: 10 })
      expect(data).toEqual([{ ...entry, requestId: 'req_new' }, entry])
      expect(await store.retrieve('acct_one', true, 'req_old')).toEqual(entry)
    } finally {
      await teardown()
    }
  })
})

consentTicketLogContract('SqliteConsentTicketLog', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { log: new SqliteConsentTicketLog(db), teardown }
})
