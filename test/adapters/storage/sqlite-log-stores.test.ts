import { SqliteAuditLog } from '../../../adapters/storage/sqlite/audit-log.js'
import { SqliteConsentTicketLog } from '../../../adapters/storage/sqlite/consent-ticket-log.js'
import { SqliteRequestLogStore } from '../../../adapters/storage/sqlite/request-log-store.js'
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

consentTicketLogContract('SqliteConsentTicketLog', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { log: new SqliteConsentTicketLog(db), teardown }
})
