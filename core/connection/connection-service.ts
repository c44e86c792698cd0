import type { CalendarProviderPort, CalendarProviderRegistry, ProviderCredentials } from '../ports/calendar-provider.js'
import type { CalendarRepositoryPort } from '../ports/calendar-repository.js'
import type { Clock } from '../ports/clock.js'
import type { ConnectionFilter, ConnectionRepositoryPort } from '../ports/connection-repository.js'
import type { IdGenerator, RandomSource } from '../ports/id-generator.js'
import type { OAuthStateStorePort } from '../ports/oauth-state-store.js'
import type { TokenCipherPort } from '../ports/token-cipher.js'
import { type ConcurrentModification, InvalidParameter, InvalidTransition, ResourceNotFound } from '../shared/errors.js'
import { type Page, type PageRequest, validatePageRequest } from '../shared/pagination.js'
import type { ProviderUnavailable } from '../shared/provider.errors.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import type { UserService } from '../user/user-service.js'
import { AuthorizationCodeRejected, ConsentExpired } from './connection.errors.js'
import {
  type Calendar,
  type CalendarProviderName,
  CONNECTION_SCOPES,
  type Connection,
  type ConnectionScope,
  OAUTH_STATE_TTL_MS,
  type OAuthState,
  type ProviderTokens,
  type PushSubscription,
} from './connection.js'
import { ConnectionRecords } from './connection-records.js'
import type { ConnectionSync } from './connection-sync.js'
import { connectionTransition, healthOf } from './connection-transition.js'
import { pkceChallenge } from './pkce.js'

export interface ConnectionServiceDeps {
  readonly connections: ConnectionRepositoryPort
  readonly calendars: CalendarRepositoryPort
  readonly states: OAuthStateStorePort
  readonly providers: CalendarProviderRegistry
  readonly cipher: TokenCipherPort
  readonly ids: IdGenerator
  readonly random: RandomSource
  readonly users: UserService
  /** Consent and refresh end with a full sync. */
  readonly sync: ConnectionSync
  /** The service's own OAuth callback on this surface (the provider sends the browser back there). */
  readonly callbackUrl: string
  /** Where providers may push for this surface, or null when pushes cannot reach us (polling only). */
  readonly pushAddress: (provider: CalendarProviderName) => string | null
  /** An account's clock on this surface (sandbox clocks run ahead once advanced). */
  readonly clockFor: (accountId: string) => Promise<Clock>
  /** Consent expiry is real time, whatever a sandbox clock says: a person is clicking. */
  readonly wallClock: Clock
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

type ConsentError =
  | ConsentExpired
  | AuthorizationCodeRejected
  | ProviderUnavailable
  | ResourceNotFound
  | AccountDeactivated

const withQuery = (url: string, params: Record<string, string>): string => {
  const target = new URL(url)
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value)
  return target.toString()
}

/** Connections: consent, calendars, disconnect; inbound sync is ConnectionSync's (docs/connections.md). */
export class ConnectionService {
  private readonly records: ConnectionRecords

  constructor(private readonly deps: ConnectionServiceDeps) {
    this.records = new ConnectionRecords(deps)
  }

  async start(
    scope: RequestScope,
    input: StartInput,
  ): Promise<Result<StartedConsent, ResourceNotFound | AccountDeactivated | InvalidParameter>> {
    const user = await this.deps.users.requireActive(scope, input.userId, 'user_id')
    if (!user.ok) return user
    const provider = this.deps.providers(input.provider)
    if (provider === null)
      return err(
        new InvalidParameter({
          param: 'provider',
          message: `The provider '${input.provider}' is not configured on this surface.`,
        }),
      )
    const protocol = new URL(input.returnUrl).protocol
    if (protocol !== 'https:' && protocol !== 'http:')
      return err(new InvalidParameter({ param: 'return_url', message: 'return_url must be an http or https URL.' }))
    const scopes =
      input.scopes === undefined || input.scopes.length === 0 ? [...CONNECTION_SCOPES] : [...new Set(input.scopes)]
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
    const redirectUrl = provider.authorizationUrl({
      state: state.state,
      codeChallenge: pkceChallenge(state.codeVerifier),
      redirectUri: state.redirectUri,
      scopes,
      loginHint: user.value.email,
    })
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
  async completeHosted(input: {
    readonly state: string
    readonly code?: string | undefined
    readonly error?: string | undefined
  }): Promise<Result<{ readonly redirect: string }, ConsentExpired>> {
    const pending = await this.deps.states.take(input.state, this.deps.wallClock.now())
    if (pending === null) return err(new ConsentExpired({ state: input.state }))
    if (input.error !== undefined || input.code === undefined)
      return ok({
        redirect: withQuery(pending.returnUrl, {
          error: input.error === undefined ? 'invalid_request' : 'access_denied',
          state: pending.state,
        }),
      })
    const scope = {
      accountId: pending.accountId,
      livemode: pending.livemode,
      clock: await this.deps.clockFor(pending.accountId),
    }
    const connected = await this.connect(scope, pending, input.code)
    if (!connected.ok) {
      const error =
        connected.error._tag === 'ProviderUnavailable'
          ? 'provider_unavailable'
          : connected.error._tag === 'AuthorizationCodeRejected'
            ? 'authorization_failed'
            : 'user_unavailable'
      return ok({ redirect: withQuery(pending.returnUrl, { error, state: pending.state }) })
    }
    return ok({ redirect: withQuery(pending.returnUrl, { connection_id: connected.value.id, state: pending.state }) })
  }

  /** `POST /v1/connections/callback`: the caller's server hands over the code it received on `return_url`. */
  async completeServer(
    scope: RequestScope,
    input: { readonly state: string; readonly code: string },
  ): Promise<Result<Connection, ConsentError>> {
    const pending = await this.deps.states.peek(input.state, this.deps.wallClock.now())
    // Another account's state is as unknown as a made-up one.
    if (pending === null || pending.accountId !== scope.accountId || pending.livemode !== scope.livemode)
      return err(new ConsentExpired({ state: input.state }))
    await this.deps.states.take(input.state, this.deps.wallClock.now())
    return this.connect(scope, pending, input.code)
  }

  private async connect(
    scope: RequestScope,
    pending: OAuthState,
    code: string,
  ): Promise<Result<Connection, ConsentError>> {
    const user = await this.deps.users.requireActive(scope, pending.userId, 'user_id')
    if (!user.ok) return user
    const provider = this.deps.providers(pending.provider)
    if (provider === null)
      return err(new AuthorizationCodeRejected({ provider: pending.provider, detail: 'provider no longer configured' }))
    const exchanged = await provider.exchangeCode({
      code,
      codeVerifier: pending.codeVerifier,
      redirectUri: pending.redirectUri,
    })
    if (!exchanged.ok) return exchanged
    const { tokens, email } = exchanged.value
    const credentials = { accessToken: tokens.accessToken }
    const listed = await provider.listCalendars(credentials)
    if (!listed.ok) {
      await provider.revoke(tokens)
      return err(
        listed.error._tag === 'ProviderUnavailable'
          ? listed.error
          : new AuthorizationCodeRejected({ provider: pending.provider, detail: listed.error._tag }),
      )
    }
    const now = scope.clock.now()
    const providerEmail = email.toLowerCase()
    const existing = await this.deps.connections.findByProviderAccount(
      scope.accountId,
      pending.userId,
      pending.provider,
      providerEmail,
    )
    const fresh: Connection | null =
      existing === null
        ? {
            id: this.deps.ids.next('con'),
            accountId: scope.accountId,
            livemode: scope.livemode,
            userId: pending.userId,
            provider: pending.provider,
            status: 'active',
            statusReason: null,
            email: providerEmail,
            scopes: pending.scopes,
            syncMode: 'polling',
            lastSyncedAt: null,
            consecutiveSyncFailures: 0,
            lastSyncError: null,
            subscriptions: [],
            tokenRefresh: { lastAt: now, failuresCount: 0 },
            sealedTokens: this.records.seal(tokens),
            nextSyncAt: now,
            createdAt: now,
            updatedAt: now,
            version: 1,
          }
        : null
    let connection: Connection
    if (
      fresh !== null &&
      (await this.deps.connections.insert(fresh, [this.records.note(scope, 'connection.created', fresh)])) ===
        'inserted'
    ) {
      connection = fresh
    } else {
      // A new consent for the same provider account revives the connection instead of duplicating it
      // (found above, or inserted meanwhile by a concurrent consent: then the insert was a duplicate).
      const target =
        existing ??
        (await this.deps.connections.findByProviderAccount(
          scope.accountId,
          pending.userId,
          pending.provider,
          providerEmail,
        ))
      if (target === null) return err(new ResourceNotFound({ resource: 'connection', id: fresh?.id ?? '' }))
      const revived = await this.records.mutate(scope, target.id, (current) => {
        const moved = connectionTransition(healthOf(current), { type: 'reauthorized', at: now })
        if (!moved.ok) return moved
        return ok({
          next: {
            ...current,
            ...moved.value.state,
            scopes: pending.scopes,
            sealedTokens: this.records.seal(tokens),
            nextSyncAt: now,
          },
          events: moved.value.events,
        })
      })
      if (!revived.ok) return err(new ResourceNotFound({ resource: 'connection', id: target.id }))
      connection = revived.value
    }
    await this.saveCalendars(connection, listed.value, now)
    connection = await this.subscribeAll(scope, connection, provider, credentials)
    return ok((await this.deps.sync.syncNow(connection.accountId, connection.id, scope.clock, 'full')) ?? connection)
  }

  private async saveCalendars(
    connection: Connection,
    listed: readonly {
      externalId: string
      name: string
      colorHex: string | null
      writable: boolean
      primary: boolean
      timezone: string
    }[],
    now: Date,
  ): Promise<Calendar[]> {
    const known = new Map(
      (await this.deps.calendars.listByConnection(connection.accountId, connection.id)).map((calendar) => [
        calendar.externalId,
        calendar,
      ]),
    )
    const saved: Calendar[] = []
    for (const found of listed) {
      const current = known.get(found.externalId)
      const calendar: Calendar =
        current === undefined
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
          : {
              ...current,
              name: found.name,
              colorHex: found.colorHex,
              providerWritable: found.writable,
              writable: current.writable && found.writable,
              isDefault: found.primary,
              timezone: found.timezone,
              updatedAt: now,
            }
      await this.deps.calendars.save(calendar)
      saved.push(calendar)
    }
    return saved
  }

  /** Push channels for every selected calendar where the provider pushes; `realtime` if any. */
  private async subscribeAll(
    scope: RequestScope,
    connection: Connection,
    provider: CalendarProviderPort,
    credentials: ProviderCredentials,
  ): Promise<Connection> {
    const address = this.deps.pushAddress(connection.provider)
    if (address === null) return connection
    const calendars = (await this.deps.calendars.listByConnection(connection.accountId, connection.id)).filter(
      (calendar) => calendar.selected,
    )
    const subscriptions: PushSubscription[] = []
    for (const old of connection.subscriptions)
      await provider.stopPush(credentials, { channelId: old.id, providerId: old.providerId })
    for (const calendar of calendars) {
      const channelId = this.deps.ids.next('chn')
      const secret = this.deps.random.token(24)
      const started = await provider.startPush(credentials, calendar.externalId, { channelId, address, secret })
      if (started.ok && started.value !== null)
        subscriptions.push({
          id: channelId,
          providerId: started.value.providerId,
          calendarExternalId: calendar.externalId,
          expiresAt: started.value.expiresAt,
          startedAt: scope.clock.now(),
          secret,
        })
    }
    const saved = await this.records.mutate(scope, connection.id, (current) =>
      ok({
        next: { ...current, subscriptions, syncMode: subscriptions.length > 0 ? 'realtime' : 'polling' },
        events: [],
      }),
    )
    return saved.ok ? saved.value : connection
  }

  async list(
    scope: RequestScope,
    filter: ConnectionFilter,
    page: PageRequest,
  ): Promise<Result<Page<Connection>, InvalidParameter>> {
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    return ok(await this.deps.connections.list(scope.accountId, filter, page))
  }

  async retrieve(
    scope: RequestScope,
    id: string,
    withCalendars = false,
  ): Promise<Result<ConnectionWithCalendars, ResourceNotFound>> {
    const connection = await this.deps.connections.get(scope.accountId, id)
    if (connection === null) return err(new ResourceNotFound({ resource: 'connection', id }))
    return ok({
      connection,
      calendars: withCalendars ? await this.deps.calendars.listByConnection(scope.accountId, id) : null,
    })
  }

  async listCalendars(
    scope: RequestScope,
    connectionId: string,
  ): Promise<Result<readonly Calendar[], ResourceNotFound>> {
    const found = await this.retrieve(scope, connectionId, true)
    return found.ok ? ok(found.value.calendars ?? []) : found
  }

  /** `selected` and `writable`; setting the same values again changes nothing (idempotent). */
  async updateCalendar(
    scope: RequestScope,
    connectionId: string,
    calendarId: string,
    patch: { readonly selected?: boolean | undefined; readonly writable?: boolean | undefined },
  ): Promise<Result<Calendar, ResourceNotFound | InvalidParameter>> {
    const calendar = await this.deps.calendars.get(scope.accountId, calendarId)
    if (calendar === null || calendar.connectionId !== connectionId) {
      const connection = await this.deps.connections.get(scope.accountId, connectionId)
      return err(
        connection === null
          ? new ResourceNotFound({ resource: 'connection', id: connectionId })
          : new ResourceNotFound({ resource: 'calendar', id: calendarId, param: 'calId' }),
      )
    }
    if (patch.writable === true && !calendar.providerWritable)
      return err(
        new InvalidParameter({ param: 'writable', message: 'The provider does not allow writing to this calendar.' }),
      )
    const reselected = patch.selected === true && !calendar.selected
    const next: Calendar = {
      ...calendar,
      selected: patch.selected ?? calendar.selected,
      writable: patch.writable ?? calendar.writable,
      // A calendar selected again is listed in full: what changed while it was off is not in any cursor we hold.
      syncCursor: reselected ? null : calendar.syncCursor,
      updatedAt:
        patch.selected === calendar.selected && patch.writable === calendar.writable
          ? calendar.updatedAt
          : scope.clock.now(),
    }
    await this.deps.calendars.save(next)
    if (reselected)
      await this.records.mutate(scope, connectionId, (current) =>
        ok({ next: { ...current, nextSyncAt: scope.clock.now() }, events: [] }),
      )
    return ok(next)
  }

  /** Revokes the provider grant, stops the push channels and stops syncing; synced events stay. */
  async disconnect(
    scope: RequestScope,
    id: string,
  ): Promise<Result<Connection, ResourceNotFound | InvalidTransition | ConcurrentModification>> {
    const before = await this.deps.connections.get(scope.accountId, id)
    if (before === null) return err(new ResourceNotFound({ resource: 'connection', id }))
    const tokens = this.records.open(before)
    const result = await this.records.mutate(scope, id, (current) => {
      const moved = connectionTransition(healthOf(current), { type: 'disconnect', at: scope.clock.now() })
      if (!moved.ok) return moved
      return ok({
        next: { ...current, ...moved.value.state, subscriptions: [], sealedTokens: '', nextSyncAt: null },
        events: moved.value.events,
      })
    })
    if (!result.ok) return result
    await this.releaseAtProvider(before, tokens)
    return result
  }

  /** `POST /v1/connections/{id}/refresh`: a full sync now (the 1 per minute limit is the host's). */
  async refresh(scope: RequestScope, id: string): Promise<Result<Connection, ResourceNotFound | InvalidTransition>> {
    const connection = await this.deps.connections.get(scope.accountId, id)
    if (connection === null) return err(new ResourceNotFound({ resource: 'connection', id }))
    if (connection.status === 'disconnected')
      return err(new InvalidTransition({ resource: 'connection', from: 'disconnected', command: 'refresh' }))
    const synced = await this.deps.sync.syncNow(scope.accountId, id, scope.clock, 'full')
    return synced === null ? err(new ResourceNotFound({ resource: 'connection', id })) : ok(synced)
  }

  /** The user-delete cascade: provider grants revoked, channels stopped, connections and calendars removed. */
  async removeAllOf(accountId: string, userId: string): Promise<void> {
    const removed = await this.deps.connections.removeByUser(accountId, userId)
    for (const connection of removed) await this.releaseAtProvider(connection, this.records.open(connection))
    await this.deps.calendars.removeByUser(accountId, userId)
  }

  /** The calendar new events of a user are written to: the default calendar of their oldest live connection, if writable. */
  async defaultWritableCalendar(
    accountId: string,
    userId: string,
    /** The user's connections, when the caller read them already (the same read as below). */
    known?: readonly Connection[],
  ): Promise<{ readonly connection: Connection; readonly calendar: Calendar } | null> {
    const connections = known ?? (await this.deps.connections.list(accountId, { userId }, { limit: 100 })).data
    const live = connections.filter((connection) => connection.status !== 'disconnected').reverse()
    for (const connection of live) {
      const calendar = (await this.deps.calendars.listByConnection(accountId, connection.id)).find(
        (candidate) => candidate.isDefault && candidate.writable,
      )
      if (calendar !== undefined) return { connection, calendar }
    }
    return null
  }

  /** Whether events may be written to this calendar now (connection live, calendar writable). */
  /** The provider adapter a connection reaches, or null (an unknown connection, a provider not configured here). */
  async providerOf(accountId: string, connectionId: string): Promise<CalendarProviderPort | null> {
    const connection = await this.deps.connections.get(accountId, connectionId)
    return connection === null ? null : this.deps.providers(connection.provider)
  }

  async canWrite(accountId: string, connectionId: string, calendarId: string): Promise<Calendar | null> {
    const connection = await this.deps.connections.get(accountId, connectionId)
    const calendar = await this.deps.calendars.get(accountId, calendarId)
    return connection !== null &&
      connection.status !== 'disconnected' &&
      calendar?.writable &&
      calendar.connectionId === connectionId
      ? calendar
      : null
  }

  private async releaseAtProvider(connection: Connection, tokens: ProviderTokens | null): Promise<void> {
    const provider = this.deps.providers(connection.provider)
    if (provider === null || tokens === null) return
    // Best effort: the provider being down must not keep the user connected on our side.
    try {
      for (const subscription of connection.subscriptions)
        await provider.stopPush(
          { accessToken: tokens.accessToken },
          { channelId: subscription.id, providerId: subscription.providerId },
        )
      await provider.revoke(tokens)
    } catch {
      // Nothing to do: our side is already disconnected; the provider expires orphaned channels.
    }
  }
}
