import { timingSafeEqual } from 'node:crypto'
import type { EventService } from '../event/event-service.js'
import type { BackgroundScope } from '../background/background-job.js'
import type { CalendarProviderPort, ProviderCredentials, SyncBatch } from '../ports/calendar-provider.js'
import type { CalendarRepositoryPort } from '../ports/calendar-repository.js'
import type { Clock } from '../ports/clock.js'
import type { ConnectionFilter, ConnectionRepositoryPort } from '../ports/connection-repository.js'
import type { IdGenerator, RandomSource } from '../ports/id-generator.js'
import type { OAuthStateStorePort } from '../ports/oauth-state-store.js'
import type { TokenCipherPort } from '../ports/token-cipher.js'
import { domainEvent } from '../shared/domain-event.js'
import { ConcurrentModification, InvalidParameter, InvalidTransition, ResourceNotFound } from '../shared/errors.js'
import { validatePageRequest, type Page, type PageRequest } from '../shared/pagination.js'
import type { ProviderUnavailable } from '../shared/provider.errors.js'
import { err, ok, type Result } from '../shared/result.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import type { RequestScope, UserService } from '../user/user-service.js'
import { AuthorizationCodeRejected, ConsentExpired } from './connection.errors.js'
import { healthOf, transitionConnection, type ConnectionCommand } from './connection-transition.js'
import {
  CONNECTION_SCOPES,
  OAUTH_STATE_TTL_MS,
  type Calendar,
  type CalendarProviderName,
  type Connection,
  type ConnectionScope,
  type OAuthState,
  type ProviderTokens,
  type PushSubscription,
} from './connection.js'
import { planInbound } from './inbound-sync.js'
import { pkceChallenge } from './pkce.js'

/** The provider adapters of one surface; null when a provider is not configured there. */
export type CalendarProviderRegistry = (provider: CalendarProviderName) => CalendarProviderPort | null

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
const MAX_WRITE_ATTEMPTS = 5
const DUE_BATCH = 25

export interface ConnectionServiceDeps {
  readonly connections: ConnectionRepositoryPort
  readonly calendars: CalendarRepositoryPort
  readonly states: OAuthStateStorePort
  readonly providers: CalendarProviderRegistry
  readonly cipher: TokenCipherPort
  readonly ids: IdGenerator
  readonly random: RandomSource
  readonly users: UserService
  readonly events: EventService
  /** The service's own OAuth callback on this surface (the provider sends the browser back there). */
  readonly callbackUrl: string
  /** Where providers may push for this surface, or null when pushes cannot reach us (polling only). */
  readonly pushAddress: (provider: CalendarProviderName) => string | null
  /** An account's clock on this surface (sandbox clocks run ahead once advanced). */
  readonly clockFor: (accountId: string) => Promise<Clock>
  /** Consent expiry is real time, whatever a sandbox clock says: a person is clicking. */
  readonly wallClock: Clock
  readonly cadence?: SyncCadence
}

export interface StartInput {
  readonly provider: CalendarProviderName
  readonly userId: string
  readonly returnUrl: string
  readonly scopes?: readonly ConnectionScope[] | undefined
  readonly callback?: 'hosted' | 'server' | undefined
}

export interface StartedConsent {
  readonly redirectUrl: string
  readonly state: string
  readonly expiresAt: Date
}

export interface ConnectionWithCalendars {
  readonly connection: Connection
  readonly calendars: readonly Calendar[] | null
}

type ConsentError = ConsentExpired | AuthorizationCodeRejected | ProviderUnavailable | ResourceNotFound | AccountDeactivated

const withQuery = (url: string, params: Record<string, string>): string => {
  const target = new URL(url)
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value)
  return target.toString()
}

const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Connections: consent, calendars, disconnect, and the inbound sync (docs/connections.md). */
export class ConnectionService {
  private readonly cadence: SyncCadence
  /** One sync at a time per connection (a push and the poll may meet). */
  private readonly running = new Map<string, Promise<unknown>>()

  constructor(private readonly deps: ConnectionServiceDeps) {
    this.cadence = deps.cadence ?? DEFAULT_SYNC_CADENCE
  }

  // ---- consent ---------------------------------------------------------------------------

  async start(scope: RequestScope, input: StartInput): Promise<Result<StartedConsent, ResourceNotFound | AccountDeactivated | InvalidParameter>> {
    const user = await this.deps.users.requireActive(scope, input.userId, 'user_id')
    if (!user.ok) return user
    const provider = this.deps.providers(input.provider)
    if (provider === null) return err(new InvalidParameter({ param: 'provider', message: `The provider '${input.provider}' is not configured on this surface.` }))
    const protocol = new URL(input.returnUrl).protocol
    if (protocol !== 'https:' && protocol !== 'http:') return err(new InvalidParameter({ param: 'return_url', message: 'return_url must be an http or https URL.' }))
    const scopes = input.scopes === undefined || input.scopes.length === 0 ? [...CONNECTION_SCOPES] : [...new Set(input.scopes)]
    const callback = input.callback ?? 'hosted'
    const now = this.deps.wallClock.now()
    const state: OAuthState = {
      state: this.deps.random.token(24),
      accountId: scope.accountId,
      livemode: scope.livemode,
      userId: input.userId,
      provider: input.provider,
      scopes,
      returnUrl: input.returnUrl,
      callback,
      redirectUri: callback === 'server' ? input.returnUrl : this.deps.callbackUrl,
      codeVerifier: this.deps.random.token(32),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
    }
    await this.deps.states.save(state)
    const redirectUrl = provider.authorizationUrl({ state: state.state, codeChallenge: pkceChallenge(state.codeVerifier), redirectUri: state.redirectUri, scopes, loginHint: user.value.email })
    return ok({ redirectUrl, state: state.state, expiresAt: state.expiresAt })
  }

  /** Who is asking for consent (the hosted consent page shows it); null when the state is unknown or expired. */
  async pendingConsent(state: string): Promise<OAuthState | null> {
    return this.deps.states.peek(state, this.deps.wallClock.now())
  }

  /**
   * The hosted callback: the provider sent the browser back with `code` (or
   * `error`). Answers where to send the browser: `return_url` with
   * `connection_id` and `state`, or with `error` and `state`.
   */
  async completeHosted(input: { readonly state: string; readonly code?: string | undefined; readonly error?: string | undefined }): Promise<Result<{ readonly redirect: string }, ConsentExpired>> {
    const pending = await this.deps.states.take(input.state, this.deps.wallClock.now())
    if (pending === null) return err(new ConsentExpired({ state: input.state }))
    if (input.error !== undefined || input.code === undefined) return ok({ redirect: withQuery(pending.returnUrl, { error: input.error === undefined ? 'invalid_request' : 'access_denied', state: pending.state }) })
    const scope = { accountId: pending.accountId, livemode: pending.livemode, clock: await this.deps.clockFor(pending.accountId) }
    const connected = await this.connect(scope, pending, input.code)
    if (!connected.ok) {
      const error = connected.error._tag === 'ProviderUnavailable' ? 'provider_unavailable' : connected.error._tag === 'AuthorizationCodeRejected' ? 'authorization_failed' : 'user_unavailable'
      return ok({ redirect: withQuery(pending.returnUrl, { error, state: pending.state }) })
    }
    return ok({ redirect: withQuery(pending.returnUrl, { connection_id: connected.value.id, state: pending.state }) })
  }

  /** `POST /v1/connections/callback`: the caller's server hands over the code it received on `return_url`. */
  async completeServer(scope: RequestScope, input: { readonly state: string; readonly code: string }): Promise<Result<Connection, ConsentError>> {
    const pending = await this.deps.states.peek(input.state, this.deps.wallClock.now())
    // Another account's state is as unknown as a made-up one.
    if (pending === null || pending.accountId !== scope.accountId || pending.livemode !== scope.livemode) return err(new ConsentExpired({ state: input.state }))
    await this.deps.states.take(input.state, this.deps.wallClock.now())
    return this.connect(scope, pending, input.code)
  }

  private async connect(scope: RequestScope, pending: OAuthState, code: string): Promise<Result<Connection, ConsentError>> {
    const user = await this.deps.users.requireActive(scope, pending.userId, 'user_id')
    if (!user.ok) return user
    const provider = this.deps.providers(pending.provider)
    if (provider === null) return err(new AuthorizationCodeRejected({ provider: pending.provider, detail: 'provider no longer configured' }))
    const exchanged = await provider.exchangeCode({ code, codeVerifier: pending.codeVerifier, redirectUri: pending.redirectUri })
    if (!exchanged.ok) return exchanged
    const { tokens, email } = exchanged.value
    const credentials = { accessToken: tokens.accessToken }
    const listed = await provider.listCalendars(credentials)
    if (!listed.ok) {
      await provider.revoke(tokens)
      return err(listed.error._tag === 'ProviderUnavailable' ? listed.error : new AuthorizationCodeRejected({ provider: pending.provider, detail: listed.error._tag }))
    }
    const now = scope.clock.now()
    const existing = await this.deps.connections.findByProviderAccount(scope.accountId, pending.userId, pending.provider, email.toLowerCase())
    let connection: Connection
    if (existing === null) {
      connection = {
        id: this.deps.ids.next('con'),
        accountId: scope.accountId,
        livemode: scope.livemode,
        userId: pending.userId,
        provider: pending.provider,
        status: 'active',
        statusReason: null,
        email: email.toLowerCase(),
        scopes: pending.scopes,
        syncMode: 'polling',
        lastSyncedAt: null,
        consecutiveSyncFailures: 0,
        lastSyncError: null,
        subscriptions: [],
        tokenRefresh: { lastAt: now, failuresCount: 0 },
        sealedTokens: this.seal(tokens),
        nextSyncAt: now,
        createdAt: now,
        updatedAt: now,
        version: 1,
      }
      await this.deps.connections.insert(connection, [this.note(scope, 'connection.created', connection)])
    } else {
      // A new consent for the same provider account revives the connection instead of duplicating it.
      const revived = await this.mutate(scope, existing.id, (current) => {
        const moved = transitionConnection(healthOf(current), { type: 'reauthorized', at: now })
        if (!moved.ok) return moved
        return ok({ next: { ...current, ...moved.value.state, scopes: pending.scopes, sealedTokens: this.seal(tokens), nextSyncAt: now }, events: moved.value.events })
      })
      if (!revived.ok) return err(new ResourceNotFound({ resource: 'connection', id: existing.id }))
      connection = revived.value
    }
    await this.saveCalendars(connection, listed.value, now)
    connection = await this.subscribeAll(scope, connection, provider, credentials)
    return ok((await this.syncNow(connection.accountId, connection.id, scope.clock, 'full')) ?? connection)
  }

  private async saveCalendars(connection: Connection, listed: readonly { externalId: string; name: string; colorHex: string | null; writable: boolean; primary: boolean; timezone: string }[], now: Date): Promise<Calendar[]> {
    const known = new Map((await this.deps.calendars.listByConnection(connection.accountId, connection.id)).map((calendar) => [calendar.externalId, calendar]))
    const saved: Calendar[] = []
    for (const found of listed) {
      const current = known.get(found.externalId)
      const calendar: Calendar = current === undefined
        ? {
            id: this.deps.ids.next('cal'),
            accountId: connection.accountId,
            connectionId: connection.id,
            userId: connection.userId,
            externalId: found.externalId,
            name: found.name,
            colorHex: found.colorHex,
            writable: found.writable && connection.scopes.includes('events.write'),
            providerWritable: found.writable,
            selected: true,
            isDefault: found.primary,
            timezone: found.timezone,
            syncCursor: null,
            createdAt: now,
            updatedAt: now,
          }
        : { ...current, name: found.name, colorHex: found.colorHex, providerWritable: found.writable, writable: current.writable && found.writable, isDefault: found.primary, timezone: found.timezone, updatedAt: now }
      await this.deps.calendars.save(calendar)
      saved.push(calendar)
    }
    return saved
  }

  /** Push channels for every selected calendar where the provider pushes; `realtime` if any. */
  private async subscribeAll(scope: RequestScope, connection: Connection, provider: CalendarProviderPort, credentials: ProviderCredentials): Promise<Connection> {
    const address = this.deps.pushAddress(connection.provider)
    if (address === null) return connection
    const calendars = (await this.deps.calendars.listByConnection(connection.accountId, connection.id)).filter((calendar) => calendar.selected)
    const subscriptions: PushSubscription[] = []
    for (const old of connection.subscriptions) await provider.stopPush(credentials, { channelId: old.id, providerId: old.providerId })
    for (const calendar of calendars) {
      const channelId = this.deps.ids.next('chn')
      const secret = this.deps.random.token(24)
      const started = await provider.startPush(credentials, calendar.externalId, { channelId, address, secret })
      if (started.ok && started.value !== null) subscriptions.push({ id: channelId, providerId: started.value.providerId, calendarExternalId: calendar.externalId, expiresAt: started.value.expiresAt, secret })
    }
    const saved = await this.mutate(scope, connection.id, (current) =>
      ok({ next: { ...current, subscriptions, syncMode: subscriptions.length > 0 ? 'realtime' : 'polling' }, events: [] }))
    return saved.ok ? saved.value : connection
  }

  // ---- resources -----------------------------------------------------------------------------

  async list(scope: RequestScope, filter: ConnectionFilter, page: PageRequest): Promise<Result<Page<Connection>, InvalidParameter>> {
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    return ok(await this.deps.connections.list(scope.accountId, filter, page))
  }

  async retrieve(scope: RequestScope, id: string, withCalendars = false): Promise<Result<ConnectionWithCalendars, ResourceNotFound>> {
    const connection = await this.deps.connections.get(scope.accountId, id)
    if (connection === null) return err(new ResourceNotFound({ resource: 'connection', id }))
    return ok({ connection, calendars: withCalendars ? await this.deps.calendars.listByConnection(scope.accountId, id) : null })
  }

  async listCalendars(scope: RequestScope, connectionId: string): Promise<Result<readonly Calendar[], ResourceNotFound>> {
    const found = await this.retrieve(scope, connectionId, true)
    return found.ok ? ok(found.value.calendars ?? []) : found
  }

  /** `selected` and `writable`; setting the same values again changes nothing (idempotent). */
  async updateCalendar(scope: RequestScope, connectionId: string, calendarId: string, patch: { readonly selected?: boolean | undefined; readonly writable?: boolean | undefined }): Promise<Result<Calendar, ResourceNotFound | InvalidParameter>> {
    const calendar = await this.deps.calendars.get(scope.accountId, calendarId)
    if (calendar === null || calendar.connectionId !== connectionId) {
      const connection = await this.deps.connections.get(scope.accountId, connectionId)
      return err(connection === null ? new ResourceNotFound({ resource: 'connection', id: connectionId }) : new ResourceNotFound({ resource: 'calendar', id: calendarId, param: 'calId' }))
    }
    if (patch.writable === true && !calendar.providerWritable) return err(new InvalidParameter({ param: 'writable', message: 'The provider does not allow writing to this calendar.' }))
    const reselected = patch.selected === true && !calendar.selected
    const next: Calendar = {
      ...calendar,
      selected: patch.selected ?? calendar.selected,
      writable: patch.writable ?? calendar.writable,
      // A calendar selected again is listed in full: what changed while it was off is not in any cursor we hold.
      syncCursor: reselected ? null : calendar.syncCursor,
      updatedAt: patch.selected === calendar.selected && patch.writable === calendar.writable ? calendar.updatedAt : scope.clock.now(),
    }
    await this.deps.calendars.save(next)
    if (reselected) await this.mutate(scope, connectionId, (current) => ok({ next: { ...current, nextSyncAt: scope.clock.now() }, events: [] }))
    return ok(next)
  }

  /** Revokes the provider grant, stops the push channels and stops syncing; synced events stay. */
  async disconnect(scope: RequestScope, id: string): Promise<Result<Connection, ResourceNotFound | InvalidTransition | ConcurrentModification>> {
    const before = await this.deps.connections.get(scope.accountId, id)
    if (before === null) return err(new ResourceNotFound({ resource: 'connection', id }))
    const tokens = this.open(before)
    const result = await this.mutate(scope, id, (current) => {
      const moved = transitionConnection(healthOf(current), { type: 'disconnect', at: scope.clock.now() })
      if (!moved.ok) return moved
      return ok({ next: { ...current, ...moved.value.state, subscriptions: [], sealedTokens: '', nextSyncAt: null }, events: moved.value.events })
    })
    if (!result.ok) return result
    await this.releaseAtProvider(before, tokens)
    return result
  }

  /** `POST /v1/connections/{id}/refresh`: a full sync now (the 1 per minute limit is the host's). */
  async refresh(scope: RequestScope, id: string): Promise<Result<Connection, ResourceNotFound | InvalidTransition>> {
    const connection = await this.deps.connections.get(scope.accountId, id)
    if (connection === null) return err(new ResourceNotFound({ resource: 'connection', id }))
    if (connection.status === 'disconnected') return err(new InvalidTransition({ resource: 'connection', from: 'disconnected', command: 'refresh' }))
    const synced = await this.syncNow(scope.accountId, id, scope.clock, 'full')
    return synced === null ? err(new ResourceNotFound({ resource: 'connection', id })) : ok(synced)
  }

  /** The user-delete cascade: provider grants revoked, channels stopped, connections and calendars removed. */
  async removeAllOf(accountId: string, userId: string): Promise<void> {
    const removed = await this.deps.connections.removeByUser(accountId, userId)
    for (const connection of removed) await this.releaseAtProvider(connection, this.open(connection))
    await this.deps.calendars.removeByUser(accountId, userId)
  }

  // ---- provider calls for other features (the outbound mirror) ----------------------------

  /** The calendar new events of a user are written to: the default calendar of their oldest live connection, if writable. */
  async defaultWritableCalendar(accountId: string, userId: string): Promise<{ readonly connection: Connection; readonly calendar: Calendar } | null> {
    const page = await this.deps.connections.list(accountId, { userId }, { limit: 100 })
    const live = page.data.filter((connection) => connection.status !== 'disconnected').reverse()
    for (const connection of live) {
      const calendar = (await this.deps.calendars.listByConnection(accountId, connection.id)).find((candidate) => candidate.isDefault && candidate.writable)
      if (calendar !== undefined) return { connection, calendar }
    }
    return null
  }

  /** Whether events may be written to this calendar now (connection live, calendar writable). */
  async canWrite(accountId: string, connectionId: string, calendarId: string): Promise<Calendar | null> {
    const connection = await this.deps.connections.get(accountId, connectionId)
    const calendar = await this.deps.calendars.get(accountId, calendarId)
    return connection !== null && connection.status !== 'disconnected' && calendar !== null && calendar.writable && calendar.connectionId === connectionId ? calendar : null
  }

  /**
   * Runs one provider call for a connection with fresh credentials: a refused
   * access token is refreshed and the call retried once; a revoked grant
   * disconnects. Failures come back as a message for the caller to record.
   */
  async callProvider<T>(
    scope: RequestScope,
    connectionId: string,
    call: (provider: CalendarProviderPort, credentials: ProviderCredentials) => Promise<Result<T, { readonly _tag: string }>>,
  ): Promise<Result<T, string>> {
    const connection = await this.deps.connections.get(scope.accountId, connectionId)
    if (connection === null || connection.status === 'disconnected') return err('the connection is disconnected')
    const provider = this.deps.providers(connection.provider)
    if (provider === null) return err(`provider ${connection.provider} is not configured`)
    let credentials = await this.credentials(scope, connection, provider, false)
    if (!credentials.ok) return err('provider credentials unavailable (token refresh failed or grant revoked)')
    let result = await call(provider, credentials.value)
    if (!result.ok && result.error._tag === 'AccessTokenRejected') {
      credentials = await this.credentials(scope, (await this.deps.connections.get(scope.accountId, connectionId)) ?? connection, provider, true)
      if (!credentials.ok) return err('provider credentials unavailable (token refresh failed or grant revoked)')
      result = await call(provider, credentials.value)
    }
    if (result.ok) return result
    if (result.error._tag === 'GrantRevoked') await this.revokedByProvider(scope, connectionId)
    const detail = (result.error as { detail?: unknown }).detail
    return err(typeof detail === 'string' ? `${result.error._tag}: ${detail}` : result.error._tag)
  }

  // ---- push and background sync --------------------------------------------------------------

  /** A push arrived for `channelId`: verified by its secret, it makes the connection due now. Answers whether it was accepted. */
  async acceptPush(channelId: string, secret: string): Promise<boolean> {
    const connection = await this.deps.connections.findBySubscription(channelId)
    const subscription = connection?.subscriptions.find((candidate) => candidate.id === channelId)
    if (connection === null || subscription === undefined || !sameSecret(subscription.secret, secret)) return false
    if (connection.status === 'disconnected') return false
    const clock = await this.deps.clockFor(connection.accountId)
    await this.mutate({ accountId: connection.accountId, livemode: connection.livemode, clock }, connection.id, (current) =>
      ok({ next: { ...current, nextSyncAt: clock.now() }, events: [] }))
    return true
  }

  /** The background job: every due connection synced; one connection's failure never stops another's. */
  async processDue(scope: BackgroundScope): Promise<number> {
    const now = scope.clock.now()
    const due = await this.deps.connections.due(scope.accountId, now, DUE_BATCH)
    const outcomes = await Promise.allSettled(due.map((connection) => this.syncNow(connection.accountId, connection.id, scope.clock, 'incremental')))
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.status === 'rejected') await this.recordCrash(due[index]!, scope.clock, outcome.reason)
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

  private async sync(accountId: string, id: string, clock: Clock, mode: 'full' | 'incremental'): Promise<Connection | null> {
    const connection = await this.deps.connections.get(accountId, id)
    if (connection === null || connection.status === 'disconnected') return connection
    const scope = { accountId, livemode: connection.livemode, clock }
    const provider = this.deps.providers(connection.provider)
    if (provider === null) return this.finish(scope, id, { type: 'sync_failed', at: clock.now(), message: `provider ${connection.provider} is not configured` })
    let credentials = await this.credentials(scope, connection, provider, false)
    if (!credentials.ok) return credentials.error
    const calendars = (await this.deps.calendars.listByConnection(accountId, id)).filter((calendar) => calendar.selected)
    const failures: string[] = []
    for (const calendar of calendars) {
      let batch = await provider.syncEvents(credentials.value, calendar.externalId, mode === 'full' ? null : calendar.syncCursor)
      if (!batch.ok && batch.error._tag === 'SyncCursorExpired') batch = await provider.syncEvents(credentials.value, calendar.externalId, null)
      if (!batch.ok && batch.error._tag === 'AccessTokenRejected') {
        credentials = await this.credentials(scope, (await this.deps.connections.get(accountId, id)) ?? connection, provider, true)
        if (!credentials.ok) return credentials.error
        batch = await provider.syncEvents(credentials.value, calendar.externalId, null)
      }
      if (!batch.ok) {
        if (batch.error._tag === 'GrantRevoked') return this.revokedByProvider(scope, id)
        failures.push(`${calendar.externalId}: ${batch.error._tag}`)
        continue
      }
      // Deselected while we were listing: ingest nothing.
      const fresh = await this.deps.calendars.get(accountId, calendar.id)
      if (fresh === null || !fresh.selected) continue
      await this.ingest(scope, connection, fresh, batch.value)
      await this.deps.calendars.save({ ...fresh, syncCursor: batch.value.cursor })
    }
    const renewed = await this.renewExpiring(scope, id, provider, credentials.value)
    if (renewed !== null) failures.push(renewed)
    return this.finish(scope, id, failures.length === 0 ? { type: 'sync_succeeded', at: clock.now() } : { type: 'sync_failed', at: clock.now(), message: failures.join('; ') })
  }

  private async ingest(scope: RequestScope, connection: Connection, calendar: Calendar, batch: SyncBatch): Promise<void> {
    const existing = await this.deps.events.listByCalendar(scope.accountId, calendar.id)
    const plan = planInbound({ batch, existing, calendarTimezone: calendar.timezone, now: scope.clock.now() })
    for (const event of plan.removals) await this.deps.events.delete(scope, event.id, FROM_PROVIDER)
    for (const { event, desired } of plan.updates) {
      const patch = { title: desired.title, startTime: desired.start, endTime: desired.end, timezone: desired.timezone }
      const updated = await this.deps.events.update(scope, event.id, { ...patch, location: desired.location === null ? null : { address: desired.location } }, FROM_PROVIDER)
      if (!updated.ok && updated.error._tag === 'InvalidParameter') await this.deps.events.update(scope, event.id, { ...patch, location: null }, FROM_PROVIDER)
    }
    for (const desired of plan.creates) {
      const input = {
        userId: connection.userId,
        title: desired.title,
        startTime: desired.start,
        endTime: desired.end,
        timezone: desired.timezone,
        source: { connectionId: connection.id, calendarId: calendar.id, externalId: desired.externalId, seriesId: desired.seriesId },
      }
      const created = await this.deps.events.create(scope, { ...input, location: desired.location === null ? null : { address: desired.location } }, FROM_PROVIDER)
      // An address the geocoder cannot place still makes an event, without a location.
      if (!created.ok && created.error._tag === 'InvalidParameter') await this.deps.events.create(scope, { ...input, location: null }, FROM_PROVIDER)
    }
  }

  /** Renews channels close to expiry; answers a failure message or null. */
  private async renewExpiring(scope: RequestScope, id: string, provider: CalendarProviderPort, credentials: ProviderCredentials): Promise<string | null> {
    const connection = await this.deps.connections.get(scope.accountId, id)
    const address = this.deps.pushAddress(provider.provider)
    if (connection === null || address === null) return null
    const horizon = scope.clock.now().getTime() + this.cadence.renewBeforeMs
    if (connection.subscriptions.every((subscription) => subscription.expiresAt.getTime() > horizon)) return null
    const subscriptions: PushSubscription[] = []
    let failure: string | null = null
    for (const subscription of connection.subscriptions) {
      if (subscription.expiresAt.getTime() > horizon) {
        subscriptions.push(subscription)
        continue
      }
      const channelId = this.deps.ids.next('chn')
      const renewed = await provider.renewPush(credentials, subscription.calendarExternalId, { channelId: subscription.id, providerId: subscription.providerId, expiresAt: subscription.expiresAt }, { channelId, address, secret: subscription.secret })
      if (renewed.ok) subscriptions.push({ ...subscription, id: channelId, providerId: renewed.value.providerId, expiresAt: renewed.value.expiresAt })
      else failure = `push renewal: ${renewed.error._tag}`
    }
    await this.mutate(scope, id, (current) => ok({ next: { ...current, subscriptions, syncMode: subscriptions.length > 0 ? 'realtime' : 'polling' }, events: [] }))
    return failure
  }

  /** Opens the tokens and refreshes them when close to expiry (or `force`); a failure is recorded and answered as the connection. */
  private async credentials(scope: RequestScope, connection: Connection, provider: CalendarProviderPort, force: boolean): Promise<Result<ProviderCredentials, Connection | null>> {
    const now = scope.clock.now()
    const tokens = this.open(connection)
    if (tokens === null) return err(await this.finish(scope, connection.id, { type: 'sync_failed', at: now, message: 'stored provider tokens cannot be opened (was CONNECTION_TOKEN_KEY changed?)' }))
    const stale = tokens.expiresAt !== null && tokens.expiresAt.getTime() - now.getTime() < REFRESH_MARGIN_MS
    if (!force && !stale) return ok({ accessToken: tokens.accessToken })
    if (tokens.refreshToken === null) return err(await this.revokedByProvider(scope, connection.id))
    const refreshed = await provider.refreshTokens(tokens.refreshToken)
    if (!refreshed.ok) {
      if (refreshed.error._tag === 'GrantRevoked') return err(await this.revokedByProvider(scope, connection.id))
      const failed = await this.transition(scope, connection.id, { type: 'token_refresh_failed', at: now })
      return err(await this.finish(scope, connection.id, { type: 'sync_failed', at: now, message: 'token refresh failed: provider unavailable' }) ?? failed)
    }
    const saved = await this.transition(scope, connection.id, { type: 'token_refreshed', at: now }, { sealedTokens: this.seal(refreshed.value) })
    if (saved === null) return err(null)
    return ok({ accessToken: refreshed.value.accessToken })
  }

  private async revokedByProvider(scope: RequestScope, id: string): Promise<Connection | null> {
    const connection = await this.transition(scope, id, { type: 'grant_revoked', at: scope.clock.now() }, { subscriptions: [], sealedTokens: '', nextSyncAt: null })
    return connection
  }

  /** Records a sync outcome and schedules the next look. */
  private async finish(scope: RequestScope, id: string, command: ConnectionCommand): Promise<Connection | null> {
    const result = await this.mutate(scope, id, (current) => {
      const moved = transitionConnection(healthOf(current), command)
      if (!moved.ok) return ok({ next: current, events: [] })
      const next = { ...current, ...moved.value.state }
      return ok({ next: { ...next, nextSyncAt: this.nextLook(next, scope.clock.now()) }, events: moved.value.events })
    })
    return result.ok ? result.value : null
  }

  private async transition(scope: RequestScope, id: string, command: ConnectionCommand, extra: Partial<Connection> = {}): Promise<Connection | null> {
    const result = await this.mutate(scope, id, (current) => {
      const moved = transitionConnection(healthOf(current), command)
      if (!moved.ok) return moved
      const next = { ...current, ...moved.value.state, ...extra }
      return ok({ next: next.status === 'disconnected' ? { ...next, nextSyncAt: null } : next, events: moved.value.events })
    })
    return result.ok ? result.value : null
  }

  private nextLook(connection: Connection, now: Date): Date | null {
    if (connection.status === 'disconnected') return null
    const base = connection.status === 'error' ? this.cadence.errorRetryMs : connection.syncMode === 'realtime' ? this.cadence.realtimeSafetyMs : this.cadence.pollingMs
    let next = now.getTime() + base
    for (const subscription of connection.subscriptions) next = Math.min(next, Math.max(now.getTime() + 60_000, subscription.expiresAt.getTime() - this.cadence.renewBeforeMs))
    return new Date(next)
  }

  private async recordCrash(connection: Connection, clock: Clock, reason: unknown): Promise<void> {
    const message = reason instanceof Error ? reason.message : String(reason)
    await this.finish({ accountId: connection.accountId, livemode: connection.livemode, clock }, connection.id, { type: 'sync_failed', at: clock.now(), message: `internal: ${message}` })
  }

  private async releaseAtProvider(connection: Connection, tokens: ProviderTokens | null): Promise<void> {
    const provider = this.deps.providers(connection.provider)
    if (provider === null || tokens === null) return
    // Best effort: the provider being down must not keep the user connected on our side.
    try {
      for (const subscription of connection.subscriptions) await provider.stopPush({ accessToken: tokens.accessToken }, { channelId: subscription.id, providerId: subscription.providerId })
      await provider.revoke(tokens)
    } catch {
      // Nothing to do: our side is already disconnected; the provider expires orphaned channels.
    }
  }

  /** Read-modify-write with optimistic concurrency; `change` may refuse. */
  private async mutate<E>(
    scope: Pick<RequestScope, 'accountId' | 'livemode' | 'clock'>,
    id: string,
    change: (current: Connection) => Result<{ readonly next: Connection; readonly events: readonly string[] }, E>,
  ): Promise<Result<Connection, E | ResourceNotFound | ConcurrentModification>> {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
      const current = await this.deps.connections.get(scope.accountId, id)
      if (current === null) return err(new ResourceNotFound({ resource: 'connection', id }))
      const changed = change(current)
      if (!changed.ok) return changed
      const next = { ...changed.value.next, updatedAt: scope.clock.now(), version: current.version + 1 }
      const notes = changed.value.events.map((type) => this.note(scope, type, next))
      if ((await this.deps.connections.update(next, current.version, notes)) === 'updated') return ok(next)
    }
    return err(new ConcurrentModification({ resource: 'connection', id }))
  }

  private note(scope: Pick<RequestScope, 'accountId' | 'livemode' | 'clock'>, type: string, connection: Connection) {
    // The snapshot never carries tokens, not even sealed ones.
    return domainEvent({ ids: this.deps.ids, clock: scope.clock }, scope, type, 'connection', { ...connection, sealedTokens: '' })
  }

  private seal(tokens: ProviderTokens): string {
    return this.deps.cipher.seal(JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt?.toISOString() ?? null }))
  }

  private open(connection: Connection): ProviderTokens | null {
    if (connection.sealedTokens === '') return null
    const opened = this.deps.cipher.open(connection.sealedTokens)
    if (!opened.ok) return null
    const raw = JSON.parse(opened.value) as { accessToken: string; refreshToken: string | null; expiresAt: string | null }
    return { accessToken: raw.accessToken, refreshToken: raw.refreshToken, expiresAt: raw.expiresAt === null ? null : new Date(raw.expiresAt) }
  }
}

