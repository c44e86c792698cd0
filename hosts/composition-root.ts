import 'reflect-metadata'
import { Container } from 'inversify'
import { accountClock } from './api/account-clock.js'
import { AccountService } from '../core/account/account-service.js'
import type { BackgroundJob } from '../core/background/background-job.js'
import type { AccountRepositoryPort } from '../core/ports/account-repository.js'
import type { Clock } from '../core/ports/clock.js'
import type { IdGenerator, RandomSource } from '../core/ports/id-generator.js'
import type { IdentityProviderPort } from '../core/ports/identity-provider.js'
import type { IdempotencyStorePort } from '../core/ports/idempotency-store.js'
import type { DomainEvent, OutboxPort } from '../core/ports/outbox.js'
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
import { AgendaScheduler } from '../adapters/scheduler/agenda/agenda-scheduler.js'
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
import { DeviceService } from '../core/device/device-service.js'
import { DeviceNotifier } from '../core/device/device-notifier.js'
import type { DeviceRepositoryPort } from '../core/ports/device-repository.js'
import type { PushPort, PushRecorder } from '../core/ports/push.js'
import type { ReminderRepositoryPort } from '../core/ports/reminder-repository.js'
import { ReminderService } from '../core/reminder/reminder-service.js'
import { RecordingPushAdapter } from '../adapters/push/recording/recording-push.js'
import { WebPushAdapter } from '../adapters/push/web-push/web-push-adapter.js'
import { MemoryDeviceRepository } from '../adapters/storage/memory/device-repository.js'
import { MemoryReminderRepository } from '../adapters/storage/memory/reminder-repository.js'
import { InvitationService } from '../core/invitation/invitation-service.js'
import { invitationLinks, PublicBaseUrl } from '../core/invitation/invitation-links.js'
import type { InvitationRepositoryPort } from '../core/ports/invitation-repository.js'
import type { MailPort } from '../core/ports/mail.js'
import { MemoryInvitationRepository } from '../adapters/storage/memory/invitation-repository.js'
import { MemoryMailAdapter } from '../adapters/mail/memory/memory-mail.js'
import { SmtpMailAdapter } from '../adapters/mail/smtp/smtp-mail.js'
import type { MongoClient } from 'mongodb'
import { MongoRateLimiter } from '../adapters/rate-limit/mongodb/rate-limiter.js'
import { MongoAccountRepository } from '../adapters/storage/mongodb/account-repository.js'
import { connectMongo, databasesOf, type MongoDatabases } from '../adapters/storage/mongodb/connection.js'
import { MongoEventRepository } from '../adapters/storage/mongodb/event-repository.js'
import { MongoIdempotencyStore } from '../adapters/storage/mongodb/idempotency-store.js'
import { MongoWebhookEndpointRepository } from '../adapters/storage/mongodb/webhook-endpoint-repository.js'
import { MongoWebhookDeliveryRepository } from '../adapters/storage/mongodb/webhook-delivery-repository.js'
import { MongoReminderRepository } from '../adapters/storage/mongodb/reminder-repository.js'
import { MongoDeviceRepository } from '../adapters/storage/mongodb/device-repository.js'
import { MongoInvitationRepository } from '../adapters/storage/mongodb/invitation-repository.js'
import { MongoOutbox } from '../adapters/storage/mongodb/outbox.js'
import { MongoUserRepository } from '../adapters/storage/mongodb/user-repository.js'
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
import { MemoryCalendarRepository } from '../adapters/storage/memory/calendar-repository.js'
import { MemoryConnectionRepository } from '../adapters/storage/memory/connection-repository.js'
import { MemoryOAuthStateStore } from '../adapters/storage/memory/oauth-state-store.js'
import { MongoCalendarRepository } from '../adapters/storage/mongodb/calendar-repository.js'
import { MongoConnectionRepository } from '../adapters/storage/mongodb/connection-repository.js'
import { MongoOAuthStateStore } from '../adapters/storage/mongodb/oauth-state-store.js'
import { AesGcmTokenCipher } from '../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import { randomBytes } from 'node:crypto'
import type { Config } from './config.js'
import type { LoggerPort } from '../core/ports/logger.js'
import { PinoLogger } from '../adapters/logging/pino/pino-logger.js'
import { reportBackgroundFailure } from './background.js'
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
  readonly reminders: ReminderService
  readonly devices: DeviceService
  /** What the surface pushed, when it records pushes instead of sending them (always on the sandbox). */
  readonly pushRecorder: PushRecorder | null
  readonly invitations: InvitationService
  /** The in-memory mailbox (always on the sandbox; on production when no SMTP server is configured). */
  readonly memoryMail: MemoryMailAdapter | null
  /** Base of the links in e-mails (hosted pages, pixel). */
  readonly publicBaseUrl: PublicBaseUrl
  readonly connections: ConnectionService
  /** The sandbox's make-believe calendar provider and its test helpers (null on production). */
  readonly calendarSandbox: {
    readonly world: SyntheticCalendarWorld
    readonly helpers: SandboxProviderHelpers
    readonly clockFor: (accountId: string) => Promise<Clock>
  } | null
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
  /** The one logger of the process: Fastify's request lines and the background jobs' lines. */
  readonly logger: PinoLogger
  readonly surfaces: { readonly live: Surface; readonly test: Surface }
  close(): Promise<void>
}

export interface CompositionOverrides {
  /** Keep accounts in memory only (tests) instead of the data directory; no effect with MongoDB (accounts live in the platform database). */
  readonly ephemeralAccounts?: boolean
  readonly clock?: Clock
  /** Name resolution for webhook URLs (tests pin hosts to addresses). */
  readonly dnsResolver?: DnsResolverPort
  /** Check every compiled response serializer against `JSON.stringify` on every answer (the test suites). */
  readonly verifySerializers?: boolean
  /** Instead of a logger at `LOG_LEVEL` on standard output (tests read the lines). */
  readonly logger?: PinoLogger
}

/** Production gets the configured providers; the sandbox always the embedded, deterministic ones. */
const bindDepartureData = (container: Container, config: Config, livemode: boolean): void => {
  const { providers } = config
  const http = { timeoutMs: providers.timeoutMs, userAgent: providers.userAgent }
  const routing = livemode ? providers.routing : ({ kind: 'offline' } as const)
  const weather = livemode ? providers.weather : ({ kind: 'offline' } as const)
  const geocoder = livemode ? providers.geocoder : ({ kind: 'synthetic' } as const)
  container
    .bind<RoutingPort>(TOKENS.Routing)
    .toResolvedValue(() =>
      routing.kind === 'osrm'
        ? new OsrmRoutingAdapter({ ...http, baseUrl: routing.baseUrl })
        : new OfflineRoutingAdapter(),
    )
  container
    .bind<WeatherPort>(TOKENS.Weather)
    .toResolvedValue(() =>
      weather.kind === 'open-meteo'
        ? new OpenMeteoWeatherAdapter({ ...http, baseUrl: weather.baseUrl })
        : new OfflineWeatherAdapter(),
    )
  container
    .bind<GeocodingPort>(TOKENS.Geocoding)
    .toResolvedValue(() =>
      geocoder.kind === 'nominatim'
        ? new NominatimGeocodingAdapter({ ...http, baseUrl: geocoder.baseUrl })
        : new SyntheticGeocodingAdapter(),
    )
}

/** Endpoints, deliveries, the dispatcher and the endpoint service of one surface. */
const bindWebhooks = (container: Container, config: Config): void => {
  const log = container.get<LoggerPort>(TOKENS.Logger).child({ job: 'webhook-delivery' })
  container.bind<WebhookDispatcher>(TOKENS.WebhookDispatcher).toResolvedValue(
    (
      outbox: OutboxPort,
      endpoints: WebhookEndpointRepositoryPort,
      deliveries: WebhookDeliveryRepositoryPort,
      transport: WebhookTransportPort,
      renderer: NotificationRendererPort,
      dns: DnsResolverPort,
      ids: IdGenerator,
      random: RandomSource,
    ) =>
      new WebhookDispatcher({
        outbox,
        endpoints,
        deliveries,
        transport,
        renderer,
        dns,
        ids,
        random,
        wallClock: new SystemClock(),
        limits: config.webhooks,
        logger: log,
      }),
    [
      TOKENS.Outbox,
      TOKENS.WebhookEndpointRepository,
      TOKENS.WebhookDeliveryRepository,
      TOKENS.WebhookTransport,
      TOKENS.NotificationRenderer,
      TOKENS.DnsResolver,
      TOKENS.IdGenerator,
      TOKENS.RandomSource,
    ],
  )
  container
    .bind<WebhookEndpointService>(TOKENS.WebhookEndpointService)
    .toResolvedValue(
      (
        endpoints: WebhookEndpointRepositoryPort,
        deliveries: WebhookDeliveryRepositoryPort,
        dispatcher: WebhookDispatcher,
        dns: DnsResolverPort,
        ids: IdGenerator,
        random: RandomSource,
      ) => new WebhookEndpointService({ endpoints, deliveries, dispatcher, dns, ids, random }),
      [
        TOKENS.WebhookEndpointRepository,
        TOKENS.WebhookDeliveryRepository,
        TOKENS.WebhookDispatcher,
        TOKENS.DnsResolver,
        TOKENS.IdGenerator,
        TOKENS.RandomSource,
      ],
    )
}

/** Production pushes through Web Push when VAPID keys are configured; the sandbox never sends, it records. */
const bindPush = (container: Container, config: Config, livemode: boolean): void => {
  const { push } = config
  container
    .bind<PushPort>(TOKENS.Push)
    .toResolvedValue(
      (ids: IdGenerator) =>
        livemode && push.kind === 'web-push'
          ? new WebPushAdapter({ vapid: push.vapid, timeoutMs: config.providers.timeoutMs })
          : new RecordingPushAdapter(ids),
      [TOKENS.IdGenerator],
    )
}

/** Reminders, the devices they are pushed to, and what the event and user lifecycles do to them. */
const bindReminders = (container: Container): void => {
  container
    .bind<DeviceService>(TOKENS.DeviceService)
    .toResolvedValue(
      (devices: DeviceRepositoryPort, users: UserService, ids: IdGenerator) =>
        new DeviceService({ devices, users, ids }),
      [TOKENS.DeviceRepository, TOKENS.UserService, TOKENS.IdGenerator],
    )
  container
    .bind<ReminderService>(TOKENS.ReminderService)
    .toResolvedValue(
      (
        reminders: ReminderRepositoryPort,
        events: EventRepositoryPort,
        users: UserService,
        userRecords: UserRepositoryPort,
        devices: DeviceService,
        push: PushPort,
        ids: IdGenerator,
      ) => new ReminderService({ reminders, events, users, userRecords, devices, push, ids }),
      [
        TOKENS.ReminderRepository,
        TOKENS.EventRepository,
        TOKENS.UserService,
        TOKENS.UserRepository,
        TOKENS.DeviceService,
        TOKENS.Push,
        TOKENS.IdGenerator,
      ],
    )
}

/** Production mails through SMTP when configured; the sandbox never sends real e-mail. */
const bindMail = (container: Container, config: Config, livemode: boolean): void => {
  const smtp = livemode ? config.mail.smtp : null
  container
    .bind<MemoryMailAdapter | null>(TOKENS.MemoryMail)
    .toResolvedValue(
      (clock: Clock) => (smtp === null ? new MemoryMailAdapter(() => clock.now()) : null),
      [TOKENS.Clock],
    )
  container
    .bind<MailPort>(TOKENS.Mail)
    .toResolvedValue((memory: MemoryMailAdapter | null) => memory ?? new SmtpMailAdapter(smtp!), [TOKENS.MemoryMail])
}

/** Calendar connections: providers (the sandbox's synthetic one on the sandbox) and the service; their repositories are the storage's. */
const bindConnections = (container: Container, config: Config, livemode: boolean): void => {
  const baseUrl = livemode ? config.publicBaseUrl : config.sandboxPublicBaseUrl
  // The sandbox's make-believe provider keeps its state in process memory, whatever the storage (docs/operations.md).
  container
    .bind<SyntheticCalendarWorld | null>(TOKENS.SyntheticCalendarWorld)
    .toResolvedValue(() => (livemode ? null : new SyntheticCalendarWorld()))
  container.bind<CalendarProviderRegistry>(TOKENS.CalendarProviders).toResolvedValue(
    (world: SyntheticCalendarWorld | null, clock: Clock) => {
      const adapters = new Map<CalendarProviderName, CalendarProviderPort>()
      // The sandbox answers every provider name with its synthetic provider; production offers the configured ones.
      if (world !== null)
        for (const name of CALENDAR_PROVIDERS)
          adapters.set(name, new SyntheticCalendarProvider(name, world, baseUrl, clock))
      const { google, microsoft } = config.connections
      const http = { timeoutMs: config.providers.timeoutMs, userAgent: config.providers.userAgent, clock }
      if (livemode && google !== null) adapters.set('google', new GoogleCalendarProvider({ ...google, ...http }))
      if (livemode && microsoft !== null)
        adapters.set('microsoft', new MicrosoftGraphCalendarProvider({ ...microsoft, ...http }))
      const { icloud } = config.connections
      if (livemode && icloud !== null) {
        adapters.set(
          'icloud',
          new CalDavCalendarProvider({
            provider: 'icloud',
            serverUrl: icloud.caldavUrl,
            signInPageUrl: `${baseUrl}/v1/connections/icloud/authorize`,
            clock,
          }),
        )
      }
      return (name: CalendarProviderName) => adapters.get(name) ?? null
    },
    [TOKENS.SyntheticCalendarWorld, TOKENS.Clock],
  )
  container.bind<ConnectionService>(TOKENS.ConnectionService).toResolvedValue(
    (
      connections: ConnectionRepositoryPort,
      calendars: CalendarRepositoryPort,
      states: OAuthStateStorePort,
      providers: CalendarProviderRegistry,
      cipher: TokenCipherPort,
      ids: IdGenerator,
      random: RandomSource,
      users: UserService,
      events: EventService,
      accounts: AccountRepositoryPort,
      clock: Clock,
    ) =>
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
        pushAddress: (provider) =>
          !livemode || baseUrl.startsWith('https://') ? `${baseUrl}/v1/connections/push/${provider}` : null,
        clockFor: accountClock(accounts, clock, livemode),
        wallClock: clock,
      }),
    [
      TOKENS.ConnectionRepository,
      TOKENS.CalendarRepository,
      TOKENS.OAuthStateStore,
      TOKENS.CalendarProviders,
      TOKENS.TokenCipher,
      TOKENS.IdGenerator,
      TOKENS.RandomSource,
      TOKENS.UserService,
      TOKENS.EventService,
      TOKENS.AccountRepository,
      TOKENS.Clock,
    ],
  )
}

/** The embedded storage of one surface: in process memory, every repository appending to the surface's outbox in the same step. */
const bindEmbeddedStorage = (container: Container): void => {
  container.bind<MemoryOutbox>(TOKENS.Outbox).toResolvedValue(() => new MemoryOutbox())
  container
    .bind<UserRepositoryPort>(TOKENS.UserRepository)
    .toResolvedValue((outbox: MemoryOutbox) => new MemoryUserRepository(outbox), [TOKENS.Outbox])
  container
    .bind<EventRepositoryPort>(TOKENS.EventRepository)
    .toResolvedValue((outbox: MemoryOutbox) => new MemoryEventRepository(outbox), [TOKENS.Outbox])
  container
    .bind<WebhookEndpointRepositoryPort>(TOKENS.WebhookEndpointRepository)
    .toResolvedValue((outbox: MemoryOutbox) => new MemoryWebhookEndpointRepository(outbox), [TOKENS.Outbox])
  container
    .bind<WebhookDeliveryRepositoryPort>(TOKENS.WebhookDeliveryRepository)
    .toResolvedValue(() => new MemoryWebhookDeliveryRepository())
  container
    .bind<ReminderRepositoryPort>(TOKENS.ReminderRepository)
    .toResolvedValue((outbox: MemoryOutbox) => new MemoryReminderRepository(outbox), [TOKENS.Outbox])
  container.bind<DeviceRepositoryPort>(TOKENS.DeviceRepository).toResolvedValue(() => new MemoryDeviceRepository())
  container
    .bind<InvitationRepositoryPort>(TOKENS.InvitationRepository)
    .toResolvedValue((outbox: MemoryOutbox) => new MemoryInvitationRepository(outbox), [TOKENS.Outbox])
  container
    .bind<ConnectionRepositoryPort>(TOKENS.ConnectionRepository)
    .toResolvedValue((outbox: MemoryOutbox) => new MemoryConnectionRepository(outbox), [TOKENS.Outbox])
  container
    .bind<CalendarRepositoryPort>(TOKENS.CalendarRepository)
    .toResolvedValue(() => new MemoryCalendarRepository())
  container.bind<OAuthStateStorePort>(TOKENS.OAuthStateStore).toResolvedValue(() => new MemoryOAuthStateStore())
}

/** MongoDB storage: the client, the databases (platform, live, test), and the adapters whose indexes are created at start. */
interface MongoStorage {
  readonly client: MongoClient
  readonly databases: MongoDatabases
  readonly indexed: { ensureIndexes(): Promise<void> }[]
}

/** The MongoDB storage of one surface: its own database (`<MONGODB_DB>_live` or `<MONGODB_DB>_test`). */
const bindMongoStorage = (container: Container, mongo: MongoStorage, livemode: boolean): void => {
  const db = livemode ? mongo.databases.live : mongo.databases.test
  const outbox = new MongoOutbox(mongo.client, db)
  const users = new MongoUserRepository(mongo.client, db, outbox)
  const events = new MongoEventRepository(mongo.client, db, outbox)
  mongo.indexed.push(outbox, users, events)
  container.bind<UserRepositoryPort>(TOKENS.UserRepository).toConstantValue(users)
  container.bind<EventRepositoryPort>(TOKENS.EventRepository).toConstantValue(events)
  const context = { client: mongo.client, db }
  const webhookEndpoints = new MongoWebhookEndpointRepository(context)
  const webhookDeliveries = new MongoWebhookDeliveryRepository(db)
  const reminders = new MongoReminderRepository(context)
  const devices = new MongoDeviceRepository(db)
  const invitations = new MongoInvitationRepository(context)
  mongo.indexed.push(webhookEndpoints, webhookDeliveries, reminders, devices, invitations)
  container.bind<OutboxPort>(TOKENS.Outbox).toConstantValue(outbox)
  container.bind<WebhookEndpointRepositoryPort>(TOKENS.WebhookEndpointRepository).toConstantValue(webhookEndpoints)
  container.bind<WebhookDeliveryRepositoryPort>(TOKENS.WebhookDeliveryRepository).toConstantValue(webhookDeliveries)
  container.bind<ReminderRepositoryPort>(TOKENS.ReminderRepository).toConstantValue(reminders)
  container.bind<DeviceRepositoryPort>(TOKENS.DeviceRepository).toConstantValue(devices)
  container.bind<InvitationRepositoryPort>(TOKENS.InvitationRepository).toConstantValue(invitations)
  const connections = new MongoConnectionRepository(context)
  const calendars = new MongoCalendarRepository(context)
  const oauthStates = new MongoOAuthStateStore(context)
  mongo.indexed.push(connections, calendars, oauthStates)
  container.bind<ConnectionRepositoryPort>(TOKENS.ConnectionRepository).toConstantValue(connections)
  container.bind<CalendarRepositoryPort>(TOKENS.CalendarRepository).toConstantValue(calendars)
  container.bind<OAuthStateStorePort>(TOKENS.OAuthStateStore).toConstantValue(oauthStates)
}

/**
 * Background jobs: on MongoDB, Agenda jobs in the platform database, so that every host (API hosts with
 * WORKER=true, workers) shares them and each runs once at a time across the deployment; otherwise timers here.
 */
const bindScheduler = (root: Container, config: Config, mongo: MongoStorage | null): void => {
  const reportError = reportBackgroundFailure(root.get<LoggerPort>(TOKENS.Logger))
  root
    .bind<SchedulerPort>(TOKENS.Scheduler)
    .toResolvedValue(() =>
      mongo === null
        ? new InProcessScheduler(reportError)
        : new AgendaScheduler(
            { db: mongo.databases.platform, lockLifetimeMs: config.jobs.lockLifetimeMs },
            reportError,
          ),
    )
}

/** Connects to MongoDB when configured (a replica set: the outbox is written in transactions). */
const openMongoStorage = async (config: Config): Promise<MongoStorage | null> => {
  if (config.mongodb === null) return null
  const client = await connectMongo(config.mongodb.uri)
  return { client, databases: databasesOf(client, config.mongodb.database), indexed: [] }
}

const bindSurface = (root: Container, config: Config, livemode: boolean, mongo: MongoStorage | null): Surface => {
  const container = new Container({ parent: root, defaultScope: 'Singleton' })
  container.bind<boolean>(TOKENS.Livemode).toConstantValue(livemode)
  if (mongo === null) bindEmbeddedStorage(container)
  else bindMongoStorage(container, mongo, livemode)
  bindDepartureData(container, config, livemode)
  bindPush(container, config, livemode)
  bindReminders(container)
  container.bind<IdentityProviderPort>(TOKENS.IdentityProvider).toResolvedValue(() => new EmbeddedIdentityProvider())
  container.bind<UserDeletionCascade>(TOKENS.UserDeletionCascade).toResolvedValue(() => new UserDeletionCascade())
  container.bind<EventLifecycle>(TOKENS.EventLifecycle).toResolvedValue(() => new EventLifecycle())
  container.bind<BackgroundJob[]>(TOKENS.BackgroundJobs).toResolvedValue(() => [])
  container
    .bind<UserService>(TOKENS.UserService)
    .toResolvedValue(
      (
        users: UserRepositoryPort,
        ids: IdGenerator,
        identity: IdentityProviderPort,
        cascade: UserDeletionCascade,
        geocoding: GeocodingPort,
      ) => new UserService({ users, ids, identity, cascade, geocoding }),
      [
        TOKENS.UserRepository,
        TOKENS.IdGenerator,
        TOKENS.IdentityProvider,
        TOKENS.UserDeletionCascade,
        TOKENS.Geocoding,
      ],
    )
  container
    .bind<DepartureMonitor>(TOKENS.DepartureMonitor)
    .toResolvedValue(
      (
        events: EventRepositoryPort,
        users: UserRepositoryPort,
        ids: IdGenerator,
        routing: RoutingPort,
        weather: WeatherPort,
      ) => new DepartureMonitor({ events, users, ids, routing, weather }),
      [TOKENS.EventRepository, TOKENS.UserRepository, TOKENS.IdGenerator, TOKENS.Routing, TOKENS.Weather],
    )
  container
    .bind<EventService>(TOKENS.EventService)
    .toResolvedValue(
      (
        events: EventRepositoryPort,
        users: UserService,
        ids: IdGenerator,
        geocoding: GeocodingPort,
        routing: RoutingPort,
        weather: WeatherPort,
        monitor: DepartureMonitor,
        lifecycle: EventLifecycle,
      ) => new EventService({ events, users, ids, geocoding, routing, weather, monitor, lifecycle }),
      [
        TOKENS.EventRepository,
        TOKENS.UserService,
        TOKENS.IdGenerator,
        TOKENS.Geocoding,
        TOKENS.Routing,
        TOKENS.Weather,
        TOKENS.DepartureMonitor,
        TOKENS.EventLifecycle,
      ],
    )
  bindWebhooks(container, config)
  bindMail(container, config, livemode)
  container
    .bind<PublicBaseUrl>(TOKENS.PublicBaseUrl)
    .toConstantValue(new PublicBaseUrl(livemode ? config.publicBaseUrl : config.sandboxPublicBaseUrl))
  container.bind<InvitationService>(TOKENS.InvitationService).toResolvedValue(
    (
      invitations: InvitationRepositoryPort,
      events: EventRepositoryPort,
      users: UserService,
      userRepository: UserRepositoryPort,
      ids: IdGenerator,
      random: RandomSource,
      mail: MailPort,
      base: PublicBaseUrl,
      devices: DeviceService,
      push: PushPort,
    ) =>
      new InvitationService({
        invitations,
        events,
        users,
        userRepository,
        ids,
        random,
        mail,
        mailSettings: { from: config.mail.from, uidDomain: config.mail.from.address.split('@')[1] ?? 'localhost' },
        links: invitationLinks(base),
        notifier: new DeviceNotifier(devices, push),
      }),
    [
      TOKENS.InvitationRepository,
      TOKENS.EventRepository,
      TOKENS.UserService,
      TOKENS.UserRepository,
      TOKENS.IdGenerator,
      TOKENS.RandomSource,
      TOKENS.Mail,
      TOKENS.PublicBaseUrl,
      TOKENS.DeviceService,
      TOKENS.Push,
    ],
  )
  bindConnections(container, config, livemode)
  const events = container.get<EventService>(TOKENS.EventService)
  const invitations = container.get<InvitationService>(TOKENS.InvitationService)
  container.get<EventLifecycle>(TOKENS.EventLifecycle).register(invitations.eventListener)
  const monitor = container.get<DepartureMonitor>(TOKENS.DepartureMonitor)
  const eventRepository = container.get<EventRepositoryPort>(TOKENS.EventRepository)
  const cascade = container.get<UserDeletionCascade>(TOKENS.UserDeletionCascade)
  cascade.register('events', async (accountId, userId) => void (await events.removeAllOf(accountId, userId)))
  cascade.register('invitations', (accountId, userId) => invitations.removeAllOf(accountId, userId))
  const backgroundJobs = container.get<BackgroundJob[]>(TOKENS.BackgroundJobs)
  backgroundJobs.push({
    name: 'departure-monitoring',
    intervalMs: 1000,
    run: (scope) => monitor.processDue(scope.accountId, scope.clock),
    nextDueAt: (scope, after) => eventRepository.nextDueAt(scope.accountId, after),
  })
  const reminders = container.get<ReminderService>(TOKENS.ReminderService)
  const devices = container.get<DeviceService>(TOKENS.DeviceService)
  cascade.register('reminders', async (accountId, userId) => void (await reminders.removeAllOf(accountId, userId)))
  cascade.register('devices', async (accountId, userId) => void (await devices.removeAllOf(accountId, userId)))
  const eventLifecycle = container.get<EventLifecycle>(TOKENS.EventLifecycle)
  eventLifecycle.register(reminders.eventListener())
  const reminderLog = container.get<LoggerPort>(TOKENS.Logger).child({ job: 'reminder-delivery' })
  reminders.onDelivery((report) => {
    for (const outcome of report.outcomes)
      if (outcome.status === 'failed')
        reminderLog.warn(
          { accountId: report.accountId, reminderId: report.reminderId, reason: outcome.reason },
          'push failed',
        )
  })
  backgroundJobs.push({
    name: 'reminder-delivery',
    intervalMs: 1000,
    run: (scope) => reminders.fireDue(scope),
    nextDueAt: (scope, after) => reminders.nextDueAt(scope, after),
  })
  const push = container.get<PushPort>(TOKENS.Push)
  backgroundJobs.push({
    name: 'invitation-mail',
    intervalMs: 1000,
    run: (scope) => invitations.processDueMail(scope.accountId, scope.clock),
    nextDueAt: (scope, after) => invitations.nextMailDueAt(scope.accountId, after),
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
  backgroundJobs.push({
    name: 'calendar-mirror',
    intervalMs: 1000,
    run: (scope) => mirror.processDue(scope),
    nextDueAt: (scope, after) => mirror.nextDueAt(scope, after),
  })
  const world = container.get<SyntheticCalendarWorld | null>(TOKENS.SyntheticCalendarWorld)
  if (world !== null) world.onPush((channel) => connections.acceptPush(channel.channelId, channel.secret))
  const dispatcher = container.get<WebhookDispatcher>(TOKENS.WebhookDispatcher)
  // Keep this job last: a step delivers what the jobs before it wrote in that step.
  backgroundJobs.push({
    name: 'webhook-delivery',
    intervalMs: 500,
    run: (scope) => dispatcher.run(scope),
    nextDueAt: (scope, after) => dispatcher.nextDueAt(scope, after),
  })
  return {
    livemode,
    container,
    users: container.get<UserService>(TOKENS.UserService),
    events,
    monitor,
    outbox: container.get<OutboxPort>(TOKENS.Outbox),
    cascade,
    eventLifecycle,
    webhooks: container.get<WebhookEndpointService>(TOKENS.WebhookEndpointService),
    dispatcher,
    backgroundJobs,
    reminders,
    devices,
    pushRecorder: push instanceof RecordingPushAdapter ? push : null,
    invitations,
    memoryMail: container.get<MemoryMailAdapter | null>(TOKENS.MemoryMail),
    publicBaseUrl: container.get<PublicBaseUrl>(TOKENS.PublicBaseUrl),
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
            clockFor: accountClock(
              container.get<AccountRepositoryPort>(TOKENS.AccountRepository),
              container.get<Clock>(TOKENS.Clock),
              livemode,
            ),
          },
  }
}

/**
 * Binds every port to its adapter as the configuration says, and resolves the
 * application: with `MONGODB_URI`, connects first and creates the indexes.
 */
export const compose = async (config: Config, overrides: CompositionOverrides = {}): Promise<Application> => {
  const mongo = await openMongoStorage(config)
  try {
    return await composeOn(config, overrides, mongo)
  } catch (error) {
    await mongo?.client.close()
    throw error
  }
}

const composeOn = async (
  config: Config,
  overrides: CompositionOverrides,
  mongo: MongoStorage | null,
): Promise<Application> => {
  const root = new Container({ defaultScope: 'Singleton' })
  root.bind<Config>(TOKENS.Config).toConstantValue(config)
  const logger = overrides.logger ?? PinoLogger.create({ level: config.logLevel })
  root.bind<LoggerPort>(TOKENS.Logger).toConstantValue(logger)
  root.bind<Clock>(TOKENS.Clock).toConstantValue(overrides.clock ?? new SystemClock())
  root.bind<IdGenerator>(TOKENS.IdGenerator).toResolvedValue(() => new UlidIdGenerator())
  root.bind<RandomSource>(TOKENS.RandomSource).toResolvedValue(() => new CryptoRandomSource())
  if (mongo === null) {
    root
      .bind<AccountRepositoryPort>(TOKENS.AccountRepository)
      .toResolvedValue(() =>
        overrides.ephemeralAccounts === true
          ? new MemoryAccountRepository()
          : new FileAccountRepository(config.dataDir),
      )
    root.bind<IdempotencyStorePort>(TOKENS.IdempotencyStore).toResolvedValue(() => new MemoryIdempotencyStore())
    root.bind<RateLimiterPort>(TOKENS.RateLimiter).toResolvedValue(() => new MemoryRateLimiter())
  } else {
    // Shared by both surfaces and every host: the platform database.
    const accounts = new MongoAccountRepository(mongo.databases.platform)
    const idempotency = new MongoIdempotencyStore(mongo.databases.platform)
    const rateLimiter = new MongoRateLimiter(mongo.databases.platform)
    mongo.indexed.push(accounts, idempotency, rateLimiter)
    root.bind<AccountRepositoryPort>(TOKENS.AccountRepository).toConstantValue(accounts)
    root.bind<IdempotencyStorePort>(TOKENS.IdempotencyStore).toConstantValue(idempotency)
    root.bind<RateLimiterPort>(TOKENS.RateLimiter).toConstantValue(rateLimiter)
  }
  root.bind<DnsResolverPort>(TOKENS.DnsResolver).toConstantValue(overrides.dnsResolver ?? new SystemDnsResolver())
  root.bind<HttpWebhookTransport>(TOKENS.WebhookTransport).toResolvedValue(() => new HttpWebhookTransport())
  root
    .bind<NotificationRendererPort>(TOKENS.NotificationRenderer)
    .toResolvedValue(
      (accounts: AccountRepositoryPort) => new PinnedVersionNotificationRenderer(accounts),
      [TOKENS.AccountRepository],
    )
  // Without a configured key, a random one per process: sealed tokens then die with the process, as in-memory storage does.
  root
    .bind<TokenCipherPort>(TOKENS.TokenCipher)
    .toResolvedValue(() => new AesGcmTokenCipher(config.connections.tokenKey ?? randomBytes(32)))
  bindScheduler(root, config, mongo)
  root
    .bind<AccountService>(TOKENS.AccountService)
    .toResolvedValue(
      (accounts: AccountRepositoryPort, ids: IdGenerator, random: RandomSource, clock: Clock) =>
        new AccountService({ accounts, ids, random, clock, currentVersion: CURRENT_VERSION }),
      [TOKENS.AccountRepository, TOKENS.IdGenerator, TOKENS.RandomSource, TOKENS.Clock],
    )
  const live = bindSurface(root, config, true, mongo)
  const test = bindSurface(root, config, false, mongo)
  if (mongo !== null) await Promise.all(mongo.indexed.map((adapter) => adapter.ensureIndexes()))
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
    logger,
    surfaces: { live, test },
    close: async () => {
      await scheduler.stop()
      root.get<HttpWebhookTransport>(TOKENS.WebhookTransport).close()
      if (mongo !== null) {
        await mongo.client.close()
      }
    },
  }
}
