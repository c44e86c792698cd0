import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventRepositoryPort } from '../../core/ports/event-repository.js'
import { TOKENS } from '../../hosts/di-tokens.js'
import { sandboxConsent } from '../support/hosted-page.js'
import { api, clients, type ResponseJson, startOnKnownPorts, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>

const HOUR = 3_600_000
/** How far the sandbox clock is ahead (the clock walk below moves it; every test reads times from it). */
let sandboxOffsetMs = 0
const at = (msFromNow: number) => new Date(Date.now() + sandboxOffsetMs + msFromNow).toISOString()
const HOME = { lat: 52.52, lng: 13.405 }
const OFFICE = { name: 'Office', address: 'Friedrichstrasse 100, Berlin', lat: 52.5208, lng: 13.3874 }
const RETURN_URL = 'https://app.example.com/calendar/connected'

beforeAll(async () => {
  // Fixed ports: the sandbox consent pages name the service's address. The real-clock worker stays off: the
  // sandbox clock alone drives the recomputes here.
  test = await startOnKnownPorts(() => ({
    WORKER: 'false',

    RATE_LIMIT_REQUESTS: '100000',
  }))
  client = clients(test)
})
afterAll(() => test.stop())

let users = 0
const newUser = async (body: Record<string, unknown> = { home_location: HOME }) =>
  (await client.sandbox('POST', '/v1/users', { body: { email: `health${++users}@example.com`, ...body } })).body
    .id as string

const newEvent = async (userId: string, overrides: Record<string, unknown> = {}) => {
  const response = await client.sandbox('POST', '/v1/events', {
    body: {
      user_id: userId,
      title: 'Design review',
      start_time: at(5 * HOUR),
      end_time: at(6 * HOUR),
      location: OFFICE,
      ...overrides,
    },
  })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body as ResponseJson
}

const healthOf = async (eventId: string) => {
  const response = await client.sandbox('GET', `/v1/events/${eventId}/health`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body as ResponseJson
}
const recompute = (eventId: string) => client.sandbox('POST', `/v1/events/${eventId}/departure/recompute`)
const upcoming = (query: string, headers: Record<string, string> = {}) =>
  client.sandbox('GET', `/v1/events/health/upcoming${query}`, { headers })

const eventRepository = () =>
  test.service.application.surfaces.test.container.get<EventRepositoryPort>(TOKENS.EventRepository)
const sandboxAccountId = async () => {
  const [account] = await test.service.application.accountRepository.listAccounts()
  return account!.id
}

describe('GET /v1/events/{id}/health', () => {
  it('answers the health object, computed with the departure window', async () => {
    const event = await newEvent(await newUser())
    const health = await healthOf(event.id)
    expect(health).toMatchObject({
      object: 'event_health',
      event_id: event.id,
      start_time: event.start_time,
      blocked_reason: null,
      calculated_at: event.monitoring.calculated_at,
      livemode: false,
    })
    expect(health.request_id).toMatch(/^req_/)
    expect(health.score).toBeGreaterThanOrEqual(0)
    expect(health.score).toBeLessThanOrEqual(1)
    expect(['on_track', 'at_risk', 'likely_late']).toContain(health.label)
    for (const risk of health.risks) {
      expect(['traffic', 'weather', 'conflict', 'connection']).toContain(risk.type)
      expect(['low', 'medium', 'high']).toContain(risk.severity)
      expect(typeof risk.detail).toBe('string')
    }
  })

  it('an unknown event is 404 resource_missing naming id; /v1/events/health is an event id, not the upcoming list', async () => {
    const missing = await client.sandbox('GET', '/v1/events/evt_missing/health')
    expect(missing.status).toBe(404)
    expect(missing.body.error).toMatchObject({ code: 'resource_missing', param: 'id' })
    const health = await client.sandbox('GET', '/v1/events/health')
    expect(health.status).toBe(404)
    expect(health.body.error).toMatchObject({ code: 'resource_missing', param: 'id' })
  })

  it('an event of the other surface is not found', async () => {
    const event = await newEvent(await newUser())
    expect((await client.live('GET', `/v1/events/${event.id}/health`)).status).toBe(404)
  })

  it('an event without a location: no trip, so only conflicts and connections count; a clean one is on track', async () => {
    const event = await newEvent(await newUser(), { location: null })
    expect(event.monitoring.status).toBe('no_location')
    const health = await healthOf(event.id)
    expect(health).toMatchObject({ score: 1, label: 'on_track', risks: [], blocked_reason: null })
    expect(Date.parse(health.calculated_at)).toBe(Date.parse(event.created_at))
  })

  it('conflicts with overlapping events lower the score by the conflict weight (10%) and are listed', async () => {
    const userId = await newUser()
    const event = await newEvent(userId)
    const clear = await healthOf(event.id)
    expect(clear.risks.filter((risk: ResponseJson) => risk.type === 'conflict')).toEqual([])
    const overlapping = await newEvent(userId, { start_time: at(5.5 * HOUR), end_time: at(6.5 * HOUR), location: null })
    expect((await recompute(event.id)).status).toBe(200)
    const conflicted = await healthOf(event.id)
    expect(conflicted.risks).toContainEqual({
      type: 'conflict',
      severity: 'high',
      detail: expect.stringContaining(overlapping.id),
    })
    expect(conflicted.score).toBeCloseTo(clear.score - 0.1, 3)
    // The event without a location sees the conflict when it is written, from the other side.
    const other = await healthOf(overlapping.id)
    expect(other.risks).toContainEqual({
      type: 'conflict',
      severity: 'high',
      detail: expect.stringContaining(event.id),
    })
    expect(other.score).toBe(0.9)
  })

  it('a disconnected connection lowers the score by the connection weight (5%)', async () => {
    const userId = await newUser({ home_location: HOME, timezone: 'Europe/Berlin' })
    const started = await client.sandbox('POST', '/v1/connections/start', {
      body: { provider: 'google', user_id: userId, return_url: RETURN_URL },
    })
    const { location } = await sandboxConsent(test.sandbox, started.body.redirect_url, 'allow')
    const back = await fetch(location, { redirect: 'manual' })
    const connectionId = new URL(back.headers.get('location')!).searchParams.get('connection_id')!
    const event = await newEvent(userId, { start_time: at(50 * HOUR), end_time: at(51 * HOUR) })
    const connected = await healthOf(event.id)
    expect(connected.risks.filter((risk: ResponseJson) => risk.type === 'connection')).toEqual([])

    expect((await client.sandbox('DELETE', `/v1/connections/${connectionId}`)).status).toBe(200)
    expect((await recompute(event.id)).status).toBe(200)
    const disconnected = await healthOf(event.id)
    expect(disconnected.risks).toContainEqual({
      type: 'connection',
      severity: 'high',
      detail: `The google connection ${connectionId} is disconnected.`,
    })
    expect(disconnected.score).toBeCloseTo(connected.score - 0.05, 3)
  })

  it('blocked: a trip without an origin, and a paused user (score 0)', async () => {
    const nowhere = await newEvent(await newUser({}))
    expect(nowhere.monitoring.status).toBe('no_origin')
    expect(await healthOf(nowhere.id)).toMatchObject({ score: 0, label: 'blocked', blocked_reason: 'no_origin' })

    const userId = await newUser()
    const event = await newEvent(userId)
    expect((await healthOf(event.id)).label).not.toBe('blocked')
    await client.sandbox('POST', `/v1/users/${userId}/deactivate`)
    expect(await healthOf(event.id)).toMatchObject({ score: 0, label: 'blocked', blocked_reason: 'user_paused' })
    await client.sandbox('POST', `/v1/users/${userId}/reactivate`)
    expect((await healthOf(event.id)).label).not.toBe('blocked')
  })

  it('score, label and calculated_at are null before the first computation', async () => {
    const event = await newEvent(await newUser())
    const repository = eventRepository()
    const stored = (await repository.get(await sandboxAccountId(), event.id))!
    expect(stored.health).toBeTruthy()
    // As an event stored before its first assessment (or before health existed) reads.
    expect(await repository.update({ ...stored, health: null, version: stored.version + 1 }, stored.version, [])).toBe(
      'updated',
    )
    expect(await healthOf(event.id)).toMatchObject({
      event_id: event.id,
      score: null,
      label: null,
      risks: [],
      blocked_reason: null,
      calculated_at: null,
    })
  })
})

describe('Sandbox clock: health moves with the departure recompute', () => {
  it('advancing time recomputes the window and the health with it', async () => {
    const event = await newEvent(await newUser(), { start_time: at(4 * HOUR), end_time: at(5 * HOUR) })
    const first = await healthOf(event.id)
    const advanced = await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 2 * 3600 } })
    sandboxOffsetMs = Date.parse(advanced.body.now) - Date.now()
    const later = await healthOf(event.id)
    const window = (await client.sandbox('GET', `/v1/events/${event.id}`)).body.monitoring
    expect(Date.parse(later.calculated_at) - Date.parse(first.calculated_at)).toBeGreaterThanOrEqual(
      2 * HOUR - 5 * 60_000,
    )
    expect(later.calculated_at).toBe(window.calculated_at)
  })
})

describe('GET /v1/events/health/upcoming', () => {
  it('lists a user’s events starting within horizon_hours (default 24), soonest first, in the list envelope', async () => {
    const userId = await newUser({})
    const third = await newEvent(userId, { start_time: at(20 * HOUR), end_time: at(21 * HOUR), location: null })
    const first = await newEvent(userId, { start_time: at(1 * HOUR), end_time: at(2 * HOUR), location: null })
    const second = await newEvent(userId, { start_time: at(3 * HOUR), end_time: at(4 * HOUR) })
    const beyond = await newEvent(userId, { start_time: at(30 * HOUR), end_time: at(31 * HOUR), location: null })
    await newEvent(await newUser(), { start_time: at(2 * HOUR), end_time: at(3 * HOUR) })

    const response = await upcoming(`?user_id=${userId}`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      object: 'list',
      has_more: false,
      url: '/v1/events/health/upcoming',
      livemode: false,
    })
    expect(response.body.data.map((item: ResponseJson) => item.event_id)).toEqual([first.id, second.id, third.id])
    expect(response.body.data[0]).toMatchObject({ object: 'event_health', score: 1, label: 'on_track' })
    // No origin for the located event (the user has no home): blocked, listed all the same.
    expect(response.body.data[1]).toMatchObject({ label: 'blocked', blocked_reason: 'no_origin' })
    expect(response.body.data[0].request_id).toBeUndefined()

    const wider = await upcoming(`?user_id=${userId}&horizon_hours=48`)
    expect(wider.body.data.map((item: ResponseJson) => item.event_id)).toEqual([
      first.id,
      second.id,
      third.id,
      beyond.id,
    ])
    const limited = await upcoming(`?user_id=${userId}&limit=2`)
    expect(limited.body.data.map((item: ResponseJson) => item.event_id)).toEqual([first.id, second.id])
    expect(limited.body.has_more).toBe(true)
  })

  it('lists events whose score is still null', async () => {
    const userId = await newUser()
    const event = await newEvent(userId, { start_time: at(2 * HOUR), end_time: at(3 * HOUR) })
    const repository = eventRepository()
    const stored = (await repository.get(await sandboxAccountId(), event.id))!
    await repository.update({ ...stored, health: null, version: stored.version + 1 }, stored.version, [])
    const response = await upcoming(`?user_id=${userId}`)
    expect(response.body.data).toEqual([expect.objectContaining({ event_id: event.id, score: null, label: null })])
  })

  it.each([
    ['', 400, 'parameter_missing', 'user_id'],
    ['?user_id=usr_missing', 404, 'resource_missing', 'user_id'],
    ['?user_id=USER&limit=0', 400, 'parameter_invalid', 'limit'],
    ['?user_id=USER&limit=101', 400, 'parameter_invalid', 'limit'],
    ['?user_id=USER&limit=ten', 400, 'parameter_invalid', 'limit'],
    ['?user_id=USER&horizon_hours=0', 400, 'parameter_invalid', 'horizon_hours'],
    ['?user_id=USER&horizon_hours=169', 400, 'parameter_invalid', 'horizon_hours'],
    ['?user_id=USER&horizon_hours=1.5', 400, 'parameter_invalid', 'horizon_hours'],
    ['?user_id=USER&starting_after=evt_x', 400, 'parameter_unknown', 'starting_after'],
  ])('%s answers %i %s naming %s', async (query, status, code, param) => {
    const userId = await newUser()
    const response = await upcoming(query.replace('USER', userId))
    expect(response.status).toBe(status)
    expect(response.body.error).toMatchObject({ code, param })
  })

  it('accepts the bounds: limit 100 and horizon_hours 168', async () => {
    const userId = await newUser()
    expect((await upcoming(`?user_id=${userId}&limit=100&horizon_hours=168`)).status).toBe(200)
  })

  it('a user of another surface is not found', async () => {
    const liveUser = (await client.live('POST', '/v1/users', { body: { email: 'health-live@example.com' } })).body.id
    const response = await upcoming(`?user_id=${liveUser}`)
    expect(response.status).toBe(404)
    expect(response.body.error).toMatchObject({ code: 'resource_missing', param: 'user_id' })
  })

  it('exists from API version 2026-05-20: a caller pinned earlier gets the unknown-route 404', async () => {
    const userId = await newUser()
    const older = await upcoming(`?user_id=${userId}`, { 'Service-Version': '2026-03-04' })
    expect(older.status).toBe(404)
    expect(older.body.error.code).toBe('route_not_found')
    expect((await upcoming(`?user_id=${userId}`, { 'Service-Version': '2026-05-20' })).status).toBe(200)
    // The health of one event is served on every version.
    const event = await newEvent(userId)
    const pinned = await api(test.sandbox, 'GET', `/v1/events/${event.id}/health`, {
      headers: { 'Service-Version': '2025-06-15' },
    })
    expect(pinned.status).toBe(200)
    expect(pinned.body.object).toBe('event_health')
  })
})

describe('Permissions: events:read', () => {
  it('a restricted key with events read may read health; one with departure read only may not', async () => {
    const userId = await newUser()
    const event = await newEvent(userId)
    const keyWith = async (permissions: Record<string, string>) =>
      (await client.sandbox('POST', '/v1/api_keys', { body: { permissions } })).body.secret as string
    const reader = await keyWith({ events: 'read' })
    const departureOnly = await keyWith({ departure: 'read' })
    expect((await api(test.sandbox, 'GET', `/v1/events/${event.id}/health`, { key: reader })).status).toBe(200)
    expect(
      (await api(test.sandbox, 'GET', `/v1/events/health/upcoming?user_id=${userId}`, { key: reader })).status,
    ).toBe(200)
    const refused = await api(test.sandbox, 'GET', `/v1/events/${event.id}/health`, { key: departureOnly })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('insufficient_permissions')
  })
})
