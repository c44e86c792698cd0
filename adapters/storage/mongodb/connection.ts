import { type ClientSession, type Db, MongoClient, MongoServerError } from 'mongodb'

/**
 * The databases of one deployment. Sandbox and production data never share a
 * database; what belongs to no surface (accounts, keys, idempotency records,
 * rate limits) lives in the platform database. See docs/operations.md.
 */
export interface MongoDatabases {
  readonly platform: Db
  readonly live: Db
  readonly test: Db
}

export const databaseNames = (base: string) =>
  ({ platform: `${base}_platform`, live: `${base}_live`, test: `${base}_test` }) as const

export const databasesOf = (client: MongoClient, base: string): MongoDatabases => {
  const names = databaseNames(base)
  return { platform: client.db(names.platform), live: client.db(names.live), test: client.db(names.test) }
}

export class MongoDeploymentUnsupported extends Error {}

/**
 * Connects and checks that the deployment can run multi-document transactions
 * (a replica set or a sharded cluster): the outbox is written in the same
 * transaction as the state change, and a standalone server cannot do that.
 */
export const connectMongo = async (uri: string): Promise<MongoClient> => {
  // undefined fields are left out (as the in-memory adapters keep them), never stored as null.
  const client = await MongoClient.connect(uri, { ignoreUndefined: true })
  try {
    const hello = await client.db('admin').command({ hello: 1 })
    const replicaSetMember = typeof hello.setName === 'string' && hello.setName !== ''
    if (!replicaSetMember && hello.msg !== 'isdbgrid') {
      throw new MongoDeploymentUnsupported(
        'MONGODB_URI names a standalone server: the service needs a replica set (a single-member one is enough) or a sharded cluster, for transactions.',
      )
    }
  } catch (error) {
    await client.close()
    throw error
  }
  return client
}

/**
 * Runs `work` in one multi-document transaction (majority write concern,
 * snapshot reads); the driver retries it on transient errors (write conflicts).
 */
export const inTransaction = async <T>(
  client: MongoClient,
  work: (session: ClientSession) => Promise<T>,
): Promise<T> => {
  const session = client.startSession()
  try {
    return await session.withTransaction(() => work(session), {
      readConcern: { level: 'snapshot' },
      writeConcern: { w: 'majority' },
    })
  } finally {
    await session.endSession()
  }
}

/** An E11000 error, optionally on an index covering `field`. */
export const isDuplicateKey = (error: unknown, field?: string): boolean =>
  error instanceof MongoServerError &&
  error.code === 11000 &&
  (field === undefined ||
    (typeof error.keyPattern === 'object' && error.keyPattern !== null && field in error.keyPattern))
