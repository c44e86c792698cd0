import { MongoIdempotencyStore } from '../../../adapters/storage/mongodb/idempotency-store.js'
import { idempotencyStoreContract } from '../../contracts/idempotency-store.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()

idempotencyStoreContract('MongoIdempotencyStore', async () => {
  const { db, teardown } = mongo.freshDatabase()
  const store = new MongoIdempotencyStore(db)
  await store.ensureIndexes()
  return { store, teardown }
})
