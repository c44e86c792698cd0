import {
  AccessTokenRejected,
  AuthorizationCodeRejected,
  GrantRevoked,
  ProviderObjectMissing,
  SyncCursorExpired,
} from '../../../core/connection/connection.errors.js'
import type { CalendarProviderName, ProviderTokens } from '../../../core/connection/connection.js'
import type {
  AuthorizationRequest,
  CalendarProviderPort,
  NewOutboundEvent,
  OutboundEvent,
  ProviderCalendar,
  ProviderCallError,
  ProviderCredentials,
  ProviderEvent,
  PushChannel,
  PushRequest,
  SyncBatch,
} from '../../../core/ports/calendar-provider.js'
import type { Clock } from '../../../core/ports/clock.js'
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import {
  SYNTHETIC_TOKEN_LIFETIME_MS,
  type SyntheticCalendarWorld,
  type WorldEvent,
} from './synthetic-calendar-world.js'

type WorldAccountView = NonNullable<ReturnType<SyntheticCalendarWorld['account']>>

/** Where the hosted consent page lives, relative to the sandbox's public address. */
export const SYNTHETIC_CONSENT_PATH = '/v1/sandbox/oauth/authorize'

const toProviderEvent = (event: WorldEvent): ProviderEvent => ({
  externalId: event.id,
  status: event.cancelled ? 'cancelled' : 'confirmed',
  title: event.title,
  start: event.start,
  end: event.end,
  allDay: event.allDay,
  timezone: event.timezone,
  location: event.location,
  transparency: event.transparency ?? 'opaque',
  selfResponse: event.selfResponse ?? null,
  recurrence: [...event.recurrence],
  recurringEventId: event.recurringEventId,
  originalStart: event.originalStart,
  clientKey: event.clientKey ?? null,
})

/**
 * The sandbox's provider adapter: speaks to the in-memory world the way the
 * real adapters speak HTTP, with the same failures (revoked grants, stale
 * access tokens, expired sync cursors).
 */
export class SyntheticCalendarProvider implements CalendarProviderPort {
  constructor(
    readonly provider: CalendarProviderName,
    private readonly world: SyntheticCalendarWorld,
    private readonly sandboxBaseUrl: string,
    private readonly clock: Clock,
  ) {}

  authorizationUrl(request: AuthorizationRequest): string {
    const url = new URL(SYNTHETIC_CONSENT_PATH, this.sandboxBaseUrl)
    url.search = new URLSearchParams({
      provider: this.provider,
      response_type: 'code',
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      redirect_uri: request.redirectUri,
      scope: request.scopes.join(' '),
      ...(request.loginHint === undefined ? {} : { login_hint: request.loginHint }),
    }).toString()
    return url.toString()
  }

  async exchangeCode(input: {
    code: string
    codeVerifier: string
    redirectUri: string
  }): Promise<Result<{ tokens: ProviderTokens; email: string }, AuthorizationCodeRejected | ProviderUnavailable>> {
    const granted = this.world.exchange(input.code, input.codeVerifier, input.redirectUri)
    if (granted === 'invalid_grant')
      return err(
        new AuthorizationCodeRejected({
          provider: this.provider,
          detail: 'invalid_grant: the code is unknown, used, or does not match the PKCE verifier or redirect URI',
        }),
      )
    return ok({
      tokens: { accessToken: granted.accessToken, refreshToken: granted.refreshToken, expiresAt: this.expiry() },
      email: granted.email,
    })
  }

  async refreshTokens(refreshToken: string): Promise<Result<ProviderTokens, GrantRevoked | ProviderUnavailable>> {
    const refreshed = this.world.refresh(refreshToken)
    if (refreshed === 'invalid_grant')
      return err(new GrantRevoked({ provider: this.provider, detail: 'invalid_grant: the grant was revoked' }))
    return ok({ accessToken: refreshed.accessToken, refreshToken, expiresAt: this.expiry() })
  }

  async revoke(tokens: ProviderTokens): Promise<Result<void, ProviderUnavailable>> {
    this.world.revoke(tokens.refreshToken ?? tokens.accessToken)
    return ok(undefined)
  }

  async listCalendars(
    credentials: ProviderCredentials,
  ): Promise<Result<readonly ProviderCalendar[], ProviderCallError>> {
    const account = this.account(credentials)
    if (!account.ok) return account
    return ok(
      [...account.value.calendars.values()].map((calendar) => ({
        externalId: calendar.id,
        name: calendar.name,
        colorHex: calendar.colorHex,
        writable: calendar.writable,
        primary: calendar.primary,
        timezone: calendar.timezone,
      })),
    )
  }

  async syncEvents(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    cursor: string | null,
  ): Promise<Result<SyncBatch, ProviderCallError | SyncCursorExpired>> {
    const account = this.account(credentials)
    if (!account.ok) return account
    const calendar = account.value.calendars.get(calendarExternalId)
    if (calendar === undefined)
      return err(new ProviderObjectMissing({ provider: this.provider, what: 'calendar', id: calendarExternalId }))
    const next = `e${calendar.epoch}.s${calendar.seq}`
    const events = [...account.value.events.values()].filter((event) => event.calendarId === calendarExternalId)
    if (cursor === null)
      return ok({ changes: events.filter((event) => !event.cancelled).map(toProviderEvent), cursor: next, full: true })
    const match = /^e(\d+)\.s(\d+)$/.exec(cursor)
    if (match === null || Number(match[1]) !== calendar.epoch)
      return err(new SyncCursorExpired({ provider: this.provider, calendarExternalId }))
    const since = Number(match[2])
    return ok({ changes: events.filter((event) => event.seq > since).map(toProviderEvent), cursor: next, full: false })
  }

  async createEvent(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    event: NewOutboundEvent,
  ): Promise<Result<{ externalId: string }, ProviderCallError>> {
    const account = this.writableCalendar(credentials, calendarExternalId)
    if (!account.ok) return account
    // A retried create finds the copy the first attempt made.
    for (const existing of this.world.account(account.value)?.events.values() ?? [])
      if (existing.clientKey === event.clientKey && existing.calendarId === calendarExternalId)
        return ok({ externalId: existing.id })
    const stored = this.world.putEvent(account.value, {
      clientKey: event.clientKey,
      id: this.world.newEventId(),
      calendarId: calendarExternalId,
      title: event.title,
      start: event.start,
      end: event.end,
      allDay: false,
      timezone: event.timezone,
      location: event.location,
      recurrence: [],
      recurringEventId: null,
      originalStart: null,
      cancelled: false,
    })
    return ok({ externalId: stored.id })
  }

  async updateEvent(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    externalId: string,
    event: OutboundEvent,
  ): Promise<Result<void, ProviderCallError>> {
    const email = this.writableCalendar(credentials, calendarExternalId)
    if (!email.ok) return email
    const current = this.world.account(email.value)?.events.get(externalId)
    if (current === undefined || current.cancelled)
      return err(new ProviderObjectMissing({ provider: this.provider, what: 'event', id: externalId }))
    this.world.putEvent(email.value, {
      ...current,
      title: event.title,
      start: event.start,
      end: event.end,
      timezone: event.timezone,
      location: event.location,
    })
    return ok(undefined)
  }

  async deleteEvent(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    externalId: string,
  ): Promise<Result<void, ProviderCallError>> {
    const email = this.writableCalendar(credentials, calendarExternalId)
    if (!email.ok) return email
    const current = this.world.account(email.value)?.events.get(externalId)
    if (current !== undefined && !current.cancelled) this.world.putEvent(email.value, { ...current, cancelled: true })
    return ok(undefined)
  }

  async startPush(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    request: PushRequest,
  ): Promise<Result<PushChannel | null, ProviderCallError>> {
    const account = this.account(credentials)
    if (!account.ok) return account
    // iCloud (CalDAV) has no push: the sandbox behaves the same, so integrators see polling.
    if (this.provider === 'icloud') return ok(null)
    const channel = this.world.openChannel(
      account.value.email,
      calendarExternalId,
      request.channelId,
      request.secret,
      this.clock.now(),
    )
    return ok({ providerId: channel.providerId, expiresAt: channel.expiresAt })
  }

  async renewPush(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    current: PushChannel & { channelId: string },
    request: PushRequest,
  ): Promise<Result<PushChannel, ProviderCallError>> {
    const started = await this.startPush(credentials, calendarExternalId, request)
    if (!started.ok) return started
    if (request.channelId !== current.channelId) this.world.closeChannel(current.channelId)
    return ok(started.value ?? { providerId: current.providerId, expiresAt: current.expiresAt })
  }

  async stopPush(
    _credentials: ProviderCredentials,
    channel: { channelId: string; providerId: string },
  ): Promise<Result<void, ProviderUnavailable>> {
    this.world.closeChannel(channel.channelId)
    return ok(undefined)
  }

  private expiry(): Date {
    return new Date(this.clock.now().getTime() + SYNTHETIC_TOKEN_LIFETIME_MS)
  }

  private account(credentials: ProviderCredentials): Result<WorldAccountView, ProviderCallError> {
    const account = this.world.accountOf(credentials.accessToken)
    if (account === 'rejected') return err(new AccessTokenRejected({ provider: this.provider }))
    if (account === 'revoked')
      return err(new GrantRevoked({ provider: this.provider, detail: 'the grant was revoked' }))
    if (this.world.isDown(account.email))
      return err(
        new ProviderUnavailable({
          provider: this.provider,
          reason: 'server_error',
          detail: 'sandbox outage (test helper)',
        }),
      )
    return ok(account)
  }

  private writableCalendar(
    credentials: ProviderCredentials,
    calendarExternalId: string,
  ): Result<string, ProviderCallError> {
    const account = this.account(credentials)
    if (!account.ok) return account
    const calendar = account.value.calendars.get(calendarExternalId)
    if (calendar === undefined || !calendar.writable)
      return err(
        new ProviderObjectMissing({ provider: this.provider, what: 'writable calendar', id: calendarExternalId }),
      )
    return ok(account.value.email)
  }
}
