import { MemoryInvitationRepository } from '../../../adapters/storage/memory/invitation-repository.js'
import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { invitationRepositoryContract } from '../../contracts/invitation-repository.contract.js'

invitationRepositoryContract('MemoryInvitationRepository', () => {
  const outbox = new MemoryOutbox()
  return { invitations: new MemoryInvitationRepository(outbox), outbox }
})
