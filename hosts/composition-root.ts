import { Container, type ContainerModule } from 'inversify'
import { CalDavCalendarProvider } from '../adapters/calendar-provider/caldav/caldav-calendar-provider.js'
import type { SandboxProviderHelpers } from '../adapters/calendar-provider/synthetic/sandbox-provider-helpers.js'
import type { SyntheticCalendarWorld } from '../adapters/calendar-provider/synthetic/synthetic-calendar-world.js'
import { SystemClock } from '../adapters/clock/system/system-clock.js'
import { SystemDnsResolver } from '../adapters/dns/system/system-dns-resolver.js'
import { PinoLogger } from '../adapters/logging/pino/pino-logger.js'
import type { MemoryMailAdapter } from '../adapters/mail/memory/memory-mail.js'
import { MemoryMetrics } from '../adapters/metrics/memory/memory-metrics.js'
import { PrometheusMetrics } from '../adapters/metrics/prometheus/prometheus-metrics.js'
import { RecordingPushAdapter } from '../adapters/push/recording/recording-push.js'
import { HttpWebhookTransport } from '../adapters/webhook-transport/http/http-webhook-transport.js'
import type { AccountService } from '../core/account/account-service.js'
import type { ConnectedAccountService } from '../core/account/connected-account-service.js'
import type { ClockOf, SandboxClockService } from '../core/account/sandbox-time.js'
import type { BackgroundJob } from '../core/background/background-job.js'
import type { ConnectionService } from '../core/connection/connection-service.js'
import type { ConnectionSync } from '../core/connection/connection-sync.js'
import type { DeviceService } from '../core/device/device-service.js'
import type { DepartureMonitor } from '../core/event/departure-monitor.js'
import type { EventLifecycle } from '../core/event/event-lifecycle.js'
import type { EventService } from '../core/event/event-service.js'
import type { PublicBaseUrl } from '../core/invitation/invitation-links.js'
import type { InvitationService } from '../core/invitation/invitation-service.js'
import type { OAuthService } from '../core/oauth/oauth-service.js'
import type { AccountRepositoryPort } from '../core/ports/account-repository.js'
import type { Clock } from '../core/ports/clock.js'
import type { DnsResolverPort } from '../core/ports/dns-resolver.js'
import type { RandomSource } from '../core/ports/id-generator.js'
import type { IdempotencyStorePort } from '../core/ports/idempotency-store.js'
import type { MetricsPort } from '../core/ports/metrics.js'
import type { OutboxPort } from '../core/ports/outbox.js'
import type { PushRecorder } from '../core/ports/push.js'
import type { RateLimiterPort } from '../core/ports/rate-limiter.js'
import type { SchedulerPort } from '../core/ports/scheduler.js'
import type { ReminderService } from '../core/reminder/reminder-service.js'
import type { FreeBusyService } from '../core/scheduling/freebusy-service.js'
import type { SchedulingParseService } from '../core/scheduling/parse-service.js'
import type { SlotFinder } from '../core/scheduling/slots-service.js'
import type { SuggestionService } from '../core/scheduling/suggest.js'
import type { TrackingService } from '../core/tracking/tracking-service.js'
import type { UserDeletionCascade } from '../core/user/deletion-cascade.js'
import type { UserService } from '../core/user/user-service.js'
import type { VoiceService } from '../core/voice/voice-service.js'
import type { WebhookDispatcher } from '../core/webhooks/webhook-dispatcher.js'
import type { WebhookEndpointService } from '../core/webhooks/webhook-endpoint-service.js'
import { connectionTokenKey } from './composition/connection-token-key.js'
import { connectionsModule } from './composition/connections.js'
import { type DashboardServices, dashboardModule, dashboardServicesOf } from './composition/dashboard.js'
import { type DepartureProviders, departureDataModule } from './composition/departure-data.js'
import { eventsModule } from './composition/events.js'
import { invitationsModule } from './composition/invitations.js'
import { mailModule } from './composition/mail.js'
import { oauthModule, oauthSigningKey } from './composition/oauth.js'
import {
  accountsModule,
  surfaceBaseUrlsModule,
  timeAndIdsModule,
  tokenCipherModule,
  webhookSendingModule,
} from './composition/platform.js'
import { remindersModule } from './composition/reminders.js'
import { sandboxTimeModule } from './composition/sandbox-time.js'
import { freeBusyModule } from './composition/scheduling-freebusy.js'
import { schedulingParseModule } from './composition/scheduling-parse.js'
import type { StorageFamily } from './composition/storage.js'
import { memoryStorage } from './composition/storage-memory.js'
import { mongoStorage } from './composition/storage-mongodb.js'
import { sqliteStorage } from './composition/storage-sqlite.js'
import { backgroundJobsModule, wireSurface } from './composition/surface-wiring.js'
import { trackingModule } from './composition/tracking.js'
import { usersModule } from './composition/users.js'
import { voiceModule } from './composition/voice.js'
import { webhooksModule } from './composition/webhooks.js'
import type { Config } from './config.js'
import { TOKENS } from './di-tokens.js'
import type { VoiceGateway } from './voice/voice-gateway.js'

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
  /** Each account's clock on this surface (sandbox time), for work without a keyed request. */
  readonly clockOf: ClockOf
  /** `advance_time` on this surface's jobs. */
  readonly sandboxClock: SandboxClockService
  readonly reminders: ReminderService
  readonly devices: DeviceService
  /** ETA tracking (private preview). */
  readonly tracking: TrackingService
  /** What the surface pushed, when it records pushes instead of sending them (always on the sandbox). */
  readonly pushRecorder: PushRecorder | null
  readonly invitations: InvitationService
  /** The in-memory mailbox (always on the sandbox; on production when no SMTP server is configured). */
  readonly memoryMail: MemoryMailAdapter | null
  /** Base of the links in e-mails (hosted pages, pixel). */
  readonly publicBaseUrl: PublicBaseUrl
  readonly connections: ConnectionService
  /** Inbound sync: due connections, provider pushes. */
  readonly connectionSync: ConnectionSync
  /** The sandbox's make-believe calendar provider and its test helpers (null on production). */
  readonly calendarSandbox: {
    readonly world: SyntheticCalendarWorld
    readonly helpers: SandboxProviderHelpers
    readonly clockFor: (accountId: string) => Promise<Clock>
  } | null
  /** The iCloud (CalDAV) adapter behind the hosted app-specific-password page, when offered on this surface. */
  readonly icloudSignIn: CalDavCalendarProvider | null
  /** The voice channel: sessions, connect tokens, proposals. */
  readonly voice: VoiceService
  /** The voice WebSocket gateway, attached to the surface's HTTP server by the API host. */
  readonly voiceGateway: VoiceGateway
  /** Whether `realtime_relay` voice sessions can be relayed (a realtime model is configured). */
  readonly relayConfigured: boolean
  readonly parser: SchedulingParseService
  readonly freeBusy: FreeBusyService
  readonly slots: SlotFinder
  readonly suggestions: SuggestionService
}

export interface Application {
  readonly config: Config
  readonly container: Container
  readonly accounts: AccountService
  /** Connect: the platforms' connected accounts (`cpa_`). */
  readonly connectedAccounts: ConnectedAccountService
  /** Connect: the OAuth 2.1 authorization server for third-party applications. */
  readonly oauth: OAuthService
  readonly accountRepository: AccountRepositoryPort
  readonly clock: Clock
  readonly random: RandomSource
  readonly idempotency: IdempotencyStorePort
  readonly rateLimiter: RateLimiterPort
  readonly scheduler: SchedulerPort
  /** The one logger of the process: Fastify's request lines and the background jobs' lines. */
  readonly logger: PinoLogger
  /** What the process measures of itself (Prometheus at `METRICS_PORT`, in memory otherwise). */
  readonly metrics: MetricsPort
  readonly surfaces: { readonly live: Surface; readonly test: Surface }
  /** The dashboard's members and sign-in (served by the production surface at `/dashboard`). */
  readonly dashboard: DashboardServices
  /** Where the records live (the start banner says it). */
  readonly storageLocation: string
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
  /** Instead of Prometheus (with `METRICS_PORT`) or memory (tests read the figures). */
  readonly metrics?: MetricsPort
  /** Routing and weather on both surfaces instead of the configured ones (tests put a failing provider in place). */
  readonly departureProviders?: DepartureProviders
}

/** The outbox backlog gauge counts pending events up to this many (a scrape reads at most this many). */
const OUTBOX_BACKLOG_COUNTED = 10_000

/** Choosing a storage is choosing one family (`STORAGE`): SQLite in `DATA_DIR`, MongoDB (connects first), or memory. */
const chooseStorage = (config: Config, overrides: CompositionOverrides): Promise<StorageFamily> | StorageFamily => {
  if (config.storage === 'mongodb' && config.mongodb !== null) return mongoStorage(config.mongodb, config.jobs)
  if (config.storage === 'sqlite') return sqliteStorage(config)
  return memoryStorage({ accounts: overrides.ephemeralAccounts === true ? 'memory' : { dataDir: config.dataDir } })
}

/**
 * The capabilities of one surface, each its own module. The order does not matter: a module only binds, and
 * nothing is made before `surfaceOf` asks for it; what must run in order is in `composition/surface-wiring.ts`.
 */
const surfaceModules = (config: Config, livemode: boolean, providers: DepartureProviders): ContainerModule[] => [
  departureDataModule(config, livemode, providers),
  usersModule,
  eventsModule,
  webhooksModule(config),
  remindersModule(config, livemode),
  mailModule(config, livemode),
  invitationsModule(config, livemode),
  connectionsModule(config, livemode),
  voiceModule(config, livemode),
  trackingModule,
  schedulingParseModule,
  freeBusyModule,
  sandboxTimeModule(livemode),
  backgroundJobsModule,
]

/**
 * Binds every port to its adapter as the configuration says, and resolves the
 * application: with `MONGODB_URI`, connects first and creates the indexes.
 */
export const compose = async (config: Config, overrides: CompositionOverrides = {}): Promise<Application> => {
  const storage = await chooseStorage(config, overrides)
  try {
    return await composeOn(config, overrides, storage)
  } catch (error) {
    await storage.close()
    throw error
  }
}

const composeOn = async (
  config: Config,
  overrides: CompositionOverrides,
  storage: StorageFamily,
): Promise<Application> => {
  const webhookTransport = new HttpWebhookTransport()
  const root = new Container({ defaultScope: 'Singleton' })
  // The one logger of the process: Fastify's request lines and the background jobs' lines.
  const logger = overrides.logger ?? PinoLogger.create({ level: config.logLevel })
  root.bind(TOKENS.Logger).toConstantValue(logger)
  const metrics =
    overrides.metrics ??
    (config.metrics === null ? new MemoryMetrics() : new PrometheusMetrics({ processMetrics: true }))
  root.bind(TOKENS.Metrics).toConstantValue(metrics)
  root.load(
    storage.platform,
    timeAndIdsModule(overrides.clock ?? new SystemClock()),
    accountsModule,
    dashboardModule,
    webhookSendingModule({ dns: overrides.dnsResolver ?? new SystemDnsResolver(), transport: webhookTransport }),
    tokenCipherModule(connectionTokenKey(config, overrides.ephemeralAccounts === true || config.storage === 'memory')),
    surfaceBaseUrlsModule(config),
    oauthModule(oauthSigningKey(config, overrides.ephemeralAccounts === true)),
  )
  // One child container per surface, so that sandbox and production never share storage.
  const providers = overrides.departureProviders ?? {}
  const live = surfaceOf(root, config, true, storage, providers)
  const test = surfaceOf(root, config, false, storage, providers)
  await storage.ready()
  const clock = root.get(TOKENS.Clock)
  for (const surface of [live, test]) {
    const labels = { surface: surface.livemode ? 'live' : 'test' }
    metrics.gauge('outbox_backlog', async () => [
      { labels, value: (await surface.outbox.pending(OUTBOX_BACKLOG_COUNTED)).length },
    ])
    metrics.gauge('webhook_backlog_age_seconds', async () => [
      { labels, value: (await surface.dispatcher.backlogAgeMs(clock.now())) / 1000 },
    ])
  }
  const scheduler = root.get(TOKENS.Scheduler)
  const dashboard = dashboardServicesOf(root, live, config)
  return {
    config,
    container: root,
    accounts: root.get(TOKENS.AccountService),
    connectedAccounts: root.get(TOKENS.ConnectedAccountService),
    oauth: root.get(TOKENS.OAuthService),
    accountRepository: root.get(TOKENS.AccountRepository),
    clock: root.get(TOKENS.Clock),
    random: root.get(TOKENS.RandomSource),
    idempotency: root.get(TOKENS.IdempotencyStore),
    rateLimiter: root.get(TOKENS.RateLimiter),
    scheduler,
    logger,
    metrics,
    surfaces: { live, test },
    dashboard,
    storageLocation: storage.location,
    // In order: no new background run, then the webhook attempts under way finish and record their outcome, and
    // only then the storage closes (an attempt cut off there would stay leased without its outcome until its lease ends).
    close: async () => {
      await scheduler.stop()
      await Promise.all([live.dispatcher.drain(), test.dispatcher.drain()])
      webhookTransport.close()
      await dashboard.requestLogs.close()
      await Promise.all([live, test].map((surface) => surface.container.get(TOKENS.BufferedDepartureHistory).close()))
      await storage.close()
    },
  }
}

const surfaceOf = (
  root: Container,
  config: Config,
  livemode: boolean,
  storage: StorageFamily,
  providers: DepartureProviders,
): Surface => {
  const container = new Container({ parent: root, defaultScope: 'Singleton' })
  container.load(storage.surface(livemode), ...surfaceModules(config, livemode, providers))
  wireSurface(container)
  const connections = container.get(TOKENS.ConnectionService)
  const push = container.get(TOKENS.Push)
  const world = container.get(TOKENS.SyntheticCalendarWorld)
  const helpers = container.get(TOKENS.SandboxProviderHelpers)
  const icloud = container.get(TOKENS.CalendarProviders)('icloud')
  return {
    livemode,
    container,
    users: container.get(TOKENS.UserService),
    events: container.get(TOKENS.EventService),
    monitor: container.get(TOKENS.DepartureMonitor),
    outbox: container.get(TOKENS.Outbox),
    cascade: container.get(TOKENS.UserDeletionCascade),
    eventLifecycle: container.get(TOKENS.EventLifecycle),
    webhooks: container.get(TOKENS.WebhookEndpointService),
    dispatcher: container.get(TOKENS.WebhookDispatcher),
    backgroundJobs: container.get(TOKENS.BackgroundJobs),
    clockOf: container.get(TOKENS.ClockOf),
    sandboxClock: container.get(TOKENS.SandboxClock),
    reminders: container.get(TOKENS.ReminderService),
    devices: container.get(TOKENS.DeviceService),
    tracking: container.get(TOKENS.TrackingService),
    pushRecorder: push instanceof RecordingPushAdapter ? push : null,
    invitations: container.get(TOKENS.InvitationService),
    memoryMail: container.get(TOKENS.MemoryMail),
    publicBaseUrl: container.get(TOKENS.PublicBaseUrl),
    connections,
    connectionSync: container.get(TOKENS.ConnectionSync),
    icloudSignIn: icloud instanceof CalDavCalendarProvider ? icloud : null,
    voice: container.get(TOKENS.VoiceService),
    voiceGateway: container.get(TOKENS.VoiceGateway),
    relayConfigured: container.get(TOKENS.SpeechModel) !== null,
    parser: container.get(TOKENS.SchedulingParseService),
    freeBusy: container.get(TOKENS.FreeBusyService),
    slots: container.get(TOKENS.SlotFinder),
    suggestions: container.get(TOKENS.SuggestionService),
    calendarSandbox:
      world === null || helpers === null ? null : { world, helpers, clockFor: container.get(TOKENS.ClockOf) },
  }
}
