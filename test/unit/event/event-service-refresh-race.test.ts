import { describe, expect, it } from 'vitest'
import { SyntheticGeocodingAdapter } from '../../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { EmbeddedIdentityProvider } from '../../../adapters/identity/embedded/identity-provider.js'
import { UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { MemoryEventRepository } from '../../../adapters/storage/memory/event-repository.js'
import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../../adapters/storage/memory/user-repository.js'
import { DepartureMonitor } from '../../../core/event/departure-monitor.js'
import { EventLifecycle } from '../../../core/event/event-lifecycle.js'
import { EventService } from '../../../core/event/event-service.js'
import type { RoutingPort } from '../../../core/ports/routing.js'
import { ok } from '../../../core/shared/result.js'
import { UserDeletionCascade } from '../../../core/user/deletion-cascade.js'
import { DEFAULT_PREFERENCES } from '../../../core/user/user.js'
import { UserService } from '../../../core/user/user-service.js'
import { fixedClock, stubWeather } from '../../support/departure-fixtures.js'

const HOUR = 3_600_000
const NOW = new Date('2026-06-02T06:00:00Z')

describe('An update whose own recompute loses the race to the sweep', () => {
  it('answers the event as the sweep left it (its window), not the pending state it read', async () => {
    const outbox = new MemoryOutbox()
    const ids = new UlidIdGenerator()
    const userRecords = new MemoryUserRepository(outbox)
    const eventRecords = new MemoryEventRepository(outbox)
    const clock = fixedClock(NOW.toISOString())
    // The sweep runs (and writes the window) while the request's own recompute waits for its first route.
    let sweepDuringNextRoute = false
    let monitor: DepartureMonitor
    const routing: RoutingPort = {
      travelTime: async () => {
        if (sweepDuringNextRoute) {
          sweepDuringNextRoute = false
          await monitor.processDue(null, clock)
        }
        return ok({ expectedMinutes: 25, freeFlowMinutes: 20, distanceKm: 12, quality: 'live' })
      },
    }
    const weather = stubWeather()
    monitor = new DepartureMonitor({ events: eventRecords, users: userRecords, ids, routing, weather })
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
    const scope = { accountId: 'acct_a', livemode: false, clock }
    const created = await events.create(scope, {
      userId: 'usr_a',
      title: 'Review',
      startTime: new Date(NOW.getTime() + 5 * HOUR),
      endTime: new Date(NOW.getTime() + 6 * HOUR),
      location: { lat: 52.45, lng: 13.3 },
    })
    if (!created.ok) throw new Error('create failed')
    expect(created.value.monitoring.status).toBe('monitoring')

    sweepDuringNextRoute = true
    const moved = await events.update(scope, created.value.id, {
      startTime: new Date(NOW.getTime() + 8 * HOUR),
      endTime: new Date(NOW.getTime() + 9 * HOUR),
    })
    expect(sweepDuringNextRoute).toBe(false)
    if (!moved.ok) throw new Error('update failed')
    const stored = await eventRecords.get('acct_a', created.value.id)
    expect(stored?.monitoring.status).toBe('monitoring')
    expect(moved.value.monitoring.status).toBe('monitoring')
    expect(moved.value).toEqual(stored)
  })
})
