import { ContainerModule } from 'inversify'
import { MongoRateLimiter } from '../../adapters/rate-limit/mongodb/rate-limiter.js'
import { AgendaScheduler } from '../../adapters/scheduler/agenda/agenda-scheduler.js'
import { CachedAccountLookups } from '../../adapters/storage/cached-account-lookups.js'
import { MongoAccountRepository } from '../../adapters/storage/mongodb/account-repository.js'
import { MongoAgentTokenStore } from '../../adapters/storage/mongodb/agent-token-store.js'
import { MongoAuditLog } from '../../adapters/storage/mongodb/audit-log.js'
import { MongoCalendarRepository } from '../../adapters/storage/mongodb/calendar-repository.js'
import { connectMongo, databasesOf } from '../../adapters/storage/mongodb/connection.js'
import { MongoConnectionRepository } from '../../adapters/storage/mongodb/connection-repository.js'
import { MongoConsentTicketLog } from '../../adapters/storage/mongodb/consent-ticket-log.js'
import { MongoDashboardSessionStore } from '../../adapters/storage/mongodb/dashboard-session-store.js'
import { MongoDepartureHistory } from '../../adapters/storage/mongodb/departure-history.js'
import { MongoDeviceRepository } from '../../adapters/storage/mongodb/device-repository.js'
import { MongoEventRepository } from '../../adapters/storage/mongodb/event-repository.js'
import { MongoIdempotencyStore } from '../../adapters/storage/mongodb/idempotency-store.js'
import { MongoInvitationRepository } from '../../adapters/storage/mongodb/invitation-repository.js'
import { MongoMemberRepository } from '../../adapters/storage/mongodb/member-repository.js'
import { MongoOAuthStateStore } from '../../adapters/storage/mongodb/oauth-state-store.js'
import { MongoOAuthStore } from '../../adapters/storage/mongodb/oauth-store.js'
import { MongoOutbox } from '../../adapters/storage/mongodb/outbox.js'
import { MongoPasskeyStore } from '../../adapters/storage/mongodb/passkey-store.js'
import { MongoReminderRepository } from '../../adapters/storage/mongodb/reminder-repository.js'
import { MongoRequestLogStore } from '../../adapters/storage/mongodb/request-log-store.js'
import { MongoRouteCorrectionStore } from '../../adapters/storage/mongodb/route-correction-store.js'
import { MongoTrackingRepository } from '../../adapters/storage/mongodb/tracking-repository.js'
import { MongoUserRepository } from '../../adapters/storage/mongodb/user-repository.js'
import { MongoVoiceRepository } from '../../adapters/storage/mongodb/voice-repository.js'
import { MongoWebhookDeliveryRepository } from '../../adapters/storage/mongodb/webhook-delivery-repository.js'
import { MongoWebhookEndpointRepository } from '../../adapters/storage/mongodb/webhook-endpoint-repository.js'
import { reportBackgroundFailure } from '../background.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'
import type { StorageFamily } from './storage.js'

/**
 * MongoDB storage (a replica set: the outbox is written in transactions). Connects first. Accounts, keys,
 * idempotency records, rate limits and the background jobs (Agenda, so that every host shares them and each runs
 * once at a time across the deployment) live in the platform database; each surface's records in its own database
 * (`<MONGODB_DB>_live`, `<MONGODB_DB>_test`). The adapters are made when bound, so that `ready` creates the indexes
 * of all of them.
 */
export const mongoStorage = async (
  mongodb: NonNullable<Config['mongodb']>,
  jobs: Config['jobs'],
): Promise<StorageFamily> => {
  const client = await connectMongo(mongodb.uri)
  const databases = databasesOf(client, mongodb.database)
  const indexed: { ensureIndexes(): Promise<void> }[] = []
  let rateLimiter: MongoRateLimiter | undefined
  return {
    location: `MongoDB, databases ${mongodb.database}_platform, _live and _test`,
    platform: new ContainerModule(({ bind }) => {
      const accounts = new MongoAccountRepository(databases.platform)
      const idempotency = new MongoIdempotencyStore(databases.platform)
      rateLimiter = new MongoRateLimiter(databases.platform)
      const oauth = new MongoOAuthStore(databases.platform)
      const consentTickets = new MongoConsentTicketLog(databases.platform)
      const agentTokens = new MongoAgentTokenStore(databases.platform)
      const members = new MongoMemberRepository(databases.platform)
      const dashboardSessions = new MongoDashboardSessionStore(databases.platform)
      const auditLog = new MongoAuditLog(databases.platform)
      const requestLogs = new MongoRequestLogStore(databases.platform)
      const passkeys = new MongoPasskeyStore(databases.platform)
      indexed.push(
        accounts,
        idempotency,
        rateLimiter,
        oauth,
        consentTickets,
        agentTokens,
        members,
        dashboardSessions,
        auditLog,
        requestLogs,
        passkeys,
      )
      bind(TOKENS.PasskeyStore).toConstantValue(passkeys)
      bind(TOKENS.AuditLog).toConstantValue(auditLog)
      bind(TOKENS.RequestLogStore).toConstantValue(requestLogs)
      bind(TOKENS.OAuthStore).toConstantValue(oauth)
      bind(TOKENS.ConsentTicketLog).toConstantValue(consentTickets)
      bind(TOKENS.AgentTokenStore).toConstantValue(agentTokens)
      bind(TOKENS.MemberRepository).toConstantValue(members)
      bind(TOKENS.DashboardSessionStore).toConstantValue(dashboardSessions)
      // Keys and accounts are reused for a second after a read (see ACCOUNT_LOOKUP_TTL_MS): a revocation on another
      // host applies here within that bound, one on this host at once.
      bind(TOKENS.AccountRepository).toConstantValue(new CachedAccountLookups(accounts))
      bind(TOKENS.IdempotencyStore).toConstantValue(idempotency)
      bind(TOKENS.RateLimiter).toConstantValue(rateLimiter)
      bind(TOKENS.Scheduler).toResolvedValue(
        (logger) =>
          new AgendaScheduler(
            { db: databases.platform, lockLifetimeMs: jobs.lockLifetimeMs },
            reportBackgroundFailure(logger),
          ),
        [TOKENS.Logger],
      )
    }),
    surface: (livemode) =>
      new ContainerModule(({ bind }) => {
        const db = livemode ? databases.live : databases.test
        const context = { client, db }
        const outbox = new MongoOutbox(client, db)
        const surfaceAdapters = {
          users: new MongoUserRepository(client, db, outbox),
          events: new MongoEventRepository(client, db, outbox),
          webhookEndpoints: new MongoWebhookEndpointRepository(context),
          webhookDeliveries: new MongoWebhookDeliveryRepository(db),
          reminders: new MongoReminderRepository(context),
          devices: new MongoDeviceRepository(db),
          invitations: new MongoInvitationRepository(context),
          connections: new MongoConnectionRepository(context),
          calendars: new MongoCalendarRepository(context),
          oauthStates: new MongoOAuthStateStore(context),
          voice: new MongoVoiceRepository(context),
          tracking: new MongoTrackingRepository(context),
          routeCorrections: new MongoRouteCorrectionStore(context),
          departureHistory: new MongoDepartureHistory(db),
        }
        indexed.push(outbox, ...Object.values(surfaceAdapters))
        bind(TOKENS.Outbox).toConstantValue(outbox)
        bind(TOKENS.UserRepository).toConstantValue(surfaceAdapters.users)
        bind(TOKENS.EventRepository).toConstantValue(surfaceAdapters.events)
        bind(TOKENS.WebhookEndpointRepository).toConstantValue(surfaceAdapters.webhookEndpoints)
        bind(TOKENS.WebhookDeliveryRepository).toConstantValue(surfaceAdapters.webhookDeliveries)
        bind(TOKENS.ReminderRepository).toConstantValue(surfaceAdapters.reminders)
        bind(TOKENS.DeviceRepository).toConstantValue(surfaceAdapters.devices)
        bind(TOKENS.InvitationRepository).toConstantValue(surfaceAdapters.invitations)
        bind(TOKENS.ConnectionRepository).toConstantValue(surfaceAdapters.connections)
        bind(TOKENS.CalendarRepository).toConstantValue(surfaceAdapters.calendars)
        bind(TOKENS.OAuthStateStore).toConstantValue(surfaceAdapters.oauthStates)
        bind(TOKENS.VoiceRepository).toConstantValue(surfaceAdapters.voice)
        bind(TOKENS.TrackingRepository).toConstantValue(surfaceAdapters.tracking)
        bind(TOKENS.RouteCorrectionStore).toConstantValue(surfaceAdapters.routeCorrections)
        bind(TOKENS.DepartureHistory).toConstantValue(surfaceAdapters.departureHistory)
      }),
    ready: async () => void (await Promise.all(indexed.map((adapter) => adapter.ensureIndexes()))),
    close: async () => {
      // Slots given back but not sent yet: sent now, rather than held by the other hosts until their leases end.
      await rateLimiter?.flushReleases()
      await client.close()
    },
  }
}
