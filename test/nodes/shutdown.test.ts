import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMongoForTests, type TestMongo } from '../support/mongo-peer/index.js'
import { api, LIVE_KEY, TEST_CONNECTION_TOKEN_KEY, TEST_KEY } from '../support/service.js'
import { type ServiceProcess, spawnServiceProcess } from '../support/service-process.js'

/** A webhook receiver that holds every request until `release`, and says when the first one arrives. */
const holdingReceiver = async () => {
  const held: ServerResponse[] = []
  let arrived: () => void = () => {}
  const firstArrival = new Promise<void>((resolve) => (arrived = resolve))
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume()
    request.on('end', () => {
      held.push(response)
      arrived()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    firstArrival,
    release: () => {
      for (const response of held.splice(0)) response.writeHead(200).end('ok')
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let mongo: TestMongo
let client: MongoClient
const PREFIX = `shutdown_${randomUUID().replaceAll('-', '').slice(0, 10)}`

beforeAll(async () => {
  mongo = await startMongoForTests()
  client = await MongoClient.connect(mongo.uri)
}, 60_000)

afterAll(async () => {
  await client?.close()
  await mongo?.stop()
})

describe('SIGTERM on MongoDB storage', () => {
  it('stops the scheduler and lets the webhook attempt under way finish and record itself before the storage closes', async () => {
    const receiver = await holdingReceiver()
    let host: ServiceProcess | null = null
    try {
      host = await spawnServiceProcess('api', {
        MONGODB_URI: mongo.uri,
        MONGODB_DB: PREFIX,
        CONNECTION_TOKEN_KEY: TEST_CONNECTION_TOKEN_KEY,
        HOST: '127.0.0.1',
        PORT: '0',
        SANDBOX_PORT: '0',
        LOG_LEVEL: 'info',
        SERVICE_BOOTSTRAP_KEYS: `${TEST_KEY},${LIVE_KEY}`,
        WEBHOOK_TIMEOUT_MS: '20000',
      })
      const endpoint = await api(host.sandbox, 'POST', '/v1/webhook_endpoints', {
        key: TEST_KEY,
        body: { url: receiver.url, events: ['user.created'] },
      })
      expect(endpoint.status).toBe(201)
      const user = await api(host.sandbox, 'POST', '/v1/users', {
        key: TEST_KEY,
        body: { email: `${randomUUID()}@example.com`, timezone: 'Europe/Berlin' },
      })
      expect(user.status).toBe(201)
      // The delivery is leased and its request is at the receiver, unanswered: an attempt in flight.
      await receiver.firstArrival
      const running = host
      const stopped = running.stop()
      await expect.poll(() => running.output(), { timeout: 10_000 }).toContain('SIGTERM: shutting down')
      receiver.release()
      await stopped
      const output = host.output()
      expect(output).not.toMatch(/MongoClientClosedError|MongoNotConnectedError|Topology is closed/)
      expect(output).not.toContain('webhook attempt failed')
      expect(output).not.toContain('background job failed')
      const deliveries = await client.db(`${PREFIX}_test`).collection('webhook_deliveries').find({}).toArray()
      expect(deliveries).toHaveLength(1)
      // Recorded: succeeded, with its one attempt, not left leased and blank.
      expect(deliveries[0]).toMatchObject({ status: 'succeeded' })
      expect(deliveries[0]?.attempts).toHaveLength(1)
    } finally {
      receiver.release()
      await host?.stop()
      await receiver.close()
    }
  }, 120_000)
})
