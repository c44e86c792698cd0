import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxConsent } from '../support/hosted-page.js'
import { clients, type ResponseJson, startOnKnownPorts, TEST_KEY, type TestService } from '../support/service.js'
import { VoiceClient } from '../support/voice-client.js'

let test: TestService
let client: ReturnType<typeof clients>

beforeAll(async () => {
  // Fixed ports: the sandbox consent page of a calendar connection links to them.
  test = await startOnKnownPorts(() => ({
    WORKER: 'false',
    RATE_LIMIT_REQUESTS: '100000',
  }))
  client = clients(test)
})
afterAll(() => test.stop())

const HOUR = 3_600_000
let counter = 0
/** A user with a home, so that its events get a departure window. */
const createUser = async (headers: Record<string, string> = {}) =>
  (
    await client.sandbox('POST', '/v1/users', {
      body: { email: `tools${++counter}@example.com`, home_location: { lat: 48.85, lng: 2.35 } },
      headers,
    })
  ).body.id as string
const startIn = (hours: number) => Date.now() + hours * HOUR + ++counter * 60_000
const createEvent = async (userId: string, title = 'Dentist', headers: Record<string, string> = {}) => {
  const start = startIn(48)
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
const open = async (userId: string, body: Record<string, unknown> = {}, key = TEST_KEY) => {
  const response = await client.sandbox('POST', '/v1/voice/sessions', { key, body: { user_id: userId, ...body } })
  expect(response.status).toBe(201)
  const session = response.body as ResponseJson
  const voice = await VoiceClient.connect(session.websocket_url, session.client_secret.value)
  const ready = await voice.nextOfType('session.ready')
  return { session, voice, ready }
}
/** Proposes with a write tool, confirms, and answers the `action.executed` message. */
const proposeAndConfirm = async (voice: VoiceClient, name: string, args: unknown) => {
  const proposed = await voice.call(name, args)
  if (proposed.type !== 'action.proposed') throw new Error(`${name}: ${JSON.stringify(proposed)}`)
  voice.send({ type: 'action.confirm', proposal_id: proposed.proposal.id })
  const executed = await voice.next((message) => message.proposal_id === proposed.proposal.id)
  expect(executed.type).toBe('action.executed')
  return { proposed, executed }
}

describe('session.ready lists every tool with its JSON Schema and permission', () => {
  it('lists 26 tools, each with parameters as a JSON Schema object', async () => {
    const { ready, voice } = await open(await createUser())
    expect(ready.tools.map((tool: ResponseJson) => tool.name)).toContain('move_event')
    expect(ready.tools).toHaveLength(26)
    const move = ready.tools.find((tool: ResponseJson) => tool.name === 'move_event')
    expect(move).toMatchObject({ kind: 'write', permission: 'events:write' })
    expect(move.parameters).toMatchObject({
      type: 'object',
      required: ['event_id', 'start_time'],
      additionalProperties: false,
    })
    const compute = ready.tools.find((tool: ResponseJson) => tool.name === 'compute_departure')
    expect(JSON.stringify(compute.parameters)).not.toContain('"additionalProperties":true')
    expect(ready.limits).toEqual({ max_message_bytes: 32768, messages_per_second: 20, proposal_lifetime_seconds: 300 })
    voice.close()
  })
})

describe('Read tools answer at once, scoped to the session user', () => {
  it('get_user, list_events, search_events, get_event, get_departure, compute_departure, list_reminders', async () => {
    const user = await createUser()
    const dentist = await createEvent(user, 'Dentist appointment')
    await createEvent(user, 'Team lunch')
    const reminder = await client.sandbox('POST', `/v1/events/${dentist.id}/reminders`, {
      body: { offset_minutes: 60 },
    })
    const { voice } = await open(user)
    expect((await voice.call('get_user')).result).toMatchObject({ object: 'user', id: user })
    const listed = await voice.call('list_events', { limit: 10 })
    expect(listed.type).toBe('tool.result')
    expect(listed.result.data.map((event: ResponseJson) => event.title).sort()).toEqual([
      'Dentist appointment',
      'Team lunch',
    ])
    const searched = await voice.call('search_events', { query: 'DENTIST' })
    expect(searched.result.data.map((event: ResponseJson) => event.id)).toEqual([dentist.id])
    expect((await voice.call('get_event', { event_id: dentist.id })).result).toMatchObject({ id: dentist.id })
    const departure = await voice.call('get_departure', { event_id: dentist.id })
    expect(departure.type).toBe('tool.result')
    expect(departure.result).toMatchObject({ object: 'departure', event_id: dentist.id })
    const computed = await voice.call('compute_departure', {
      from_location: { lat: 48.85, lng: 2.35 },
      to_location: { lat: 48.87, lng: 2.33 },
      arrive_by: new Date(startIn(5)).toISOString(),
    })
    expect(computed.result).toMatchObject({ object: 'departure', event_id: null })
    const reminders = await voice.call('list_reminders', { event_id: dentist.id })
    expect(reminders.result.data.map((item: ResponseJson) => item.id)).toEqual([reminder.body.id])
    voice.close()
  })

  it('get_invitation, list_connections, list_calendars', async () => {
    const user = await createUser()
    const event = await createEvent(user)
    const invited = await client.sandbox('POST', '/v1/invitations', {
      body: { event_id: event.id, attendees: [{ email: 'guest@example.com' }] },
    })
    const { voice } = await open(user)
    const invitation = await voice.call('get_invitation', { invitation_id: invited.body.data[0].id })
    expect(invitation.result).toMatchObject({ object: 'invitation', id: invited.body.data[0].id })
    const connections = await voice.call('list_connections')
    expect(connections.result).toMatchObject({ object: 'list', data: [] })
    const calendars = await voice.call('list_calendars', { connection_id: 'con_unknown' })
    expect(calendars.type).toBe('tool.error')
    expect(calendars.error).toMatchObject({ code: 'resource_missing', param: 'connection_id' })
    voice.close()
  })
})

describe('list_connections and list_calendars reach the user’s calendar connections', () => {
  it('lists a connected Google calendar account and its calendars; another user’s connection is not found', async () => {
    const user = await createUser()
    const started = await client.sandbox('POST', '/v1/connections/start', {
      body: { provider: 'google', user_id: user, return_url: 'https://app.example.com/connected' },
    })
    const { location } = await sandboxConsent(test.sandbox, started.body.redirect_url, 'allow')
    const back = await fetch(location, { redirect: 'manual' })
    const connectionId = new URL(back.headers.get('location')!).searchParams.get('connection_id')!
    const { voice } = await open(user)
    const connections = await voice.call('list_connections')
    expect(connections.result.data.map((connection: ResponseJson) => connection.id)).toEqual([connectionId])
    const calendars = await voice.call('list_calendars', { connection_id: connectionId })
    const expected = (await client.sandbox('GET', `/v1/connections/${connectionId}/calendars`)).body.data
    expect(calendars.result.data.map((calendar: ResponseJson) => calendar.id)).toEqual(
      expected.map((calendar: ResponseJson) => calendar.id),
    )
    expect(calendars.result.data.length).toBeGreaterThan(0)
    voice.close()
    const other = await open(await createUser())
    expect((await other.voice.call('list_calendars', { connection_id: connectionId })).error.code).toBe(
      'resource_missing',
    )
    other.voice.close()
  })
})

describe('Write tools propose; action.confirm executes exactly once', () => {
  it('create_event, move_event, update_event, cancel_event reach the same use cases as REST', async () => {
    const user = await createUser()
    const { voice } = await open(user)
    const start = startIn(72)
    const created = await proposeAndConfirm(voice, 'create_event', {
      title: 'Voice-made',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + HOUR).toISOString(),
    })
    expect(created.proposed.proposal).toMatchObject({ tool: 'create_event', resource: { type: 'event', id: null } })
    expect(created.proposed.proposal.id).toMatch(/^prp_/)
    expect(created.proposed.proposal.summary).toContain('Voice-made')
    const eventId = created.executed.result.id
    expect((await client.sandbox('GET', `/v1/events/${eventId}`)).body).toMatchObject({
      title: 'Voice-made',
      user_id: user,
    })
    const newStart = new Date(start + 2 * HOUR).toISOString()
    const moved = await proposeAndConfirm(voice, 'move_event', { event_id: eventId, start_time: newStart })
    expect(moved.proposed.proposal.change.start_time).toEqual({ from: new Date(start).toISOString(), to: newStart })
    expect((await client.sandbox('GET', `/v1/events/${eventId}`)).body.end_time).toBe(
      new Date(start + 3 * HOUR).toISOString(),
    )
    await proposeAndConfirm(voice, 'update_event', { event_id: eventId, title: 'Renamed' })
    expect((await client.sandbox('GET', `/v1/events/${eventId}`)).body.title).toBe('Renamed')
    const cancelled = await proposeAndConfirm(voice, 'cancel_event', { event_id: eventId })
    expect(cancelled.executed.result.deleted).toBe(true)
    expect((await client.sandbox('GET', `/v1/events/${eventId}`)).status).toBe(404)
    voice.close()
  })

  it('recompute_departure, create_reminder, snooze_reminder, cancel_reminder, send_invitations, update_preferences', async () => {
    const user = await createUser()
    const event = await createEvent(user)
    const { voice } = await open(user)
    const recomputed = await proposeAndConfirm(voice, 'recompute_departure', { event_id: event.id })
    expect(recomputed.executed.result).toMatchObject({ object: 'departure', event_id: event.id })
    const reminder = await proposeAndConfirm(voice, 'create_reminder', { event_id: event.id, offset_minutes: 30 })
    const reminderId = reminder.executed.result.id
    expect((await client.sandbox('GET', `/v1/reminders/${reminderId}`)).body.offset_minutes).toBe(30)
    const snoozed = await proposeAndConfirm(voice, 'snooze_reminder', { reminder_id: reminderId, snooze_minutes: 5 })
    expect(snoozed.executed.result.id).toBe(reminderId)
    await proposeAndConfirm(voice, 'cancel_reminder', { reminder_id: reminderId })
    expect((await client.sandbox('GET', `/v1/reminders/${reminderId}`)).body.status).toBe('cancelled')
    const invited = await proposeAndConfirm(voice, 'send_invitations', {
      event_id: event.id,
      attendees: [{ email: 'friend@example.com', name: 'Friend' }],
    })
    expect(invited.executed.result.data[0]).toMatchObject({
      object: 'invitation',
      attendee_email: 'friend@example.com',
    })
    const preferences = await proposeAndConfirm(voice, 'update_preferences', { default_travel_mode: 'transit' })
    expect(preferences.proposed.proposal.change.default_travel_mode).toEqual({ from: 'drive', to: 'transit' })
    expect((await client.sandbox('GET', `/v1/users/${user}`)).body.default_travel_mode).toBe('transit')
    voice.close()
  })

  it('a repeated confirm replays the outcome; a concurrent confirm executes once', async () => {
    const user = await createUser()
    const { voice } = await open(user)
    const start = startIn(80)
    const args = {
      title: 'Once',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + HOUR).toISOString(),
    }
    const proposed = await voice.call('create_event', args)
    const id = proposed.proposal.id
    // Concurrent: three confirms sent before any answer.
    for (let index = 0; index < 3; index++) voice.send({ type: 'action.confirm', proposal_id: id })
    const answers = [
      await voice.next((m) => m.proposal_id === id),
      await voice.next((m) => m.proposal_id === id),
      await voice.next((m) => m.proposal_id === id),
    ]
    expect(answers.every((answer) => answer.type === 'action.executed')).toBe(true)
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1)
    expect(new Set(answers.map((answer) => answer.result.id)).size).toBe(1)
    // Repeated later: the same outcome again, replayed.
    voice.send({ type: 'action.confirm', proposal_id: id })
    expect(await voice.next((m) => m.proposal_id === id)).toMatchObject({ type: 'action.executed', replayed: true })
    const events = await client.sandbox('GET', `/v1/events?user_id=${user}`)
    expect(events.body.data.filter((event: ResponseJson) => event.title === 'Once')).toHaveLength(1)
    voice.close()
  })

  it('reject: the proposal never executes, and a confirm after it is refused', async () => {
    const user = await createUser()
    const event = await createEvent(user)
    const { voice } = await open(user)
    const proposed = await voice.call('cancel_event', { event_id: event.id })
    voice.send({ type: 'action.reject', proposal_id: proposed.proposal.id })
    expect(await voice.nextOfType('action.rejected')).toEqual({
      type: 'action.rejected',
      proposal_id: proposed.proposal.id,
    })
    voice.send({ type: 'action.confirm', proposal_id: proposed.proposal.id })
    const refused = await voice.nextOfType('error')
    expect(refused).toMatchObject({ ref: proposed.proposal.id, error: { code: 'invalid_state_transition' } })
    expect((await client.sandbox('GET', `/v1/events/${event.id}`)).status).toBe(200)
    voice.close()
  })

  it('a stale proposal (the event changed meanwhile) is refused with proposal_stale and does not execute', async () => {
    const user = await createUser()
    const event = await createEvent(user)
    const { voice } = await open(user)
    const proposed = await voice.call('move_event', {
      event_id: event.id,
      start_time: new Date(startIn(90)).toISOString(),
    })
    await client.sandbox('PATCH', `/v1/events/${event.id}`, { body: { title: 'Changed elsewhere' } })
    voice.send({ type: 'action.confirm', proposal_id: proposed.proposal.id })
    expect((await voice.nextOfType('error')).error).toMatchObject({ code: 'proposal_stale', param: 'proposal_id' })
    expect((await client.sandbox('GET', `/v1/events/${event.id}`)).body.start_time).toBe(event.start_time)
    voice.close()
  })

  it('an expired proposal (5 minutes) is refused with proposal_expired', async () => {
    const user = await createUser()
    const event = await createEvent(user)
    const { voice } = await open(user, { expires_in: 3600 })
    const proposed = await voice.call('cancel_event', { event_id: event.id })
    await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 301 } })
    voice.send({ type: 'action.confirm', proposal_id: proposed.proposal.id })
    expect((await voice.nextOfType('error')).error).toMatchObject({ code: 'proposal_expired' })
    expect((await client.sandbox('GET', `/v1/events/${event.id}`)).status).toBe(200)
    voice.close()
  })

  it('low_risk_direct: a snooze executes at once (confirmed_by_user false); other changes still propose', async () => {
    const user = await createUser()
    const event = await createEvent(user)
    const reminder = await client.sandbox('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 60 } })
    const { voice } = await open(user, { confirmation_policy: 'low_risk_direct' })
    const snoozed = await voice.call('snooze_reminder', { reminder_id: reminder.body.id, snooze_minutes: 15 })
    expect(snoozed).toMatchObject({ type: 'action.executed', confirmed_by_user: false, replayed: false })
    expect((await voice.call('cancel_event', { event_id: event.id })).type).toBe('action.proposed')
    voice.close()
  })
})

describe('The service never trusts the model: validation, scope and permissions', () => {
  it('invalid arguments are a tool.error naming the argument; unknown tools and keys refused', async () => {
    const user = await createUser()
    const { voice } = await open(user)
    expect((await voice.call('move_event', { event_id: 'evt_1', start_time: 'tomorrow' })).error).toMatchObject({
      code: 'parameter_invalid',
      param: 'arguments.start_time',
    })
    expect((await voice.call('get_event', {})).error).toMatchObject({
      code: 'parameter_missing',
      param: 'arguments.event_id',
    })
    expect((await voice.call('list_events', { user_id: 'usr_other' })).error).toMatchObject({
      code: 'parameter_unknown',
      param: 'arguments.user_id',
    })
    const noArguments = await voice.call('get_user', { user_id: 'usr_other' })
    expect(noArguments.error).toMatchObject({ code: 'parameter_invalid', param: 'arguments' })
    expect(noArguments.error.message).toContain('user_id')
    expect((await voice.call('launch_rocket', {})).error).toMatchObject({ code: 'parameter_invalid', param: 'name' })
    voice.close()
  })

  it("another user's event and another (connected) account's event are not found", async () => {
    const me = await createUser()
    const other = await createUser()
    const othersEvent = await createEvent(other)
    const cpa = (await client.sandbox('POST', '/v1/connected_accounts', { body: { name: 'Tenant' } })).body.id
    const tenantUser = await createUser({ 'service-account': cpa })
    const tenantEvent = await createEvent(tenantUser, 'Tenant event', { 'service-account': cpa })
    const { voice } = await open(me)
    for (const id of [othersEvent.id, tenantEvent.id]) {
      expect((await voice.call('get_event', { event_id: id })).error).toMatchObject({
        code: 'resource_missing',
        param: 'event_id',
      })
      expect((await voice.call('cancel_event', { event_id: id })).error.code).toBe('resource_missing')
    }
    expect((await client.sandbox('GET', `/v1/events/${othersEvent.id}`)).status).toBe(200)
    voice.close()
  })

  it("a proposal of another session can't be confirmed from this one", async () => {
    const user = await createUser()
    const event = await createEvent(user)
    const first = await open(user)
    const proposed = await first.voice.call('cancel_event', { event_id: event.id })
    const second = await open(user)
    second.voice.send({ type: 'action.confirm', proposal_id: proposed.proposal.id })
    expect((await second.voice.nextOfType('error')).error).toMatchObject({ code: 'resource_missing' })
    first.voice.close()
    second.voice.close()
  })

  it("a session acts with its key's permissions: a restricted key gets only the tools it grants", async () => {
    const key = await client.sandbox('POST', '/v1/api_keys', {
      body: { name: 'voice reader', permissions: { voice: 'write', events: 'read', users: 'read' } },
    })
    const user = await createUser()
    const event = await createEvent(user)
    const refused = await client.sandbox('POST', '/v1/voice/sessions', {
      key: key.body.secret,
      body: { user_id: user, tools: ['cancel_event'] },
    })
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toContain('events:write')
    const { voice, ready } = await open(user, {}, key.body.secret)
    expect(ready.tools.map((tool: ResponseJson) => tool.name).sort()).toEqual([
      'get_event',
      'get_event_health',
      'get_user',
      'list_events',
      'search_events',
    ])
    expect((await voice.call('cancel_event', { event_id: event.id })).error).toMatchObject({
      code: 'insufficient_permissions',
    })
    expect((await voice.call('get_event', { event_id: event.id })).type).toBe('tool.result')
    voice.close()
  })
})

describe('Malformed, oversized and flooding messages get an error message; the connection and process stay', () => {
  it('answers invalid JSON, a missing type, an unknown type and a bad confirm, then still serves', async () => {
    const { voice } = await open(await createUser())
    voice.send('{not json')
    expect((await voice.nextOfType('error')).error.code).toBe('invalid_json')
    voice.send({ hello: 1 })
    expect((await voice.nextOfType('error')).error).toMatchObject({ code: 'parameter_missing', param: 'type' })
    voice.send({ type: 'teleport' })
    expect((await voice.nextOfType('error')).error).toMatchObject({ code: 'parameter_invalid', param: 'type' })
    voice.send({ type: 'action.confirm' })
    expect((await voice.nextOfType('error')).error).toMatchObject({ code: 'parameter_missing', param: 'proposal_id' })
    voice.ws.send(Buffer.from([1, 2, 3]), { binary: true })
    expect((await voice.nextOfType('error')).error.code).toBe('unsupported_media_type')
    voice.send({ type: 'ping', id: 'p1' })
    expect(await voice.nextOfType('pong')).toEqual({ type: 'pong', id: 'p1' })
    voice.close()
  })

  it('a message over 32 KiB is answered message_too_large; one over 1 MiB closes with 1009; the service lives', async () => {
    const { voice } = await open(await createUser())
    voice.send({ type: 'ping', id: 'x'.repeat(40_000) })
    expect((await voice.nextOfType('error')).error.code).toBe('message_too_large')
    voice.send({ type: 'ping', id: 'after' })
    expect(await voice.nextOfType('pong')).toEqual({ type: 'pong', id: 'after' })
    voice.send('x'.repeat(1024 * 1024 + 10))
    expect((await voice.closed).code).toBe(1009)
    expect((await client.sandbox('GET', '/v1/health')).status).toBe(200)
  })

  it('beyond 20 messages per second (burst 40) each message is answered 429, and the session goes on', async () => {
    const { voice } = await open(await createUser())
    for (let index = 0; index < 60; index++) voice.send({ type: 'ping', id: `f${index}` })
    const limited = await voice.nextOfType('error')
    expect(limited.error).toMatchObject({ code: 'rate_limit_exceeded', type: 'rate_limit_error' })
    expect(limited.error.retry_after_seconds).toBe(1)
    expect((await voice.nextOfType('pong')).id).toBe('f0')
    voice.close()
  })

  it('session.end from the client closes with 1000', async () => {
    const { voice, session } = await open(await createUser())
    voice.send({ type: 'session.end' })
    expect(await voice.nextOfType('session.ended')).toEqual({ type: 'session.ended', reason: 'ended_by_client' })
    expect((await voice.closed).code).toBe(1000)
    const shown = await client.sandbox('GET', `/v1/voice/sessions/${session.id}`)
    expect(shown.body).toMatchObject({ status: 'ended', end_reason: 'ended_by_client' })
  })
})

describe('Scheduling tools: the session user, that user’s calendars and external addresses only', () => {
  it('find_free_busy, find_slots, suggest_times, parse_event_text, get_event_health answer for the session user', async () => {
    const user = await createUser()
    const event = await createEvent(user, 'Planning')
    const { voice } = await open(user)
    const from = new Date(startIn(24)).toISOString()
    const to = new Date(startIn(96)).toISOString()
    const busy = await voice.call('find_free_busy', { from, to })
    expect(busy.type).toBe('tool.result')
    expect(busy.result.object).toBe('freebusy')
    expect(Object.keys(busy.result.participants)).toEqual([user])
    expect(busy.result.participants[user].busy).toHaveLength(1)
    const slots = await voice.call('find_slots', {
      participants: ['external:sam@example.com'],
      duration_minutes: 30,
      earliest_start: from,
      latest_end: to,
    })
    expect(slots.type).toBe('tool.result')
    expect(slots.result.object).toBe('list')
    expect(slots.result.data.length).toBeGreaterThan(0)
    const suggested = await voice.call('suggest_times', { intent: 'coffee with Sam', duration_minutes: 30 })
    expect(suggested.type).toBe('tool.result')
    expect(suggested.result.object).toBe('list')
    const parsed = await voice.call('parse_event_text', { text: 'Lunch with Sam tomorrow at noon' })
    expect(parsed.type).toBe('tool.result')
    expect(JSON.stringify(parsed.result)).toContain(user)
    const health = await voice.call('get_event_health', { event_id: event.id })
    expect(health.type).toBe('tool.result')
    expect(JSON.stringify(health.result)).toContain(event.id)
    voice.close()
  })

  it("another user of the account (or that user's event) is refused, naming the argument", async () => {
    const user = await createUser()
    const other = await createUser()
    const theirs = await createEvent(other, 'Private')
    const { voice } = await open(user)
    const from = new Date(startIn(24)).toISOString()
    const to = new Date(startIn(96)).toISOString()
    for (const [name, args] of [
      ['find_free_busy', { participants: [other], from, to }],
      ['find_slots', { participants: [other], duration_minutes: 30, earliest_start: from, latest_end: to }],
      ['suggest_times', { participants: [other], intent: 'sync', duration_minutes: 30 }],
    ] as const) {
      const refused = await voice.call(name, args)
      expect(refused.type).toBe('tool.error')
      expect(refused.error.param).toBe('participants')
      expect(refused.result).toBeUndefined()
    }
    const health = await voice.call('get_event_health', { event_id: theirs.id })
    expect(health.type).toBe('tool.error')
    expect(health.error.param).toBe('event_id')
    voice.close()
  })

  it("get_tracking_status reads the trip of the session user's event, never another user's", async () => {
    const user = await createUser()
    const other = await createUser()
    const event = await createEvent(user, 'Tracked')
    const theirs = await createEvent(other, 'Theirs')
    const started = await client.sandbox('POST', `/v1/events/${event.id}/tracking/start`, { body: {} })
    expect(started.status).toBe(200)
    const { voice } = await open(user)
    const status = await voice.call('get_tracking_status', { event_id: event.id })
    expect(status.type).toBe('tool.result')
    expect(status.result).toMatchObject({ event_id: event.id, status: started.body.status })
    const refused = await voice.call('get_tracking_status', { event_id: theirs.id })
    expect(refused.type).toBe('tool.error')
    expect(refused.error.param).toBe('event_id')
    voice.close()
  })

  it('invalid arguments are a tool.error naming the argument', async () => {
    const { voice } = await open(await createUser())
    const from = new Date(startIn(24)).toISOString()
    const slots = await voice.call('find_slots', { duration_minutes: 1, earliest_start: from, latest_end: from })
    expect(slots.type).toBe('tool.error')
    expect(slots.error.param).toBe('arguments.duration_minutes')
    const parsed = await voice.call('parse_event_text', { text: 'lunch', timezone: 'Mars/Olympus' })
    expect(parsed.type).toBe('tool.error')
    expect(parsed.error.param).toBe('arguments.timezone')
    voice.close()
  })
})

describe('recompute_departure shares the REST sub-limit of 4 per minute per event', () => {
  it('two REST recomputes and two voice ones use it up: the next voice call is a rate-limit tool.error, REST 429', async () => {
    const user = await createUser()
    const event = await createEvent(user)
    for (let i = 0; i < 2; i++)
      expect((await client.sandbox('POST', `/v1/events/${event.id}/departure/recompute`)).status).toBe(200)
    const { voice } = await open(user)
    for (let i = 0; i < 2; i++)
      expect((await voice.call('recompute_departure', { event_id: event.id })).type).toBe('action.proposed')
    const refused = await voice.call('recompute_departure', { event_id: event.id })
    expect(refused.type).toBe('tool.error')
    expect(refused.error.code).toBe('rate_limit_exceeded')
    expect(refused.error.type).toBeDefined()
    expect((await client.sandbox('POST', `/v1/events/${event.id}/departure/recompute`)).status).toBe(429)
    // Another event has its own allowance.
    const other = await createEvent(user, 'Other')
    expect((await voice.call('recompute_departure', { event_id: other.id })).type).toBe('action.proposed')
    voice.close()
  })
})
