import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { MongoClient } from 'mongodb'
import { databaseNames } from '../adapters/storage/mongodb/connection.js'
import type { PeerCpu, PeerReady } from './mongo-peer-process.js'

/**
 * The MongoDB a `--mongodb` bench run uses: the server of `MONGODB_URI` when it
 * is set, otherwise the test peer started in a child process. Every scenario
 * asks for a fresh database prefix (`databasePrefix()`); on a real server the
 * databases it named are dropped at the end.
 */
export interface BenchMongo {
  readonly uri: string
  /** `peer`: the JavaScript wire-protocol emulator of the tests; `server`: whatever `MONGODB_URI` names. */
  readonly kind: 'peer' | 'server'
  /** A new `MONGODB_DB` prefix, unused so far. */
  databasePrefix(): string
  /** The peer process's CPU time so far in microseconds; null against a server (it is not ours to measure). */
  cpuMicros(): Promise<number | null>
  stop(): Promise<void>
}

export const PEER_WARNING = [
  '!!! MONGODB_URI is not set: these figures run against the MongoDB TEST PEER (test/support/mongo-peer), a MongoDB',
  '!!! wire-protocol emulator written in JavaScript (bson + mingo, full scans, copy-on-write transactions), in a child',
  '!!! process. They measure the peer, not MongoDB: a lower bound, useful only to compare our own code paths.',
  '!!! Set MONGODB_URI to a replica set (e.g. mongodb://localhost:27017/?replicaSet=rs0) for MongoDB figures.',
].join('\n')

const PEER = fileURLToPath(
  new URL(`./mongo-peer-process${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url),
)

const startPeer = (): Promise<{ uri: string; child: ChildProcess }> =>
  new Promise((resolve, reject) => {
    const child = fork(PEER, [], { execArgv: process.execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the MongoDB test peer exited early (code ${code})`)))
    child.once('message', (message) => resolve({ uri: (message as PeerReady).uri, child }))
  })

export const startBenchMongo = async (environment: NodeJS.ProcessEnv = process.env): Promise<BenchMongo> => {
  const run = randomBytes(4).toString('hex')
  let scenarios = 0
  const prefixes: string[] = []
  const databasePrefix = () => {
    const prefix = `bench_${run}_${++scenarios}`
    prefixes.push(prefix)
    return prefix
  }
  const external = environment.MONGODB_URI
  if (external !== undefined && external !== '') {
    return {
      uri: external,
      kind: 'server',
      databasePrefix,
      cpuMicros: async () => null,
      stop: async () => {
        const client = await MongoClient.connect(external)
        try {
          for (const prefix of prefixes)
            for (const name of Object.values(databaseNames(prefix))) await client.db(name).dropDatabase()
        } finally {
          await client.close()
        }
      },
    }
  }
  const { uri, child } = await startPeer()
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  return {
    uri,
    kind: 'peer',
    databasePrefix,
    cpuMicros: () =>
      new Promise((answer) => {
        child.once('message', (reply) => answer((reply as PeerCpu).peerCpuMicros))
        child.send('cpu')
      }),
    stop: async () => {
      if (child.connected) child.send('stop')
      await exited
    },
  }
}
