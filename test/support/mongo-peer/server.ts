// The TCP server: one framer per connection, each message decoded, dispatched and answered in order.
import net from 'node:net'
import type { ServerState } from './commands/context.js'
import { CursorRegistry } from './cursors.js'
import { dispatch } from './dispatch.js'
import { Storage } from './storage.js'
import { SessionRegistry } from './transactions.js'
import { decodeRequest, encodeReply, MessageFramer } from './wire.js'

export interface MongoPeerOptions {
  /** Replica set name reported in hello. Default 'rs0'. */
  readonly replicaSetName?: string
  /** Period of the background TTL sweep, like mongod's ttlMonitorSleepSecs (60 s). 0 disables it. Default 1000 ms. */
  readonly ttlSweepIntervalMs?: number
  /** Clock for TTL expiry and hello's localTime. Default: the system clock. */
  readonly now?: () => Date
}

export interface MongoPeer {
  /** A connection string for the driver: mongodb://127.0.0.1:PORT/?directConnection=true */
  readonly uri: string
  readonly port: number
  /** Runs the TTL monitor once now (or at the given instant); returns how many documents it removed. */
  sweepExpired(now?: Date): number
  /**
   * How many commands the peer has answered so far, by name and collection (`find users`, `commitTransaction`...),
   * without the driver's monitoring (`hello`, `isMaster`, `ping`): the round trips our code makes.
   */
  commandCounts(): Record<string, number>
  stop(): Promise<void>
}

/** The driver's server monitoring and connection handshakes, not round trips of our code. */
const MONITORING = new Set(['hello', 'ismaster', 'isMaster', 'ping', 'endSessions'])

export async function start(options: MongoPeerOptions = {}): Promise<MongoPeer> {
  const now = options.now ?? (() => new Date())
  const storage = new Storage()
  let port = 0
  const state: ServerState = {
    storage,
    cursors: new CursorRegistry(),
    sessions: new SessionRegistry(storage),
    replicaSetName: options.replicaSetName ?? 'rs0',
    address: () => `127.0.0.1:${port}`,
    now,
    sweepExpired: (at?: Date) => storage.removeExpired(at ?? now()),
  }
  const sockets = new Set<net.Socket>()
  let nextConnectionId = 1
  const counts = new Map<string, number>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.setNoDelay(true)
    const connectionId = nextConnectionId++
    const framer = new MessageFramer()
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const message of framer.push(chunk)) {
          const request = decodeRequest(message)
          const name = Object.keys(request.body)[0] ?? ''
          if (!MONITORING.has(name)) {
            const target = request.body[name]
            const key = typeof target === 'string' ? `${name} ${target}` : name
            counts.set(key, (counts.get(key) ?? 0) + 1)
          }
          const reply = dispatch(state, request.database, request.body, connectionId)
          if (request.expectsReply) socket.write(encodeReply(request, reply))
        }
      } catch (error) {
        console.error('mongo-peer: closing connection after a protocol error', error)
        socket.destroy()
      }
    })
    socket.on('error', () => socket.destroy())
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('mongo-peer: unexpected listen address')
  port = address.port
  const interval = options.ttlSweepIntervalMs ?? 1000
  const sweeper = interval > 0 ? setInterval(() => state.sweepExpired(), interval) : undefined
  sweeper?.unref()

  return {
    uri: `mongodb://127.0.0.1:${port}/?directConnection=true`,
    port,
    sweepExpired: (at?: Date) => state.sweepExpired(at),
    commandCounts: () => Object.fromEntries(counts),
    stop: async () => {
      if (sweeper) clearInterval(sweeper)
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
