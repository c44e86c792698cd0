import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import {
  AuthorizationCodeRejected,
  type GrantRevoked,
  SyncCursorExpired,
} from '../../../core/connection/connection.errors.js'
import type { ConnectionScope, ProviderTokens } from '../../../core/connection/connection.js'
import type {
  AuthorizationRequest,
  CalendarProviderPort,
  NewOutboundEvent,
  OutboundEvent,
  ProviderCalendar,
  ProviderCallError,
  ProviderCredentials,
  ProviderEvent,
  ProviderResponse,
  PushChannel,
  PushRequest,
  SyncBatch,
} from '../../../core/ports/calendar-provider.js'
import type { Clock } from '../../../core/ports/clock.js'
import type { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import {
  codeGrantForm,
  type ProviderErrorDialect,
  ProviderHttpClient,
  refreshGrantForm,
} from '../shared/provider-client.js'

export interface GoogleCalendarOptions {
  readonly clientId: string
  readonly clientSecret: string
  /** `https://accounts.google.com` (the consent page). */
  readonly accountsUrl: string
  /** `https://oauth2.googleapis.com` (token and revoke endpoints). */
  readonly oauthUrl: string
  /** `https://www.googleapis.com` (Calendar API v3 under `/calendar/v3`). */
  readonly apiUrl: string
  readonly timeoutMs: number
  readonly userAgent: string
  readonly clock: Clock
  /** Requested lifetime of push channels (Google caps it; default 7 days). */
  readonly channelTtlSeconds?: number
}

const SCOPE_URLS: Readonly<Record<ConnectionScope, string>> = {
  'calendars.read': 'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
  'events.read': 'https://www.googleapis.com/auth/calendar.events.readonly',
  'events.write': 'https://www.googleapis.com/auth/calendar.events',
}

const PAGE_SIZE = 250
/** A runaway pagination (a provider bug) must not spin forever. */
const MAX_PAGES = 200

type GoogleTime = { dateTime?: string | null; date?: string | null; timeZone?: string }
interface GoogleEvent {
  id: string
  status?: string
  summary?: string
  location?: string
  start?: GoogleTime
  end?: GoogleTime
  recurrence?: string[]
  recurringEventId?: string
  originalStartTime?: GoogleTime
  extendedProperties?: { private?: Record<string, string> }
  transparency?: string
  attendees?: { email?: string; self?: boolean; responseStatus?: string }[]
}

/** The connected account's answer: the attendee marked `self` (absent on its own events without attendees). */
const selfResponseOf = (item: GoogleEvent): ProviderResponse | null => {
  const self = item.attendees?.find((attendee) => attendee.self === true)
  switch (self?.responseStatus) {
    case 'accepted':
      return 'accepted'
    case 'tentative':
      return 'tentative'
    case 'declined':
      return 'declined'
    case 'needsAction':
      return 'needs_action'
    default:
      return null
  }
}

/**
 * The event id we choose for a client key: Google takes a client-chosen id (base32hex: 0-9 and a-v, 5 to 1024
 * characters; hex digits are a subset) and refuses a second insert with it (409 `duplicate`).
 */
export const googleEventIdFor = (clientKey: string): string => createHash('sha256').update(clientKey).digest('hex')
/** The private extended property carrying the client key, so a sync can tell our own copies. */
const CLIENT_KEY_PROPERTY = 'departureClientKey'

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/** The first `reason` of a Google error body (`fullSyncRequired`, `rateLimitExceeded`, ...). */
const reasonOf = (body: Record<string, unknown> | null): string | null => {
  const error = body?.error
  if (typeof error === 'string') return error
  const errors = (error as { errors?: { reason?: string }[] } | undefined)?.errors
  return errors?.[0]?.reason ?? null
}

const GOOGLE_ERRORS: ProviderErrorDialect = {
  provider: 'google',
  errorCode: reasonOf,
  isRateLimited: (status, reason) =>
    status === 429 || (status === 403 && (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded')),
  forbiddenByDefault: 'insufficient permissions',
  text: str,
  oauthErrorDescription: (body) => str(body?.error_description),
  revokedGrantErrors: ['invalid_grant'],
}

/**
 * Google Calendar API v3 with OAuth 2.0 (code + PKCE S256 + state, offline
 * access). Incremental sync by `syncToken` (410 GONE -> SyncCursorExpired),
 * series kept unexpanded (`singleEvents` false: the core expands them), push
 * through `events.watch` channels stopped with `channels.stop`.
 */
export class GoogleCalendarProvider implements CalendarProviderPort {
  readonly provider = 'google' as const

  private readonly http: ProviderHttpClient

  constructor(private readonly options: GoogleCalendarOptions) {
    this.http = new ProviderHttpClient(GOOGLE_ERRORS, { timeoutMs: options.timeoutMs, userAgent: options.userAgent })
  }

  authorizationUrl(request: AuthorizationRequest): string {
    const url = new URL('/o/oauth2/v2/auth', this.options.accountsUrl)
    url.search = new URLSearchParams({
      client_id: this.options.clientId,
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: request.scopes.map((scope) => SCOPE_URLS[scope]).join(' '),
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      access_type: 'offline',
      // Without it Google sends a refresh token only on the first consent.
      prompt: 'consent',
      include_granted_scopes: 'true',
      ...(request.loginHint === undefined ? {} : { login_hint: request.loginHint }),
    }).toString()
    return url.toString()
  }

  async exchangeCode(input: {
    code: string
    codeVerifier: string
    redirectUri: string
  }): Promise<Result<{ tokens: ProviderTokens; email: string }, AuthorizationCodeRejected | ProviderUnavailable>> {
    const exchanged = await this.http.call({
      method: 'POST',
      url: new URL('/token', this.options.oauthUrl),
      form: codeGrantForm(this.options, input),
    })
    if (!exchanged.ok) return exchanged
    const { status, body } = exchanged.value
    const rejected = this.http.codeRejected(exchanged.value)
    if (rejected !== null) return err(rejected)
    const tokens = this.http.tokensOf(body, null, this.options.clock.now())
    if (status !== 200 || tokens === null) return err(this.http.unexpected(exchanged.value))
    // The primary calendar's id is the account's e-mail.
    const calendars = await this.listCalendars({ accessToken: tokens.accessToken })
    if (!calendars.ok)
      return err(
        calendars.error._tag === 'ProviderUnavailable'
          ? calendars.error
          : new AuthorizationCodeRejected({ provider: 'google', detail: calendars.error._tag }),
      )
    const primary = calendars.value.find((calendar) => calendar.primary)
    if (primary === undefined)
      return err(
        new AuthorizationCodeRejected({
          provider: 'google',
          detail: 'no primary calendar (calendar scope not granted?)',
        }),
      )
    return ok({ tokens, email: primary.externalId })
  }

  async refreshTokens(refreshToken: string): Promise<Result<ProviderTokens, GrantRevoked | ProviderUnavailable>> {
    const refreshed = await this.http.call({
      method: 'POST',
      url: new URL('/token', this.options.oauthUrl),
      form: refreshGrantForm(this.options, refreshToken),
    })
    if (!refreshed.ok) return refreshed
    const { status, body } = refreshed.value
    const revoked = this.http.grantRevoked(refreshed.value)
    if (revoked !== null) return err(revoked)
    const tokens = this.http.tokensOf(body, refreshToken, this.options.clock.now())
    if (status !== 200 || tokens === null) return err(this.http.unexpected(refreshed.value))
    return ok(tokens)
  }

  async revoke(tokens: ProviderTokens): Promise<Result<void, ProviderUnavailable>> {
    const revoked = await this.http.call({
      method: 'POST',
      url: new URL('/revoke', this.options.oauthUrl),
      form: { token: tokens.refreshToken ?? tokens.accessToken },
    })
    if (!revoked.ok) return revoked
    // 400 invalid_token: already revoked or expired, which is what we wanted.
    return revoked.value.status === 200 || revoked.value.status === 400
      ? ok(undefined)
      : err(this.http.unexpected(revoked.value))
  }

  async listCalendars(
    credentials: ProviderCredentials,
  ): Promise<Result<readonly ProviderCalendar[], ProviderCallError>> {
    const calendars: ProviderCalendar[] = []
    let pageToken: string | null = null
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = this.api('/users/me/calendarList')
      url.searchParams.set('maxResults', String(PAGE_SIZE))
      if (pageToken !== null) url.searchParams.set('pageToken', pageToken)
      const listed = await this.http.authorized(
        { method: 'GET', url, accessToken: credentials.accessToken },
        'calendarList',
        'me',
      )
      if (!listed.ok) return listed
      for (const item of (listed.value.body?.items as Record<string, unknown>[] | undefined) ?? []) {
        const role = str(item.accessRole)
        if (role === 'freeBusyReader') continue
        calendars.push({
          externalId: String(item.id),
          name: str(item.summaryOverride) ?? str(item.summary) ?? String(item.id),
          colorHex: str(item.backgroundColor),
          writable: role === 'owner' || role === 'writer',
          primary: item.primary === true,
          timezone: str(item.timeZone) ?? 'UTC',
        })
      }
      pageToken = str(listed.value.body?.nextPageToken)
      if (pageToken === null) break
    }
    return ok(calendars)
  }

  async syncEvents(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    cursor: string | null,
  ): Promise<Result<SyncBatch, ProviderCallError | SyncCursorExpired>> {
    const changes: ProviderEvent[] = []
    let pageToken: string | null = null
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = this.api(`/calendars/${encodeURIComponent(calendarExternalId)}/events`)
      url.searchParams.set('maxResults', String(PAGE_SIZE))
      url.searchParams.set('singleEvents', 'false')
      // A full listing skips deleted events; an incremental one must see them (status cancelled).
      if (cursor !== null) url.searchParams.set('syncToken', cursor)
      else url.searchParams.set('showDeleted', 'false')
      if (pageToken !== null) url.searchParams.set('pageToken', pageToken)
      const listed = await this.http.call({ method: 'GET', url, accessToken: credentials.accessToken })
      if (!listed.ok) return listed
      const { status, body } = listed.value
      if (status === 410) return err(new SyncCursorExpired({ provider: 'google', calendarExternalId }))
      const failure = this.http.failureOf(listed.value, 'calendar', calendarExternalId)
      if (failure !== null) return err(failure)
      const zone = str(body?.timeZone) ?? 'UTC'
      for (const item of (body?.items as GoogleEvent[] | undefined) ?? []) {
        const event = this.toProviderEvent(item, zone)
        if (event !== null) changes.push(event)
      }
      pageToken = str(body?.nextPageToken)
      if (pageToken !== null) continue
      const next = str(body?.nextSyncToken)
      if (next === null) return err(this.http.badResponse('last page without nextSyncToken'))
      return ok({ changes, cursor: next, full: cursor === null })
    }
    return err(this.http.badResponse(`more than ${MAX_PAGES} pages`))
  }

  async createEvent(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    event: NewOutboundEvent,
  ): Promise<Result<{ externalId: string }, ProviderCallError>> {
    const id = googleEventIdFor(event.clientKey)
    const created = await this.http.call({
      method: 'POST',
      url: this.api(`/calendars/${encodeURIComponent(calendarExternalId)}/events`),
      accessToken: credentials.accessToken,
      json: {
        ...this.toGoogleEvent(event),
        id,
        extendedProperties: { private: { [CLIENT_KEY_PROPERTY]: event.clientKey } },
      },
    })
    if (!created.ok) return created
    // 409 duplicate: an earlier attempt made it (its answer was lost); that copy is the one.
    const failure =
      created.value.status === 409 ? null : this.http.failureOf(created.value, 'calendar', calendarExternalId)
    if (failure !== null) return err(failure)
    const externalId = created.value.status === 409 ? id : (str(created.value.body?.id) ?? id)
    const overrides = await this.writeOverrides(credentials, calendarExternalId, externalId, event)
    return overrides.ok ? ok({ externalId }) : overrides
  }

  async updateEvent(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    externalId: string,
    event: OutboundEvent,
  ): Promise<Result<void, ProviderCallError>> {
    const url = this.api(
      `/calendars/${encodeURIComponent(calendarExternalId)}/events/${encodeURIComponent(externalId)}`,
    )
    const updated = await this.http.authorized(
      {
        method: 'PATCH',
        url,
        accessToken: credentials.accessToken,
        // A PATCH keeps what it does not name: a series turned into a single event names its recurrence, empty.
        json: { ...this.toGoogleEvent(event), ...(event.recurrence?.length === 0 ? { recurrence: [] } : {}) },
      },
      'event',
      externalId,
    )
    if (!updated.ok) return updated
    return this.writeOverrides(credentials, calendarExternalId, externalId, event)
  }

  /**
   * A series' occurrences changed on their own, as Google documents it: each instance is found by the series' id
   * (`recurringEventId`) and its `originalStartTime` (`events.instances` with `originalStart`), then patched.
   * Cancelled occurrences are the master's EXDATEs; an instance already as wanted is left.
   */
  private async writeOverrides(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    masterId: string,
    event: OutboundEvent,
  ): Promise<Result<void, ProviderCallError>> {
    const calendar = encodeURIComponent(calendarExternalId)
    for (const override of event.overrides ?? []) {
      const url = this.api(`/calendars/${calendar}/events/${encodeURIComponent(masterId)}/instances`)
      url.searchParams.set(
        'originalStart',
        override.allDay === null
          ? (DateTime.fromJSDate(override.originalStart, { zone: event.timezone }).toISO({
              suppressMilliseconds: true,
            }) ?? '')
          : (DateTime.fromJSDate(override.originalStart, { zone: event.timezone }).toISODate() ?? ''),
      )
      const listed = await this.http.authorized(
        { method: 'GET', url, accessToken: credentials.accessToken },
        'event',
        masterId,
      )
      if (!listed.ok) return listed
      const instance = ((listed.value.body?.items as GoogleEvent[] | undefined) ?? []).find(
        (item) => item.recurringEventId === masterId,
      )
      if (instance === undefined || instance.status === 'cancelled') continue
      const wanted = this.toGoogleEvent({ ...override, timezone: event.timezone })
      const zone = event.timezone
      const same =
        instance.summary === override.title &&
        this.instant(instance.start, zone)?.getTime() === override.start.getTime() &&
        this.instant(instance.end, zone)?.getTime() === override.end.getTime() &&
        (instance.location ?? null) === override.location
      if (same) continue
      const patched = await this.http.authorized(
        {
          method: 'PATCH',
          url: this.api(`/calendars/${calendar}/events/${encodeURIComponent(instance.id)}`),
          accessToken: credentials.accessToken,
          json: wanted,
        },
        'event',
        instance.id,
      )
      if (!patched.ok) return patched
    }
    return ok(undefined)
  }

  async deleteEvent(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    externalId: string,
  ): Promise<Result<void, ProviderCallError>> {
    const url = this.api(
      `/calendars/${encodeURIComponent(calendarExternalId)}/events/${encodeURIComponent(externalId)}`,
    )
    const deleted = await this.http.call({ method: 'DELETE', url, accessToken: credentials.accessToken })
    if (!deleted.ok) return deleted
    // 410 "Resource has been deleted" and 404: already gone, which is what we wanted.
    if (deleted.value.status === 410 || deleted.value.status === 404) return ok(undefined)
    const failure = this.http.failureOf(deleted.value, 'event', externalId)
    return failure === null ? ok(undefined) : err(failure)
  }

  async startPush(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    request: PushRequest,
  ): Promise<Result<PushChannel | null, ProviderCallError>> {
    const url = this.api(`/calendars/${encodeURIComponent(calendarExternalId)}/events/watch`)
    const json = {
      id: request.channelId,
      type: 'web_hook',
      address: request.address,
      token: request.secret,
      params: { ttl: String(this.options.channelTtlSeconds ?? 7 * 24 * 3600) },
    }
    const watched = await this.http.authorized(
      { method: 'POST', url, accessToken: credentials.accessToken, json },
      'calendar',
      calendarExternalId,
    )
    if (!watched.ok) return watched
    const resourceId = str(watched.value.body?.resourceId)
    const expiration = Number(watched.value.body?.expiration)
    if (resourceId === null || !Number.isFinite(expiration)) return err(this.http.unexpected(watched.value))
    return ok({ providerId: resourceId, expiresAt: new Date(expiration) })
  }

  /** Google channels cannot be extended: a new channel starts, then the old one stops. */
  async renewPush(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    current: PushChannel & { channelId: string },
    request: PushRequest,
  ): Promise<Result<PushChannel, ProviderCallError>> {
    const started = await this.startPush(credentials, calendarExternalId, request)
    if (!started.ok) return started
    await this.stopPush(credentials, { channelId: current.channelId, providerId: current.providerId })
    return ok(started.value ?? current)
  }

  async stopPush(
    credentials: ProviderCredentials,
    channel: { channelId: string; providerId: string },
  ): Promise<Result<void, ProviderUnavailable>> {
    const stopped = await this.http.call({
      method: 'POST',
      url: this.api('/channels/stop'),
      accessToken: credentials.accessToken,
      json: { id: channel.channelId, resourceId: channel.providerId },
    })
    return stopped.ok ? this.http.stopped(stopped.value) : stopped
  }

  private toProviderEvent(item: GoogleEvent, calendarZone: string): ProviderEvent | null {
    const cancelled = item.status === 'cancelled'
    const start = this.instant(item.start, calendarZone)
    const end = this.instant(item.end, calendarZone)
    const originalStart =
      item.originalStartTime === undefined ? null : this.instant(item.originalStartTime, calendarZone)
    // Cancelled entries of an incremental sync may carry only their id.
    if (!cancelled && (start === null || end === null)) return null
    return {
      externalId: item.id,
      status: cancelled ? 'cancelled' : 'confirmed',
      title: item.summary ?? '(no title)',
      start: start ?? originalStart ?? new Date(0),
      end: end ?? originalStart ?? new Date(0),
      allDay: typeof item.start?.date === 'string',
      timezone: item.start?.timeZone ?? null,
      location: item.location ?? null,
      transparency: item.transparency === 'transparent' ? 'transparent' : 'opaque',
      selfResponse: selfResponseOf(item),
      recurrence: item.recurrence ?? [],
      recurringEventId: item.recurringEventId ?? null,
      originalStart,
      clientKey: item.extendedProperties?.private?.[CLIENT_KEY_PROPERTY] ?? null,
    }
  }

  /** `dateTime` carries its offset; an all-day `date` starts at midnight in the calendar's zone. */
  private instant(time: GoogleTime | undefined, zone: string): Date | null {
    if (typeof time?.dateTime === 'string') {
      const parsed = DateTime.fromISO(time.dateTime, { zone: time.timeZone ?? zone })
      return parsed.isValid ? parsed.toJSDate() : null
    }
    if (typeof time?.date === 'string') {
      const parsed = DateTime.fromISO(time.date, { zone: time.timeZone ?? zone })
      return parsed.isValid ? parsed.startOf('day').toJSDate() : null
    }
    return null
  }

  /** Google's event: an all-day one with `date`s, a timed one with `dateTime`s in its zone; a series with `recurrence`. */
  private toGoogleEvent(event: OutboundEvent) {
    const at = (date: Date) => ({
      dateTime: DateTime.fromJSDate(date, { zone: event.timezone }).toISO({ suppressMilliseconds: true }),
      date: null,
      timeZone: event.timezone,
    })
    const day = (date: string) => ({ date, dateTime: null, timeZone: event.timezone })
    const allDay = event.allDay ?? null
    const lines = event.recurrence ?? []
    return {
      summary: event.title,
      location: event.location,
      start: allDay === null ? at(event.start) : day(allDay.startDate),
      end: allDay === null ? at(event.end) : day(allDay.endDate),
      ...(lines.length === 0 ? {} : { recurrence: [...lines] }),
    }
  }

  private api(path: string): URL {
    return new URL(`/calendar/v3${path}`, this.options.apiUrl)
  }
}
