import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, type ResponseJson, startTestService, TEST_KEY, type TestService } from '../support/service.js'
import { VoiceClient } from '../support/voice-client.js'

let test: TestService
let client: ReturnType<typeof clients>

beforeAll(async () => {
  test = await startTestService({ WORKER: 'false', RATE_LIMIT_REQUESTS: '100000' })
  client = clients(test)
})
afterAll(() => test.stop())

const HOUR = 3_600_000
let counter = 0
const createUser = async (headers: Record<string, string> = {}) =>
  (await client.sandbox('POST', '/v1/users', { body: { email: `voice${++counter}@example.com` }, headers })).body
    .id as string
const createEvent = async (userId: string, title = 'Dentist', headers: Record<string, string> = {}) => {
  const start = Date.now() + 48 * HOUR + counter * 60_000
  const response = await client.sandbox('POST', '/v1/events', {
    headers,
    body: {
      user_id: userId,
      title,
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + HOUR).toISOString(),
      location: { name: 'Office', lat: 48.87, lng: 2.33 },
    },
  })
  expect(response.status).toBe(201)
  return response.body as ResponseJson
}
const createSession = async (userId: string, body: Record<string, unknown> = {}, key = TEST_KEY) => {
  const response = await client.sandbox('POST', '/v1/voice/sessions', { key, body: { user_id: userId, ...body } })
  expect(response.status).toBe(201)
  return response.body as ResponseJson
}
const open = async (userId: string, body: Record<string, unknown> = {}) => {
  const session = await createSession(userId, body)
  const voice = await VoiceClient.connect(session.websocket_url, session.client_secret.value)
  const ready = await voice.nextOfType('session.ready')
  return { session, voice, ready }
}
const advance = (seconds: number) => client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds } })

describe('POST /v1/voice/sessions returns a session bound to one user and a short-lived connect token', () => {
  it('answers 201 with the vs_ session, its tools, times, the WebSocket URL and a JWT', async () => {
    const user = await createUser()
    const session = await createSession(user, { locale: 'fr-FR' })
    expect(session).toMatchObject({
      object: 'voice_session',
      user_id: user,
      status: 'created',
      confirmation_policy: 'always',
      locale: 'fr-FR',
      model: 'embedded',
      actions: [],
      livemode: false,
    })
    expect(session.id).toMatch(/^vs_/)
    expect(session.tools).toHaveLength(26)
    expect(session.websocket_url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v1\/voice\/ws$/)
    const [, payload] = session.client_secret.value.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    expect(claims).toMatchObject({
      sub: session.id,
      aud: 'voice_session',
      user_id: user,
      surface: 'test',
      permissions: '*',
    })
    expect(claims.exp - claims.iat).toBe(300)
    // Whole seconds (as the token's exp), 30 minutes after creation.
    expect(Date.parse(session.expires_at) % 1000).toBe(0)
    expect(Date.parse(session.created_at) + 30 * 60_000 - Date.parse(session.expires_at)).toBeLessThan(1000)
  })

  it('a paused user gets 403 account_deactivated; an unknown user 404 naming user_id; a bad tool 400 naming it', async () => {
    const user = await createUser()
    await client.sandbox('POST', `/v1/users/${user}/deactivate`, { body: {} })
    const paused = await client.sandbox('POST', '/v1/voice/sessions', { body: { user_id: user } })
    expect(paused.status).toBe(403)
    expect(paused.body.error.code).toBe('account_deactivated')
    const missing = await client.sandbox('POST', '/v1/voice/sessions', { body: { user_id: 'usr_nobody' } })
    expect(missing.status).toBe(404)
    expect(missing.body.error.param).toBe('user_id')
    const other = await createUser()
    const tool = await client.sandbox('POST', '/v1/voice/sessions', {
      body: { user_id: other, tools: ['get_event', 'fly_to_moon'] },
    })
    expect(tool.status).toBe(400)
    expect(tool.body.error.param).toBe('tools[1]')
    const relay = await client.sandbox('POST', '/v1/voice/sessions', {
      body: { user_id: other, model: 'realtime_relay' },
    })
    expect(relay.status).toBe(400)
    expect(relay.body.error.param).toBe('model')
  })

  it('limits sessions to 60 per hour per user (429 rate_limit_error), other users unaffected', async () => {
    const user = await createUser()
    for (let index = 0; index < 60; index++) await createSession(user)
    const refused = await client.sandbox('POST', '/v1/voice/sessions', { body: { user_id: user } })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' })
    expect(refused.body.error.retry_after_seconds).toBeGreaterThan(0)
    expect(refused.headers.get('retry-after')).not.toBeNull()
    await createSession(await createUser())
  })
})

describe('GET /v1/voice/sessions/{id} and POST .../end', () => {
  it('shows status, times and the actions taken; end closes the connection with 4000', async () => {
    const user = await createUser()
    const event = await createEvent(user)
    const { session, voice } = await open(user)
    const proposed = await voice.call('cancel_event', { event_id: event.id })
    voice.send({ type: 'action.confirm', proposal_id: proposed.proposal.id })
    await voice.nextOfType('action.executed')
    const shown = await client.sandbox('GET', `/v1/voice/sessions/${session.id}`)
    expect(shown.body).toMatchObject({ status: 'active', user_id: user })
    expect(shown.body.connected_at).not.toBeNull()
    expect(shown.body.actions).toEqual([
      expect.objectContaining({
        id: proposed.proposal.id,
        tool: 'cancel_event',
        status: 'executed',
        confirmed_by_user: true,
      }),
    ])
    expect(shown.body).not.toHaveProperty('client_secret')
    const ended = await client.sandbox('POST', `/v1/voice/sessions/${session.id}/end`, { body: {} })
    expect(ended.body).toMatchObject({ status: 'ended', end_reason: 'ended_by_api' })
    expect(await voice.nextOfType('session.ended')).toMatchObject({ reason: 'ended_by_api' })
    expect(await voice.closed).toEqual({ code: 4000, reason: 'ended_by_api' })
    const again = await client.sandbox('POST', `/v1/voice/sessions/${session.id}/end`, { body: {} })
    expect(again.body.status).toBe('ended')
    expect((await client.sandbox('GET', '/v1/voice/sessions/vs_unknown')).status).toBe(404)
  })

  it('a session ended mid-call: the call in flight is answered or dropped, nothing runs after the end', async () => {
    const user = await createUser()
    const event = await createEvent(user)
    const { session, voice } = await open(user)
    const proposed = await voice.call('cancel_event', { event_id: event.id })
    voice.send({ type: 'tool.call', call_id: 'mid', name: 'get_event', arguments: { event_id: event.id } })
    await client.sandbox('POST', `/v1/voice/sessions/${session.id}/end`, { body: {} })
    expect((await voice.closed).code).toBe(4000)
    // The token is spent and the session ended: no new connection can confirm the proposal.
    expect(await VoiceClient.refusal(session.websocket_url, session.client_secret.value)).toBe(409)
    expect((await client.sandbox('GET', `/v1/events/${event.id}`)).status).toBe(200)
    const shown = await client.sandbox('GET', `/v1/voice/sessions/${session.id}`)
    expect(shown.body.actions[0]).toMatchObject({ id: proposed.proposal.id, status: 'proposed' })
  })
})

describe('The WebSocket is authenticated by the session JWT only', () => {
  it('accepts the token as ?token= or as the bearer. subprotocol, once', async () => {
    const user = await createUser()
    const first = await createSession(user)
    const byQuery = await VoiceClient.connect(first.websocket_url, first.client_secret.value)
    expect((await byQuery.nextOfType('session.ready')).session.id).toBe(first.id)
    // Reused: refused, even while the first connection is open.
    expect(await VoiceClient.refusal(first.websocket_url, first.client_secret.value)).toBe(401)
    byQuery.close()
    const second = await createSession(user)
    const byProtocol = await VoiceClient.connect(second.websocket_url, second.client_secret.value, 'protocol')
    expect((await byProtocol.nextOfType('session.ready')).session.id).toBe(second.id)
    expect(byProtocol.ws.protocol).toBe('voice.v1')
    byProtocol.close()
  })

  it('refuses a missing, forged, API-key, other-surface or expired token with 401', async () => {
    const user = await createUser()
    const session = await createSession(user)
    const url = session.websocket_url
    expect(await VoiceClient.refusal(url, '')).toBe(401)
    expect(await VoiceClient.refusal(url, TEST_KEY)).toBe(401)
    const [header, payload] = session.client_secret.value.split('.')
    expect(await VoiceClient.refusal(url, `${header}.${payload}.${'A'.repeat(43)}`)).toBe(401)
    // The same token on production: another issuer.
    const liveUrl = `${test.live.replace(/^http/, 'ws')}/v1/voice/ws`
    expect(await VoiceClient.refusal(liveUrl, session.client_secret.value)).toBe(401)
    // The connect token lives 5 minutes.
    const late = await createSession(user)
    await advance(301)
    expect(await VoiceClient.refusal(late.websocket_url, late.client_secret.value)).toBe(401)
    // The first one was never used and is as old: also refused.
    expect(await VoiceClient.refusal(url, session.client_secret.value)).toBe(401)
  })
})

describe('At most 10 concurrent voice sessions per API key', () => {
  it('the 11th connection is closed with 4429 and a reason; it connects once another ends', async () => {
    const user = await createUser()
    const clientsOpen: VoiceClient[] = []
    for (let index = 0; index < 10; index++) {
      const session = await createSession(user)
      const voice = await VoiceClient.connect(session.websocket_url, session.client_secret.value)
      await voice.nextOfType('session.ready')
      clientsOpen.push(voice)
    }
    const eleventh = await createSession(user)
    const refused = await VoiceClient.connect(eleventh.websocket_url, eleventh.client_secret.value)
    expect((await refused.nextOfType('error')).error).toMatchObject({ code: 'rate_limit_exceeded' })
    expect(await refused.closed).toEqual({
      code: 4429,
      reason: 'too many concurrent voice sessions for this API key',
    })
    const leaving = clientsOpen.pop()!
    leaving.close()
    await leaving.closed
    // The slot frees once the server has processed the close: retry until then (bounded).
    let admitted: VoiceClient | null = null
    for (let attempt = 0; attempt < 50 && admitted === null; attempt++) {
      const voice = await VoiceClient.connect(eleventh.websocket_url, eleventh.client_secret.value)
      const first = await voice.next()
      if (first.type === 'session.ready') admitted = voice
      else await voice.closed
    }
    expect(admitted).not.toBeNull()
    for (const voice of [...clientsOpen, admitted!]) voice.close()
  })
})
