import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, type ResponseJson, startTestService, TEST_KEY, type TestService } from '../support/service.js'
import { VoiceClient } from '../support/voice-client.js'

/**
 * A voice session acts with the authority of the key that made it, for its user, in its account, only while that
 * authority holds: a revocation, a roll without overlap, a permission removed, the user paused or deleted, the
 * connected account deleted end it. Two services: one whose periodic check never comes within a test (what a call
 * and a connection see at once), and one that checks its open connections every 50 ms (what an idle socket hears).
 */
let atOnce: TestService
let swept: TestService

// Each start waits for its service to listen; the budget only bounds a start that never comes (two services, on a
// machine that may be busy with other work).
beforeAll(async () => {
  ;[atOnce, swept] = await Promise.all([
    // An hour between checks: within these tests only the calls and the connections check.
    startTestService({ WORKER: 'false', RATE_LIMIT_REQUESTS: '100000', VOICE_SESSION_CHECK_MS: '3600000' }),
    startTestService({ WORKER: 'false', RATE_LIMIT_REQUESTS: '100000', VOICE_SESSION_CHECK_MS: '50' }),
  ])
}, 120_000)
afterAll(async () => {
  await Promise.all([atOnce?.stop(), swept?.stop()])
}, 120_000)

const GRANTS = { voice: 'write', users: 'read', events: 'read' } as const
let counter = 0

/** A restricted key with voice and read grants, a user, and a voice session made with the key (sandbox). */
const setUp = async (
  test: TestService,
  options: { connectedAccount?: boolean; grants?: Record<string, string> } = {},
) => {
  const call = (method: string, path: string, body?: unknown, key = TEST_KEY, account?: string) =>
    api(test.sandbox, method, path, {
      key,
      ...(body === undefined ? {} : { body }),
      ...(account === undefined ? {} : { headers: { 'Service-Account': account } }),
    })
  const created = await call('POST', '/v1/api_keys', {
    name: `voice ${++counter}`,
    permissions: options.grants ?? GRANTS,
  })
  expect(created.status).toBe(201)
  const key = created.body as ResponseJson
  const account = options.connectedAccount
    ? ((await call('POST', '/v1/connected_accounts', { name: `Shop ${counter}` })).body.id as string)
    : undefined
  const user = await call('POST', '/v1/users', { email: `revoked${counter}@example.com` }, TEST_KEY, account)
  expect(user.status).toBe(201)
  const session = await call('POST', '/v1/voice/sessions', { user_id: user.body.id }, key.secret, account)
  expect(session.status).toBe(201)
  return { call, key, account, userId: user.body.id as string, session: session.body as ResponseJson }
}
type SetUp = Awaited<ReturnType<typeof setUp>>

const connect = async (session: ResponseJson) => {
  const voice = await VoiceClient.connect(session.websocket_url, session.client_secret.value)
  await voice.nextOfType('session.ready')
  return voice
}

const refusal = async (session: ResponseJson) => {
  try {
    const voice = await VoiceClient.connect(session.websocket_url, session.client_secret.value)
    voice.close()
    return { status: null, body: null }
  } catch (error) {
    const { message, status } = error as Error & { status?: number }
    return { status: status ?? -1, body: JSON.parse(message.slice(message.indexOf('{'))) as ResponseJson }
  }
}

/** Each way a session's authority goes, and the reason it ends with. */
const CAUSES: readonly {
  readonly name: string
  readonly reason: string
  readonly connectedAccount?: boolean
  /** Whether the cause removes the session with its data (a deleted user): a connect then finds no session. */
  readonly erases?: boolean
  readonly apply: (setUp: SetUp, test: TestService) => Promise<unknown>
}[] = [
  {
    name: 'the key is revoked',
    reason: 'key_revoked',
    apply: ({ call, key }) => call('POST', `/v1/api_keys/${key.id}/revoke`),
  },
  {
    name: 'the key is rolled without overlap',
    reason: 'key_revoked',
    apply: ({ call, key }) => call('POST', `/v1/api_keys/${key.id}/roll`, { expires_in_seconds: 0 }),
  },
  {
    name: 'the key loses voice:write',
    reason: 'permission_removed',
    // What `npm run keys -- permissions KEY_ID --permissions users:read,events:read` does.
    apply: async ({ key }, test) => {
      const updated = await test.service.application.accounts.updateKeyPermissions(key.id, {
        users: 'read',
        events: 'read',
      })
      expect(updated.ok).toBe(true)
    },
  },
  {
    name: 'the user is paused',
    reason: 'user_deactivated',
    apply: ({ call, userId }) => call('POST', `/v1/users/${userId}/deactivate`),
  },
  {
    name: 'the user is deleted',
    reason: 'user_deleted',
    erases: true,
    apply: ({ call, userId }) => call('DELETE', `/v1/users/${userId}`),
  },
  {
    name: 'the connected account is deleted',
    reason: 'account_deleted',
    connectedAccount: true,
    erases: true,
    apply: ({ call, account }) => call('DELETE', `/v1/connected_accounts/${account}`),
  },
]

describe('A session whose authority is gone is refused at connect', () => {
  for (const cause of CAUSES)
    it(`${cause.name}: the connect token is refused, and a session that remains reads ended (${cause.reason})`, async () => {
      const setUp_ = await setUp(atOnce, { connectedAccount: cause.connectedAccount === true })
      await cause.apply(setUp_, atOnce)
      const refused = await refusal(setUp_.session)
      if (cause.erases) {
        // The deletion took the session with the user's data: its token names nothing any more.
        expect(refused.status).toBe(401)
        expect(refused.body.error.code).toBe('voice_token_invalid')
        return
      }
      expect(refused.status).toBe(409)
      expect(refused.body.error).toMatchObject({ code: 'voice_session_closed' })
      expect(refused.body.error.message).toContain(cause.reason)
      const shown = await setUp_.call('GET', `/v1/voice/sessions/${setUp_.session.id}`)
      expect(shown.body).toMatchObject({ status: 'ended', end_reason: cause.reason })
    })
})

describe('A connected session whose authority is gone: its next call is refused and the connection ends', () => {
  for (const cause of CAUSES)
    it(`${cause.name}: tool.error voice_session_closed, then session.ended (${cause.reason}) and close 4003`, async () => {
      const setUp_ = await setUp(atOnce, { connectedAccount: cause.connectedAccount === true })
      const voice = await connect(setUp_.session)
      expect(await voice.call('get_user')).toMatchObject({ type: 'tool.result' })
      await cause.apply(setUp_, atOnce)
      const refused = await voice.call('get_user')
      expect(refused).toMatchObject({ type: 'tool.error', error: { code: 'voice_session_closed' } })
      expect(refused.error.message).toContain(cause.reason)
      expect(await voice.nextOfType('session.ended')).toEqual({ type: 'session.ended', reason: cause.reason })
      expect(await voice.closed).toEqual({ code: 4003, reason: cause.reason })
    })

  it('a confirmation after the revocation executes nothing', async () => {
    const setUp_ = await setUp(atOnce, { grants: { ...GRANTS, users: 'write' } })
    const voice = await connect(setUp_.session)
    const proposed = await voice.call('update_preferences', { display_name: 'Ada' })
    expect(proposed).toMatchObject({ type: 'action.proposed' })
    await setUp_.call('POST', `/v1/api_keys/${setUp_.key.id}/revoke`)
    voice.send({ type: 'action.confirm', proposal_id: proposed.proposal.id })
    expect(await voice.nextOfType('error')).toMatchObject({
      ref: proposed.proposal.id,
      error: { code: 'voice_session_closed' },
    })
    expect(await voice.closed).toEqual({ code: 4003, reason: 'key_revoked' })
    const user = await setUp_.call('GET', `/v1/users/${setUp_.userId}`)
    expect(user.body.display_name).toBeNull()
  })
})

describe('A permission removed that the session does not need to exist narrows its tools', () => {
  it('the tools of the removed grant are refused with insufficient_permissions; the others still answer', async () => {
    const setUp_ = await setUp(atOnce)
    const voice = await connect(setUp_.session)
    expect(await voice.call('list_events')).toMatchObject({ type: 'tool.result' })
    await atOnce.service.application.accounts.updateKeyPermissions(setUp_.key.id, { voice: 'write', users: 'read' })
    expect(await voice.call('list_events')).toMatchObject({
      type: 'tool.error',
      error: { code: 'insufficient_permissions', message: expect.stringContaining('events:read') },
    })
    expect(await voice.call('get_user')).toMatchObject({ type: 'tool.result' })
    // Given back, the grant never exceeds what the session was made with: a session is never widened.
    await atOnce.service.application.accounts.updateKeyPermissions(setUp_.key.id, { ...GRANTS, events: 'write' })
    expect(await voice.call('list_events')).toMatchObject({ type: 'tool.result' })
    expect(await voice.call('cancel_event', { event_id: 'evt_unknown' })).toMatchObject({
      type: 'tool.error',
      error: { code: 'insufficient_permissions' },
    })
    voice.close()
  })

  it('a session connected after the removal is not offered those tools in session.ready', async () => {
    const setUp_ = await setUp(atOnce)
    await atOnce.service.application.accounts.updateKeyPermissions(setUp_.key.id, { voice: 'write', users: 'read' })
    const voice = await VoiceClient.connect(setUp_.session.websocket_url, setUp_.session.client_secret.value)
    const ready = await voice.nextOfType('session.ready')
    expect(ready.tools.map((tool: { name: string }) => tool.name)).toEqual(['get_user'])
    voice.close()
  })
})

describe('An idle connection hears the loss within VOICE_SESSION_CHECK_MS, on any host', () => {
  for (const cause of CAUSES)
    it(`${cause.name}: session.ended (${cause.reason}) and close 4003 without a message from the client`, async () => {
      const setUp_ = await setUp(swept, { connectedAccount: cause.connectedAccount === true })
      const voice = await connect(setUp_.session)
      await cause.apply(setUp_, swept)
      // A connected account's deletion erases its users one by one before the account: a check made meanwhile
      // finds the user gone first.
      const reasons = cause.reason === 'account_deleted' ? ['user_deleted', 'account_deleted'] : [cause.reason]
      const ended = await voice.nextOfType('session.ended')
      expect(reasons).toContain(ended.reason)
      expect(await voice.closed).toEqual({ code: 4003, reason: ended.reason })
    })

  it('a key rolled with an overlap keeps its sessions until the overlap ends, then ends them', async () => {
    const setUp_ = await setUp(swept)
    const voice = await connect(setUp_.session)
    const rolled = await setUp_.call('POST', `/v1/api_keys/${setUp_.key.id}/roll`, { expires_in_seconds: 1 })
    expect(rolled.status).toBe(200)
    expect(await voice.call('get_user')).toMatchObject({ type: 'tool.result' })
    expect(await voice.nextOfType('session.ended')).toEqual({ type: 'session.ended', reason: 'key_revoked' })
    expect(await voice.closed).toEqual({ code: 4003, reason: 'key_revoked' })
  })

  it('an end by the API made on another host reaches an idle connection too', async () => {
    const setUp_ = await setUp(swept)
    const voice = await connect(setUp_.session)
    // The store's end alone, as another host's POST .../end writes it: this host's gateway is not told.
    const scope = { accountId: accountOf(setUp_.session), livemode: false, clock: { now: () => new Date() } }
    await swept.service.application.surfaces.test.voice.end(scope, setUp_.session.id, 'ended_by_api')
    expect(await voice.nextOfType('session.ended')).toEqual({ type: 'session.ended', reason: 'ended_by_api' })
    expect(await voice.closed).toEqual({ code: 4000, reason: 'ended_by_api' })
  })
})

/** The account a session's data lives in: its connect token's `account` claim. */
const accountOf = (session: ResponseJson): string => {
  const [, payload] = String(session.client_secret.value).split('.')
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()).account as string
}
