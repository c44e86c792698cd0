import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Clock } from '../../core/ports/clock.js'
import { TOKENS } from '../../hosts/di-tokens.js'
import { connectMcp, toolErrorOf } from '../support/mcp-client.js'
import { api, LIVE_KEY, startTestService, TEST_KEY, type TestService } from '../support/service.js'

/** Real time, moved forward on demand (a token's expiry is the platform's time, not a sandbox clock). */
class SteppingClock implements Clock {
  offsetMs = 0
  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }
}

const HOUR = 3_600_000
const clock = new SteppingClock()
let test: TestService
let counter = 0

beforeAll(async () => {
  test = await startTestService({ RATE_LIMIT_REQUESTS: '1000' }, clock)
}, 60_000)
afterAll(async () => {
  await test?.stop()
})

const sandbox = (method: string, path: string, body?: unknown, options: { key?: string } = {}) =>
  api(test.sandbox, method, path, { key: options.key ?? TEST_KEY, ...(body === undefined ? {} : { body }) })

const createUser = async () =>
  (await sandbox('POST', '/v1/users', { email: `agent${++counter}@example.com` })).body.id as string

const createEvent = async (userId: string) => {
  const start = Date.now() + 48 * HOUR + ++counter * 60_000
  return (
    await sandbox('POST', '/v1/events', {
      user_id: userId,
      title: 'Dentist',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + HOUR).toISOString(),
      location: { name: 'Office', lat: 48.87, lng: 2.33 },
    })
  ).body
}

const mint = (userId: string, body: unknown, key = TEST_KEY) =>
  sandbox('POST', `/v1/users/${userId}/agent_tokens`, body, { key })

/** A POST to /mcp with a bearer, answered as the SDK's transport would see it. */
const initialize = (token: string) =>
  fetch(new URL('/mcp', test.sandbox), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      connection: 'close',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  })

describe('POST /v1/users/{id}/agent_tokens: minted for one user, shown once, within the minter’s grants', () => {
  it('mints a token with its permissions, policy and lifetime; the secret only in this answer', async () => {
    const user = await createUser()
    const minted = await mint(user, {
      permissions: { users: 'read', events: 'write' },
      expires_in: 3600,
      confirmation_policy: 'low_risk_direct',
    })
    expect(minted.status, minted.text).toBe(201)
    expect(minted.body).toMatchObject({
      object: 'agent_token',
      user_id: user,
      status: 'active',
      permissions: { users: 'read', events: 'write' },
      confirmation_policy: 'low_risk_direct',
      revoked_at: null,
      livemode: false,
    })
    expect(minted.body.id).toMatch(/^agt_/)
    expect(minted.body.secret).toMatch(/^uat_test_[0-9a-f]{48}$/)
    expect(minted.body.redacted_token).toBe(`uat_test_...${minted.body.secret.slice(-4)}`)
    expect(Date.parse(minted.body.expires_at) - Date.parse(minted.body.created_at)).toBe(3_600_000)
    const defaulted = await mint(user, { permissions: { users: 'read' } })
    expect(defaulted.body.confirmation_policy).toBe('always')
    expect(Date.parse(defaulted.body.expires_at) - Date.parse(defaulted.body.created_at)).toBe(7 * 24 * HOUR)
  })

  it('refuses what it cannot grant, naming the parameter', async () => {
    const user = await createUser()
    const tooLong = await mint(user, { permissions: { users: 'read' }, expires_in: 30 * 24 * 3600 + 1 })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.error).toMatchObject({ code: 'parameter_invalid', param: 'expires_in' })
    const family = await mint(user, { permissions: { devices: 'write' } })
    expect(family.status).toBe(400)
    expect(family.body.error).toMatchObject({ code: 'parameter_unknown', param: 'permissions.devices' })
    const nothing = await mint(user, { permissions: { users: 'none' } })
    expect(nothing.status).toBe(400)
    expect(nothing.body.error).toMatchObject({ code: 'parameter_invalid', param: 'permissions' })
    expect((await mint('usr_unknown', { permissions: { users: 'read' } })).status).toBe(404)
    // A restricted key mints within its own grants only.
    const restricted = await sandbox('POST', '/v1/api_keys', {
      name: 'minter',
      permissions: { users: 'write', events: 'read' },
    })
    const beyond = await mint(user, { permissions: { events: 'write' } }, restricted.body.secret)
    expect(beyond.status).toBe(403)
    expect(beyond.body.error).toMatchObject({ code: 'insufficient_permissions' })
    expect(beyond.body.error.message).toContain('events:write')
    expect((await mint(user, { permissions: { events: 'read' } }, restricted.body.secret)).status).toBe(201)
  })

  it('a paused user gets no token (403 account_deactivated)', async () => {
    const user = await createUser()
    await sandbox('POST', `/v1/users/${user}/deactivate`)
    const refused = await mint(user, { permissions: { users: 'read' } })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('account_deactivated')
  })
})

describe('GET and DELETE: listed without secrets, revoked at once', () => {
  it('lists newest first in the list envelope, paged, never the secret; another user’s token is not found', async () => {
    const user = await createUser()
    const first = await mint(user, { permissions: { users: 'read' } })
    const second = await mint(user, { permissions: { events: 'read' } })
    const page = await sandbox('GET', `/v1/users/${user}/agent_tokens?limit=1`)
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ object: 'list', has_more: true, url: `/v1/users/${user}/agent_tokens` })
    expect(page.body.data.map((token: { id: string }) => token.id)).toEqual([second.body.id])
    const rest = await sandbox('GET', `/v1/users/${user}/agent_tokens?starting_after=${second.body.id}`)
    expect(rest.body.data.map((token: { id: string }) => token.id)).toEqual([first.body.id])
    expect(JSON.stringify([page.body, rest.body])).not.toContain(first.body.secret)
    expect(rest.body.data[0].secret).toBeUndefined()
    const other = await createUser()
    expect((await sandbox('DELETE', `/v1/users/${other}/agent_tokens/${first.body.id}`)).status).toBe(404)
    const revoked = await sandbox('DELETE', `/v1/users/${user}/agent_tokens/${first.body.id}`)
    expect(revoked.status).toBe(200)
    expect(revoked.body).toMatchObject({ id: first.body.id, status: 'revoked' })
    expect(revoked.body.revoked_at).toEqual(expect.any(String))
  })
})

describe('At /mcp an agent token acts for its user only', () => {
  it('lists the tools its permissions allow, user_id optional; every call is its user’s', async () => {
    const user = await createUser()
    const neighbour = await createUser()
    const event = await createEvent(user)
    const token = (await mint(user, { permissions: { users: 'read', events: 'write' } })).body.secret as string
    const { client } = await connectMcp(test.sandbox, token)
    const { tools } = await client.listTools()
    const names = tools.map((tool) => tool.name)
    expect(names).toEqual(expect.arrayContaining(['get_user', 'list_events', 'create_event', 'confirm_action']))
    expect(names).not.toContain('get_departure')
    expect(names).not.toContain('list_reminders')
    expect(tools.find((tool) => tool.name === 'get_user')?.inputSchema.required ?? []).not.toContain('user_id')
    const me = await client.callTool({ name: 'get_user', arguments: {} })
    expect(me.structuredContent).toMatchObject({ id: user })
    expect((await client.callTool({ name: 'get_user', arguments: { user_id: user } })).structuredContent).toMatchObject(
      { id: user },
    )
    // Another user of the same account is a foreign id.
    expect(toolErrorOf(await client.callTool({ name: 'get_user', arguments: { user_id: neighbour } }))).toMatchObject({
      code: 'resource_missing',
      param: 'arguments.user_id',
    })
    const events = await client.callTool({ name: 'list_events', arguments: {} })
    expect((events.structuredContent as { data: { id: string }[] }).data.map((each) => each.id)).toEqual([event.id])
    // Changes wait for the user under the default policy.
    const proposed = await client.callTool({ name: 'cancel_event', arguments: { event_id: event.id } })
    expect(proposed.structuredContent).toMatchObject({ proposal: { status: 'proposed', user_id: user } })
    await client.close()
  })

  it('low_risk_direct, per token: a snooze executes at once, other changes still propose', async () => {
    const user = await createUser()
    const event = await createEvent(user)
    const reminder = await sandbox('POST', `/v1/events/${event.id}/reminders`, { offset_minutes: 60 })
    const token = (
      await mint(user, { permissions: { events: 'write', reminders: 'write' }, confirmation_policy: 'low_risk_direct' })
    ).body.secret as string
    const { client } = await connectMcp(test.sandbox, token)
    const snoozed = await client.callTool({
      name: 'snooze_reminder',
      arguments: { reminder_id: reminder.body.id, snooze_minutes: 15 },
    })
    expect(snoozed.structuredContent).toMatchObject({ proposal: { status: 'executed', confirmed_by_user: false } })
    const cancel = await client.callTool({ name: 'cancel_event', arguments: { event_id: event.id } })
    expect(cancel.structuredContent).toMatchObject({ proposal: { status: 'proposed' } })
    await client.close()
  })

  it('is refused on the REST API and on the other surface (401)', async () => {
    const user = await createUser()
    const token = (await mint(user, { permissions: { users: 'read' } })).body.secret as string
    const rest = await api(test.sandbox, 'GET', `/v1/users/${user}`, { key: token })
    expect(rest.status).toBe(401)
    expect(rest.body.error.code).toBe('authentication_failed')
    const live = await fetch(new URL('/mcp', test.live), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'close' },
      body: '{}',
    })
    expect(live.status).toBe(401)
    expect(LIVE_KEY).toMatch(/^sk_live_/)
  })

  it('a paused user’s token is 403 account_deactivated; a revoked one 401 and its session ends', async () => {
    const user = await createUser()
    const token = (await mint(user, { permissions: { users: 'read' } })).body.secret as string
    const { client, transport } = await connectMcp(test.sandbox, token)
    expect((await client.callTool({ name: 'get_user', arguments: {} })).structuredContent).toMatchObject({ id: user })
    await sandbox('POST', `/v1/users/${user}/deactivate`)
    const paused = await initialize(token)
    expect(paused.status).toBe(403)
    expect(((await paused.json()) as { error: { code: string } }).error.code).toBe('account_deactivated')
    await sandbox('POST', `/v1/users/${user}/reactivate`)
    expect((await client.callTool({ name: 'get_user', arguments: {} })).structuredContent).toMatchObject({ id: user })
    const listed = await sandbox('GET', `/v1/users/${user}/agent_tokens`)
    await sandbox('DELETE', `/v1/users/${user}/agent_tokens/${listed.body.data[0].id}`)
    const revoked = await initialize(token)
    expect(revoked.status).toBe(401)
    expect(revoked.headers.get('www-authenticate')).toContain('resource_metadata=')
    await expect(client.callTool({ name: 'get_user', arguments: {} })).rejects.toBeInstanceOf(StreamableHTTPError)
    expect(transport.sessionId).toEqual(expect.any(String))
  })

  it('an expired token is 401', async () => {
    const user = await createUser()
    const token = (await mint(user, { permissions: { users: 'read' }, expires_in: 60 })).body.secret as string
    expect((await initialize(token)).status).toBe(200)
    clock.offsetMs += 61_000
    try {
      expect((await initialize(token)).status).toBe(401)
    } finally {
      clock.offsetMs -= 61_000
    }
  })

  it('minting and revoking are in the audit log, the calling key as who; deleting the user removes its tokens', async () => {
    const user = await createUser()
    const minted = await mint(user, { permissions: { users: 'read' } })
    const token = minted.body.id as string
    expect((await sandbox('DELETE', `/v1/users/${user}/agent_tokens/${token}`)).status).toBe(200)
    const { application } = test.service
    const [account] = await application.accountRepository.listAccounts()
    const entries = (await application.dashboard.audit.list(account?.id ?? '', { targetId: token, limit: 10 })).data
    expect(entries.map((entry) => [entry.action, entry.actor.type, entry.livemode])).toEqual([
      ['agent_token.revoked', 'api_key', false],
      ['agent_token.created', 'api_key', false],
    ])
    const kept = (await mint(user, { permissions: { users: 'read' } })).body.id as string
    const store = application.surfaces.test.container.get(TOKENS.AgentTokenStore)
    expect(await store.get(kept)).not.toBeNull()
    expect((await sandbox('DELETE', `/v1/users/${user}`)).status).toBe(200)
    expect(await store.get(kept)).toBeNull()
    expect(await store.get(token)).toBeNull()
  })

  it('confirm_action refuses a proposal older than 5 minutes (proposal_expired), and nothing changes', async () => {
    const user = await createUser()
    const event = await createEvent(user)
    const { client } = await connectMcp(test.sandbox, TEST_KEY)
    const proposed = await client.callTool({ name: 'cancel_event', arguments: { user_id: user, event_id: event.id } })
    const proposalId = (proposed.structuredContent as { proposal: { id: string } }).proposal.id
    clock.offsetMs += 5 * 60_000 + 1_000
    try {
      const late = await client.callTool({ name: 'confirm_action', arguments: { proposal_id: proposalId } })
      expect(toolErrorOf(late)).toMatchObject({ code: 'proposal_expired', param: 'arguments.proposal_id' })
    } finally {
      clock.offsetMs -= 5 * 60_000 + 1_000
    }
    expect((await sandbox('GET', `/v1/events/${event.id}`)).status).toBe(200)
    await client.close()
  })
})
