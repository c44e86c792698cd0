import { describe, expect, it } from 'vitest'
import { SyntheticGeocodingAdapter } from '../../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { EmbeddedIdentityProvider } from '../../../adapters/identity/embedded/identity-provider.js'
import { UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { MemoryEventRepository } from '../../../adapters/storage/memory/event-repository.js'
import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../../adapters/storage/memory/user-repository.js'
import { DepartureMonitor, type DepartureMonitorDeps } from '../../../core/event/departure-monitor.js'
import { EventLifecycle } from '../../../core/event/event-lifecycle.js'
import { EventService } from '../../../core/event/event-service.js'
import type { RoutingPort } from '../../../core/ports/routing.js'
import type { WeatherPort } from '../../../core/ports/weather.js'
import { UserDeletionCascade } from '../../../core/user/deletion-cascade.js'
import { DEFAULT_PREFERENCES } from '../../../core/user/user.js'
import { UserService } from '../../../core/user/user-service.js'
import { fixedClock, stubRouting, stubWeather } from '../../support/departure-fixtures.js'

const HOUR = 3_600_000
const NOW = new Date('2026-06-02T06:00:00Z')

/** A routing adapter with a bug: it throws instead of answering a failure (until `healed`). */
const throwingRouting = (): RoutingPort & { healed: boolean; calls: number } => {
  const healthy = stubRouting()
  const port = {
    healed: false,
    calls: 0,
    travelTime: async (query: Parameters<RoutingPort['travelTime']>[0]) => {
      port.calls++
      if (!port.healed) throw new TypeError("Cannot read properties of null (reading 'duration')")
      return healthy.travelTime(query)
    },
  }
  return port
}

const throwingWeather = (): WeatherPort => ({
  forecastAt: async () => {
    throw new Error('socket hang up')
  },
})

const setUp = (ports: {
  routing?: RoutingPort
  weather?: WeatherPort
  lastKnownPosition?: DepartureMonitorDeps['lastKnownPosition']
}) => {
  const outbox = new MemoryOutbox()
  const ids = new UlidIdGenerator()
  const userRecords = new MemoryUserRepository(outbox)
  const eventRecords = new MemoryEventRepository(outbox)
  const clock = fixedClock(NOW.toISOString())
  const routing = ports.routing ?? stubRouting()
  const weather = ports.weather ?? stubWeather()
  const monitor = new DepartureMonitor({
    events: eventRecords,
    users: userRecords,
    ids,
    routing,
    weather,
    ...(ports.lastKnownPosition === undefined ? {} : { lastKnownPosition: ports.lastKnownPosition }),
  })
  const geocoding = new SyntheticGeocodingAdapter()
  const users = new UserService({
    users: userRecords,
    ids,
    identity: new EmbeddedIdentityProvider(),
    cascade: new UserDeletionCascade(),
    geocoding,
  })
  const events = new EventService({
    events: eventRecords,
    users,
    ids,
    geocoding,
    routing,
    weather,
    monitor,
    lifecycle: new EventLifecycle(),
  })
  const scope = { accountId: 'acct_a', livemode: false, clock }
  const create = async () => {
    await userRecords.insert(
      {
        ...DEFAULT_PREFERENCES,
        id: 'usr_a',
        accountId: 'acct_a',
        livemode: false,
        email: 'ada@example.com',
        homeLocation: { name: 'Home', address: null, lat: 52.52, lng: 13.405, source: 'caller' },
        deactivatedAt: null,
        createdAt: NOW,
        version: 1,
      },
      [],
    )
    return events.create(scope, {
      userId: 'usr_a',
      title: 'Review',
      startTime: new Date(NOW.getTime() + 5 * HOUR),
      endTime: new Date(NOW.getTime() + 6 * HOUR),
      location: { lat: 52.45, lng: 13.3 },
    })
  }
  const stored = async () => (await eventRecords.list('acct_a', { userId: 'usr_a' }, { limit: 100 })).data
  const outboxTypes = async () => (await outbox.list('acct_a', 100)).map((event) => event.type)
  return { create, stored, outboxTypes, monitor, clock }
}

describe('Creating an event: insert, first window and event.created together or not at all', () => {
  it('a routing adapter that throws leaves the event created and `unavailable`, retried on the cadence, not a 500', async () => {
    const routing = throwingRouting()
    const { create, stored, outboxTypes, monitor, clock } = setUp({ routing })
    const created = await create()
    if (!created.ok) throw new Error(`create failed: ${created.error._tag}`)
    expect(routing.calls).toBe(1)
    expect(created.value.monitoring.status).toBe('unavailable')
    expect(created.value.monitoring.departure).toBeNull()
    expect(created.value.monitoring.nextRecalcAt).not.toBeNull()
    expect(await stored()).toEqual([created.value])
    expect(await outboxTypes()).toEqual(['event.created'])

    // The provider answers again: the sweep computes the first window at the event's next recompute.
    routing.healed = true
    clock.set(created.value.monitoring.nextRecalcAt!.toISOString())
    await monitor.processDue(null, clock)
    const [after] = await stored()
    expect(after?.monitoring.status).toBe('monitoring')
    expect((await outboxTypes()).sort()).toEqual(['departure.computed', 'event.created'])
  })

  it('a weather adapter that throws counts as no forecast: the window is computed without weather', async () => {
    const { create, stored, outboxTypes } = setUp({ weather: throwingWeather() })
    const created = await create()
    if (!created.ok) throw new Error(`create failed: ${created.error._tag}`)
    expect(created.value.monitoring.status).toBe('monitoring')
    expect(created.value.monitoring.departure?.weather).toBeNull()
    expect(await stored()).toEqual([created.value])
    expect((await outboxTypes()).sort()).toEqual(['departure.computed', 'event.created'])
  })

  it('any other failure while planning the first window does the same', async () => {
    const { create, stored, outboxTypes } = setUp({
      lastKnownPosition: async () => {
        throw new Error('position store unreachable')
      },
    })
    const created = await create()
    if (!created.ok) throw new Error(`create failed: ${created.error._tag}`)
    expect(created.value.monitoring.status).toBe('unavailable')
    expect(await stored()).toEqual([created.value])
    expect(await outboxTypes()).toEqual(['event.created'])
  })
})
