// The MongoDB that test suites use: a real server when MONGODB_URI_TEST is set, else a fresh test peer.
import { start } from './server.js'

export interface TestMongo {
  readonly uri: string
  /** True when the suite runs against the in-process test peer (so peer-only hooks like sweepExpired exist). */
  readonly isPeer: boolean
  /** Runs the TTL monitor now; on a real server this is unavailable (it sweeps every 60 s by itself). */
  sweepExpired?(now?: Date): number
  stop(): Promise<void>
}

export async function startMongoForTests(environment: NodeJS.ProcessEnv = process.env): Promise<TestMongo> {
  const external = environment.MONGODB_URI_TEST
  if (external !== undefined && external !== '') {
    return { uri: external, isPeer: false, stop: async () => {} }
  }
  const peer = await start()
  return { uri: peer.uri, isPeer: true, sweepExpired: (now) => peer.sweepExpired(now), stop: () => peer.stop() }
}
