import { describe, expect, it } from 'vitest'
import { MongoVoiceRepository } from '../../../adapters/storage/mongodb/voice-repository.js'
import { makeSession, voiceRepositoryContract } from '../../contracts/voice-repository.contract.js'
import { MongoOutboxProbe } from '../../support/mongo-outbox-probe.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

voiceRepositoryContract('MongoVoiceRepository', async () => {
  const context = mongo.freshContext()
  const voice = new MongoVoiceRepository(context)
  await voice.ensureIndexes()
  return { voice, outbox: new MongoOutboxProbe(context.db) }
})

describe('MongoVoiceRepository storage', () => {
  it('never lets a value become a query operator', async () => {
    const voice = new MongoVoiceRepository(mongo.freshContext())
    const session = makeSession()
    await voice.insertSession(session)
    const operator = { $exists: true } as unknown as string
    expect(await voice.getSession('acct_a', operator)).toBeNull()
    expect(await voice.getProposal(operator, operator)).toBeNull()
    expect(await voice.listProposals('acct_a', operator)).toEqual([])
    expect(await voice.removeByUser('acct_a', operator)).toBe(0)
    expect(await voice.getSession('acct_a', session.id)).toEqual(session)
  })
})
