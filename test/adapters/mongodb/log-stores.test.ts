import { describe, expect, it } from 'vitest'
import { MongoAuditLog } from '../../../adapters/storage/mongodb/audit-log.js'
import { MongoConsentTicketLog } from '../../../adapters/storage/mongodb/consent-ticket-log.js'
import { MongoRequestLogStore } from '../../../adapters/storage/mongodb/request-log-store.js'
import { auditLogContract } from '../../contracts/audit-log.contract.js'
import { consentTicketLogContract } from '../../contracts/consent-ticket-log.contract.js'
import { requestLogStoreContract } from '../../contracts/request-log-store.contract.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

auditLogContract('MongoAuditLog', async () => {
  const log = new MongoAuditLog(mongo.freshContext().db)
  await log.ensureIndexes()
  return { log }
})

requestLogStoreContract('MongoRequestLogStore', async () => {
  const store = new MongoRequestLogStore(mongo.freshContext().db)
  await store.ensureIndexes()
  return { store }
})

describe('MongoRequestLogStore storage', () => {
  it('never lets a filter value become a query operator', async () => {
    const store = new MongoRequestLogStore(mongo.freshContext().db)
    await store.appendMany([
      {
        requestId: 'req_1',
        accountId: 'acct_one',
        livemode: true,
        method: 'GET',
        path: '/v1/users',
        status: 200,
        errorCode: null,
        errorParam: null,
        errorMessage: null,
        keyId: null,
        apiVersion: null,
        idempotencyKey: null,
        replayed: false,
        durationMs: 1,
        occurredAt: new Date(),
      },
    ])
    const operator = { $exists: true } as unknown as string
    expect((await store.list(operator, true, { limit: 10 })).data).toEqual([])
    expect((await store.list('acct_one', true, { limit: 10, requestId: operator })).data).toEqual([])
    expect((await store.list('acct_one', true, { limit: 10, pathPrefix: '.*' })).data).toEqual([])
  })
})

consentTicketLogContract('MongoConsentTicketLog', async () => {
  const log = new MongoConsentTicketLog(mongo.freshContext().db)
  await log.ensureIndexes()
  return { log }
})
