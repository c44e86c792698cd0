// MCP sessions on two hosts sharing one storage (SQLite in one DATA_DIR on the embedded project, one MongoDB database
// on the mongodb project) behind one public address: a session opened on one host is served by the other, a proposal
// made on one is confirmed on the other, once; and a session outlives the host that opened it (a restart).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectMcp } from '../support/mcp-client.js'
import { startMongoForTests, type TestMongo } from '../support/mongo-peer/index.js'
import { api, startOnKnownPorts, TEST_CONNECTION_TOKEN_KEY, TEST_KEY, type TestService } from '../support/service.js'

/** Two hosts (and on MongoDB a test peer) start here: a budget for that, on a machine busy with other work. */
const STARTUP_BUDGET_MS = 120_000
const hosts: TestService[] = []
let mongo: TestMongo | null = null
let dataDir: string | null = null
let first: TestService
let second: TestService
let shared: Record<string, string>

const startHost = async () => {
  const host = await startOnKnownPorts(() => shared)
  hosts.push(host)
  return host
}

beforeAll(async () => {
  shared = {
    // One deployment: the same signing key and public address on every host (the sessions' issuer).
    OAUTH_SIGNING_KEY: randomBytes(32).toString('hex'),
    PUBLIC_BASE_URL: 'https://api.example',
    SANDBOX_PUBLIC_BASE_URL: 'https://sandbox.api.example',
    WORKER: 'false',
  }
  if (process.env.TEST_STORAGE === 'mongodb') {
    mongo = await startMongoForTests()
    Object.assign(shared, {
      MONGODB_URI: mongo.uri,
      MONGODB_DB: `mcp_hosts_${randomBytes(6).toString('hex')}`,
      CONNECTION_TOKEN_KEY: TEST_CONNECTION_TOKEN_KEY,
    })
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'mcp-hosts-'))
    Object.assign(shared, { STORAGE: 'sqlite', DATA_DIR: dataDir })
  }
  first = await startHost()
  second = await startHost()
}, STARTUP_BUDGET_MS)
afterAll(async () => {
  for (const host of hosts) await host.stop()
  await mongo?.stop()
  if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true })
})

const proposeLunch = async (base: string, sessionId: string | undefined, userId: string) => {
  const { client, transport } = await connectMcp(base, TEST_KEY, sessionId)
  const proposed = await client.callTool({
    name: 'create_event',
    arguments: {
      user_id: userId,
      title: 'Lunch',
      start_time: '2030-06-04T12:00:00Z',
      end_time: '2030-06-04T13:00:00Z',
    },
  })
  return { client, transport, proposalId: (proposed.structuredContent as { proposal: { id: string } }).proposal.id }
}

describe('An MCP session is served by any host, and outlives the host that opened it', () => {
  it('opened on one host, its next request and its confirmation are served by the other; confirmed again, replayed', async () => {
    const user = (
      await api(first.sandbox, 'POST', '/v1/users', { key: TEST_KEY, body: { email: 'hosts-mcp@example.com' } })
    ).body
    const opened = await proposeLunch(first.sandbox, undefined, user.id)
    const sessionId = opened.transport.sessionId
    expect(sessionId).toBeDefined()
    const elsewhere = await connectMcp(second.sandbox, TEST_KEY, sessionId)
    const read = await elsewhere.client.callTool({ name: 'get_user', arguments: { user_id: user.id } })
    expect(read.structuredContent).toMatchObject({ id: user.id })
    const executed = await elsewhere.client.callTool({
      name: 'confirm_action',
      arguments: { proposal_id: opened.proposalId },
    })
    expect(executed.structuredContent).toMatchObject({ proposal: { status: 'executed' }, replayed: false })
    const again = await opened.client.callTool({
      name: 'confirm_action',
      arguments: { proposal_id: opened.proposalId },
    })
    expect(again.structuredContent).toMatchObject({ replayed: true })
    const events = await api(second.sandbox, 'GET', `/v1/events?user_id=${user.id}`, { key: TEST_KEY })
    expect(events.body.data).toHaveLength(1)
    await Promise.all([opened.client.close(), elsewhere.client.close()])
  })

  it.each([
    ['accept', 1],
    ['decline', 0],
  ] as const)(
    'an elicitation answer (%s) that reaches another host than the waiting call decides it there, once',
    async (action, created) => {
      const user = (
        await api(first.sandbox, 'POST', '/v1/users', {
          key: TEST_KEY,
          body: { email: `elicit-${action}@example.com` },
        })
      ).body
      const answeredOn: string[] = []
      // The client's answers (JSON-RPC responses) go to the second host; its requests, to the first.
      const routed: FetchLike = (url, init) => {
        const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null
        const isAnswer = body !== null && 'id' in body && !('method' in body)
        if (isAnswer) answeredOn.push(second.sandbox)
        return fetch(isAnswer ? new URL('/mcp', second.sandbox) : url, init)
      }
      const { client } = await connectMcp(first.sandbox, TEST_KEY, undefined, {
        capabilities: { elicitation: {} },
        fetch: routed,
        prepare: (client) =>
          client.setRequestHandler(ElicitRequestSchema, async () =>
            action === 'accept' ? { action, content: {} } : { action },
          ),
      })
      const result = await client.callTool({
        name: 'create_event',
        arguments: {
          user_id: user.id,
          title: 'Lunch',
          start_time: '2030-06-04T12:00:00Z',
          end_time: '2030-06-04T13:00:00Z',
        },
      })
      expect(answeredOn).toEqual([second.sandbox])
      expect(result.structuredContent).toMatchObject({
        proposal: { status: action === 'accept' ? 'executed' : 'rejected' },
      })
      const events = await api(first.sandbox, 'GET', `/v1/events?user_id=${user.id}`, { key: TEST_KEY })
      expect(events.body.data).toHaveLength(created)
      await client.close()
    },
  )

  it('a session and its proposal outlive a restart of the host that opened them', async () => {
    const user = (
      await api(first.sandbox, 'POST', '/v1/users', { key: TEST_KEY, body: { email: 'restart-mcp@example.com' } })
    ).body
    const opened = await proposeLunch(first.sandbox, undefined, user.id)
    const sessionId = opened.transport.sessionId
    await opened.client.close()
    await first.stop()
    hosts.splice(hosts.indexOf(first), 1)
    const restarted = await startHost()
    const resumed = await connectMcp(restarted.sandbox, TEST_KEY, sessionId)
    const confirmed = await resumed.client.callTool({
      name: 'confirm_action',
      arguments: { proposal_id: opened.proposalId },
    })
    expect(confirmed.structuredContent).toMatchObject({ proposal: { status: 'executed' }, replayed: false })
    await resumed.client.close()
  })
})
