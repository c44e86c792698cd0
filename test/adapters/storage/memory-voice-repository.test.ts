import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryVoiceRepository } from '../../../adapters/storage/memory/voice-repository.js'
import { voiceRepositoryContract } from '../../contracts/voice-repository.contract.js'

voiceRepositoryContract('MemoryVoiceRepository', () => {
  const outbox = new MemoryOutbox()
  return { voice: new MemoryVoiceRepository(outbox), outbox }
})
