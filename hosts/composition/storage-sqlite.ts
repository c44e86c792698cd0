import { existsSync, renameSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ContainerModule } from 'inversify'
import { MemoryRateLimiter } from '../../adapters/rate-limit/memory/rate-limiter.js'
import { InProcessScheduler } from '../../adapters/scheduler/in-process/in-process-scheduler.js'
import { FileAccountRepository } from '../../adapters/storage/file/account-repository.js'
import { SqliteAccountRepository } from '../../adapters/storage/sqlite/account-repository.js'
import { SqliteAgentTokenStore } from '../../adapters/storage/sqlite/agent-token-store.js'
import { SqliteAuditLog } from '../../adapters/storage/sqlite/audit-log.js'
import { SqliteCalendarRepository } from '../../adapters/storage/sqlite/calendar-repository.js'
import { SqliteConnectionRepository } from '../../adapters/storage/sqlite/connection-repository.js'
import { SqliteConsentTicketLog } from '../../adapters/storage/sqlite/consent-ticket-log.js'
import { SqliteDashboardSessionStore } from '../../adapters/storage/sqlite/dashboard-session-store.js'
import { openSqlite, type SqliteDatabase } from '../../adapters/storage/sqlite/database.js'
import { SqliteDepartureHistory } from '../../adapters/storage/sqlite/departure-history.js'
import { SqliteDeviceRepository } from '../../adapters/storage/sqlite/device-repository.js'
import { SqliteEventRepository } from '../../adapters/storage/sqlite/event-repository.js'
import { SqliteIdempotencyStore } from '../../adapters/storage/sqlite/idempotency-store.js'
import { SqliteInvitationRepository } from '../../adapters/storage/sqlite/invitation-repository.js'
import { SqliteMemberRepository } from '../../adapters/storage/sqlite/member-repository.js'
import { SqliteOAuthStateStore } from '../../adapters/storage/sqlite/oauth-state-store.js'
import { SqliteOAuthStore } from '../../adapters/storage/sqlite/oauth-store.js'
import { SqliteOutbox } from '../../adapters/storage/sqlite/outbox.js'
import { SqlitePasskeyStore } from '../../adapters/storage/sqlite/passkey-store.js'
import { SqliteReminderRepository } from '../../adapters/storage/sqlite/reminder-repository.js'
import { SqliteRequestLogStore } from '../../adapters/storage/sqlite/request-log-store.js'
import { SqliteRouteCorrectionStore } from '../../adapters/storage/sqlite/route-correction-store.js'
import { SqliteTaskStateStore } from '../../adapters/storage/sqlite/scheduled-task-state.js'
import { PLATFORM_SCHEMA, SURFACE_SCHEMA } from '../../adapters/storage/sqlite/schema.js'
import { SqliteTrackingRepository } from '../../adapters/storage/sqlite/tracking-repository.js'
import { SqliteUserRepository } from '../../adapters/storage/sqlite/user-repository.js'
import { SqliteVoiceRepository } from '../../adapters/storage/sqlite/voice-repository.js'
import { SqliteWebhookDeliveryRepository } from '../../adapters/storage/sqlite/webhook-delivery-repository.js'
import { SqliteWebhookEndpointRepository } from '../../adapters/storage/sqlite/webhook-endpoint-repository.js'
import { reportBackgroundFailure } from '../background.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'
import type { StorageFamily } from './storage.js'

/** The database files of the embedded storage in `DATA_DIR`, as MongoDB has its three databases. */
export const SQLITE_FILES = { platform: 'platform.db', live: 'live.db', test: 'test.db' } as const

/**
 * Accounts and keys that an earlier build kept in `accounts.json` move into the platform database once, on the
 * first start on SQLite (the file is then renamed `accounts.json.imported`), so an upgrade keeps its keys.
 */
const importAccountsFile = async (dataDir: string, db: SqliteDatabase, accounts: SqliteAccountRepository) => {
  const file = join(dataDir, 'accounts.json')
  if (!existsSync(file) || (await accounts.listAccounts()).length > 0) return
  const legacy = new FileAccountRepository(dataDir)
  const stored = await legacy.listAccounts()
  const keys = (await Promise.all(stored.map((account) => legacy.listKeys(account.id)))).flat()
  // One transaction: a crash halfway imports nothing, and the next start tries again.
  db.exec('BEGIN IMMEDIATE')
  try {
    for (const account of stored) await accounts.insertAccount(account)
    for (const key of keys) await accounts.insertKey(key)
    db.exec('COMMIT')
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
  renameSync(file, `${file}.imported`)
}

/**
 * The embedded storage on SQLite (better-sqlite3), the default of `npm start`: in `DATA_DIR`, `platform.db`
 * (accounts, keys, idempotency records, Connect's OAuth records, the background jobs' state) and one file per
 * surface (`live.db`, `test.db`: its records and its outbox, written in the same transaction). Background jobs run
 * on timers in this process, their cadence and leases kept in `platform.db`. Rate-limit counters stay in memory:
 * their windows are shorter than a restart.
 */
export const sqliteStorage = async (config: Pick<Config, 'dataDir' | 'jobs'>): Promise<StorageFamily> => {
  const dataDir = resolve(config.dataDir)
  const platform = openSqlite(join(dataDir, SQLITE_FILES.platform), PLATFORM_SCHEMA)
  const opened = [platform]
  try {
    const surfaces = {
      live: openSqlite(join(dataDir, SQLITE_FILES.live), SURFACE_SCHEMA),
      test: openSqlite(join(dataDir, SQLITE_FILES.test), SURFACE_SCHEMA),
    }
    opened.push(surfaces.live, surfaces.test)
    const accounts = new SqliteAccountRepository(platform)
    await importAccountsFile(dataDir, platform, accounts)
    return {
      location: `SQLite in ${dataDir} (${Object.values(SQLITE_FILES).join(', ')})`,
      platform: new ContainerModule(({ bind }) => {
        bind(TOKENS.AccountRepository).toConstantValue(accounts)
        bind(TOKENS.IdempotencyStore).toConstantValue(new SqliteIdempotencyStore(platform))
        bind(TOKENS.OAuthStore).toConstantValue(new SqliteOAuthStore(platform))
        bind(TOKENS.ConsentTicketLog).toConstantValue(new SqliteConsentTicketLog(platform))
        bind(TOKENS.AgentTokenStore).toConstantValue(new SqliteAgentTokenStore(platform))
        bind(TOKENS.MemberRepository).toConstantValue(new SqliteMemberRepository(platform))
        bind(TOKENS.DashboardSessionStore).toConstantValue(new SqliteDashboardSessionStore(platform))
        bind(TOKENS.AuditLog).toConstantValue(new SqliteAuditLog(platform))
        bind(TOKENS.PasskeyStore).toConstantValue(new SqlitePasskeyStore(platform))
        bind(TOKENS.RequestLogStore).toConstantValue(new SqliteRequestLogStore(platform))
        bind(TOKENS.RateLimiter).toResolvedValue(() => new MemoryRateLimiter())
        bind(TOKENS.Scheduler).toResolvedValue(
          (logger) =>
            new InProcessScheduler(reportBackgroundFailure(logger), {
              store: new SqliteTaskStateStore(platform),
              leaseMs: config.jobs.lockLifetimeMs,
            }),
          [TOKENS.Logger],
        )
      }),
      surface: (livemode) =>
        new ContainerModule(({ bind }) => {
          const db = livemode ? surfaces.live : surfaces.test
          const outbox = new SqliteOutbox(db)
          bind(TOKENS.Outbox).toConstantValue(outbox)
          bind(TOKENS.UserRepository).toConstantValue(new SqliteUserRepository(db, outbox))
          bind(TOKENS.EventRepository).toConstantValue(new SqliteEventRepository(db, outbox))
          bind(TOKENS.WebhookEndpointRepository).toConstantValue(new SqliteWebhookEndpointRepository(db, outbox))
          bind(TOKENS.WebhookDeliveryRepository).toConstantValue(new SqliteWebhookDeliveryRepository(db))
          bind(TOKENS.ReminderRepository).toConstantValue(new SqliteReminderRepository(db, outbox))
          bind(TOKENS.DeviceRepository).toConstantValue(new SqliteDeviceRepository(db))
          bind(TOKENS.InvitationRepository).toConstantValue(new SqliteInvitationRepository(db, outbox))
          bind(TOKENS.ConnectionRepository).toConstantValue(new SqliteConnectionRepository(db, outbox))
          bind(TOKENS.CalendarRepository).toConstantValue(new SqliteCalendarRepository(db))
          bind(TOKENS.OAuthStateStore).toConstantValue(new SqliteOAuthStateStore(db))
          bind(TOKENS.VoiceRepository).toConstantValue(new SqliteVoiceRepository(db, outbox))
          bind(TOKENS.TrackingRepository).toConstantValue(new SqliteTrackingRepository(db, outbox))
          bind(TOKENS.RouteCorrectionStore).toConstantValue(new SqliteRouteCorrectionStore(db))
          bind(TOKENS.DepartureHistory).toConstantValue(new SqliteDepartureHistory(db))
        }),
      ready: async () => {},
      close: async () => {
        for (const db of opened) if (db.open) db.close()
      },
    }
  } catch (error) {
    for (const db of opened) db.close()
    throw error
  }
}
