import { MongoInvitationRepository } from '../../../adapters/storage/mongodb/invitation-repository.js'
import { invitationRepositoryContract } from '../../contracts/invitation-repository.contract.js'
import { MongoOutboxProbe } from '../../support/mongo-outbox-probe.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

invitationRepositoryContract('MongoInvitationRepository', async () => {
  const context = mongo.freshContext()
  const invitations = new MongoInvitationRepository(context)
  await invitations.ensureIndexes()
  return { invitations, outbox: new MongoOutboxProbe(context.db) }
})
