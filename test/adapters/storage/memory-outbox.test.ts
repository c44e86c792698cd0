import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { outboxContract } from '../../contracts/outbox.contract.js'

outboxContract('MemoryOutbox', () => ({ outbox: new MemoryOutbox() }))
