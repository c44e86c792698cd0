import 'reflect-metadata'
import { Container } from 'inversify'
import { AccountService } from '../core/account/account-service.js'
import type { BackgroundJob } from '../core/background/background-job.js'
import type { AccountRepositoryPort } from '../core/ports/account-repository.js'
import type { Clock } from '../core/ports/clock.js'
import type { IdGenerator, RandomSource } from '../core/ports/id-generator.js'
import type { IdentityProviderPort } from '../core/ports/identity-provider.js'
import type { IdempotencyStorePort } from '../core/ports/idempotency-store.js'
import type { OutboxPort } from '../core/ports/outbox.js'
import type { RateLimiterPort } from '../core/ports/rate-limiter.js'
import type { SchedulerPort } from '../core/ports/scheduler.js'
import type { UserRepositoryPort } from '../core/ports/user-repository.js'
import { UserDeletionCascade } from '../core/user/deletion-cascade.js'
import { UserService } from '../core/user/user-service.js'
import { SystemClock } from '../adapters/clock/system/system-clock.js'
import { EmbeddedIdentityProvider } from '../adapters/identity/embedded/identity-provider.js'
import { CryptoRandomSource, UlidIdGenerator } from '../adapters/ids/ulid/ulid-ids.js'
import { MemoryRateLimiter } from '../adapters/rate-limit/memory/rate-limiter.js'
import { InProcessScheduler } from '../adapters/scheduler/in-process/in-process-scheduler.js'
import { FileAccountRepository } from '../adapters/storage/file/account-repository.js'
import { MemoryAccountRepository } from '../adapters/storage/memory/account-repository.js'
import { MemoryIdempotencyStore } from '../adapters/storage/memory/idempotency-store.js'
import { MemoryOutbox } from '../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../adapters/storage/memory/user-repository.js'
import { CURRENT_VERSION } from '../contracts/versions.js'
import { DepartureMonitor } from '../core/event/departure-monitor.js'
import { EventService } from '../core/event/event-service.js'
import { EventLifecycle } from '../core/event/event-lifecycle.js'
import type { EventRepositoryPort } from '../core/ports/event-repository.js'
import type { GeocodingPort } from '../core/ports/geocoding.js'
import type { RoutingPort } from '../core/ports/routing.js'
import type { WeatherPort } from '../core/ports/weather.js'
import { SyntheticGeocodingAdapter } from '../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { NominatimGeocodingAdapter } from '../adapters/geocoding/nominatim/nominatim-geocoding.js'
import { OfflineRoutingAdapter } from '../adapters/routing/offline/offline-routing.js'
import { OsrmRoutingAdapter } from '../adapters/routing/osrm/osrm-routing.js'
import { OfflineWeatherAdapter } from '../adapters/weather/offline/offline-weather.js'
import { OpenMeteoWeatherAdapter } from '../adapters/weather/open-meteo/open-meteo-weather.js'
import { MemoryEventRepository } from '../adapters/storage/memory/event-repository.js'
import type { DnsResolverPort } from '../core/ports/dns-resolver.js'
import type { NotificationRendererPort } from '../core/ports/notification-renderer.js'
import type { WebhookDeliveryRepositoryPort } from '../core/ports/webhook-delivery-repository.js'
import type { WebhookEndpointRepositoryPort } from '../core/ports/webhook-endpoint-repository.js'
import type { WebhookTransportPort } from '../core/ports/webhook-transport.js'
import { WebhookDispatcher } from '../core/webhooks/webhook-dispatcher.js'
import { WebhookEndpointService } from '../core/webhooks/webhook-endpoint-service.js'
import { SystemDnsResolver } from '../adapters/dns/system/system-dns-resolver.js'
import { MemoryWebhookDeliveryRepository } from '../adapters/storage/memory/webhook-delivery-repository.js'
import { MemoryWebhookEndpointRepository } from '../adapters/storage/memory/webhook-endpoint-repository.js'
import { HttpWebhookTransport } from '../adapters/webhook-transport/http/http-webhook-transport.js'
import { PinnedVersionNotificationRenderer } from './webhooks/notification-renderer.js'
import { ConnectionService, type CalendarProviderRegistry } from '../core/connection/connection-service.js'
import { OutboundMirror } from '../core/connection/outbound-mirror.js'
import { CALENDAR_PROVIDERS, type CalendarProviderName } from '../core/connection/connection.js'
import type { CalendarProviderPort } from '../core/ports/calendar-provider.js'
import type { CalendarRepositoryPort } from '../core/ports/calendar-repository.js'
import type { ConnectionRepositoryPort } from '../core/ports/connection-repository.js'
import type { OAuthStateStorePort } from '../core/ports/oauth-state-store.js'
import type { TokenCipherPort } from '../core/ports/token-cipher.js'
import { GoogleCalendarProvider } from '../adapters/calendar-provider/google/google-calendar-provider.js'
import { MicrosoftGraphCalendarProvider } from '../adapters/calendar-provider/microsoft/microsoft-graph-calendar-provider.js'
import { CalDavCalendarProvider } from '../adapters/calendar-provider/caldav/caldav-calendar-provider.js'
import { SandboxProviderHelpers } from '../adapters/calendar-provider/synthetic/sandbox-provider-helpers.js'
import { SyntheticCalendarProvider } from '../adapters/calendar-provider/synthetic/synthetic-calendar-provider.js'
import { SyntheticCalendarWorld } from '../adapters/calendar-provider/synthetic/synthetic-calendar-world.js'
import { OffsetClock } from '../adapters/clock/system/system-clock.js'
import { MemoryCalendarRepository } from '../adapters/storage/memory/calendar-repository.js'
import { MemoryConnectionRepository } from '../adapters/storage/memory/connection-repository.js'
import { MemoryOAuthStateStore } from '../adapters/storage/memory/oauth-state-store.js'
import { AesGcmTokenCipher } from '../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import { randomBytes } from 'node:crypto'
import type { Config } from './config.js'
import { TOKENS } from './di-tokens.js'

/** The services of one surface (production or sandbox), resolved from its container. */
export interface Surface {
  readonly livemode: boolean
  readonly container: Container
  readonly users: UserService
  readonly events: EventService
  readonly monitor: DepartureMonitor
  readonly outbox: OutboxPort
  readonly cascade: UserDeletionCascade
  readonly eventLifecycle: EventLifecycle
  readonly webhooks: WebhookEndpointService
  readonly dispatcher: WebhookDispatcher
  readonly backgroundJobs: BackgroundJob[]
  readonly connections: ConnectionService
  /** The sandbox's make-believe calendar provider and its test helpers (null on production). */
  readonly calendarSandbox: { readonly world: SyntheticCalendarWorld; readonly helpers: SandboxProviderHelpers; readonly clockFor: (accountId: string) => Promise<Clock> } | null
  /** The iCloud (CalDAV) adapter behind the hosted app-specific-password page, when offered on this surface. */
  readonly icloudSignIn: CalDavCalendarProvider | null
}

export interface Application {
  readonly config: Config
  readonly container: Container
  readonly accounts: AccountService
  readonly accountRepository: AccountRepositoryPort
  readonly clock: Clock
  readonly random: RandomSource
  readonly idempotency: IdempotencyStorePort
  readonly rateLimiter: RateLimiterPort
  readonly scheduler: SchedulerPort
  readonly surfaces: { readonly live: Surface; readonly test: Surface }
  close(): Promise<void>
}

export interface CompositionOverrides {
  /** Keep accounts in memory only (tests) instead of the data directory. */
  readonly ephemeralAccounts?: boolean
  readonly clock?: Clock
  /** Name resolution for webhook URLs (tests pin hosts to addresses). */
  readonly dnsResolver?: DnsResolverPort
}

/** Production gets the configured providers; the sandbox always the embedded, deterministic ones. */
const bindDepartureData = (container: Container, config: Config, livemode: boolean): void => {
  const { providers } = config
  const http = { timeoutMs: providers.timeoutMs, userAgent: providers.userAgent }
  const routing = livemode ? providers.routing : ({ kind: 'offline' } as const)
  const weather = livemode ? providers.weather : ({ kind: 'offline' } as const)
  const geocoder = livemode ? providers.geocoder : ({ kind: 'synthetic' } as const)
  container.bind<RoutingPort>(TOKENS.Routing).toResolvedValue(() =>
    routing.kind === 'osrm' ? new OsrmRoutingAdapter({ ...http, baseUrl: routing.baseUrl }) : new OfflineRoutingAdapter())
  container.bind<WeatherPort>(TOKENS.Weather).toResolvedValue(() =>
    weather.kind === 'open-meteo' ? new OpenMeteoWeatherAdapter({ ...http, baseUrl: weather.baseUrl }) : new OfflineWeatherAdapter())
  container.bind<GeocodingPort>(TOKENS.Geocoding).toResolvedValue(() =>
    geocoder.kind === 'nominatim' ? new NominatimGeocodingAdapter({ ...http, baseUrl: geocoder.baseUrl }) : new SyntheticGeocodingAdapter())
}

/** Endpoints, deliveries, the dispatcher and the endpoint service of one surface. */
const bindWebhooks = (container: Container, config: Config): void => {
  container.bind<WebhookEndpointRepositoryPort>(TOKENS.WebhookEndpointRepository).toResolvedValue((outbox: MemoryOutbox) => new MemoryWebhookEndpointRepository(outbox), [TOKENS.Outbox])
  container.bind<WebhookDeliveryRepositoryPort>(TOKENS.WebhookDeliveryRepository).toResolvedValue(() => new MemoryWebhookDeliveryRepository())
  container
    .bind<WebhookDispatcher>(TOKENS.WebhookDispatcher)
    .toResolvedValue(
      (outbox: OutboxPort, endpoints: WebhookEndpointRepositoryPort, deliveries: WebhookDeliveryRepositoryPort, transport: WebhookTransportPort, renderer: NotificationRendererPort, dns: DnsResolverPort, ids: IdGenerator, random: RandomSource) =>
        new WebhookDispatcher({ outbox, endpoints, deliveries, transport, renderer, dns, ids, random, wallClock: new SystemClock(), limits: config.webhooks }),
      [TOKENS.Outbox, TOKENS.WebhookEndpointRepository, TOKENS.WebhookDeliveryRepository, TOKENS.WebhookTransport, TOKENS.NotificationRenderer, TOKENS.DnsResolver, TOKENS.IdGenerator, TOKENS.RandomSource],
    )
  container
    .bind<WebhookEndpointService>(TOKENS.WebhookEndpointService)
    .toResolvedValue(
      (endpoints: WebhookEndpointRepositoryPort, deliveries: WebhookDeliveryRepositoryPort, dispatcher: WebhookDispatcher, dns: DnsResolverPort, ids: IdGenerator, random: RandomSource) =>
        new WebhookEndpointService({ endpoints, deliveries, dispatcher, dns, ids, random }),
      [TOKENS.WebhookEndpointRepository, TOKENS.WebhookDeliveryRepository, TOKENS.WebhookDispatcher, TOKENS.DnsResolver, TOKENS.IdGenerator, TOKENS.RandomSource],
    )
}

/** An account's clock on a surface: the sandbox clock runs ahead once `advance_time` moved it. */
const accountClock = (accounts: AccountRepositoryPort, clock: Clock, livemode: boolean) => async (accountId: string): Promise<Clock> => {
  if (livemode) return clock
  const offset = (await accounts.getAccount(accountId))?.sandboxClockOffsetMs ?? 0
  return offset === 0 ? clock : new OffsetClock(clock, offset)
}

/** Calendar connections: repositories, providers (the sandbox's synthetic one on the sandbox), the service. */
const bindConnections = (container: Container, config: Config, livemode: boolean): void => {
  const baseUrl = livemode ? config.publicBaseUrl : config.sandboxPublicBaseUrl
  container.bind<ConnectionRepositoryPort>(TOKENS.ConnectionRepository).toResolvedValue((outbox: MemoryOutbox) => new MemoryConnectionRepository(outbox), [TOKENS.Outbox])
  container.bind<CalendarRepositoryPort>(TOKENS.CalendarRepository).toResolvedValue(() => new MemoryCalendarRepository())
  container.bind<OAuthStateStorePort>(TOKENS.OAuthStateStore).toResolvedValue(() => new MemoryOAuthStateStore())
  container.bind<SyntheticCalendarWorld | null>(TOKENS.SyntheticCalendarWorld).toResolvedValue(() => (livemode ? null : new SyntheticCalendarWorld()))
  container
    .bind<CalendarProviderRegistry>(TOKENS.CalendarProviders)
    .toResolvedValue((world: SyntheticCalendarWorld | null, clock: Clock) => {
      const adapters = new Map<CalendarProviderName, CalendarProviderPort>()
      // The sandbox answers every provider name with its synthetic provider; production offers the configured ones.
      if (world !== null) for (const name of CALENDAR_PROVIDERS) adapters.set(name, new SyntheticCalendarProvider(name, world, baseUrl, clock))
      const { google, microsoft } = config.connections
      const http = { timeoutMs: config.providers.timeoutMs, userAgent: config.providers.userAgent, clock }
      if (livemode && google !== null) adapters.set('google', new GoogleCalendarProvider({ ...google, ...http }))
      if (livemode && microsoft !== null) adapters.set('microsoft', new MicrosoftGraphCalendarProvider({ ...microsoft, ...http }))
      const { icloud } = config.connections
      if (livemode && icloud !== null) {
        adapters.set('icloud', new CalDavCalendarProvider({ provider: 'icloud', serverUrl: icloud.caldavUrl, signInPageUrl: `${baseUrl}/v1/connections/icloud/authorize`, clock }))
      }
      return (name: CalendarProviderName) => adapters.get(name) ?? null
    }, [TOKENS.SyntheticCalendarWorld, TOKENS.Clock])
  container
    .bind<ConnectionService>(TOKENS.ConnectionService)
    .toResolvedValue(
      (connections: ConnectionRepositoryPort, calendars: CalendarRepositoryPort, states: OAuthStateStorePort, providers: CalendarProviderRegistry, cipher: TokenCipherPort, ids: IdGenerator, random: RandomSource, users: UserService, events: EventService, accounts: AccountRepositoryPort, clock: Clock) =>
        new ConnectionService({
          connections,
          calendars,
          states,
          providers,
          cipher,
          ids,
          random,
          users,
          events,
          callbackUrl: `${baseUrl}/v1/connections/oauth/callback`,
          // Providers push only to public https addresses; the sandbox's provider pushes in-process.
          pushAddress: (provider) => (!livemode || baseUrl.startsWith('https://') ? `${baseUrl}/v1/connections/push/${provider}` : null),
          clockFor: accountClock(accounts, clock, livemode),
          wallClock: clock,
        }),
      [TOKENS.ConnectionRepository, TOKENS.CalendarRepository, TOKENS.OAuthStateStore, TOKENS.CalendarProviders, TOKENS.TokenCipher, TOKENS.IdGenerator, TOKENS.RandomSource, TOKENS.UserService, TOKENS.EventService, TOKENS.AccountRepository, TOKENS.Clock],
    )
}

const bindSurface = (root: Container, config: Config, livemode: boolean): Surface => {
  const container = new Container({ parent: root, defaultScope: 'Singleton' })
  container.bind<boolean>(TOKENS.Livemode).toConstantValue(livemode)
  bindDepartureData(container, config, livemode)
  container.bind<EventRepositoryPort>(TOKENS.EventRepository).toResolvedValue((outbox: MemoryOutbox) => new MemoryEventRepository(outbox), [TOKENS.Outbox])
  container.bind<MemoryOutbox>(TOKENS.Outbox).toResolvedValue(() => new MemoryOutbox())
  container.bind<UserRepositoryPort>(TOKENS.UserRepository).toResolvedValue((outbox: MemoryOutbox) => new MemoryUserRepository(outbox), [TOKENS.Outbox])
  container.bind<IdentityProviderPort>(TOKENS.IdentityProvider).toResolvedValue(() => new EmbeddedIdentityProvider())
  container.bind<UserDeletionCascade>(TOKENS.UserDeletionCascade).toResolvedValue(() => new UserDeletionCascade())
  container.bind<EventLifecycle>(TOKENS.EventLifecycle).toResolvedValue(() => new EventLifecycle())
  container.bind<BackgroundJob[]>(TOKENS.BackgroundJobs).toResolvedValue(() => [])
  container
    .bind<UserService>(TOKENS.UserService)
    .toResolvedValue(
      (users: UserRepositoryPort, ids: IdGenerator, identity: IdentityProviderPort, cascade: UserDeletionCascade, geocoding: GeocodingPort) =>
        new UserService({ users, ids, identity, cascade, geocoding }),
      [TOKENS.UserRepository, TOKENS.IdGenerator, TOKENS.IdentityProvider, TOKENS.UserDeletionCascade, TOKENS.Geocoding],
    )
  container
    .bind<DepartureMonitor>(TOKENS.DepartureMonitor)
    .toResolvedValue(
      (events: EventRepositoryPort, users: UserRepositoryPort, ids: IdGenerator, routing: RoutingPort, weather: WeatherPort) =>
        new DepartureMonitor({ events, users, ids, routing, weather }),
      [TOKENS.EventRepository, TOKENS.UserRepository, TOKENS.IdGenerator, TOKENS.Routing, TOKENS.Weather],
    )
  container
    .bind<EventService>(TOKENS.EventService)
    .toResolvedValue(
      (events: EventRepositoryPort, users: UserService, ids: IdGenerator, geocoding: GeocodingPort, routing: RoutingPort, weather: WeatherPort, monitor: DepartureMonitor, lifecycle: EventLifecycle) =>
        new EventService({ events, users, ids, geocoding, routing, weather, monitor, lifecycle }),
      [TOKENS.EventRepository, TOKENS.UserService, TOKENS.IdGenerator, TOKENS.Geocoding, TOKENS.Routing, TOKENS.Weather, TOKENS.DepartureMonitor, TOKENS.EventLifecycle],
    )
  bindWebhooks(container, config)
  bindConnections(container, config, livemode)
  const events = container.get<EventService>(TOKENS.EventService)
  const monitor = container.get<DepartureMonitor>(TOKENS.DepartureMonitor)
  const eventRepository = container.get<EventRepositoryPort>(TOKENS.EventRepository)
  const cascade = container.get<UserDeletionCascade>(TOKENS.UserDeletionCascade)
  cascade.register('events', async (accountId, userId) => void (await events.removeAllOf(accountId, userId)))
  const backgroundJobs = container.get<BackgroundJob[]>(TOKENS.BackgroundJobs)
  backgroundJobs.push({
    name: 'departure-monitoring',
    intervalMs: 1000,
    run: (scope) => monitor.processDue(scope.accountId, scope.clock),
    nextDueAt: (scope, after) => eventRepository.nextDueAt(scope.accountId, after),
  })
  const connections = container.get<ConnectionService>(TOKENS.ConnectionService)
  cascade.register('connections', (accountId, userId) => connections.removeAllOf(accountId, userId))
  backgroundJobs.push({
    name: 'calendar-sync',
    intervalMs: 1000,
    run: (scope) => connections.processDue(scope),
    nextDueAt: (scope, after) => connections.nextDueAt(scope, after),
  })
  const mirror = new OutboundMirror({ events: eventRepository, connections })
  container.get<EventLifecycle>(TOKENS.EventLifecycle).register(mirror)
  backgroundJobs.push({ name: 'calendar-mirror', intervalMs: 1000, run: (scope) => mirror.processDue(scope), nextDueAt: (scope, after) => mirror.nextDueAt(scope, after) })
  const world = container.get<SyntheticCalendarWorld | null>(TOKENS.SyntheticCalendarWorld)
  if (world !== null) world.onPush((channel) => connections.acceptPush(channel.channelId, channel.secret))
  const dispatcher = container.get<WebhookDispatcher>(TOKENS.WebhookDispatcher)
  // Keep this job last: a step delivers what the jobs before it wrote in that step.
  backgroundJobs.push({ name: 'webhook-delivery', intervalMs: 500, run: (scope) => dispatcher.run(scope), nextDueAt: (scope, after) => dispatcher.nextDueAt(scope, after) })
  return {
    livemode,
    container,
    users: container.get<UserService>(TOKENS.UserService),
    events,
    monitor,
    outbox: container.get<OutboxPort>(TOKENS.Outbox),
    cascade,
    eventLifecycle: container.get<EventLifecycle>(TOKENS.EventLifecycle),
    webhooks: container.get<WebhookEndpointService>(TOKENS.WebhookEndpointService),
    dispatcher,
    backgroundJobs,
    connections,
    icloudSignIn: (() => {
      const icloud = container.get<CalendarProviderRegistry>(TOKENS.CalendarProviders)('icloud')
      return icloud instanceof CalDavCalendarProvider ? icloud : null
    })(),
    calendarSandbox:
      world === null
        ? null
        : {
            world,
            helpers: new SandboxProviderHelpers(world, connections),
            clockFor: accountClock(container.get<AccountRepositoryPort>(TOKENS.AccountRepository), container.get<Clock>(TOKENS.Clock), livemode),
          },
  }
}

/** Binds every port to its adapter as the configuration says, and resolves the application. */
export const compose = (config: Config, overrides: CompositionOverrides = {}): Application => {
  const root = new Container({ defaultScope: 'Singleton' })
  root.bind<Config>(TOKENS.Config).toConstantValue(config)
  root.bind<Clock>(TOKENS.Clock).toConstantValue(overrides.clock ?? new SystemClock())
  root.bind<IdGenerator>(TOKENS.IdGenerator).toResolvedValue(() => new UlidIdGenerator())
  root.bind<RandomSource>(TOKENS.RandomSource).toResolvedValue(() => new CryptoRandomSource())
  root
    .bind<AccountRepositoryPort>(TOKENS.AccountRepository)
    .toResolvedValue(() => (overrides.ephemeralAccounts === true ? new MemoryAccountRepository() : new FileAccountRepository(config.dataDir)))
  root.bind<IdempotencyStorePort>(TOKENS.IdempotencyStore).toResolvedValue(() => new MemoryIdempotencyStore())
  root.bind<DnsResolverPort>(TOKENS.DnsResolver).toConstantValue(overrides.dnsResolver ?? new SystemDnsResolver())
  root.bind<HttpWebhookTransport>(TOKENS.WebhookTransport).toResolvedValue(() => new HttpWebhookTransport())
  root
    .bind<NotificationRendererPort>(TOKENS.NotificationRenderer)
    .toResolvedValue((accounts: AccountRepositoryPort) => new PinnedVersionNotificationRenderer(accounts), [TOKENS.AccountRepository])
  // Without a configured key, a random one per process: sealed tokens then die with the process, as in-memory storage does.
  root.bind<TokenCipherPort>(TOKENS.TokenCipher).toResolvedValue(() => new AesGcmTokenCipher(config.connections.tokenKey ?? randomBytes(32)))
  root.bind<RateLimiterPort>(TOKENS.RateLimiter).toResolvedValue(() => new MemoryRateLimiter())
  root.bind<SchedulerPort>(TOKENS.Scheduler).toResolvedValue(() => new InProcessScheduler((task, error) => console.error(`background task ${task} failed`, error)))
  root
    .bind<AccountService>(TOKENS.AccountService)
    .toResolvedValue(
      (accounts: AccountRepositoryPort, ids: IdGenerator, random: RandomSource, clock: Clock) => new AccountService({ accounts, ids, random, clock, currentVersion: CURRENT_VERSION }),
      [TOKENS.AccountRepository, TOKENS.IdGenerator, TOKENS.RandomSource, TOKENS.Clock],
    )
  const live = bindSurface(root, config, true)
  const test = bindSurface(root, config, false)
  const scheduler = root.get<SchedulerPort>(TOKENS.Scheduler)
  return {
    config,
    container: root,
    accounts: root.get<AccountService>(TOKENS.AccountService),
    accountRepository: root.get<AccountRepositoryPort>(TOKENS.AccountRepository),
    clock: root.get<Clock>(TOKENS.Clock),
    random: root.get<RandomSource>(TOKENS.RandomSource),
    idempotency: root.get<IdempotencyStorePort>(TOKENS.IdempotencyStore),
    rateLimiter: root.get<RateLimiterPort>(TOKENS.RateLimiter),
    scheduler,
    surfaces: { live, test },
    close: async () => {
      await scheduler.stop()
      root.get<HttpWebhookTransport>(TOKENS.WebhookTransport).close()
    },
  }
}
