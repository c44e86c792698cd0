import { describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { MemoryConnectionRepository } from '../../../adapters/storage/memory/connection-repository.js'
import { MemoryEventRepository } from '../../../adapters/storage/memory/event-repository.js'
import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../../adapters/storage/memory/user-repository.js'
import { DepartureMonitor } from '../../../core/event/departure-monitor.js'
import type { CalendarEvent } from '../../../core/event/event.js'
import { monitoringDueAt } from '../../../core/event/event.js'
import { openMonitoring } from '../../../core/monitoring/monitoring-transition.js'
import { ok } from '../../../core/shared/result.js'
import { DEFAULT_PREFERENCES, type User } from '../../../core/user/user.js'
import { makeConnection } from '../../support/connection-fixtures.js'
import { calmForecast, fixedClock, stubRouting, stubWeather } from '../../support/departure-fixtures.js'

const MINUTE = 60_000
const NOW = new Date('2026-06-02T06:00:00Z')
const START = new Date('2026-06-02T09:00:00Z')
const ids = new UlidIdGenerator()

const setup = async () => {
  const outbox = new MemoryOutbox()
  const events = new MemoryEventRepository(outbox)
  const users = new MemoryUserRepository(outbox)
  const connections = new MemoryConnectionRepository(outbox)
  const user: User = {
    ...DEFAULT_PREFERENCES,
    id: 'usr_a',
    accountId: 'acct_a',
    livemode: false,
    email: 'ada@example.com',
    homeLocation: { name: 'Home', address: null, lat: 52.52, lng: 13.405, source: 'caller' },
    deactivatedAt: null,
    createdAt: NOW,
    version: 1,
  }
  await users.insert(user, [])
  // Traffic at 1.5 times the free-flow time, and a severe wind warning at the destination.
  const routing = stubRouting(ok({ expectedMinutes: 30, freeFlowMinutes: 20, distanceKm: 15, quality: 'live' }))
  const weather = stubWeather(
    ok({ forecast: calmForecast, warnings: [{ kind: 'wind', severity: 'severe', description: 'Gale' }] }),
  )
  const clock = fixedClock(NOW.toISOString())
  const monitor = new DepartureMonitor({ events, users, ids, routing, weather, connections })
  return { events, connections, monitor, clock }
}

const makeEvent = (startTime: Date, overrides: Partial<CalendarEvent> = {}): CalendarEvent => {
  const endTime = new Date(startTime.getTime() + 60 * MINUTE)
  const hasLocation = overrides.location !== null
  const monitoring = openMonitoring({ startTime, endTime, hasLocation, preAlertMinutes: 10, now: NOW })
  return {
    id: ids.next('evt'),
    accountId: 'acct_a',
    livemode: false,
    userId: 'usr_a',
    title: 'Review',
    category: 'meeting',
    startTime,
    endTime,
    timezone: 'Europe/Berlin',
    location: { name: 'Office', address: 'Main St 1', lat: 52.5208, lng: 13.3874, source: 'caller' },
    origin: null,
    travel: { mode: 'drive', parkingBufferMin: 5 },
    attendees: [],
    monitoring,
    originSource: null,
    dueAt: monitoringDueAt(monitoring),
    createdAt: NOW,
    updatedAt: NOW,
    version: 1,
    ...overrides,
  }
}

describe('Event health is computed with the departure recompute', () => {
  it('stores the assessment in the same write as the window (one version step), as of the window', async () => {
    const { events, monitor, clock } = await setup()
    const event = makeEvent(START)
    await events.insert(event, [])
    const [saved] = await monitor.recompute([event], clock)
    expect(saved?.version).toBe(2)
    const stored = (await events.get('acct_a', event.id))!
    expect(stored.version).toBe(2)
    expect(stored.health?.calculatedAt).toEqual(stored.monitoring.departure?.calculatedAt)
    expect(stored.health?.factors).toEqual({ traffic: 0.5, weather: 0.75, margin: 0, conflict: 0, connection: 0 })
    expect(stored.health?.risks.map((risk) => [risk.type, risk.severity])).toEqual([
      ['traffic', 'medium'],
      ['weather', 'high'],
    ])
  })

  it('reads conflicts from the neighbours the origin rule already reads, extended to the event’s end', async () => {
    const { events, monitor, clock } = await setup()
    const event = makeEvent(START)
    const overlapping = makeEvent(new Date(START.getTime() + 30 * MINUTE), { location: null })
    for (const each of [event, overlapping]) await events.insert(each, [])
    await monitor.recompute([event], clock)
    const stored = (await events.get('acct_a', event.id))!
    expect(stored.health?.factors.conflict).toBe(1)
    expect(stored.health?.risks).toContainEqual({
      type: 'conflict',
      severity: 'high',
      detail: expect.stringContaining(overlapping.id),
    })
  })

  it('a disconnected connection of the user raises the connection risk; an event’s own connection alone counts for it', async () => {
    const { events, connections, monitor, clock } = await setup()
    const broken = makeConnection({ userId: 'usr_a', status: 'disconnected', statusReason: 'disconnected_by_request' })
    const healthy = makeConnection({ userId: 'usr_a', email: 'other@example.com' })
    for (const connection of [broken, healthy]) await connections.insert(connection, [])
    const any = makeEvent(START)
    const synced = makeEvent(new Date(START.getTime() + 24 * 60 * MINUTE), {
      source: { connectionId: healthy.id, calendarId: 'cal_a', externalId: 'ext_1', seriesId: null },
    })
    for (const each of [any, synced]) await events.insert(each, [])
    await monitor.recompute([any, synced], clock)
    expect((await events.get('acct_a', any.id))?.health?.factors.connection).toBe(1)
    expect((await events.get('acct_a', synced.id))?.health?.factors.connection).toBe(0)
  })

  it('the sweep’s ticks reassess: inside the departure window the margin shrinks', async () => {
    const { events, monitor, clock } = await setup()
    const event = makeEvent(START)
    await events.insert(event, [])
    const [computed] = await monitor.recompute([event], clock)
    const departure = computed!.monitoring.departure!
    const midWindow = (departure.earliestDeparture.getTime() + departure.latestDeparture.getTime()) / 2
    clock.set(new Date(midWindow).toISOString())
    await monitor.processDue('acct_a', clock)
    const stored = (await events.get('acct_a', event.id))!
    expect(stored.health?.factors.margin).toBeGreaterThan(0)
    expect(stored.health?.factors.margin).toBeLessThan(1)
    expect(stored.health?.calculatedAt.getTime()).toBeGreaterThan(computed!.health!.calculatedAt.getTime())
  })

  it('once the event has started, the last assessment stays', async () => {
    const { events, monitor, clock } = await setup()
    const event = makeEvent(START)
    await events.insert(event, [])
    const [computed] = await monitor.recompute([event], clock)
    clock.set(new Date(START.getTime() + MINUTE).toISOString())
    await monitor.processDue('acct_a', clock)
    const stored = (await events.get('acct_a', event.id))!
    expect(stored.monitoring.status).toBe('started')
    expect(stored.health).toEqual(computed!.health)
  })
})
