import type { ServiceIdentifier } from 'inversify'
import type { SandboxProviderHelpers } from '../adapters/calendar-provider/synthetic/sandbox-provider-helpers.js'
import type { SyntheticCalendarWorld } from '../adapters/calendar-provider/synthetic/synthetic-calendar-world.js'
import type { MemoryMailAdapter } from '../adapters/mail/memory/memory-mail.js'
import type { BufferedDepartureHistory } from '../adapters/storage/buffered/departure-history.js'
import type { AccountService } from '../core/account/account-service.js'
import type { ConnectedAccountService } from '../core/account/connected-account-service.js'
import type { ClockOf, SandboxClockService } from '../core/account/sandbox-time.js'
import type { SessionAuthorityService } from '../core/account/session-authority.js'
import type { AgentTokenService } from '../core/agent/agent-token-service.js'
import type { ToolServices } from '../core/agent/agent-tool.js'
import type { BackgroundJob } from '../core/background/background-job.js'
import type { ConnectionService } from '../core/connection/connection-service.js'
import type { ConnectionSync } from '../core/connection/connection-sync.js'
import type { OutboundMirror } from '../core/connection/outbound-mirror.js'
import type { MemberService } from '../core/dashboard/member-service.js'
import type { DeviceService } from '../core/device/device-service.js'
import type { DepartureHistoryService } from '../core/event/departure-history-service.js'
import type { DepartureMonitor } from '../core/event/departure-monitor.js'
import type { EventLifecycle } from '../core/event/event-lifecycle.js'
import type { EventService } from '../core/event/event-service.js'
import type { PublicBaseUrl } from '../core/invitation/invitation-links.js'
import type { InvitationService } from '../core/invitation/invitation-service.js'
import type { OAuthService } from '../core/oauth/oauth-service.js'
import type { AccountRepositoryPort } from '../core/ports/account-repository.js'
import type { AgentTokenStorePort } from '../core/ports/agent-token-store.js'
import type { AuditLogPort } from '../core/ports/audit-log.js'
import type { CalendarProviderRegistry } from '../core/ports/calendar-provider.js'
import type { CalendarRepositoryPort } from '../core/ports/calendar-repository.js'
import type { Clock } from '../core/ports/clock.js'
import type { ConnectionRepositoryPort } from '../core/ports/connection-repository.js'
import type { ConsentTicketLogPort } from '../core/ports/consent-ticket-log.js'
import type { DashboardSessionStorePort } from '../core/ports/dashboard-session-store.js'
import type { DepartureHistoryPort } from '../core/ports/departure-history.js'
import type { DeviceRepositoryPort } from '../core/ports/device-repository.js'
import type { DnsResolverPort } from '../core/ports/dns-resolver.js'
import type { EventRepositoryPort } from '../core/ports/event-repository.js'
import type { GeocodingPort } from '../core/ports/geocoding.js'
import type { IdGenerator, RandomSource } from '../core/ports/id-generator.js'
import type { IdempotencyStorePort } from '../core/ports/idempotency-store.js'
import type { IdentityProviderPort } from '../core/ports/identity-provider.js'
import type { InvitationRepositoryPort } from '../core/ports/invitation-repository.js'
import type { LoggerPort } from '../core/ports/logger.js'
import type { MailPort } from '../core/ports/mail.js'
import type { MemberRepositoryPort } from '../core/ports/member-repository.js'
import type { MetricsPort } from '../core/ports/metrics.js'
import type { NotificationRendererPort } from '../core/ports/notification-renderer.js'
import type { OAuthStateStorePort } from '../core/ports/oauth-state-store.js'
import type { OAuthStorePort } from '../core/ports/oauth-store.js'
import type { OutboxPort } from '../core/ports/outbox.js'
import type { PasskeyStorePort } from '../core/ports/passkey-store.js'
import type { PushPort } from '../core/ports/push.js'
import type { RateLimiterPort } from '../core/ports/rate-limiter.js'
import type { ReminderRepositoryPort } from '../core/ports/reminder-repository.js'
import type { RequestLogStorePort } from '../core/ports/request-log-store.js'
import type { RouteCorrectionStorePort } from '../core/ports/route-correction-store.js'
import type { RoutingPort } from '../core/ports/routing.js'
import type { SchedulerPort } from '../core/ports/scheduler.js'
import type { SpeechModelPort } from '../core/ports/speech-model.js'
import type { TimezoneLookupPort } from '../core/ports/timezone-lookup.js'
import type { TokenCipherPort } from '../core/ports/token-cipher.js'
import type { TokenSignerPort } from '../core/ports/token-signer.js'
import type { TrackingRepositoryPort } from '../core/ports/tracking-repository.js'
import type { UserRepositoryPort } from '../core/ports/user-repository.js'
import type { VoiceRepositoryPort } from '../core/ports/voice-repository.js'
import type { WeatherPort } from '../core/ports/weather.js'
import type { WebhookDeliveryRepositoryPort } from '../core/ports/webhook-delivery-repository.js'
import type { WebhookEndpointRepositoryPort } from '../core/ports/webhook-endpoint-repository.js'
import type { WebhookTransportPort } from '../core/ports/webhook-transport.js'
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
import type { SubLimitCounter } from './shared/sub-limits.js'
import type { VoiceGateway } from './voice/voice-gateway.js'

/**
 * An identifier that names the type of what it identifies: `container.get(TOKENS.Clock)` is a `Clock`, binding it
 * to something else fails to compile, and so does a `toResolvedValue` whose dependency list does not match its
 * factory's parameters, one by one (inversify types the list from the parameters).
 */
const token = <T>(name: string): ServiceIdentifier<T> => Symbol(name)

/** Inversify identifiers, one per port or service. The modules of `hosts/composition/` bind them. */
export const TOKENS = {
  // The root container: shared by both surfaces.
  Clock: token<Clock>('Clock'),
  IdGenerator: token<IdGenerator>('IdGenerator'),
  RandomSource: token<RandomSource>('RandomSource'),
  AccountRepository: token<AccountRepositoryPort>('AccountRepository'),
  AccountService: token<AccountService>('AccountService'),
  ConnectedAccountService: token<ConnectedAccountService>('ConnectedAccountService'),
  OAuthStore: token<OAuthStorePort>('OAuthStore'),
  /** The records of the consent tickets platforms issue (platform storage). */
  ConsentTicketLog: token<ConsentTicketLogPort>('ConsentTicketLog'),
  /** User-scoped agent tokens of both surfaces (platform storage, beside the keys). */
  AgentTokenStore: token<AgentTokenStorePort>('AgentTokenStore'),
  /** The dashboard's members, sign-in links and sessions (platform storage). */
  MemberRepository: token<MemberRepositoryPort>('MemberRepository'),
  DashboardSessionStore: token<DashboardSessionStorePort>('DashboardSessionStore'),
  AuditLog: token<AuditLogPort>('AuditLog'),
  DepartureHistory: token<DepartureHistoryPort>('DepartureHistory'),
  DepartureHistoryService: token<DepartureHistoryService>('DepartureHistoryService'),
  BufferedDepartureHistory: token<BufferedDepartureHistory>('BufferedDepartureHistory'),
  PasskeyStore: token<PasskeyStorePort>('PasskeyStore'),
  RequestLogStore: token<RequestLogStorePort>('RequestLogStore'),
  MemberService: token<MemberService>('MemberService'),
  IdempotencyStore: token<IdempotencyStorePort>('IdempotencyStore'),
  RateLimiter: token<RateLimiterPort>('RateLimiter'),
  Scheduler: token<SchedulerPort>('Scheduler'),
  Logger: token<LoggerPort>('Logger'),
  Metrics: token<MetricsPort>('Metrics'),
  DnsResolver: token<DnsResolverPort>('DnsResolver'),
  WebhookTransport: token<WebhookTransportPort>('WebhookTransport'),
  NotificationRenderer: token<NotificationRendererPort>('NotificationRenderer'),
  TokenCipher: token<TokenCipherPort>('TokenCipher'),
  /** The service's own JWTs: Connect access tokens and voice connect tokens (audiences tell them apart). */
  TokenSigner: token<TokenSignerPort>('TokenSigner'),
  /** Connect's OAuth 2.1 authorization server (each surface its own issuer). */
  OAuthService: token<OAuthService>('OAuthService'),
  /** The public base URL of each surface (links in e-mails, token issuers); each surface binds its own as `PublicBaseUrl`. */
  SurfaceBaseUrls: token<{ readonly live: PublicBaseUrl; readonly test: PublicBaseUrl }>('SurfaceBaseUrls'),
  // Per surface (child containers): sandbox and production never share these.
  Outbox: token<OutboxPort>('Outbox'),
  UserRepository: token<UserRepositoryPort>('UserRepository'),
  IdentityProvider: token<IdentityProviderPort>('IdentityProvider'),
  UserDeletionCascade: token<UserDeletionCascade>('UserDeletionCascade'),
  UserService: token<UserService>('UserService'),
  Geocoding: token<GeocodingPort>('Geocoding'),
  TimezoneLookup: token<TimezoneLookupPort>('TimezoneLookup'),
  Routing: token<RoutingPort>('Routing'),
  Weather: token<WeatherPort>('Weather'),
  EventRepository: token<EventRepositoryPort>('EventRepository'),
  DepartureMonitor: token<DepartureMonitor>('DepartureMonitor'),
  EventService: token<EventService>('EventService'),
  EventLifecycle: token<EventLifecycle>('EventLifecycle'),
  WebhookEndpointRepository: token<WebhookEndpointRepositoryPort>('WebhookEndpointRepository'),
  WebhookDeliveryRepository: token<WebhookDeliveryRepositoryPort>('WebhookDeliveryRepository'),
  WebhookDispatcher: token<WebhookDispatcher>('WebhookDispatcher'),
  WebhookEndpointService: token<WebhookEndpointService>('WebhookEndpointService'),
  ReminderRepository: token<ReminderRepositoryPort>('ReminderRepository'),
  ReminderService: token<ReminderService>('ReminderService'),
  DeviceRepository: token<DeviceRepositoryPort>('DeviceRepository'),
  DeviceService: token<DeviceService>('DeviceService'),
  Push: token<PushPort>('Push'),
  Mail: token<MailPort>('Mail'),
  /** The inspectable in-memory mailbox when the surface mails through it, else null. */
  MemoryMail: token<MemoryMailAdapter | null>('MemoryMail'),
  PublicBaseUrl: token<PublicBaseUrl>('PublicBaseUrl'),
  InvitationRepository: token<InvitationRepositoryPort>('InvitationRepository'),
  InvitationService: token<InvitationService>('InvitationService'),
  ConnectionRepository: token<ConnectionRepositoryPort>('ConnectionRepository'),
  CalendarRepository: token<CalendarRepositoryPort>('CalendarRepository'),
  OAuthStateStore: token<OAuthStateStorePort>('OAuthStateStore'),
  CalendarProviders: token<CalendarProviderRegistry>('CalendarProviders'),
  /** The sandbox's make-believe calendar provider (null on production). */
  SyntheticCalendarWorld: token<SyntheticCalendarWorld | null>('SyntheticCalendarWorld'),
  ConnectionSync: token<ConnectionSync>('ConnectionSync'),
  ConnectionService: token<ConnectionService>('ConnectionService'),
  OutboundMirror: token<OutboundMirror>('OutboundMirror'),
  VoiceRepository: token<VoiceRepositoryPort>('VoiceRepository'),
  VoiceService: token<VoiceService>('VoiceService'),
  /** Whether a long-lived session (voice, MCP, agent tokens' MCP sessions) still holds its authority. */
  SessionAuthority: token<SessionAuthorityService>('SessionAuthority'),
  /** The surface's user-scoped agent tokens: minted, listed, revoked, authenticated at `/mcp`. */
  AgentTokenService: token<AgentTokenService>('AgentTokenService'),
  TrackingRepository: token<TrackingRepositoryPort>('TrackingRepository'),
  TrackingService: token<TrackingService>('TrackingService'),
  /** Route corrections learned from tracked arrivals (docs/departure.md). */
  RouteCorrectionStore: token<RouteCorrectionStorePort>('RouteCorrectionStore'),
  /** The clock of an account on this surface, by its id (sandbox time: `core/account/sandbox-time.ts`). */
  ClockOf: token<ClockOf>('ClockOf'),
  /** `advance_time`: moves a sandbox account's clock and runs the work due on the way. */
  SandboxClock: token<SandboxClockService>('SandboxClock'),
  /** The surface's background jobs, in the order each step runs them (`composition/surface-wiring.ts`). */
  BackgroundJobs: token<BackgroundJob[]>('BackgroundJobs'),
  /** The sandbox's test helpers over its make-believe calendar provider (null on production). */
  SandboxProviderHelpers: token<SandboxProviderHelpers | null>('SandboxProviderHelpers'),
  SchedulingParseService: token<SchedulingParseService>('SchedulingParseService'),
  FreeBusyService: token<FreeBusyService>('FreeBusyService'),
  SlotFinder: token<SlotFinder>('SlotFinder'),
  SuggestionService: token<SuggestionService>('SuggestionService'),
  /** The realtime speech model that `realtime_relay` voice sessions are relayed to (null: not configured). */
  SpeechModel: token<SpeechModelPort | null>('SpeechModel'),
  /** The use cases the agent tools (voice, MCP) call: those of the REST routes. */
  AgentToolServices: token<ToolServices>('AgentToolServices'),
  /** The REST sub-limits (per-resource allowances) as the agent channels count them. */
  SubLimits: token<SubLimitCounter>('SubLimits'),
  /** The voice WebSocket gateway of the surface, attached to its HTTP server by the API host. */
  VoiceGateway: token<VoiceGateway>('VoiceGateway'),
} as const
