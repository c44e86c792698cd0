import { timingSafeEqual } from 'node:crypto'
import type { BackgroundScope } from '../background/background-job.js'
import type { CalendarEvent } from '../event/event.js'
import type { EventService } from '../event/event-service.js'
import { occurrenceId } from '../event/recurrence.js'
import { isSeriesMaster } from '../event/series-shape.js'
import type {
  CalendarProviderPort,
  CalendarProviderRegistry,
  ProviderCallError,
  ProviderCredentials,
  SyncBatch,
} from '../ports/calendar-provider.js'
import type { CalendarRepositoryPort } from '../ports/calendar-repository.js'
import type { Clock } from '../ports/clock.js'
import type { ConnectionRepositoryPort } from '../ports/connection-repository.js'
import type { IdGenerator, RandomSource } from '../ports/id-generator.js'
import type { TokenCipherPort } from '../ports/token-cipher.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import {
  ConnectionDisconnected,
  type CredentialsFailure,
  CredentialsUnavailable,
  ProviderCallDeferred,
  ProviderNotConfigured,
} from './connection.errors.js'
import {
  type Calendar,
  type CalendarProviderName,
  type Connection,
  type PushSubscription,
  pushRenewalDueAt,
} from './connection.js'
import { ConnectionRecords } from './connection-records.js'
import { type ConnectionCommand, connectionTransition, healthOf } from './connection-transition.js'
import { type DesiredEvent, planInbound } from './inbound-sync.js'
import { ProviderQuota } from './provider-quota.js'

/** How often the sync job looks at a connection (docs/connections.md, "Sync cadence"). */
export interface SyncCadence {
  readonly pollingMs: number
  /** Realtime connections still get a safety sync now and then: a lost push must not lose changes for long. */
  readonly realtimeSafetyMs: number
  readonly errorRetryMs: number
  /** Push channels are renewed this long before they expire. */
  readonly renewBeforeMs: number
}

export const DEFAULT_SYNC_CADENCE: SyncCadence = {
  pollingMs: 5 * 60_000,
  realtimeSafetyMs: 6 * 3_600_000,
  errorRetryMs: 30 * 60_000,
  renewBeforeMs: 24 * 3_600_000,
}

/** Access tokens this close to their expiry are refreshed before a call. */
const REFRESH_MARGIN_MS = 60_000
/** Inbound changes are the provider's own: mirrors must not send them back. */
const FROM_PROVIDER = { origin: 'provider' } as const
const DUE_BATCH = 25
/** A provider delete is given up after this many attempts (the copy stays at the provider). */
export const MAX_DELETE_ATTEMPTS = 6
/** A queued delete makes the connection due within this long. */
const DELETE_RETRY_MS = 60_000

export interface ConnectionSyncDeps {
  readonly connections: ConnectionRepositoryPort
  readonly calendars: CalendarRepositoryPort
  readonly providers: CalendarProviderRegistry
  /** Opens and seals the provider tokens (refreshed tokens are sealed again). */
  readonly cipher: TokenCipherPort
  readonly ids: IdGenerator
  /** The secrets of push channels started by the sync (a channel missing or lapsed); without it none is started. */
  readonly random?: RandomSource
  /** Inbound changes are applied through the event use cases, like the API's. */
  readonly events: EventService
  /** Where providers may push for this surface, or null when pushes cannot reach us (polling only). */
  readonly pushAddress: (provider: CalendarProviderName) => string | null
  /** An account's clock on this surface (sandbox clocks run ahead once advanced). */
  readonly clockFor: (accountId: string) => Promise<Clock>
  readonly cadence?: SyncCadence
  /** Per-user write budget and back-off after the provider's rate limits (default: DEFAULT_PROVIDER_QUOTA). */
  readonly quota?: ProviderQuota
}

/** Why a provider call on behalf of a connection did not happen or did not succeed. */
export type ProviderCallFailure =
  | ProviderCallError
  | ConnectionDisconnected
  | ProviderNotConfigured
  | CredentialsUnavailable
  | ProviderCallDeferred

const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * A write of a provider's event with the provider's address as its location; an address the geocoder cannot place
 * (`InvalidParameter`) is written again without a location: the event still comes in, placeless.
 */
const withPlaceOrWithout = async <T, E extends { readonly _tag: string }>(
  address: string | null,
  write: (location: { readonly address: string } | null) => Promise<Result<T, E>>,
): Promise<Result<T, E>> => {
  const placed = await write(address === null ? null : { address })
  return !placed.ok && placed.error._tag === 'InvalidParameter' && address !== null ? write(null) : placed
}

/**
 * Inbound sync of connections: due work, pushes, token refresh, push-channel
 * renewal, and the planned application of provider batches to events. One
 * sync at a time per connection; one connection's failure never stops another's.
 */
export class ConnectionSync {
  /** One sync at a time per connection (a push and the poll may meet). */
  private readonly running = new Map<string, Promise<unknown>>()
  private readonly records: ConnectionRecords
  private readonly cadence: SyncCadence
  private readonly quota: ProviderQuota

  constructor(private readonly deps: ConnectionSyncDeps) {
    this.records = new ConnectionRecords(deps)
    this.cadence = deps.cadence ?? DEFAULT_SYNC_CADENCE
    this.quota = deps.quota ?? new ProviderQuota()
  }

  /** A push arrived for `channelId`: verified by its secret, it makes the connection due now. Answers whether it was accepted. */
  async acceptPush(channelId: string, secret: string): Promise<boolean> {
    const connection = await this.deps.connections.findBySubscription(channelId)
    const subscription = connection?.subscriptions.find((candidate) => candidate.id === channelId)
    if (connection === null || subscription === undefined || !sameSecret(subscription.secret, secret)) return false
    if (connection.status === 'disconnected') return false
    const clock = await this.deps.clockFor(connection.accountId)
    await this.records.mutate(
      { accountId: connection.accountId, livemode: connection.livemode, clock },
      connection.id,
      (current) => ok({ next: { ...current, nextSyncAt: clock.now() }, events: [] }),
    )
    return true
  }

  /**
   * A provider's notice about a channel itself (Graph lifecycle notifications), verified like a push: `missed`
   * (notifications were dropped) and `subscriptionRemoved` (the subscription is gone; the next sync starts a new one)
   * make the channel's calendar list in full at a sync due now. Any other notice syncs as a push does. Answers
   * whether it was accepted.
   */
  async acceptLifecycleNotice(channelId: string, secret: string, notice: string): Promise<boolean> {
    const connection = await this.deps.connections.findBySubscription(channelId)
    const subscription = connection?.subscriptions.find((candidate) => candidate.id === channelId)
    if (connection === null || subscription === undefined || !sameSecret(subscription.secret, secret)) return false
    if (connection.status === 'disconnected') return false
    if (notice !== 'missed' && notice !== 'subscriptionRemoved') return this.acceptPush(channelId, secret)
    const clock = await this.deps.clockFor(connection.accountId)
    const calendar = (await this.deps.calendars.listByConnection(connection.accountId, connection.id)).find(
      (candidate) => candidate.externalId === subscription.calendarExternalId,
    )
    if (calendar !== undefined) await this.deps.calendars.save({ ...calendar, syncCursor: null })
    await this.records.mutate(
      { accountId: connection.accountId, livemode: connection.livemode, clock },
      connection.id,
      (current) =>
        ok({
          next: {
            ...current,
            nextSyncAt: clock.now(),
            ...(notice === 'subscriptionRemoved'
              ? { subscriptions: current.subscriptions.filter((candidate) => candidate.id !== channelId) }
              : {}),
          },
          events: [],
        }),
    )
    return true
  }

  /** The background job: every due connection synced; one connection's failure never stops another's. */
  async processDue(scope: BackgroundScope): Promise<number> {
    const now = scope.clock.now()
    const due = await this.deps.connections.due(scope.accountId, now, DUE_BATCH)
    const outcomes = await Promise.allSettled(
      due.map((connection) => this.syncNow(connection.accountId, connection.id, scope.clock, 'incremental')),
    )
    for (const [index, connection] of due.entries()) {
      const outcome = outcomes[index]
      if (outcome?.status === 'rejected') await this.recordCrash(connection, scope.clock, outcome.reason)
    }
    return due.length
  }

  nextDueAt(scope: BackgroundScope, after: Date): Promise<Date | null> {
    return this.deps.connections.nextDueAt(scope.accountId, after)
  }

  /** Runs one sync of a connection, serialized with any other sync of it; answers the connection after. */
  syncNow(accountId: string, id: string, clock: Clock, mode: 'full' | 'incremental'): Promise<Connection | null> {
    const previous = this.running.get(id) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(() => this.sync(accountId, id, clock, mode))
    const settled = next.catch(() => undefined)
    this.running.set(id, settled)
    void settled.then(() => {
      if (this.running.get(id) === settled) this.running.delete(id)
    })
    return next
  }

  private async sync(
    accountId: string,
    id: string,
    clock: Clock,
    mode: 'full' | 'incremental',
  ): Promise<Connection | null> {
    const connection = await this.deps.connections.get(accountId, id)
    if (connection === null || connection.status === 'disconnected') return connection
    const scope = { accountId, livemode: connection.livemode, clock }
    const provider = this.deps.providers(connection.provider)
    if (provider === null)
      return this.finish(scope, id, {
        type: 'sync_failed',
        at: clock.now(),
        message: `provider ${connection.provider} is not configured`,
      })
    // The provider asked us to wait (Retry-After, or our back-off after its rate limit): look again then.
    const blocked = this.quota.blockedUntil(id, clock.now())
    if (blocked !== null) return this.postpone(scope, id, blocked)
    let credentials = await this.credentials(scope, connection, provider, false)
    if (!credentials.ok) return credentials.error.after
    const failures: string[] = []
    const deletes = await this.flushDeletes(scope, id, provider, credentials.value)
    if (deletes !== null) failures.push(deletes)
    const stillToDelete = new Set(
      ((await this.deps.connections.get(accountId, id))?.pendingDeletes ?? []).map((pending) => pending.externalId),
    )
    // Without an events scope the user granted calendars only: nothing to ingest.
    const readsEvents = connection.scopes.includes('events.read') || connection.scopes.includes('events.write')
    const calendars = readsEvents
      ? (await this.deps.calendars.listByConnection(accountId, id)).filter((calendar) => calendar.selected)
      : []
    for (const calendar of calendars) {
      let batch = await provider.syncEvents(
        credentials.value,
        calendar.externalId,
        mode === 'full' ? null : calendar.syncCursor,
      )
      if (!batch.ok && batch.error._tag === 'SyncCursorExpired')
        batch = await provider.syncEvents(credentials.value, calendar.externalId, null)
      if (!batch.ok && batch.error._tag === 'AccessTokenRejected') {
        credentials = await this.credentials(
          scope,
          (await this.deps.connections.get(accountId, id)) ?? connection,
          provider,
          true,
        )
        if (!credentials.ok) return credentials.error.after
        batch = await provider.syncEvents(credentials.value, calendar.externalId, null)
      }
      if (!batch.ok) {
        if (batch.error._tag === 'GrantRevoked') return this.revokedByProvider(scope, id)
        if (batch.error._tag === 'ProviderUnavailable' && batch.error.reason === 'rate_limited') {
          // Every further call now would be refused too: stop this sync, and wait as asked.
          this.quota.rateLimited(id, clock.now(), batch.error.retryAfterMs)
          failures.push(`${calendar.externalId}: rate limited by the provider`)
          break
        }
        failures.push(`${calendar.externalId}: ${batch.error._tag}`)
        continue
      }
      // Deselected while we were listing: ingest nothing.
      const fresh = await this.deps.calendars.get(accountId, calendar.id)
      if (fresh === null || !fresh.selected) continue
      await this.ingest(scope, connection, fresh, batch.value, stillToDelete)
      await this.deps.calendars.save({ ...fresh, syncCursor: batch.value.cursor })
    }
    // A renewal that fails is not a failed sync: the connection polls until it succeeds. None while backing off.
    if (this.quota.blockedUntil(id, clock.now()) === null)
      await this.renewExpiring(scope, id, provider, credentials.value)
    return this.finish(
      scope,
      id,
      failures.length === 0
        ? { type: 'sync_succeeded', at: clock.now() }
        : { type: 'sync_failed', at: clock.now(), message: failures.join('; ') },
    )
  }

  /** Queues the delete of a provider copy whose event is gone here (the first attempt failed). */
  async queueDelete(
    scope: RequestScope,
    connectionId: string,
    calendarExternalId: string,
    externalId: string,
  ): Promise<void> {
    await this.records.mutate(scope, connectionId, (current) => {
      const pending = (current.pendingDeletes ?? []).filter((item) => item.externalId !== externalId)
      const soon = new Date(scope.clock.now().getTime() + DELETE_RETRY_MS)
      const nextSyncAt = current.nextSyncAt === null || current.nextSyncAt > soon ? soon : current.nextSyncAt
      return ok({
        next: {
          ...current,
          pendingDeletes: [...pending, { calendarExternalId, externalId, attempts: 1 }],
          nextSyncAt: current.status === 'disconnected' ? null : nextSyncAt,
        },
        events: [],
      })
    })
  }

  /** Retries queued provider deletes; answers a failure message or null. */
  private async flushDeletes(
    scope: RequestScope,
    id: string,
    provider: CalendarProviderPort,
    credentials: ProviderCredentials,
  ): Promise<string | null> {
    const pending = (await this.deps.connections.get(scope.accountId, id))?.pendingDeletes ?? []
    if (pending.length === 0) return null
    const outcomes = new Map<string, number | 'done'>()
    for (const item of pending) {
      const deleted = await provider.deleteEvent(credentials, item.calendarExternalId, item.externalId)
      outcomes.set(item.externalId, deleted.ok || item.attempts + 1 >= MAX_DELETE_ATTEMPTS ? 'done' : item.attempts + 1)
    }
    await this.records.mutate(scope, id, (current) => {
      const left = (current.pendingDeletes ?? []).flatMap((item) => {
        const outcome = outcomes.get(item.externalId)
        if (outcome === 'done') return []
        return [outcome === undefined ? item : { ...item, attempts: outcome }]
      })
      return ok({ next: { ...current, pendingDeletes: left }, events: [] })
    })
    const failed = [...outcomes.values()].filter((outcome) => outcome !== 'done').length
    return failed === 0 ? null : `${failed} provider delete(s) failed; retried at the next sync`
  }

  private async ingest(
    scope: RequestScope,
    connection: Connection,
    calendar: Calendar,
    batch: SyncBatch,
    stillToDelete: ReadonlySet<string>,
  ): Promise<void> {
    // A series of ours written to this calendar is the mirror's: the sync neither changes nor removes it (a series
    // the sync brought in stays the sync's after we write our edits of it back).
    const existing = (await this.deps.events.listByCalendar(scope.accountId, calendar.id)).filter(
      (event) => !(isSeriesMaster(event) && (event.mirror ?? null) !== null && event.source?.imported !== true),
    )
    const planned = planInbound({ batch, existing, calendarTimezone: calendar.timezone, now: scope.clock.now() })
    const ours = await this.copiesOfOurEvents(scope, connection, batch)
    // A copy we are still deleting at the provider is not brought back in; nor is the copy of an event of ours whose
    // create answer was lost (a timeout after the write): its mirror's retry links it, an import would duplicate it.
    const plan = {
      ...planned,
      creates: planned.creates.filter(
        // Nor the occurrences of a series of ours: they are ours already, as the series.
        (desired) =>
          !stillToDelete.has(desired.externalId) && !ours.has(desired.externalId) && !ours.has(desired.seriesId ?? ''),
      ),
    }
    const series = this.deps.events.series
    for (const event of plan.removals)
      if (isSeriesMaster(event)) await series.delete(scope, event.id, 'all', FROM_PROVIDER)
      else await this.deps.events.delete(scope, event.id, FROM_PROVIDER)
    // Our master of each series held as one, by provider id (those this batch makes are added as they are made).
    const masters = new Map<string, string>()
    for (const { event, desired } of plan.updates) {
      const updated = await this.applyUpdate(scope, event, desired)
      if (updated !== null && isSeriesMaster(updated)) {
        masters.set(desired.externalId, updated.id)
        // A series moved at the provider keeps only the exceptions its rule still has.
        if (desired.recurrence !== null) await series.dropStrandedExceptions(scope, updated.id)
      }
    }
    for (const desired of plan.creates) {
      const created = await this.applyCreate(scope, connection, calendar, desired)
      if (created !== null && isSeriesMaster(created)) masters.set(desired.externalId, created.id)
    }
    for (const change of plan.occurrences) {
      const masterId = change.master?.id ?? masters.get(change.seriesExternalId)
      if (masterId === undefined) continue
      const id = occurrenceId(masterId, change.originalStart)
      const desired = change.desired
      if (desired === null) {
        await series.delete(scope, id, 'this', FROM_PROVIDER)
        continue
      }
      const patch = {
        title: desired.title,
        ...(desired.allDay === null ? { startTime: desired.start, endTime: desired.end } : { allDay: desired.allDay }),
        showAs: desired.showAs,
      }
      await withPlaceOrWithout(desired.location, (location) =>
        series.update(scope, id, { ...patch, location }, 'this', FROM_PROVIDER),
      )
    }
  }

  /** One planned update (a series: its lines only when its times changed); answers the event after, or null. */
  private async applyUpdate(
    scope: RequestScope,
    event: CalendarEvent,
    desired: DesiredEvent,
  ): Promise<CalendarEvent | null> {
    // An all-day event takes the provider's dates in its own zone (no zone moves it by a day).
    const patch = {
      title: desired.title,
      ...(desired.allDay === null
        ? { startTime: desired.start, endTime: desired.end, timezone: desired.timezone }
        : { allDay: desired.allDay }),
      // A series that became a single event, or the reverse, changes kind in place.
      ...(desired.recurrence !== null || isSeriesMaster(event) ? { recurrence: desired.recurrence } : {}),
      showAs: desired.showAs,
    }
    const updated = await withPlaceOrWithout(desired.location, (location) =>
      this.deps.events.update(scope, event.id, { ...patch, location }, FROM_PROVIDER),
    )
    return updated.ok ? updated.value : null
  }

  /** One planned create (a series with its lines); answers the event made, or null. */
  private async applyCreate(
    scope: RequestScope,
    connection: Connection,
    calendar: Calendar,
    desired: DesiredEvent,
  ): Promise<CalendarEvent | null> {
    const input = {
      userId: connection.userId,
      title: desired.title,
      startTime: desired.start,
      endTime: desired.end,
      timezone: desired.timezone,
      ...(desired.allDay === null ? {} : { allDay: desired.allDay }),
      ...(desired.recurrence === null ? {} : { recurrence: desired.recurrence }),
      showAs: desired.showAs,
      source: {
        connectionId: connection.id,
        calendarId: calendar.id,
        externalId: desired.externalId,
        seriesId: desired.seriesId,
        imported: true,
      },
    }
    const created = await withPlaceOrWithout(desired.location, (location) =>
      this.deps.events.create(scope, { ...input, location }, FROM_PROVIDER),
    )
    return created.ok ? created.value : null
  }

  /** Provider ids in a batch of copies we created (their client key names an event of this user). */
  private async copiesOfOurEvents(scope: RequestScope, connection: Connection, batch: SyncBatch): Promise<Set<string>> {
    const ours = new Set<string>()
    for (const change of batch.changes) {
      const key = change.clientKey ?? null
      if (key === null || !key.startsWith('evt_')) continue
      const event = await this.deps.events.retrieve(scope, key)
      if (event.ok && event.value.userId === connection.userId) ours.add(change.externalId)
    }
    return ours
  }

  /**
   * Renews push channels at their renewal point (half their lifetime) and starts one for each selected calendar
   * without a live channel (a start that failed, a channel that lapsed). While a renewal or start fails the
   * connection polls, and tries again at each poll; a channel whose renewal failed keeps serving until it lapses.
   */
  private async renewExpiring(
    scope: RequestScope,
    id: string,
    provider: CalendarProviderPort,
    credentials: ProviderCredentials,
  ): Promise<void> {
    const connection = await this.deps.connections.get(scope.accountId, id)
    const address = this.deps.pushAddress(provider.provider)
    if (connection === null || address === null) return
    const now = scope.clock.now()
    const live = connection.subscriptions.filter((subscription) => subscription.expiresAt > now)
    const readsEvents = connection.scopes.includes('events.read') || connection.scopes.includes('events.write')
    const selected = readsEvents
      ? (await this.deps.calendars.listByConnection(scope.accountId, id)).filter((calendar) => calendar.selected)
      : []
    const unwatched = selected.filter(
      (calendar) => !live.some((subscription) => subscription.calendarExternalId === calendar.externalId),
    )
    const due = (subscription: PushSubscription) =>
      pushRenewalDueAt(subscription, this.cadence.renewBeforeMs).getTime() <= now.getTime()
    const random = this.deps.random
    const startable = random === undefined ? [] : unwatched
    if (live.length === connection.subscriptions.length && !live.some(due) && startable.length === 0) return
    const subscriptions: PushSubscription[] = []
    let failed = false
    for (const subscription of live) {
      if (!due(subscription)) {
        subscriptions.push(subscription)
        continue
      }
      const channelId = this.deps.ids.next('chn')
      const renewed = await provider.renewPush(
        credentials,
        subscription.calendarExternalId,
        { channelId: subscription.id, providerId: subscription.providerId, expiresAt: subscription.expiresAt },
        { channelId, address, secret: subscription.secret },
      )
      if (renewed.ok)
        subscriptions.push({
          ...subscription,
          id: channelId,
          providerId: renewed.value.providerId,
          expiresAt: renewed.value.expiresAt,
          startedAt: now,
        })
      else {
        failed = true
        subscriptions.push(subscription)
      }
    }
    for (const calendar of startable) {
      const channelId = this.deps.ids.next('chn')
      const secret = random?.token(24) ?? ''
      const started = await provider.startPush(credentials, calendar.externalId, { channelId, address, secret })
      if (!started.ok) failed = true
      else if (started.value !== null)
        subscriptions.push({
          id: channelId,
          providerId: started.value.providerId,
          calendarExternalId: calendar.externalId,
          expiresAt: started.value.expiresAt,
          startedAt: now,
          secret,
        })
    }
    const syncMode = !failed && subscriptions.length > 0 ? 'realtime' : 'polling'
    await this.records.mutate(scope, id, (current) => ok({ next: { ...current, subscriptions, syncMode }, events: [] }))
  }

  /** Opens the tokens and refreshes them when close to expiry (or `force`); a failure is recorded and answered as the connection. */
  private async credentials(
    scope: RequestScope,
    connection: Connection,
    provider: CalendarProviderPort,
    force: boolean,
  ): Promise<Result<ProviderCredentials, CredentialsUnavailable>> {
    const now = scope.clock.now()
    const unavailable = (reason: CredentialsFailure, after: Connection | null) =>
      err(new CredentialsUnavailable({ connectionId: connection.id, reason, after }))
    const tokens = this.records.open(connection)
    if (tokens === null)
      return unavailable(
        'tokens_unreadable',
        await this.finish(scope, connection.id, {
          type: 'sync_failed',
          at: now,
          message: 'stored provider tokens cannot be opened (was CONNECTION_TOKEN_KEY changed?)',
        }),
      )
    const stale = tokens.expiresAt !== null && tokens.expiresAt.getTime() - now.getTime() < REFRESH_MARGIN_MS
    if (!force && !stale) return ok({ accessToken: tokens.accessToken })
    if (tokens.refreshToken === null)
      return unavailable('grant_revoked', await this.revokedByProvider(scope, connection.id))
    const refreshed = await provider.refreshTokens(tokens.refreshToken)
    if (!refreshed.ok) {
      if (refreshed.error._tag === 'GrantRevoked')
        return unavailable('grant_revoked', await this.revokedByProvider(scope, connection.id))
      const failed = await this.records.transition(scope, connection.id, { type: 'token_refresh_failed', at: now })
      return unavailable(
        'refresh_failed',
        (await this.finish(scope, connection.id, {
          type: 'sync_failed',
          at: now,
          message: 'token refresh failed: provider unavailable',
        })) ?? failed,
      )
    }
    const saved = await this.records.transition(
      scope,
      connection.id,
      { type: 'token_refreshed', at: now },
      { sealedTokens: this.records.seal(refreshed.value) },
    )
    if (saved === null) return unavailable('refresh_not_saved', null)
    return ok({ accessToken: refreshed.value.accessToken })
  }

  private async revokedByProvider(scope: RequestScope, id: string): Promise<Connection | null> {
    const connection = await this.records.transition(
      scope,
      id,
      { type: 'grant_revoked', at: scope.clock.now() },
      { subscriptions: [], sealedTokens: '', nextSyncAt: null },
    )
    return connection
  }

  /** Moves the next look to `until` without touching the connection's health. */
  private async postpone(scope: RequestScope, id: string, until: Date): Promise<Connection | null> {
    const result = await this.records.mutate(scope, id, (current) =>
      ok({
        next: current.nextSyncAt !== null && current.nextSyncAt >= until ? current : { ...current, nextSyncAt: until },
        events: [],
      }),
    )
    return result.ok ? result.value : null
  }

  /** Records a sync outcome and schedules the next look. */
  private async finish(scope: RequestScope, id: string, command: ConnectionCommand): Promise<Connection | null> {
    const result = await this.records.mutate(scope, id, (current) => {
      const moved = connectionTransition(healthOf(current), command)
      if (!moved.ok) return ok({ next: current, events: [] })
      const next = { ...current, ...moved.value.state }
      return ok({ next: { ...next, nextSyncAt: this.nextLook(next, scope.clock.now()) }, events: moved.value.events })
    })
    return result.ok ? result.value : null
  }

  private nextLook(connection: Connection, now: Date): Date | null {
    if (connection.status === 'disconnected') return null
    const base =
      connection.status === 'error'
        ? this.cadence.errorRetryMs
        : connection.syncMode === 'realtime'
          ? this.cadence.realtimeSafetyMs
          : this.cadence.pollingMs
    let next = now.getTime() + base
    for (const subscription of connection.subscriptions) {
      const renewAt = pushRenewalDueAt(subscription, this.cadence.renewBeforeMs).getTime()
      // A renewal point already passed is a renewal that failed: the poll (the base above) tries it again.
      if (renewAt > now.getTime()) next = Math.min(next, Math.max(now.getTime() + 60_000, renewAt))
    }
    // Not before the provider lets us call again.
    return new Date(Math.max(next, this.quota.blockedUntil(connection.id, now)?.getTime() ?? 0))
  }

  private async recordCrash(connection: Connection, clock: Clock, reason: unknown): Promise<void> {
    const message = reason instanceof Error ? reason.message : String(reason)
    await this.finish({ accountId: connection.accountId, livemode: connection.livemode, clock }, connection.id, {
      type: 'sync_failed',
      at: clock.now(),
      message: `internal: ${message}`,
    })
  }

  /**
   * Runs one provider write for a connection with fresh credentials: a refused
   * access token is refreshed and the call retried once; a revoked grant
   * disconnects. The outbound mirror's way to the provider. Each call takes one
   * write of the connection's budget; none is made while the provider asked us
   * to back off (ProviderCallDeferred).
   */
  async callProvider<T>(
    scope: RequestScope,
    connectionId: string,
    call: (provider: CalendarProviderPort, credentials: ProviderCredentials) => Promise<Result<T, ProviderCallError>>,
  ): Promise<Result<T, ProviderCallFailure>> {
    const connection = await this.deps.connections.get(scope.accountId, connectionId)
    if (connection === null || connection.status === 'disconnected')
      return err(new ConnectionDisconnected({ connectionId }))
    const provider = this.deps.providers(connection.provider)
    if (provider === null) return err(new ProviderNotConfigured({ provider: connection.provider }))
    const reserved = await this.quota.reserveWrite(connectionId, scope.clock.now())
    if (!reserved.ok) return err(new ProviderCallDeferred({ connectionId, why: reserved.why, until: reserved.until }))
    let credentials = await this.credentials(scope, connection, provider, false)
    if (!credentials.ok) return credentials
    let result = await call(provider, credentials.value)
    if (!result.ok && result.error._tag === 'AccessTokenRejected') {
      credentials = await this.credentials(
        scope,
        (await this.deps.connections.get(scope.accountId, connectionId)) ?? connection,
        provider,
        true,
      )
      if (!credentials.ok) return credentials
      result = await call(provider, credentials.value)
    }
    if (!result.ok && result.error._tag === 'GrantRevoked') await this.revokedByProvider(scope, connectionId)
    if (!result.ok && result.error._tag === 'ProviderUnavailable' && result.error.reason === 'rate_limited')
      this.quota.rateLimited(connectionId, scope.clock.now(), result.error.retryAfterMs)
    else if (result.ok) this.quota.answered(connectionId)
    return result
  }
}
