import { start } from '../test/support/mongo-peer/index.js'

/**
 * The MongoDB test peer (a wire-protocol emulator in JavaScript, see
 * docs/operations.md) in a process of its own, so that the bench's service
 * does not share an event loop with it. Prints `MONGO_PEER_URI=<uri>` once it
 * listens (and, when forked, sends `{ uri }` over IPC); answers `cpu` with its
 * CPU time so far; stops on `stop`, on disconnect, on SIGTERM or SIGINT.
 *
 * Figures measured against it measure the peer, not MongoDB.
 */
export interface PeerReady {
  readonly uri: string
}

/** The answer to `cpu`: the process's CPU time so far (user + system), in microseconds. */
export interface PeerCpu {
  readonly peerCpuMicros: number
}

const peer = await start({ ttlSweepIntervalMs: 60_000 })
let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await peer.stop()
  process.exit(0)
}
process.on('message', (message) => {
  if (message === 'stop') void stop()
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage()
    process.send?.({ peerCpuMicros: user + system } satisfies PeerCpu)
  }
})
process.on('disconnect', () => void stop())
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
console.log(`MONGO_PEER_URI=${peer.uri}`)
process.send?.({ uri: peer.uri } satisfies PeerReady)
