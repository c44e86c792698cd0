import { MemoryAuditLog } from '../../../adapters/storage/memory/audit-log.js'
import { MemoryConsentTicketLog } from '../../../adapters/storage/memory/consent-ticket-log.js'
import { MemoryRequestLogStore } from '../../../adapters/storage/memory/request-log-store.js'
import { auditLogContract } from '../../contracts/audit-log.contract.js'
import { consentTicketLogContract } from '../../contracts/consent-ticket-log.contract.js'
import { requestLogStoreContract } from '../../contracts/request-log-store.contract.js'

auditLogContract('MemoryAuditLog', () => ({ log: new MemoryAuditLog() }))
requestLogStoreContract('MemoryRequestLogStore', () => ({ store: new MemoryRequestLogStore() }))

consentTicketLogContract('MemoryConsentTicketLog', () => ({ log: new MemoryConsentTicketLog() }))
