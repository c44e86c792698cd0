import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { loadConfig } from '../hosts/config.js'
import { startService } from '../hosts/server.js'

/**
 * The server side of the HTTP scenario, run in its own process so that it has a
 * core of its own and does not share an event loop with the load generator.
 * `service`: the real service as `npm start` runs it (embedded storage, accounts
 * and keys in a data directory, background worker on), with bootstrap keys and
 * the per-key rate limits raised so that one key can carry the whole load.
 * `service MONGODB_URI MONGODB_DB`: the same on MongoDB storage (accounts, keys,
 * rate limits, idempotency records, users and events in those databases).
 * `bare`: a Fastify hello-world, the ceiling the service is compared with.
 * Tells the parent its URL over IPC, its CPU time on `cpu`, and stops on `stop`
 * or disconnect.
 */
export const BENCH_TEST_KEY = 'sk_test_f61e68691bdd0f5ebd3252de0396569dBENCH'
export const BENCH_LIVE_KEY = 'sk_live_f61e68691bdd0f5ebd3252de0396569dBENCH'

export type TargetKind = 'service' | 'bare'

export interface TargetReady {
  readonly url: string
}

/** The answer to `cpu`: the process's CPU time so far (user + system), in microseconds. */
export interface TargetCpu {
  readonly cpuMicros: number
}

/** MongoDB storage for the service target: a connection string and a database prefix (`MONGODB_DB`). */
export interface TargetMongo {
  readonly uri: string
  readonly database: string
}

const startTarget = async (
  kind: TargetKind,
  mongo: TargetMongo | undefined,
): Promise<{ url: string; stop: () => Promise<void> }> => {
  if (kind === 'bare') {
    const app = Fastify({ logger: false })
    app.get('/', async () => ({ hello: 'world' }))
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    return { url, stop: () => app.close() }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'departure-bench-'))
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // The whole load comes from one address: `--connections` up to the cap, not the per-address share of it.
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '1000',
    // The embedded default is SQLite; `STORAGE=memory npm run bench -- http` measures the in-memory family.
    ...(process.env.STORAGE === 'memory' ? { STORAGE: 'memory' } : {}),
    ...(mongo === undefined
      ? {}
      : {
          MONGODB_URI: mongo.uri,
          MONGODB_DB: mongo.database,
          // Fixed for the bench's throw-away databases; a deployment keeps its own in a secret store.
          CONNECTION_TOKEN_KEY: '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0',
        }),
    SERVICE_BOOTSTRAP_KEYS: `${BENCH_TEST_KEY},${BENCH_LIVE_KEY}`,
    // One key carries the whole load: far above what the bench can send in a window, and above its connection count.
    RATE_LIMIT_REQUESTS: '1000000000',
    RATE_LIMIT_CONCURRENCY: '10000',
  })
  const service = await startService(config)
  return {
    url: service.liveUrl,
    stop: async () => {
      await service.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kind = process.argv[2] as TargetKind
  if (kind !== 'service' && kind !== 'bare')
    throw new Error(`usage: http-target service [MONGODB_URI MONGODB_DB]|bare (got ${String(kind)})`)
  const [uri, database] = process.argv.slice(3)
  const target = await startTarget(kind, uri === undefined || database === undefined ? undefined : { uri, database })
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await target.stop()
    // --cpu-prof writes its profile on this exit too.
    process.exit(0)
  }
  process.on('message', (message) => {
    if (message === 'stop') void stop()
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage()
      process.send?.({ cpuMicros: user + system } satisfies TargetCpu)
    }
  })
  process.on('disconnect', () => void stop())
  process.send?.({ url: target.url } satisfies TargetReady)
}
