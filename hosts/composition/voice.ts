import { ContainerModule } from 'inversify'
import { OpenAiRealtimeRelay } from '../../adapters/speech-model/openai-realtime/openai-realtime-relay.js'
import { SessionAuthorityService } from '../../core/account/session-authority.js'
import { AgentTokenService } from '../../core/agent/agent-token-service.js'
import { VoiceService } from '../../core/voice/voice-service.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'
import { SubLimitCounter } from '../shared/sub-limits.js'
import { VoiceGateway } from '../voice/voice-gateway.js'

/** The voice channel of one surface: its sessions, connect tokens and proposals, and its WebSocket gateway. */
export const voiceModule = (config: Config, livemode: boolean) =>
  new ContainerModule(({ bind }) => {
    // The surface's: it reads the surface's users (the keys and accounts are the platform's).
    bind(TOKENS.SessionAuthority).toResolvedValue(
      (accounts, oauth, users, clock, agentTokens) =>
        new SessionAuthorityService({ accounts, oauth, users, clock, agentTokens }),
      [TOKENS.AccountRepository, TOKENS.OAuthStore, TOKENS.UserRepository, TOKENS.Clock, TOKENS.AgentTokenStore],
    )
    // The agent channels' user-scoped tokens (`/mcp`): the platform's store, the surface's users.
    bind(TOKENS.AgentTokenService).toResolvedValue(
      (store, users, accounts, ids, random, clock) =>
        new AgentTokenService({ store, users, accounts, ids, random, clock, livemode }),
      [
        TOKENS.AgentTokenStore,
        TOKENS.UserRepository,
        TOKENS.AccountRepository,
        TOKENS.IdGenerator,
        TOKENS.RandomSource,
        TOKENS.Clock,
      ],
    )
    bind(TOKENS.VoiceService).toResolvedValue(
      (sessions, users, ids, random, limiter, signer, authority, publicBaseUrl) =>
        new VoiceService({
          sessions,
          users,
          ids,
          random,
          limiter,
          signer,
          authority,
          // Each surface is its own issuer (as for Connect tokens): a sandbox token is refused on production.
          issuerOf: () => publicBaseUrl.value.replace(/\/+$/, ''),
        }),
      [
        TOKENS.VoiceRepository,
        TOKENS.UserService,
        TOKENS.IdGenerator,
        TOKENS.RandomSource,
        TOKENS.RateLimiter,
        TOKENS.TokenSigner,
        TOKENS.SessionAuthority,
        TOKENS.PublicBaseUrl,
      ],
    )
    const { realtime } = config.voice
    bind(TOKENS.SpeechModel).toResolvedValue(() => (realtime === null ? null : new OpenAiRealtimeRelay(realtime)))
    // The tools act through the same use cases as the REST routes, and count the sub-limits REST counts.
    // The use cases the agent tools call on every agent channel (voice, MCP): those of the REST routes.
    bind(TOKENS.AgentToolServices).toDynamicValue((context) => ({
      users: context.get(TOKENS.UserService),
      events: context.get(TOKENS.EventService),
      reminders: context.get(TOKENS.ReminderService),
      invitations: context.get(TOKENS.InvitationService),
      connections: context.get(TOKENS.ConnectionService),
      freeBusy: context.get(TOKENS.FreeBusyService),
      slots: context.get(TOKENS.SlotFinder),
      suggestions: context.get(TOKENS.SuggestionService),
      parser: context.get(TOKENS.SchedulingParseService),
      tracking: context.get(TOKENS.TrackingService),
    }))
    // The REST sub-limits, counted for the agent channels' calls as for the routes'.
    bind(TOKENS.SubLimits).toDynamicValue(
      (context) => new SubLimitCounter(context.get(TOKENS.RateLimiter), context.get(TOKENS.Clock)),
    )
    bind(TOKENS.VoiceGateway).toDynamicValue(
      (context) =>
        new VoiceGateway({
          livemode,
          voice: context.get(TOKENS.VoiceService),
          services: context.get(TOKENS.AgentToolServices),
          clock: context.get(TOKENS.Clock),
          clockOf: context.get(TOKENS.ClockOf),
          logger: context.get(TOKENS.Logger).child({ component: 'voice' }),
          relay: context.get(TOKENS.SpeechModel),
          messagesPerSecond: config.voice.messagesPerSecond,
          sessionCheckMs: config.voice.sessionCheckMs,
          subLimits: context.get(TOKENS.SubLimits),
          random: context.get(TOKENS.RandomSource),
        }),
    )
  })
