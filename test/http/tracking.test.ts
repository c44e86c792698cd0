import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKENS } from '../../hosts/di-tokens.js'
import { clients, freshAccountKey, startTestService, type TestService } from '../support/service.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

let test: TestService
let client: ReturnType<typeof clients>
let receiver: WebhookReceiver
let secret: string
let accountId: string
/** The account's sandbox time, as the last advance answered it. */
let now = 0

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const iso = (ms: number) => new Date(ms).toISOString()
const DESTINATION = { lat: 48.8566, lng: 2.3522 }
/** About `metres` north of the destination. */
const north = (metres: number) => ({ lat: DESTINATION.lat + metres / 111_320, lng: DESTINATION.lng })

const advance = async (seconds: number) => {
  const response = await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds } })
  expect(response.status).toBe(200)
  now = Date.parse(response.body.now)
}

beforeAll(async () => {
  test = await startTestService({ RATE_LIMIT_REQUESTS: '100000', WORKER: 'false' })
  client = clients(test)
  receiver = await WebhookReceiver.start()
  const endpoint = await client.sandbox('POST', '/v1/webhook_endpoints', {
    body: { url: receiver.url, events: ['event.late_predicted', 'user.arrived', 'event.tracking_stopped'] },
  })
  expect(endpoint.status).toBe(201)
  secret = endpoint.body.secret
  const [account] = await test.service.application.accountRepository.listAccounts()
  accountId = account!.id
  await advance(1)
})
afterAll(async () => {
  await test.stop()
  await receiver.stop()
})

let userSerial = 0
const createUser = async (surface: 'sandbox' | 'live' = 'sandbox', body: Record<string, unknown> = {}) => {
  const response = await client[surface]('POST', '/v1/users', {
    body: { email: `tracked${++userSerial}@example.com`, ...body },
  })
  expect(response.status).toBe(201)
  return response.body.id as string
}

const createEvent = async (
  options: { startInMinutes?: number; userId?: string; location?: unknown; surface?: 'sandbox' | 'live' } = {},
) => {
  const surface = options.surface ?? 'sandbox'
  const base = surface === 'sandbox' ? now : Date.now()
  const start = base + (options.startInMinutes ?? 60) * MINUTE
  const response = await client[surface]('POST', '/v1/events', {
    body: {
      user_id: options.userId ?? (await createUser(surface, { home_location: { lat: 48.9, lng: 2.3 } })),
      title: 'Tracked',
      start_time: iso(start),
      end_time: iso(start + HOUR),
      ...(options.location === null ? {} : { location: options.location ?? { name: 'Office', ...DESTINATION } }),
    },
  })
  expect(response.status).toBe(201)
  return response.body as { id: string; user_id: string; start_time: string }
}

const track = (eventId: string, action: 'start' | 'stop', body: unknown = {}) =>
  client.sandbox('POST', `/v1/events/${eventId}/tracking/${action}`, { body })
const locate = (eventId: string, point: { lat: number; lng: number }, extra: Record<string, unknown> = {}) =>
  client.sandbox('POST', `/v1/events/${eventId}/tracking/location`, {
    body: { ...point, accuracy_m: 10, speed_mps: 8, recorded_at: iso(now), ...extra },
  })
const retrieve = (eventId: string) => client.sandbox('GET', `/v1/events/${eventId}/tracking`)

/** The tracking notifications for an event, in the order they arrived (delivered by the clock walks). */
const notificationsOf = (eventId: string) =>
  receiver
    .verified(secret)
    .filter((notification) => (notification.data.object as { event_id?: string }).event_id === eventId)
    .map((notification) => notification.type)

/**
 * The describe block runs in an account of its own, with its own webhook endpoint and receiver: a long walk of the
 * sandbox clock recomputes every due event of the account it runs in, and the suite's account holds the other tests'
 * events by then (on MongoDB, a walk of hours took 24 s there).
 */
const inOwnAccount = (events: readonly string[]) => {
  let shared: { client: typeof client; receiver: WebhookReceiver; secret: string; now: number }
  beforeAll(async () => {
    shared = { client, receiver, secret, now }
    receiver = await WebhookReceiver.start()
    const key = await freshAccountKey(test)
    client = {
      ...shared.client,
      sandbox: (method, path, options = {}) => shared.client.sandbox(method, path, { key, ...options }),
    }
    const endpoint = await client.sandbox('POST', '/v1/webhook_endpoints', {
      body: { url: receiver.url, events: [...events] },
    })
    expect(endpoint.status).toBe(201)
    secret = endpoint.body.secret
    await advance(1)
  })
  afterAll(async () => {
    await receiver.stop()
    ;({ client, receiver, secret, now } = shared)
  })
}

describe('POST /v1/events/{id}/tracking/start: tracking starts, with or without a start location', () => {
  it('without start_location: not_started, no location, no prediction, idle_timeout_seconds 120 by default', async () => {
    const event = await createEvent()
    const response = await track(event.id, 'start')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      object: 'tracking',
      event_id: event.id,
      user_id: event.user_id,
      status: 'not_started',
      current_location: null,
      predicted_arrival: null,
      minutes_late: null,
      confidence: null,
      idle_timeout_seconds: 120,
      stopped_at: null,
      livemode: false,
    })
    expect(response.body.request_id).toMatch(/^req_/)
    expect((await retrieve(event.id)).body).toMatchObject({ status: 'not_started', event_id: event.id })
  })

  it('with start_location: in_transit with a predicted arrival, minutes_late (negative: early) and a confidence', async () => {
    const event = await createEvent({ startInMinutes: 60 })
    const response = await track(event.id, 'start', {
      start_location: { ...north(3000), accuracy_m: 8, recorded_at: iso(now) },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      status: 'in_transit',
      current_location: { ...north(3000), accuracy_m: 8, recorded_at: iso(now) },
    })
    expect(Date.parse(response.body.predicted_arrival)).toBeGreaterThan(now)
    expect(Date.parse(response.body.predicted_arrival)).toBeLessThan(Date.parse(event.start_time))
    expect(response.body.minutes_late).toBe(
      Math.round((Date.parse(response.body.predicted_arrival) - Date.parse(event.start_time)) / MINUTE),
    )
    expect(response.body.minutes_late).toBeLessThan(0)
    expect(['low', 'medium', 'high']).toContain(response.body.confidence)
  })

  it('starting an active trip again is a no-op that answers the trip', async () => {
    const event = await createEvent()
    const first = await track(event.id, 'start', { idle_timeout_seconds: 300 })
    const again = await track(event.id, 'start', { idle_timeout_seconds: 60 })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ status: 'not_started', idle_timeout_seconds: 300 })
    expect(again.body.updated_at).toBe(first.body.updated_at)
  })

  it('refuses what it cannot track: a missing event (404), an event without location, a bad idle timeout or start location (400)', async () => {
    expect((await track('evt_missing', 'start')).body.error).toMatchObject({ code: 'resource_missing', param: 'id' })
    const nowhere = await createEvent({ location: null })
    expect((await track(nowhere.id, 'start')).body.error).toMatchObject({ code: 'parameter_invalid', param: 'id' })
    const event = await createEvent()
    const tooShort = await track(event.id, 'start', { idle_timeout_seconds: 5 })
    expect(tooShort.status).toBe(400)
    expect(tooShort.body.error).toMatchObject({ code: 'parameter_invalid', param: 'idle_timeout_seconds' })
    const badLat = await track(event.id, 'start', { start_location: { lat: 91, lng: 2 } })
    expect(badLat.body.error).toMatchObject({ code: 'parameter_invalid', param: 'start_location.lat' })
    const unknown = await track(event.id, 'start', { speed: 3 })
    expect(unknown.body.error).toMatchObject({ code: 'parameter_unknown', param: 'speed' })
  })
})

describe('GET /v1/events/{id}/tracking returns the tracking object', () => {
  it('404 naming the tracking for an event never tracked, naming the event for a missing one', async () => {
    const event = await createEvent()
    const never = await retrieve(event.id)
    expect(never.status).toBe(404)
    expect(never.body.error).toMatchObject({ code: 'resource_missing', message: `No such tracking: '${event.id}'.` })
    const missing = await retrieve('evt_nope')
    expect(missing.body.error.message).toBe("No such event: 'evt_nope'.")
  })
})

describe('POST /v1/events/{id}/tracking/location: bad input is refused (400), never stored', () => {
  it.each([
    [{ lat: 91, lng: 2, recorded_at: 'now' }, 'lat'],
    [{ lat: 48, lng: -181, recorded_at: 'now' }, 'lng'],
    [{ lat: 48, lng: 2, accuracy_m: -1, recorded_at: 'now' }, 'accuracy_m'],
    [{ lat: 48, lng: 2, speed_mps: -3, recorded_at: 'now' }, 'speed_mps'],
    [{ lat: 48, lng: 2, recorded_at: 'yesterday-ish' }, 'recorded_at'],
  ])('%j -> parameter_invalid naming %s', async (body, param) => {
    const event = await createEvent()
    await track(event.id, 'start')
    const response = await client.sandbox('POST', `/v1/events/${event.id}/tracking/location`, {
      body: { ...body, recorded_at: body.recorded_at === 'now' ? iso(now) : body.recorded_at },
    })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ code: 'parameter_invalid', param })
    expect((await retrieve(event.id)).body.current_location).toBeNull()
  })

  it('a missing recorded_at is parameter_missing; one more than 60 s in the future is parameter_invalid', async () => {
    const event = await createEvent()
    await track(event.id, 'start')
    const missing = await client.sandbox('POST', `/v1/events/${event.id}/tracking/location`, { body: north(900) })
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'recorded_at' })
    const future = await locate(event.id, north(900), { recorded_at: iso(now + 2 * MINUTE) })
    expect(future.status).toBe(400)
    expect(future.body.error).toMatchObject({ code: 'parameter_invalid', param: 'recorded_at' })
  })

  it('before any start: 404 naming the tracking', async () => {
    const event = await createEvent()
    const response = await locate(event.id, north(900))
    expect(response.status).toBe(404)
    expect(response.body.error.message).toBe(`No such tracking: '${event.id}'.`)
  })
})

describe('Location cadence: updates closer than 5 s apart get the rate-limit error', () => {
  it('429 rate_limit_exceeded with retry_after_seconds and Retry-After; 5 s later it is accepted', async () => {
    const event = await createEvent()
    await track(event.id, 'start')
    expect((await locate(event.id, north(2000))).status).toBe(200)
    const tooSoon = await locate(event.id, north(1990))
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.body.error).toMatchObject({
      type: 'rate_limit_error',
      code: 'rate_limit_exceeded',
      retry_after_seconds: 5,
    })
    expect(tooSoon.headers.get('retry-after')).toBe('5')
    await advance(3)
    const stillSoon = await locate(event.id, north(1990))
    // The sandbox clock also runs with real time between the calls: at least 3 of the 5 seconds have passed.
    expect(stillSoon.status).toBe(429)
    expect(stillSoon.body.error.retry_after_seconds).toBeGreaterThanOrEqual(1)
    expect(stillSoon.body.error.retry_after_seconds).toBeLessThanOrEqual(2)
    await advance(2)
    const onCadence = await locate(event.id, north(1980))
    expect(onCadence.status).toBe(200)
    expect(onCadence.body.location_update).toEqual({ accepted: true, ignored_reason: null })
  })
})

describe('Data rules: doubtful fixes are answered but not stored as truth', () => {
  const tracked = async () => {
    const event = await createEvent({ startInMinutes: 120 })
    await track(event.id, 'start', { idle_timeout_seconds: 3600 })
    const first = await locate(event.id, north(5000))
    expect(first.body.location_update.accepted).toBe(true)
    return { event, first: first.body.current_location }
  }

  it('out of order: a fix older than the current one is ignored', async () => {
    const { event, first } = await tracked()
    await advance(5)
    const older = await locate(event.id, north(4900), { recorded_at: iso(now - 30 * SECOND) })
    expect(older.status).toBe(200)
    expect(older.body.location_update).toEqual({ accepted: false, ignored_reason: 'out_of_order' })
    expect(older.body.current_location).toEqual(first)
  })

  it('inaccurate: a fix coarser than 200 m is ignored', async () => {
    const { event, first } = await tracked()
    await advance(5)
    const coarse = await locate(event.id, north(4900), { accuracy_m: 500 })
    expect(coarse.body.location_update).toEqual({ accepted: false, ignored_reason: 'inaccurate' })
    expect((await retrieve(event.id)).body.current_location).toEqual(first)
  })

  it('stale: a fix recorded more than 10 minutes ago is ignored', async () => {
    const { event } = await tracked()
    await advance(15 * 60)
    const old = await locate(event.id, north(4900), { recorded_at: iso(now - 11 * MINUTE) })
    expect(old.body.location_update).toEqual({ accepted: false, ignored_reason: 'stale' })
  })

  it('impossible jump: faster than 70 m/s from the last fix is ignored; after 3 in a row the new place is believed', async () => {
    const { event, first } = await tracked()
    const far = { lat: DESTINATION.lat - 0.5, lng: DESTINATION.lng }
    for (let jump = 1; jump <= 3; jump++) {
      await advance(5)
      const ignored = await locate(event.id, far)
      expect(ignored.body.location_update).toEqual({ accepted: false, ignored_reason: 'impossible_jump' })
      expect(ignored.body.current_location).toEqual(first)
    }
    await advance(5)
    const believed = await locate(event.id, far)
    expect(believed.body.location_update.accepted).toBe(true)
    expect(believed.body.current_location).toMatchObject(far)
  })
})

describe('Tracking statuses: every transition', () => {
  it('not_started -> stalled when no location arrives within idle_timeout_seconds (the job, on the sandbox clock)', async () => {
    const event = await createEvent()
    await track(event.id, 'start', { idle_timeout_seconds: 60 })
    await advance(59)
    expect((await retrieve(event.id)).body.status).toBe('not_started')
    await advance(1)
    expect((await retrieve(event.id)).body.status).toBe('stalled')
  })

  it('in_transit -> stalled after the idle timeout; a new location brings it back to in_transit', async () => {
    const event = await createEvent()
    await track(event.id, 'start', { start_location: north(3000) })
    await advance(119)
    expect((await retrieve(event.id)).body.status).toBe('in_transit')
    await advance(1)
    expect((await retrieve(event.id)).body.status).toBe('stalled')
    const back = await locate(event.id, north(2500))
    expect(back.body.status).toBe('in_transit')
    await advance(119)
    expect((await retrieve(event.id)).body.status).toBe('in_transit')
  })

  it('-> arrived within 50 m of the destination, with user.arrived once; later fixes are ignored', async () => {
    const event = await createEvent()
    await track(event.id, 'start', { start_location: north(400) })
    await advance(30)
    const near = await locate(event.id, north(60))
    expect(near.body.status).toBe('in_transit')
    await advance(30)
    const arrived = await locate(event.id, north(40))
    expect(arrived.body).toMatchObject({ status: 'arrived', arrived_at: iso(now), predicted_arrival: iso(now) })
    await advance(30)
    const after = await locate(event.id, north(10))
    expect(after.body.location_update).toEqual({ accepted: false, ignored_reason: 'arrived' })
    expect(after.body.status).toBe('arrived')
    await advance(1)
    expect(notificationsOf(event.id)).toEqual(['user.arrived'])
  })

  it('arrived: start again is refused (409); stop, then start begins a new trip', async () => {
    const event = await createEvent()
    await track(event.id, 'start', { start_location: north(20) })
    const again = await track(event.id, 'start')
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('invalid_state_transition')
    expect((await track(event.id, 'stop')).body.status).toBe('stopped')
    const restarted = await track(event.id, 'start')
    expect(restarted.body).toMatchObject({ status: 'not_started', arrived_at: null, stopped_at: null })
  })

  it('stop: stopped, positions erased, event.tracking_stopped once; stopping twice is a no-op; locations then 409', async () => {
    const event = await createEvent()
    await track(event.id, 'start', { start_location: north(3000) })
    const stopped = await track(event.id, 'stop')
    expect(stopped.status).toBe(200)
    expect(stopped.body).toMatchObject({
      status: 'stopped',
      current_location: null,
      stop_reason: 'requested',
    })
    // The sandbox clock runs on between two requests: the stop happened at about `now`.
    expect(Date.parse(stopped.body.stopped_at) - now).toBeGreaterThanOrEqual(0)
    expect(Date.parse(stopped.body.stopped_at) - now).toBeLessThan(10 * SECOND)
    const twice = await track(event.id, 'stop')
    expect(twice.status).toBe(200)
    expect(twice.body.updated_at).toBe(stopped.body.updated_at)
    await advance(5)
    const late = await locate(event.id, north(2000))
    expect(late.status).toBe(409)
    expect(late.body.error.code).toBe('invalid_state_transition')
    expect(notificationsOf(event.id)).toEqual(['event.tracking_stopped'])
    const [stoppedNotice] = receiver
      .verified(secret)
      .filter((notification) => (notification.data.object as { event_id?: string }).event_id === event.id)
    expect(stoppedNotice?.data.object).toMatchObject({
      status: 'stopped',
      current_location: null,
      stop_reason: 'requested',
    })
  })

  it('stop before any start: 404', async () => {
    const event = await createEvent()
    expect((await track(event.id, 'stop')).status).toBe(404)
  })

  it('the event deleted while tracked: stopped (event_deleted) with event.tracking_stopped', async () => {
    const event = await createEvent()
    await track(event.id, 'start', { start_location: north(3000) })
    expect((await client.sandbox('DELETE', `/v1/events/${event.id}`)).status).toBe(200)
    const repository = test.service.application.surfaces.test.container.get(TOKENS.TrackingRepository)
    expect(await repository.get(accountId, event.id)).toMatchObject({
      status: 'stopped',
      stopReason: 'event_deleted',
      currentLocation: null,
      trail: [],
    })
    await advance(1)
    expect(notificationsOf(event.id)).toEqual(['event.tracking_stopped'])
  })

  it('the event moved to where the user stands: arrived; moved away again: in_transit', async () => {
    const event = await createEvent()
    await track(event.id, 'start', { start_location: north(3000) })
    const here = north(3000)
    await client.sandbox('PATCH', `/v1/events/${event.id}`, { body: { location: { name: 'Here', ...here } } })
    expect((await retrieve(event.id)).body.status).toBe('arrived')
    await client.sandbox('PATCH', `/v1/events/${event.id}`, { body: { location: { name: 'Back', ...DESTINATION } } })
    expect((await retrieve(event.id)).body.status).toBe('in_transit')
  })

  it('a paused user: start, location and stop are refused with 403 account_deactivated; GET still answers', async () => {
    const event = await createEvent()
    await track(event.id, 'start')
    await client.sandbox('POST', `/v1/users/${event.user_id}/deactivate`)
    for (const response of [
      await track(event.id, 'start'),
      await locate(event.id, north(10)),
      await track(event.id, 'stop'),
    ]) {
      expect(response.status).toBe(403)
      expect(response.body.error.code).toBe('account_deactivated')
    }
    expect((await retrieve(event.id)).status).toBe(200)
    await client.sandbox('POST', `/v1/users/${event.user_id}/reactivate`)
    expect((await track(event.id, 'stop')).body.status).toBe('stopped')
  })
})

describe('Expiry: a trip ends 2 hours after its event, and is deleted a day later', () => {
  inOwnAccount(['event.tracking_stopped'])
  it('an active trip is stopped (expired) 2 hours after its event ends; a stopped trip is deleted 24 hours after', async () => {
    const event = await createEvent({ startInMinutes: 10 })
    await track(event.id, 'start', { idle_timeout_seconds: 3600 })
    await advance(10 * 60 + 3600 + 2 * 3600)
    expect((await retrieve(event.id)).body).toMatchObject({ status: 'stopped', stop_reason: 'expired' })
    await advance(24 * 3600)
    expect((await retrieve(event.id)).status).toBe(404)
    expect(notificationsOf(event.id)).toEqual(['event.tracking_stopped'])
  })
})

describe('event.late_predicted: once per crossing of the start, again only after coming back on time', () => {
  inOwnAccount(['event.late_predicted'])
  it('on time, late (webhook), still late (none), back on time after the event moved, late again (webhook)', async () => {
    const event = await createEvent({ startInMinutes: 30 })
    const tracking = await track(event.id, 'start', { idle_timeout_seconds: 3600, start_location: north(8000) })
    expect(tracking.body.minutes_late).toBeLessThan(0)
    // Standing still: the arrival slips with the clock.
    await advance(25 * 60)
    const late = await locate(event.id, north(8000))
    expect(late.body.minutes_late).toBeGreaterThan(0)
    await advance(10)
    const stillLate = await locate(event.id, north(7990))
    expect(stillLate.body.minutes_late).toBeGreaterThan(0)
    await advance(1)
    expect(notificationsOf(event.id)).toEqual(['event.late_predicted'])
    const [notice] = receiver
      .ofType(secret, 'event.late_predicted')
      .filter((notification) => (notification.data.object as { event_id: string }).event_id === event.id)
    expect(notice?.data.object).toMatchObject({ status: 'in_transit', minutes_late: late.body.minutes_late })
    // The meeting moves an hour later: on time again, and no notification for that.
    const later = iso(Date.parse(event.start_time) + HOUR)
    await client.sandbox('PATCH', `/v1/events/${event.id}`, {
      body: { start_time: later, end_time: iso(Date.parse(later) + HOUR) },
    })
    expect((await retrieve(event.id)).body.minutes_late).toBeLessThan(0)
    await advance(60 * 60)
    const lateAgain = await locate(event.id, north(7980))
    expect(lateAgain.body.minutes_late).toBeGreaterThan(0)
    await advance(1)
    expect(notificationsOf(event.id)).toEqual(['event.late_predicted', 'event.late_predicted'])
  })
})

describe('Private preview: tracking is off for an account until enabled', () => {
  it('production without the setting: 403 tracking_not_enabled on every tracking endpoint; enabled: it works', async () => {
    const event = await createEvent({ surface: 'live' })
    const calls = [
      () => client.live('POST', `/v1/events/${event.id}/tracking/start`, { body: {} }),
      () => client.live('GET', `/v1/events/${event.id}/tracking`),
      () =>
        client.live('POST', `/v1/events/${event.id}/tracking/location`, {
          body: { ...north(100), recorded_at: new Date().toISOString() },
        }),
      () => client.live('POST', `/v1/events/${event.id}/tracking/stop`, { body: {} }),
      () =>
        client.live('POST', `/v1/users/${event.user_id}/location`, {
          body: { ...north(100), recorded_at: new Date().toISOString() },
        }),
      () => client.live('GET', `/v1/users/${event.user_id}/location`),
    ]
    for (const call of calls) {
      const response = await call()
      expect(response.status).toBe(403)
      expect(response.body.error).toMatchObject({ type: 'permission_error', code: 'tracking_not_enabled' })
    }
    const accounts = test.service.application.accountRepository
    const account = await accounts.getAccount(accountId)
    await accounts.updateAccount({ ...account!, trackingEnabled: true })
    try {
      const started = await calls[0]!()
      expect(started.status).toBe(200)
      expect(started.body).toMatchObject({ status: 'not_started', livemode: true })
    } finally {
      // The sandbox follows the same setting: off turns it off there too.
      await accounts.updateAccount({ ...account!, trackingEnabled: false })
    }
    const sandbox = await createEvent()
    const refused = await track(sandbox.id, 'start')
    expect(refused.body.error.code).toBe('tracking_not_enabled')
    await accounts.updateAccount({ ...account!, trackingEnabled: true })
    expect((await track(sandbox.id, 'start')).status).toBe(200)
  })

  it('a restricted key needs the tracking permission', async () => {
    const created = await client.sandbox('POST', '/v1/api_keys', {
      body: { permissions: { events: 'read' } },
    })
    expect(created.status).toBe(201)
    const event = await createEvent()
    const refused = await client.sandbox('GET', `/v1/events/${event.id}/tracking`, { key: created.body.secret })
    expect(refused.body.error.code).toBe('insufficient_permissions')
    const allowed = await client.sandbox('POST', '/v1/api_keys', { body: { permissions: { tracking: 'read' } } })
    await track(event.id, 'start')
    expect((await client.sandbox('GET', `/v1/events/${event.id}/tracking`, { key: allowed.body.secret })).status).toBe(
      200,
    )
    const readOnly = await client.sandbox('POST', `/v1/events/${event.id}/tracking/stop`, {
      key: allowed.body.secret,
      body: {},
    })
    expect(readOnly.body.error.code).toBe('insufficient_permissions')
  })
})

describe("The origin from the user's last known position", () => {
  inOwnAccount(['user.arrived'])
  it('an event waiting for an origin starts monitoring as soon as the app reports a position (origin_source last_known_position)', async () => {
    const userId = await createUser()
    const event = await createEvent({ userId, startInMinutes: 90 })
    expect((await client.sandbox('GET', `/v1/events/${event.id}`)).body.monitoring.status).toBe('no_origin')
    const reported = await client.sandbox('POST', `/v1/users/${userId}/location`, {
      body: { ...north(4000), accuracy_m: 20, recorded_at: iso(now) },
    })
    expect(reported.status).toBe(200)
    expect(reported.body).toMatchObject({
      object: 'user_location',
      user_id: userId,
      ...north(4000),
      accuracy_m: 20,
      recorded_at: iso(now),
      expires_at: iso(now + 24 * HOUR),
    })
    expect((await client.sandbox('GET', `/v1/events/${event.id}`)).body.monitoring.status).toBe('monitoring')
    const departure = await client.sandbox('GET', `/v1/events/${event.id}/departure`)
    expect(departure.body.origin_source).toBe('last_known_position')
    expect((await client.sandbox('GET', `/v1/users/${userId}/location`)).body.lat).toBe(north(4000).lat)
  })

  it("a trip's first position does the same for the user's other events", async () => {
    const userId = await createUser()
    // The waiting event comes first (no earlier event, no home: no origin); the tracked one after it.
    const waiting = await createEvent({ userId, startInMinutes: 30 })
    const tracked = await createEvent({ userId, startInMinutes: 120 })
    expect((await client.sandbox('GET', `/v1/events/${waiting.id}`)).body.monitoring.status).toBe('no_origin')
    await track(tracked.id, 'start')
    await locate(tracked.id, north(2500))
    expect((await client.sandbox('GET', `/v1/events/${waiting.id}`)).body.monitoring.status).toBe('monitoring')
    expect((await client.sandbox('GET', `/v1/events/${waiting.id}/departure`)).body.origin_source).toBe(
      'last_known_position',
    )
  })

  it('a position older than 30 minutes is no origin: the home location is used again', async () => {
    const userId = await createUser('sandbox', { home_location: { lat: 48.9, lng: 2.3 } })
    await client.sandbox('POST', `/v1/users/${userId}/location`, { body: { ...north(4000), recorded_at: iso(now) } })
    const event = await createEvent({ userId, startInMinutes: 120 })
    expect((await client.sandbox('GET', `/v1/events/${event.id}/departure`)).body.origin_source).toBe(
      'last_known_position',
    )
    await advance(31 * 60)
    const recomputed = await client.sandbox('POST', `/v1/events/${event.id}/departure/recompute`, { body: {} })
    expect(recomputed.body.origin_source).toBe('home')
  })

  it('bad positions are refused (400), an unknown user is 404, the position is deleted after 24 hours', async () => {
    const userId = await createUser()
    const coarse = await client.sandbox('POST', `/v1/users/${userId}/location`, {
      body: { ...north(10), accuracy_m: 1000, recorded_at: iso(now) },
    })
    expect(coarse.body.error).toMatchObject({ code: 'parameter_invalid', param: 'accuracy_m' })
    const badLng = await client.sandbox('POST', `/v1/users/${userId}/location`, {
      body: { lat: 10, lng: 200, recorded_at: iso(now) },
    })
    expect(badLng.body.error).toMatchObject({ code: 'parameter_invalid', param: 'lng' })
    expect((await client.sandbox('GET', `/v1/users/usr_nobody/location`)).status).toBe(404)
    expect((await client.sandbox('GET', `/v1/users/${userId}/location`)).status).toBe(404)
    await client.sandbox('POST', `/v1/users/${userId}/location`, { body: { ...north(10), recorded_at: iso(now) } })
    expect((await client.sandbox('GET', `/v1/users/${userId}/location`)).status).toBe(200)
    await advance(24 * 3600)
    const gone = await client.sandbox('GET', `/v1/users/${userId}/location`)
    expect(gone.status).toBe(404)
    const repository = test.service.application.surfaces.test.container.get(TOKENS.TrackingRepository)
    expect(await repository.position(accountId, userId)).toBeNull()
  })
})

describe("Privacy: deleting a user deletes the user's trips and position (the cascade)", () => {
  it('nothing of the user is left in the tracking repository', async () => {
    const userId = await createUser()
    const event = await createEvent({ userId })
    await track(event.id, 'start', { start_location: north(3000) })
    await client.sandbox('POST', `/v1/users/${userId}/location`, { body: { ...north(3000), recorded_at: iso(now) } })
    const repository = test.service.application.surfaces.test.container.get(TOKENS.TrackingRepository)
    expect(await repository.get(accountId, event.id)).not.toBeNull()
    expect((await client.sandbox('DELETE', `/v1/users/${userId}`)).status).toBe(200)
    expect(await repository.get(accountId, event.id)).toBeNull()
    expect(await repository.position(accountId, userId)).toBeNull()
    expect(await repository.latestLocatedOfUser(accountId, userId)).toBeNull()
  })
})
