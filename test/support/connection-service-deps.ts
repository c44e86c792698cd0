import { SyntheticGeocodingAdapter } from '../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { EmbeddedIdentityProvider } from '../../adapters/identity/embedded/identity-provider.js'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { OfflineRoutingAdapter } from '../../adapters/routing/offline/offline-routing.js'
import { MemoryEventRepository } from '../../adapters/storage/memory/event-repository.js'
import type { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../adapters/storage/memory/user-repository.js'
import { OfflineWeatherAdapter } from '../../adapters/weather/offline/offline-weather.js'
import type { CalendarProviderName } from '../../core/connection/connection.js'
import { DepartureMonitor } from '../../core/event/departure-monitor.js'
import { EventLifecycle } from '../../core/event/event-lifecycle.js'
import { EventService } from '../../core/event/event-service.js'
import type { CalendarProviderPort } from '../../core/ports/calendar-provider.js'
import { UserDeletionCascade } from '../../core/user/deletion-cascade.js'
import { DEFAULT_PREFERENCES, type User } from '../../core/user/user.js'
import { UserService } from '../../core/user/user-service.js'
import { FIXTURE_BASE } from './connection-fixtures.js'

const unexpected = (method: string) => (): never => {
  throw new Error(`unexpected call to the provider: ${method}`)
}

/**
 * A CalendarProviderPort that answers only what the test gives it; any other call throws, naming the method
 * (the service under test records it as that call's failure, so the test sees it).
 */
export const stubCalendarProvider = (
  provider: CalendarProviderName,
  methods: Partial<Omit<CalendarProviderPort, 'provider'>>,
): CalendarProviderPort => ({
  provider,
  authorizationUrl: unexpected('authorizationUrl'),
  exchangeCode: unexpected('exchangeCode'),
  refreshTokens: unexpected('refreshTokens'),
  revoke: unexpected('revoke'),
  listCalendars: unexpected('listCalendars'),
  syncEvents: unexpected('syncEvents'),
  createEvent: unexpected('createEvent'),
  updateEvent: unexpected('updateEvent'),
  deleteEvent: unexpected('deleteEvent'),
  startPush: unexpected('startPush'),
  renewPush: unexpected('renewPush'),
  stopPush: unexpected('stopPush'),
  ...methods,
})

/** The user and event services a ConnectionService works with: the real ones, on in-memory storage. */
export const inMemoryUsersAndEvents = (outbox: MemoryOutbox) => {
  const ids = new UlidIdGenerator()
  const userRecords = new MemoryUserRepository(outbox)
  const geocoding = new SyntheticGeocodingAdapter()
  const routing = new OfflineRoutingAdapter()
  const weather = new OfflineWeatherAdapter()
  const users = new UserService({
    users: userRecords,
    ids,
    identity: new EmbeddedIdentityProvider(),
    cascade: new UserDeletionCascade(),
    geocoding,
  })
  const eventRecords = new MemoryEventRepository(outbox)
  const monitor = new DepartureMonitor({ events: eventRecords, users: userRecords, ids, routing, weather })
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
  /** Stores an active user (by default the fixtures' `usr_a` of `acct_a`). */
  const storeUser = async (overrides: Partial<User> = {}): Promise<User> => {
    const user: User = {
      ...DEFAULT_PREFERENCES,
      id: 'usr_a',
      accountId: 'acct_a',
      livemode: false,
      email: 'ada@example.com',
      deactivatedAt: null,
      createdAt: FIXTURE_BASE,
      version: 1,
      ...overrides,
    }
    await userRecords.insert(user, [])
    return user
  }
  return { users, events, eventRecords, storeUser }
}
