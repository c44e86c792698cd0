import { ContainerModule } from 'inversify'
import { CalDavCalendarProvider } from '../../adapters/calendar-provider/caldav/caldav-calendar-provider.js'
import { GoogleCalendarProvider } from '../../adapters/calendar-provider/google/google-calendar-provider.js'
import { MicrosoftGraphCalendarProvider } from '../../adapters/calendar-provider/microsoft/microsoft-graph-calendar-provider.js'
import { SandboxProviderHelpers } from '../../adapters/calendar-provider/synthetic/sandbox-provider-helpers.js'
import { SyntheticCalendarProvider } from '../../adapters/calendar-provider/synthetic/synthetic-calendar-provider.js'
import { SyntheticCalendarWorld } from '../../adapters/calendar-provider/synthetic/synthetic-calendar-world.js'
import { CALENDAR_PROVIDERS, type CalendarProviderName } from '../../core/connection/connection.js'
import { ConnectionService } from '../../core/connection/connection-service.js'
import { ConnectionSync } from '../../core/connection/connection-sync.js'
import { OutboundMirror } from '../../core/connection/outbound-mirror.js'
import { DEFAULT_PROVIDER_QUOTA, ProviderQuota } from '../../core/connection/provider-quota.js'
import type { CalendarProviderPort } from '../../core/ports/calendar-provider.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'
import { instrumented } from './instrumented.js'

/**
 * Calendar connections: the providers (on the sandbox, its synthetic one under every provider name), the service,
 * and the mirror of events out to connected calendars. Their repositories are the storage family's.
 */
export const connectionsModule = (config: Config, livemode: boolean) =>
  new ContainerModule(({ bind }) => {
    const baseUrl = livemode ? config.publicBaseUrl : config.sandboxPublicBaseUrl
    // The sandbox's make-believe provider keeps its state in process memory, whatever the storage (docs/operations.md).
    bind(TOKENS.SyntheticCalendarWorld).toResolvedValue(() => (livemode ? null : new SyntheticCalendarWorld()))
    bind(TOKENS.CalendarProviders).toResolvedValue(
      (world, clock, metrics) => {
        const adapters = new Map<CalendarProviderName, CalendarProviderPort>()
        // The sandbox answers every provider name with its synthetic provider; production offers the configured ones.
        if (world !== null)
          for (const name of CALENDAR_PROVIDERS)
            adapters.set(name, new SyntheticCalendarProvider(name, world, baseUrl, clock))
        const { google, microsoft } = config.connections
        const http = { timeoutMs: config.providers.timeoutMs, userAgent: config.providers.userAgent, clock }
        // The real providers are measured (provider_request_duration_seconds, provider_errors_total).
        if (livemode && google !== null)
          adapters.set('google', instrumented(new GoogleCalendarProvider({ ...google, ...http }), 'google', metrics))
        if (livemode && microsoft !== null)
          adapters.set(
            'microsoft',
            instrumented(new MicrosoftGraphCalendarProvider({ ...microsoft, ...http }), 'microsoft', metrics),
          )
        const { icloud } = config.connections
        if (livemode && icloud !== null) {
          adapters.set(
            'icloud',
            instrumented(
              new CalDavCalendarProvider({
                provider: 'icloud',
                serverUrl: icloud.caldavUrl,
                signInPageUrl: `${baseUrl}/v1/connections/icloud/authorize`,
                clock,
              }),
              'icloud',
              metrics,
            ),
          )
        }
        return (name: CalendarProviderName) => adapters.get(name) ?? null
      },
      [TOKENS.SyntheticCalendarWorld, TOKENS.Clock, TOKENS.Metrics],
    )
    // Providers push only to public https addresses; the sandbox's provider pushes in-process.
    const pushAddress = (provider: CalendarProviderName) =>
      !livemode || baseUrl.startsWith('https://') ? `${baseUrl}/v1/connections/push/${provider}` : null
    bind(TOKENS.ConnectionSync).toResolvedValue(
      (connections, calendars, providers, cipher, ids, random, events, clockOf, rateLimiter) =>
        new ConnectionSync({
          connections,
          calendars,
          providers,
          cipher,
          ids,
          random,
          events,
          pushAddress,
          clockFor: clockOf,
          // The write budget in the shared rate limiter, so that it holds across hosts (docs/connections.md, "Provider quotas").
          quota: new ProviderQuota(DEFAULT_PROVIDER_QUOTA, rateLimiter),
        }),
      [
        TOKENS.ConnectionRepository,
        TOKENS.CalendarRepository,
        TOKENS.CalendarProviders,
        TOKENS.TokenCipher,
        TOKENS.IdGenerator,
        TOKENS.RandomSource,
        TOKENS.EventService,
        TOKENS.ClockOf,
        TOKENS.RateLimiter,
      ],
    )
    bind(TOKENS.ConnectionService).toResolvedValue(
      (connections, calendars, states, providers, cipher, ids, random, users, sync, clockOf, clock) =>
        new ConnectionService({
          connections,
          calendars,
          states,
          providers,
          cipher,
          ids,
          random,
          users,
          sync,
          callbackUrl: `${baseUrl}/v1/connections/oauth/callback`,
          pushAddress,
          clockFor: clockOf,
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
        TOKENS.ConnectionSync,
        TOKENS.ClockOf,
        TOKENS.Clock,
      ],
    )
    bind(TOKENS.OutboundMirror).toResolvedValue(
      (events, connections, sync) => new OutboundMirror({ events, connections, sync }),
      [TOKENS.EventRepository, TOKENS.ConnectionService, TOKENS.ConnectionSync],
    )
    bind(TOKENS.SandboxProviderHelpers).toResolvedValue(
      (world, connections) => (world === null ? null : new SandboxProviderHelpers(world, connections)),
      [TOKENS.SyntheticCalendarWorld, TOKENS.ConnectionService],
    )
  })
