import { SyntheticGeocodingAdapter } from '../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { EmbeddedIdentityProvider } from '../../adapters/identity/embedded/identity-provider.js'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { MemoryEventRepository } from '../../adapters/storage/memory/event-repository.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../adapters/storage/memory/user-repository.js'
import { DepartureMonitor, type DepartureMonitorDeps } from '../../core/event/departure-monitor.js'
import { EventLifecycle } from '../../core/event/event-lifecycle.js'
import { EventService } from '../../core/event/event-service.js'
import type { RoutingPort } from '../../core/ports/routing.js'
import type { WeatherPort } from '../../core/ports/weather.js'
import { UserDeletionCascade } from '../../core/user/deletion-cascade.js'
import { DEFAULT_PREFERENCES } from '../../core/user/user.js'
import { UserService } from '../../core/user/user-service.js'
import { fixedClock, stubRouting, stubWeather } from './departure-fixtures.js'

export const HOUR = 3_600_000
export const NOW = new Date('2026-06-02T06:00:00Z')

/**
 * The event use case over the in-memory repositories, at a fixed `NOW`, with one user (`usr_a` of `acct_a`, at home
 * in Berlin): the routing, weather and last-known-position ports are the test's to choose.
 */
export const eventServiceFixture = (
  ports: {
    readonly routing?: RoutingPort
    readonly weather?: WeatherPort
    readonly lastKnownPosition?: DepartureMonitorDeps['lastKnownPosition']
  } = {},
) => {
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
  /** Stores the user, then creates a one-hour event with coordinates 5 hours from now through the use case. */
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
  return { events, eventRecords, monitor, clock, scope, create, stored, outboxTypes }
}
