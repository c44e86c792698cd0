import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectMcp, postMcp, toolErrorOf } from '../support/mcp-client.js'
import { api, LIVE_KEY, startTestService, TEST_KEY, type TestService } from '../support/service.js'

let test: TestService
beforeAll(async () => {
  test = await startTestService()
}, 60_000)
afterAll(async () => {
  await test?.stop()
})

const sandbox = (method: string, path: string, body?: unknown, key = TEST_KEY) =>
  api(test.sandbox, method, path, { key, ...(body === undefined ? {} : { body }) })

const newUser = async (email: string) => (await sandbox('POST', '/v1/users', { email })).body

const newEvent = async (userId: string, title: string) =>
  (
    await sandbox('POST', '/v1/events', {
      user_id: userId,
      title,
      start_time: '2030-06-03T10:00:00Z',
      end_time: '2030-06-03T11:00:00Z',
    })
  ).body

describe('MCP over Streamable HTTP at /mcp, with the official SDK client', () => {
  it('lists the agent tools with their schemas, output schemas and annotations, and the two action tools', async () => {
    const { client } = await connectMcp(test.sandbox, TEST_KEY)
    const { tools } = await client.listTools()
    const byName = new Map(tools.map((tool) => [tool.name, tool]))
    expect(tools).toHaveLength(28)
    expect(byName.get('list_events')?.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    })
    expect(byName.get('cancel_event')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true })
    expect(byName.get('send_invitations')?.annotations).toMatchObject({ openWorldHint: true })
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.outputSchema?.type, tool.name).toBe('object')
      if (!['confirm_action', 'reject_action'].includes(tool.name))
        expect(tool.inputSchema.required).toContain('user_id')
    }
    await client.close()
  })

  it('a restricted key sees the tools its grants allow, and a call beyond them is refused with no effect', async () => {
    const key = (await sandbox('POST', '/v1/api_keys', { permissions: { events: 'read' } })).body
    const user = await newUser('restricted-mcp@example.com')
    const { client } = await connectMcp(test.sandbox, key.secret)
    const names = (await client.listTools()).tools.map((tool) => tool.name)
    expect(names).toEqual(expect.arrayContaining(['list_events', 'get_event', 'search_events', 'get_event_health']))
    expect(names).not.toContain('create_event')
    expect(names).not.toContain('get_user')
    const refused = await client.callTool({ name: 'get_user', arguments: { user_id: user.id } })
    expect(toolErrorOf(refused)).toMatchObject({ code: 'insufficient_permissions' })
    await client.close()
  })

  it('read tools answer structured content their output schema describes (the SDK client checks it)', async () => {
    const user = await newUser('reads-mcp@example.com')
    const event = await newEvent(user.id, 'Dentist')
    const { client } = await connectMcp(test.sandbox, TEST_KEY)
    const me = await client.callTool({ name: 'get_user', arguments: { user_id: user.id } })
    expect(me.structuredContent).toMatchObject({ id: user.id, object: 'user' })
    const listed = await client.callTool({ name: 'list_events', arguments: { user_id: user.id } })
    expect(listed.structuredContent).toMatchObject({ object: 'list', data: [{ id: event.id, title: 'Dentist' }] })
    const one = await client.callTool({ name: 'get_event', arguments: { user_id: user.id, event_id: event.id } })
    expect(one.structuredContent).toMatchObject({ id: event.id })
    const found = await client.callTool({ name: 'search_events', arguments: { user_id: user.id, query: 'dent' } })
    expect(found.structuredContent).toMatchObject({ data: [{ id: event.id }] })
    await client.close()
  })

  it('nothing changes without the user’s confirmation: a change is a proposal, confirm_action executes it once', async () => {
    const user = await newUser('change-mcp@example.com')
    const { client } = await connectMcp(test.sandbox, TEST_KEY)
    const proposed = await client.callTool({
      name: 'create_event',
      arguments: {
        user_id: user.id,
        title: 'Lunch',
        start_time: '2030-06-04T12:00:00Z',
        end_time: '2030-06-04T13:00:00Z',
      },
    })
    const action = proposed.structuredContent as { proposal: { id: string; status: string; user_id: string } }
    expect(action.proposal).toMatchObject({ status: 'proposed', user_id: user.id })
    expect((await sandbox('GET', `/v1/events?user_id=${user.id}`)).body.data).toEqual([])
    const confirmed = await client.callTool({ name: 'confirm_action', arguments: { proposal_id: action.proposal.id } })
    expect(confirmed.structuredContent).toMatchObject({
      proposal: { status: 'executed', confirmed_by_user: true },
      result: { title: 'Lunch' },
      replayed: false,
    })
    const again = await client.callTool({ name: 'confirm_action', arguments: { proposal_id: action.proposal.id } })
    expect(again.structuredContent).toMatchObject({ replayed: true })
    expect((await sandbox('GET', `/v1/events?user_id=${user.id}`)).body.data).toHaveLength(1)
    await client.close()
  })

  it('a rejected proposal cannot be confirmed; another session’s proposal is not found', async () => {
    const user = await newUser('reject-mcp@example.com')
    const event = await newEvent(user.id, 'Gym')
    const { client } = await connectMcp(test.sandbox, TEST_KEY)
    const proposed = await client.callTool({
      name: 'cancel_event',
      arguments: { user_id: user.id, event_id: event.id },
    })
    const id = (proposed.structuredContent as { proposal: { id: string } }).proposal.id
    const other = await connectMcp(test.sandbox, TEST_KEY)
    expect(
      toolErrorOf(await other.client.callTool({ name: 'confirm_action', arguments: { proposal_id: id } })),
    ).toMatchObject({ code: 'resource_missing', param: 'arguments.proposal_id' })
    const rejected = await client.callTool({ name: 'reject_action', arguments: { proposal_id: id } })
    expect(rejected.structuredContent).toMatchObject({ proposal: { status: 'rejected' } })
    expect(
      toolErrorOf(await client.callTool({ name: 'confirm_action', arguments: { proposal_id: id } })),
    ).toMatchObject({ code: 'invalid_state_transition' })
    expect((await sandbox('GET', `/v1/events/${event.id}`)).status).toBe(200)
    await Promise.all([client.close(), other.client.close()])
  })

  it('bad input: unknown tool (JSON-RPC error), missing or foreign user, bad arguments (tool errors naming them)', async () => {
    const user = await newUser('bad-mcp@example.com')
    const { client } = await connectMcp(test.sandbox, TEST_KEY)
    await expect(client.callTool({ name: 'drop_tables', arguments: {} })).rejects.toBeInstanceOf(McpError)
    expect(toolErrorOf(await client.callTool({ name: 'get_user', arguments: {} }))).toMatchObject({
      code: 'parameter_missing',
      param: 'arguments.user_id',
    })
    expect(
      toolErrorOf(await client.callTool({ name: 'get_user', arguments: { user_id: 'usr_nobody' } })),
    ).toMatchObject({ code: 'resource_missing', param: 'arguments.user_id' })
    expect(
      toolErrorOf(await client.callTool({ name: 'get_event', arguments: { user_id: user.id, event_id: 7 } })),
    ).toMatchObject({ code: 'parameter_invalid', param: 'arguments.event_id' })
    expect(
      toolErrorOf(
        await client.callTool({ name: 'get_event', arguments: { user_id: user.id, extra: 1, event_id: 'e' } }),
      ),
    ).toMatchObject({ code: 'parameter_unknown', param: 'arguments.extra' })
    await sandbox('POST', `/v1/users/${user.id}/deactivate`)
    expect(toolErrorOf(await client.callTool({ name: 'get_user', arguments: { user_id: user.id } }))).toMatchObject({
      code: 'account_deactivated',
    })
    await client.close()
  })

  it('a session is its opener’s: another key presenting its id, or a forged id, is told to start a new one (404)', async () => {
    const { transport, client } = await connectMcp(test.sandbox, TEST_KEY)
    const other = (await sandbox('POST', '/v1/api_keys', { permissions: { events: 'read' } })).body
    const post = (key: string, sessionId: string) =>
      postMcp(test.sandbox, key, sessionId, { jsonrpc: '2.0', id: 1, method: 'tools/list' })
    const sessionId = transport.sessionId ?? ''
    expect(sessionId).not.toBe('')
    expect((await post(TEST_KEY, sessionId)).status).toBe(200)
    const foreign = await post(other.secret, sessionId)
    expect(foreign.status).toBe(404)
    expect(await foreign.json()).toMatchObject({ error: { code: -32001 } })
    expect((await post(TEST_KEY, `${sessionId.slice(0, -2)}xx`)).status).toBe(404)
    const missing = await fetch(`${test.sandbox}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TEST_KEY}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(missing.status).toBe(400)
    expect((await fetch(`${test.sandbox}/mcp`, { headers: { authorization: `Bearer ${TEST_KEY}` } })).status).toBe(405)
    expect((await fetch(`${test.sandbox}/mcp`, { method: 'POST' })).status).toBe(401)
    await client.close()
  })

  it('revocation ends the session: the next request of a revoked key is refused, nothing of it runs', async () => {
    const key = (await sandbox('POST', '/v1/api_keys', { permissions: { events: 'write', users: 'read' } })).body
    const user = await newUser('revoke-mcp@example.com')
    const { client, transport } = await connectMcp(test.sandbox, key.secret)
    expect((await client.callTool({ name: 'get_user', arguments: { user_id: user.id } })).isError).toBeUndefined()
    expect((await sandbox('POST', `/v1/api_keys/${key.id}/revoke`)).status).toBe(200)
    const refused = await fetch(`${test.sandbox}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key.secret}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': transport.sessionId ?? '',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'create_event',
          arguments: {
            user_id: user.id,
            title: 'x',
            start_time: '2030-01-01T00:00:00Z',
            end_time: '2030-01-01T01:00:00Z',
          },
        },
      }),
    })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ error: { code: 'authentication_failed' } })
    await expect(client.callTool({ name: 'get_user', arguments: { user_id: user.id } })).rejects.toThrow(
      /authentication_failed/,
    )
    await client.close()
  })

  it('a key narrowed while its session is open loses those tools at once (the session never widens either)', async () => {
    const key = (await sandbox('POST', '/v1/api_keys', { permissions: { events: 'read', users: 'read' } })).body
    const user = await newUser('narrow-mcp@example.com')
    const { client } = await connectMcp(test.sandbox, key.secret)
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('get_user')
    const narrowed = await test.service.application.accounts.updateKeyPermissions(key.id, { events: 'write' })
    expect(narrowed.ok).toBe(true)
    const names = (await client.listTools()).tools.map((tool) => tool.name)
    expect(names).not.toContain('get_user')
    // Granted now but not when the session opened: still refused.
    expect(names).not.toContain('create_event')
    expect(toolErrorOf(await client.callTool({ name: 'get_user', arguments: { user_id: user.id } }))).toMatchObject({
      code: 'insufficient_permissions',
    })
    await client.close()
  })

  it('a retried tools/call (same session, same JSON-RPC id) executes once and answers the first result', async () => {
    const user = await newUser('retry-mcp@example.com')
    const event = await newEvent(user.id, 'Standup')
    const { client, transport } = await connectMcp(test.sandbox, TEST_KEY)
    const call = (id: number, name: string, args: Record<string, unknown>) =>
      postMcp(test.sandbox, TEST_KEY, transport.sessionId ?? '', {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name, arguments: args },
      }).then(async (response) => (await response.json()).result)
    const cancel = { user_id: user.id, event_id: event.id }
    const first = await call(900, 'cancel_event', cancel)
    const retried = await call(900, 'cancel_event', cancel)
    const proposalId = first.structuredContent.proposal.id
    expect(retried.structuredContent.proposal.id).toBe(proposalId)
    expect(retried._meta).toEqual({ 'departure/replayed': true })
    const confirmed = await call(901, 'confirm_action', { proposal_id: proposalId })
    const confirmedAgain = await call(901, 'confirm_action', { proposal_id: proposalId })
    expect(confirmed.structuredContent).toMatchObject({ proposal: { status: 'executed' }, replayed: false })
    // The first result, not a second execution's (which would say replayed: true).
    expect(confirmedAgain.structuredContent).toEqual(confirmed.structuredContent)
    expect((await sandbox('GET', `/v1/events/${event.id}`)).status).toBe(404)
    // The same id with another call is another call (a client whose counter restarted on a resumed session).
    const other = await call(900, 'get_user', { user_id: user.id })
    expect(other.structuredContent).toMatchObject({ id: user.id })
    const again = await call(901, 'cancel_event', cancel)
    expect(again.isError).toBe(true)
    await client.close()
  })

  it('bad input changes nothing: a foreign id, another surface’s user, a message over the 1 MiB bound (413)', async () => {
    const owner = await newUser('foreign-owner-mcp@example.com')
    const other = await newUser('foreign-other-mcp@example.com')
    const event = await newEvent(owner.id, 'Private')
    const { client, transport } = await connectMcp(test.sandbox, TEST_KEY)
    // Another user's event, named for this user: not found, and still there.
    expect(
      toolErrorOf(
        await client.callTool({ name: 'cancel_event', arguments: { user_id: other.id, event_id: event.id } }),
      ),
    ).toMatchObject({ code: 'resource_missing', param: 'arguments.event_id' })
    expect((await sandbox('GET', `/v1/events/${event.id}`)).status).toBe(200)
    // A user of the sandbox is foreign to production.
    const live = await connectMcp(test.live, LIVE_KEY)
    expect(
      toolErrorOf(await live.client.callTool({ name: 'get_user', arguments: { user_id: owner.id } })),
    ).toMatchObject({ code: 'resource_missing', param: 'arguments.user_id' })
    await live.client.close()
    // Over the body bound (1 MiB, as for REST): 413 in the error envelope, before any MCP request runs.
    const oversized = await postMcp(test.sandbox, TEST_KEY, transport.sessionId ?? '', {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'create_event',
        arguments: {
          user_id: owner.id,
          title: 'x'.repeat(1024 * 1024),
          start_time: '2030-06-04T12:00:00Z',
          end_time: '2030-06-04T13:00:00Z',
        },
      },
    })
    expect(oversized.status).toBe(413)
    expect(await oversized.json()).toMatchObject({ error: { code: 'body_too_large' } })
    expect((await sandbox('GET', `/v1/events?user_id=${owner.id}`)).body.data).toHaveLength(1)
    await client.close()
  })
})
