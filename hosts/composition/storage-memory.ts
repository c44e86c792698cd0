import { resolve } from 'node:path'
import { ContainerModule } from 'inversify'
import { MemoryRateLimiter } from '../../adapters/rate-limit/memory/rate-limiter.js'
import { InProcessScheduler } from '../../adapters/scheduler/in-process/in-process-scheduler.js'
import { FileAccountRepository } from '../../adapters/storage/file/account-repository.js'
import { MemoryAccountRepository } from '../../adapters/storage/memory/account-repository.js'
import { MemoryAgentTokenStore } from '../../adapters/storage/memory/agent-token-store.js'
import { MemoryAuditLog } from '../../adapters/storage/memory/audit-log.js'
import { MemoryCalendarRepository } from '../../adapters/storage/memory/calendar-repository.js'
import { MemoryConnectionRepository } from '../../adapters/storage/memory/connection-repository.js'
import { MemoryConsentTicketLog } from '../../adapters/storage/memory/consent-ticket-log.js'
import { MemoryDashboardSessionStore } from '../../adapters/storage/memory/dashboard-session-store.js'
import { MemoryDepartureHistory } from '../../adapters/storage/memory/departure-history.js'
import { MemoryDeviceRepository } from '../../adapters/storage/memory/device-repository.js'
import { MemoryEventRepository } from '../../adapters/storage/memory/event-repository.js'
import { MemoryIdempotencyStore } from '../../adapters/storage/memory/idempotency-store.js'
import { MemoryInvitationRepository } from '../../adapters/storage/memory/invitation-repository.js'
import { MemoryMemberRepository } from '../../adapters/storage/memory/member-repository.js'
import { MemoryOAuthStateStore } from '../../adapters/storage/memory/oauth-state-store.js'
import { MemoryOAuthStore } from '../../adapters/storage/memory/oauth-store.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { MemoryPasskeyStore } from '../../adapters/storage/memory/passkey-store.js'
import { MemoryReminderRepository } from '../../adapters/storage/memory/reminder-repository.js'
import { MemoryRequestLogStore } from '../../adapters/storage/memory/request-log-store.js'
import { MemoryRouteCorrectionStore } from '../../adapters/storage/memory/route-correction-store.js'
import { MemoryTrackingRepository } from '../../adapters/storage/memory/tracking-repository.js'
import { MemoryUserRepository } from '../../adapters/storage/memory/user-repository.js'
import { MemoryVoiceRepository } from '../../adapters/storage/memory/voice-repository.js'
import { MemoryWebhookDeliveryRepository } from '../../adapters/storage/memory/webhook-delivery-repository.js'
import { MemoryWebhookEndpointRepository } from '../../adapters/storage/memory/webhook-endpoint-repository.js'
import { reportBackgroundFailure } from '../background.js'
import { TOKENS } from '../di-tokens.js'
import type { StorageFamily } from './storage.js'

/**
 * The embedded storage: each surface's records in process memory, accounts and keys in a JSON file of the data
 * directory (so that keys survive restarts and the keys CLI can change them beside a running server), or in memory
 * too (`accounts: 'memory'`, the tests); background jobs on timers in this process.
 */
export const memoryStorage = (options: {
  readonly accounts: 'memory' | { readonly dataDir: string }
}): StorageFamily => ({
  location:
    options.accounts === 'memory'
      ? 'in memory (gone on restart)'
      : `in memory (gone on restart), accounts and keys in ${resolve(options.accounts.dataDir)}`,
  platform: new ContainerModule(({ bind }) => {
    const { accounts } = options
    bind(TOKENS.AccountRepository).toResolvedValue(() =>
      accounts === 'memory' ? new MemoryAccountRepository() : new FileAccountRepository(accounts.dataDir),
    )
    bind(TOKENS.IdempotencyStore).toResolvedValue(() => new MemoryIdempotencyStore())
    bind(TOKENS.OAuthStore).toResolvedValue(() => new MemoryOAuthStore())
    bind(TOKENS.ConsentTicketLog).toResolvedValue(() => new MemoryConsentTicketLog())
    bind(TOKENS.AgentTokenStore).toResolvedValue(() => new MemoryAgentTokenStore())
    bind(TOKENS.MemberRepository).toResolvedValue(() => new MemoryMemberRepository())
    bind(TOKENS.DashboardSessionStore).toResolvedValue(() => new MemoryDashboardSessionStore())
    bind(TOKENS.AuditLog).toResolvedValue(() => new MemoryAuditLog())
    bind(TOKENS.PasskeyStore).toResolvedValue(() => new MemoryPasskeyStore())
    bind(TOKENS.RequestLogStore).toResolvedValue(() => new MemoryRequestLogStore())
    bind(TOKENS.RateLimiter).toResolvedValue(() => new MemoryRateLimiter())
    bind(TOKENS.Scheduler).toResolvedValue(
      (logger) => new InProcessScheduler(reportBackgroundFailure(logger)),
      [TOKENS.Logger],
    )
  }),
  // Every repository of a surface appends to that surface's outbox in the same step.
  surface: () =>
    new ContainerModule(({ bind }) => {
      const outbox = new MemoryOutbox()
      bind(TOKENS.Outbox).toConstantValue(outbox)
      bind(TOKENS.UserRepository).toResolvedValue(() => new MemoryUserRepository(outbox))
      bind(TOKENS.EventRepository).toResolvedValue(() => new MemoryEventRepository(outbox))
      bind(TOKENS.WebhookEndpointRepository).toResolvedValue(() => new MemoryWebhookEndpointRepository(outbox))
      bind(TOKENS.WebhookDeliveryRepository).toResolvedValue(() => new MemoryWebhookDeliveryRepository())
      bind(TOKENS.ReminderRepository).toResolvedValue(() => new MemoryReminderRepository(outbox))
      bind(TOKENS.DeviceRepository).toResolvedValue(() => new MemoryDeviceRepository())
      bind(TOKENS.InvitationRepository).toResolvedValue(() => new MemoryInvitationRepository(outbox))
      bind(TOKENS.ConnectionRepository).toResolvedValue(() => new MemoryConnectionRepository(outbox))
      bind(TOKENS.CalendarRepository).toResolvedValue(() => new MemoryCalendarRepository())
      bind(TOKENS.OAuthStateStore).toResolvedValue(() => new MemoryOAuthStateStore())
      bind(TOKENS.VoiceRepository).toResolvedValue(() => new MemoryVoiceRepository(outbox))
      bind(TOKENS.TrackingRepository).toResolvedValue(() => new MemoryTrackingRepository(outbox))
      bind(TOKENS.RouteCorrectionStore).toResolvedValue(() => new MemoryRouteCorrectionStore())
      bind(TOKENS.DepartureHistory).toResolvedValue(() => new MemoryDepartureHistory())
    }),
  ready: async () => {},
  close: async () => {},
})
