import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Coordinates } from '../../core/shared/coordinates.js'
import { distanceM } from '../../core/tracking/location-rules.js'
import { clients, startTestService, type TestService } from '../support/service.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

let test: TestService
let client: ReturnType<typeof clients>
let receiver: WebhookReceiver
let secret: string
let now = 0

const SECOND = 1000
const MINUTE = 60 * SECOND
const iso = (ms: number) => new Date(ms).toISOString()

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
  secret = endpoint.body.secret
  await advance(1)
})
afterAll(async () => {
  await test.stop()
  await receiver.stop()
})

/**
 * A route as a polyline of streets (three legs, turning twice), walked at a steady pace: the position every
 * `stepSeconds` is the point `pace * t` metres along the polyline, the last one the destination itself.
 */
const walkAlong = (route: readonly Coordinates[], paceMps: number, stepSeconds: number): Coordinates[] => {
  const legs = route.slice(1).map((to, index) => ({ from: route[index]!, to, length: distanceM(route[index]!, to) }))
  const total = legs.reduce((sum, leg) => sum + leg.length, 0)
  const positions: Coordinates[] = []
  for (let travelled = 0; travelled < total; travelled += paceMps * stepSeconds) {
    let left = travelled
    const leg = legs.find((candidate) => {
      if (left <= candidate.length) return true
      left -= candidate.length
      return false
    })!
    const share = left / leg.length
    positions.push({
      lat: leg.from.lat + (leg.to.lat - leg.from.lat) * share,
      lng: leg.from.lng + (leg.to.lng - leg.from.lng) * share,
    })
  }
  positions.push(route.at(-1)!)
  return positions
}

describe('A simulated trip: the prediction goes from on time to late to arrived, each webhook once, in order', () => {
  it('a slow trip along a route to an event 30 minutes away', async () => {
    const destination = { lat: 48.8566, lng: 2.3522 }
    // About 6 km of streets: north-west, then east, then south to the door.
    const route = [
      { lat: 48.8566 + 0.03, lng: 2.3522 - 0.04 },
      { lat: 48.8566 + 0.03, lng: 2.3522 - 0.01 },
      { lat: 48.8566 + 0.005, lng: 2.3522 },
      destination,
    ]
    const user = await client.sandbox('POST', '/v1/users', { body: { email: 'commuter@example.com' } })
    const start = now + 30 * MINUTE
    const event = await client.sandbox('POST', '/v1/events', {
      body: {
        user_id: user.body.id,
        title: 'Standup',
        start_time: iso(start),
        end_time: iso(start + 30 * MINUTE),
        location: { name: 'Office', ...destination },
        travel: { mode: 'drive' },
      },
    })
    const eventId = event.body.id as string
    // 3 m/s: far slower than the routing expects of a drive, so the arrival slips past the start on the way.
    const path = walkAlong(route, 3, 10)
    const first = path[0]!
    const started = await client.sandbox('POST', `/v1/events/${eventId}/tracking/start`, {
      body: { start_location: { ...first, accuracy_m: 12, recorded_at: iso(now) } },
    })
    expect(started.body).toMatchObject({ status: 'in_transit' })
    expect(started.body.minutes_late).toBeLessThan(0)

    const seen: { status: string; minutesLate: number }[] = []
    for (const position of path.slice(1)) {
      await advance(10)
      const update = await client.sandbox('POST', `/v1/events/${eventId}/tracking/location`, {
        body: { ...position, accuracy_m: 12, speed_mps: 3, recorded_at: iso(now) },
      })
      expect(update.status).toBe(200)
      expect(update.body.location_update.accepted).toBe(true)
      seen.push({ status: update.body.status, minutesLate: update.body.minutes_late })
      if (update.body.status === 'arrived') break
    }
    // On time first, then late for good, then arrived.
    const firstLate = seen.findIndex((entry) => entry.minutesLate > 0)
    expect(firstLate).toBeGreaterThan(0)
    expect(seen.slice(0, firstLate).every((entry) => entry.minutesLate <= 0)).toBe(true)
    expect(seen.at(-1)?.status).toBe('arrived')
    expect(seen.slice(0, -1).every((entry) => entry.status === 'in_transit')).toBe(true)
    // Arrived at the first position within 50 m of the door, not before.
    expect(seen.length).toBe(path.slice(1).findIndex((position) => distanceM(position, destination) <= 50) + 1)

    const stopped = await client.sandbox('POST', `/v1/events/${eventId}/tracking/stop`, { body: {} })
    expect(stopped.body.status).toBe('stopped')
    await advance(1)
    const notifications = receiver
      .verified(secret)
      .filter((notification) => (notification.data.object as { event_id: string }).event_id === eventId)
    expect(notifications.map((notification) => notification.type)).toEqual([
      'event.late_predicted',
      'user.arrived',
      'event.tracking_stopped',
    ])
    expect(new Set(notifications.map((notification) => notification.id)).size).toBe(3)
    const [late, arrived] = notifications.map((notification) => notification.data.object as Record<string, unknown>)
    expect(late).toMatchObject({ status: 'in_transit' })
    expect(late?.minutes_late as number).toBeGreaterThan(0)
    expect(arrived).toMatchObject({ status: 'arrived' })
    // About 400 requests one after the other: a long walk by design, not a time budget.
  }, 120_000)
})
