import { describe, expect, it } from 'vitest'
import { SqliteAccountRepository } from '../../../adapters/storage/sqlite/account-repository.js'
import { SqliteCalendarRepository } from '../../../adapters/storage/sqlite/calendar-repository.js'
import { SqliteConnectionRepository } from '../../../adapters/storage/sqlite/connection-repository.js'
import { SqliteConsentTicketLog } from '../../../adapters/storage/sqlite/consent-ticket-log.js'
import { preparedSql, type SqliteDatabase } from '../../../adapters/storage/sqlite/database.js'
import { SqliteDeviceRepository } from '../../../adapters/storage/sqlite/device-repository.js'
import { SqliteEventRepository } from '../../../adapters/storage/sqlite/event-repository.js'
import { SqliteIdempotencyStore } from '../../../adapters/storage/sqlite/idempotency-store.js'
import { SqliteInvitationRepository } from '../../../adapters/storage/sqlite/invitation-repository.js'
import { SqliteOAuthStateStore } from '../../../adapters/storage/sqlite/oauth-state-store.js'
import { SqliteOAuthStore } from '../../../adapters/storage/sqlite/oauth-store.js'
import { SqliteOutbox } from '../../../adapters/storage/sqlite/outbox.js'
import { SqliteReminderRepository } from '../../../adapters/storage/sqlite/reminder-repository.js'
import { SqliteRequestLogStore } from '../../../adapters/storage/sqlite/request-log-store.js'
import { SqliteTaskStateStore } from '../../../adapters/storage/sqlite/scheduled-task-state.js'
import { SqliteTrackingRepository } from '../../../adapters/storage/sqlite/tracking-repository.js'
import { SqliteUserRepository } from '../../../adapters/storage/sqlite/user-repository.js'
import { SqliteVoiceRepository } from '../../../adapters/storage/sqlite/voice-repository.js'
import { SqliteWebhookDeliveryRepository } from '../../../adapters/storage/sqlite/webhook-delivery-repository.js'
import { SqliteWebhookEndpointRepository } from '../../../adapters/storage/sqlite/webhook-endpoint-repository.js'
import type { RequestLogEntry } from '../../../core/request-log/request-log-entry.js'
import { freshPlatformDatabase, freshSurfaceDatabase } from './sqlite-fixture.js'

const now = new Date('2026-06-01T08:00:00Z')

const requestLogEntry = (requestId: string): RequestLogEntry => ({
  requestId,
  accountId: 'acct_p',
  livemode: true,
  method: 'GET',
  path: '/v1/users/usr_1',
  status: 200,
  errorCode: null,
  errorParam: null,
  errorMessage: null,
  keyId: 'key_1',
  apiVersion: '2026-05-20',
  idempotencyKey: null,
  replayed: false,
  durationMs: 1,
  occurredAt: now,
})
const page = { limit: 10 }

/**
 * SQLite's plan of `sql` (every parameter bound to null): a line per step. `SCAN t` without an index is a full
 * table scan; `SEARCH t USING INDEX` / `USING PRIMARY KEY` and `SCAN t USING INDEX` (an index walked in order) are not.
 */
const planOf = (db: SqliteDatabase, sql: string): string[] => {
  const named = [...new Set([...sql.matchAll(/@(\w+)/g)].map((match) => match[1]!))]
  const explain = db.prepare(`EXPLAIN QUERY PLAN ${sql}`)
  const rows = (
    named.length > 0
      ? explain.all(Object.fromEntries(named.map((name) => [name, null])))
      : explain.all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null))
  ) as { detail: string }[]
  return rows.map((row) => row.detail)
}

/**
 * The costly steps of a plan: tables read row by row without an index (json_each over one document is no table),
 * and sorting every matching row to answer in order (an index in that order serves a LIMIT at once).
 */
const fullScans = (plan: string[]): string[] =>
  plan.filter(
    (step) =>
      (/^SCAN \w+$/.test(step) && !/^SCAN json_each/.test(step)) ||
      // A time window (events between two start times, or overlapping a window: free/busy) sorts the few rows in
      // the window, by design.
      (step.startsWith('USE TEMP B-TREE') && !plan.some((other) => /start_time[<>]/.test(other))),
  )

/**
 * A `LIMIT` bound as a bare parameter: SQLite's planner reads its value, so the statement is prepared again on every
 * execution (`boundLimit` casts it instead).
 */
const replannedOnEveryBinding = (sql: string): boolean => /LIMIT\s+[?@:$]/i.test(sql)

describe('SQLite adapters: every query they make is served by an index (no full table scan)', () => {
  it('the surface repositories', async () => {
    const { db, teardown } = freshSurfaceDatabase()
    const outbox = new SqliteOutbox(db)
    const users = new SqliteUserRepository(db, outbox)
    const events = new SqliteEventRepository(db, outbox)
    const endpoints = new SqliteWebhookEndpointRepository(db, outbox)
    const deliveries = new SqliteWebhookDeliveryRepository(db)
    const reminders = new SqliteReminderRepository(db, outbox)
    const devices = new SqliteDeviceRepository(db)
    const invitations = new SqliteInvitationRepository(db, outbox)
    const connections = new SqliteConnectionRepository(db, outbox)
    const calendars = new SqliteCalendarRepository(db)
    const states = new SqliteOAuthStateStore(db)
    const tracking = new SqliteTrackingRepository(db, outbox)
    const voice = new SqliteVoiceRepository(db, outbox)
    for (const accountId of ['acct_a', null]) {
      await outbox.pending(10, accountId)
      await events.due(accountId, now, 10)
      await events.spansOfUser('acct_a', 'usr_a', now, now, 10)
      await events.nextDueAt(accountId, now)
      await events.mirrorDue(accountId, now, 10)
      await events.nextMirrorDueAt(accountId, now)
      await deliveries.due(accountId, now, 10)
      await deliveries.due(accountId, now, 10, ['we_busy'])
      await deliveries.nextDueAt(accountId, now)
      await reminders.due(accountId, now, 10)
      await reminders.nextDueAt(accountId, now)
      await invitations.dueForMail(accountId, now, 10)
      await invitations.nextMailDueAt(accountId, now)
      await connections.due(accountId, now, 10)
      await connections.nextDueAt(accountId, now)
      await tracking.due(accountId, now, 10)
      await tracking.nextDueAt(accountId, now)
      await tracking.removePositionsRecordedBefore(accountId, now)
      await tracking.oldestPositionRecordedAt(accountId)
    }
    await outbox.list('acct_a', 10)
    await outbox.markDispatched(['ntf_1'])
    users.get('acct_a', 'usr_1')
    await users.findByEmail('acct_a', 'a@example.com')
    for (const cursor of [{}, { startingAfter: 'x' }, { endingBefore: 'x' }]) {
      await users.list('acct_a', {}, { ...page, ...cursor })
      await events.list('acct_a', {}, { ...page, ...cursor })
      await endpoints.list('acct_a', { ...page, ...cursor })
      await connections.list('acct_a', {}, { ...page, ...cursor })
    }
    await users.list('acct_a', { email: 'a@example.com' }, page)
    await users.remove('acct_a', 'usr_1', 1, [])
    await events.list('acct_a', { userId: 'usr_1', startFrom: now, startBefore: now }, page)
    await events.get('acct_a', 'evt_1')
    await events.listByCalendar('acct_a', 'cal_1')
    await events.removeByUser('acct_a', 'usr_1')
    await events.remove('acct_a', 'evt_1', 1, [])
    await endpoints.get('acct_a', 'we_1')
    await endpoints.enabledOf('acct_a')
    await endpoints.remove('acct_a', 'we_1')
    await deliveries.get('acct_a', 'del_1')
    await deliveries.listByEndpoint('acct_a', 'we_1', page)
    await deliveries.openOf('acct_a', 'we_1')
    await deliveries.removeByEndpoint('acct_a', 'we_1')
    await reminders.get('acct_a', 'rem_1')
    await reminders.findLive('acct_a', 'evt_1/before_event/15')
    await reminders.listByEvent('acct_a', 'evt_1', {}, page)
    await reminders.listByEvent('acct_a', 'evt_1', { status: 'scheduled' }, page)
    await reminders.allOfEvent('acct_a', 'evt_1')
    await reminders.removeByUser('acct_a', 'usr_1')
    await devices.get('acct_a', 'dev_1')
    await devices.findByEndpoint('acct_a', 'https://push.example/1')
    await devices.listByUser('acct_a', 'usr_1', page)
    await devices.allOfUser('acct_a', 'usr_1')
    await devices.remove('acct_a', 'dev_1')
    await devices.removeByUser('acct_a', 'usr_1')
    await invitations.get('acct_a', 'inv_1')
    await invitations.findById('inv_1')
    await invitations.listByEvent('acct_a', 'evt_1')
    await invitations.listByAttendee('acct_a', 'usr_1', 'a@example.com')
    await invitations.isSuppressed('acct_a', 'usr_1', 'a@example.com')
    await invitations.removeUser('acct_a', 'usr_1')
    await connections.get('acct_a', 'con_1')
    await connections.list('acct_a', { userId: 'usr_1', provider: 'google' }, page)
    await connections.findByProviderAccount('acct_a', 'usr_1', 'google', 'a@example.com')
    await connections.findBySubscription('chan_1')
    await connections.removeByUser('acct_a', 'usr_1')
    await calendars.get('acct_a', 'cal_1')
    await calendars.listByConnection('acct_a', 'con_1')
    await calendars.removeByUser('acct_a', 'usr_1')
    await states.peek('st_1', now)
    await states.take('st_1', now)
    const window = { from: now, to: new Date(now.getTime() + 86_400_000) }
    await events.upcoming('acct_a', 'usr_1', window.from, window.to, 10)
    await events.overlapping(
      'acct_a',
      { userIds: ['usr_1'], calendarIds: [], attendeeEmails: [], attendeeUserIds: [], ...window },
      10,
    )
    await events.overlapping(
      'acct_a',
      {
        userIds: ['usr_1'],
        calendarIds: ['cal_1'],
        attendeeEmails: ['a@example.com'],
        attendeeUserIds: ['usr_2'],
        ...window,
      },
      10,
    )
    await tracking.get('acct_a', 'evt_1')
    await tracking.remove('acct_a', 'evt_1', 1)
    await tracking.latestLocatedOfUser('acct_a', 'usr_1')
    await tracking.position('acct_a', 'usr_1')
    await tracking.removeByUser('acct_a', 'usr_1')
    await voice.getSession('acct_a', 'vs_1')
    await voice.getProposal('acct_a', 'vp_1')
    await voice.listProposals('acct_a', 'vs_1')
    await voice.removeByUser('acct_a', 'usr_1')

    const statements = preparedSql(db)
    expect(statements.length).toBeGreaterThan(50)
    expect(statements.filter(replannedOnEveryBinding)).toEqual([])
    const scanning = statements
      .map((sql) => ({ sql, scans: fullScans(planOf(db, sql)) }))
      .filter(({ scans }) => scans.length > 0)
    expect(scanning).toEqual([])
    await teardown()
  })

  it('the platform stores', async () => {
    const { db, teardown } = freshPlatformDatabase()
    const accounts = new SqliteAccountRepository(db)
    const idempotency = new SqliteIdempotencyStore(db)
    const oauth = new SqliteOAuthStore(db)
    const tasks = new SqliteTaskStateStore(db)
    accounts.getAccount('acct_a')
    await accounts.listConnectedAccounts('acct_p', true)
    accounts.findKeyByHash('hash')
    await accounts.listKeys('acct_a')
    await accounts.revokeKey('key_1', now)
    await idempotency.claim('scope', 'fingerprint', now, 1_000, 1_000)
    await idempotency.release('scope')
    ;(idempotency as unknown as { sweep(at: number): void }).sweep(now.getTime())
    await oauth.getApplication('app_1')
    await oauth.listApplications('acct_p', true)
    await oauth.useCode('hash', now)
    oauth.getFamily('fam_1')
    await oauth.revokeFamily('fam_1', now)
    await oauth.useRefreshToken('hash', now)
    await oauth.revokeConnectedAccount('cpa_1', now)
    await oauth.showConsent({
      ticketHash: 't',
      tokenHash: 'k',
      applicationId: 'app_1',
      platformId: 'acct_p',
      connectedAccountId: 'cpa_1',
      livemode: true,
      redirectUri: 'https://app.example/callback',
      codeChallenge: 'challenge',
      scope: 'users:read',
      state: null,
      shownAt: now,
      expiresAt: now,
      decidedAt: null,
    })
    await oauth.findConsent('t')
    await oauth.decideConsent('t', 'k', now)
    const tickets = new SqliteConsentTicketLog(db)
    await tickets.record({
      id: 'octk_1',
      platformId: 'acct_p',
      livemode: true,
      applicationId: 'app_1',
      connectedAccountId: 'cpa_1',
      ticketHash: 't',
      createdAt: now,
      expiresAt: now,
      usedAt: null,
      decision: null,
      scopes: null,
    })
    await tickets.markUsed('t', { at: now, decision: 'allow', scopes: ['users:read'] })
    await tickets.list('acct_p', true, { limit: 10, startingAfter: 'octk_1' })
    await tickets.prune(now)
    const requestLogs = new SqliteRequestLogStore(db)
    await requestLogs.appendMany([
      requestLogEntry('req_1'),
      { ...requestLogEntry('req_2'), bodies: { request: null, response: '{}' } },
    ])
    for (const query of [
      { limit: 10 },
      { limit: 10, startingAfter: 'req_2', statusClass: 4 as const, method: 'GET' },
      { limit: 10, status: 404, keyId: 'key_1', occurredFrom: now, occurredBefore: now },
      { limit: 10, pathPrefix: '/v1/users/usr_1' },
      { limit: 10, pathPrefix: '/v1/us' },
      { limit: 10, requestId: 'req_1' },
      { limit: 10, statusClass: 2 as const },
      { limit: 10, status: 201 },
    ])
      await requestLogs.list('acct_p', true, query)
    await requestLogs.retrieve('acct_p', true, 'req_1')
    await requestLogs.prune(now)
    await requestLogs.pruneBodies(now)
    await requestLogs.trim('acct_p', true, 1)
    tasks.lastStartedAt('sweep')
    tasks.tryLease('sweep', 1_000, 'me', 1, 2)
    tasks.finish('sweep', 'me', 3, null)

    // Listing every account (the keys CLI, start-up) reads them all by design; the request logs' age prune walks
    // from the oldest row to the first one it keeps (written order), so it reads only what it removes.
    const statements = preparedSql(db).filter(
      (sql) =>
        sql !== 'SELECT doc FROM accounts ORDER BY seq' &&
        !/^SELECT seq FROM request_log\w* WHERE occurred_at >= \? ORDER BY seq LIMIT 1$/.test(sql),
    )
    expect(statements.filter(replannedOnEveryBinding)).toEqual([])
    // A path prefix shorter than a resource is read through the resource index and sorted only when a count on that
    // index found few entries (fewer than 2,000): the sort is of those few.
    const sortsFew = (sql: string) => sql.includes('INDEXED BY request_logs_resource') && sql.includes('resource >= ?')
    const scanning = statements
      .map((sql) => ({
        sql,
        scans: fullScans(planOf(db, sql)).filter((step) => !(sortsFew(sql) && step.startsWith('USE TEMP B-TREE'))),
      }))
      .filter(({ scans }) => scans.length > 0)
    expect(scanning).toEqual([])
    await teardown()
  })
})
