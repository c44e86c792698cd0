import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bridgeConfigFrom } from '../../hosts/mcp/stdio-bridge.js'
import { api, startTestService, TEST_KEY, type TestService } from '../support/service.js'

const root = join(import.meta.dirname, '..', '..')
const tsx = join(root, 'node_modules', '.bin', 'tsx')
const bin = join(root, 'hosts', 'mcp', 'departure-mcp.ts')
/** Each test starts the command in a child process that compiles its TypeScript first (tsx): a budget for that. */
const CHILD_BUDGET_MS = 90_000

let test: TestService
beforeAll(async () => {
  test = await startTestService()
}, 60_000)
afterAll(async () => {
  await test?.stop()
})

const stdioClient = async (env: Record<string, string>) => {
  const transport = new StdioClientTransport({
    command: tsx,
    args: [bin],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  })
  const client = new Client({ name: 'departure-tests', version: '1.0.0' })
  await client.connect(transport)
  return client
}

describe('departure-mcp: the tools over stdio, talking to a running service over HTTP', () => {
  it(
    'lists the service’s tools and calls them with the key of DEPARTURE_API_KEY (the official SDK’s stdio client)',
    async () => {
      const user = (
        await api(test.sandbox, 'POST', '/v1/users', { key: TEST_KEY, body: { email: 'stdio@example.com' } })
      ).body
      const client = await stdioClient({ DEPARTURE_API_KEY: TEST_KEY, DEPARTURE_API_URL: test.sandbox })
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['get_user', 'create_event', 'confirm_action']),
      )
      expect(tools.find((tool) => tool.name === 'get_user')?.annotations).toMatchObject({ readOnlyHint: true })
      const me = await client.callTool({ name: 'get_user', arguments: { user_id: user.id } })
      expect(me.structuredContent).toMatchObject({ id: user.id })
      const proposed = await client.callTool({
        name: 'create_event',
        arguments: {
          user_id: user.id,
          title: 'Stdio',
          start_time: '2030-06-04T12:00:00Z',
          end_time: '2030-06-04T13:00:00Z',
        },
      })
      const id = (proposed.structuredContent as { proposal: { id: string } }).proposal.id
      expect((await api(test.sandbox, 'GET', `/v1/events?user_id=${user.id}`, { key: TEST_KEY })).body.data).toEqual([])
      const confirmed = await client.callTool({ name: 'confirm_action', arguments: { proposal_id: id } })
      expect(confirmed.structuredContent).toMatchObject({ proposal: { status: 'executed' } })
      const prompts = await client.listPrompts()
      expect(prompts.prompts.map((prompt) => prompt.name)).toEqual(['plan_my_day'])
      await client.close()
    },
    CHILD_BUDGET_MS,
  )

  it(
    'a bad key: the bridge cannot start its session and the client’s connection fails',
    async () => {
      await expect(
        stdioClient({ DEPARTURE_API_KEY: 'sk_test_nope', DEPARTURE_API_URL: test.sandbox }),
      ).rejects.toThrow()
    },
    CHILD_BUDGET_MS,
  )

  it('reads its two variables once, with a clear message for a missing or bad one', () => {
    expect(bridgeConfigFrom({})).toMatchObject({ ok: false, message: expect.stringContaining('DEPARTURE_API_KEY') })
    expect(bridgeConfigFrom({ DEPARTURE_API_KEY: 'sk_x' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('DEPARTURE_API_URL'),
    })
    expect(bridgeConfigFrom({ DEPARTURE_API_KEY: 'sk_x', DEPARTURE_API_URL: 'file:///etc' })).toMatchObject({
      ok: false,
    })
    expect(bridgeConfigFrom({ DEPARTURE_API_KEY: 'sk_x', DEPARTURE_API_URL: 'https://api.example' })).toMatchObject({
      ok: true,
    })
  })
})
