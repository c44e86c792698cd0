import { MongoRateLimiter } from '../../../adapters/rate-limit/mongodb/rate-limiter.js'
import { rateLimiterContract } from '../../contracts/rate-limiter.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()

rateLimiterContract('MongoRateLimiter', async () => {
  const { db, teardown } = mongo.freshDatabase()
  const limiter = new MongoRateLimiter(db)
  await limiter.ensureIndexes()
  return { limiter, teardown }
})
