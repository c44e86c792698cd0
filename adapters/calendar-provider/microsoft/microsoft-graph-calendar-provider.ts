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
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import {
  codeGrantForm,
  type ProviderErrorDialect,
  ProviderHttpClient,
  refreshGrantForm,
} from '../shared/provider-client.js'
import { exdatesOf, toGraphRecurrence } from './graph-recurrence.js'

export interface MicrosoftGraphOptions {
  readonly clientId: string
  readonly clientSecret: string
  /** `https://login.microsoftonline.com/common` (authorize and token under `/oauth2/v2.0`). */
  readonly authorityUrl: string
  /** `https://graph.microsoft.com` (API under `/v1.0`). */
  readonly graphUrl: string
  readonly timeoutMs: number
  readonly userAgent: string
  readonly clock: Clock
}

const SCOPES: Readonly<Record<ConnectionScope, string>> = {
  'calendars.read': 'Calendars.Read',
  'events.read': 'Calendars.Read',
  'events.write': 'Calendars.ReadWrite',
}

/** The calendar view a delta round covers; a round older than this is restarted so the window moves on. */
const WINDOW = { pastMs: 7 * 86_400_000, futureMs: 180 * 86_400_000 } as const
const MAX_ROUND_AGE_MS = 7 * 86_400_000
/** Graph caps event subscriptions at 4,230 minutes; ask for a bit less. */
const SUBSCRIPTION_MINUTES = 4_200
const MAX_PAGES = 200

interface GraphDateTime {
  dateTime?: string
  timeZone?: string
}
interface GraphEvent {
  id: string
  subject?: string
  isCancelled?: boolean
  isAllDay?: boolean
  start?: GraphDateTime
  end?: GraphDateTime
  location?: { displayName?: string }
  transactionId?: string
  showAs?: string
  responseStatus?: { response?: string }
  /** On an occurrence or exception of a series: where the pattern puts it. */
  originalStart?: string
  '@removed'?: { reason?: string }
}

const GRAPH_RESPONSES: Readonly<Record<string, ProviderResponse>> = {
  accepted: 'accepted',
  tentativelyAccepted: 'tentative',
  declined: 'declined',
  notResponded: 'needs_action',
}

/**
 * The account's answer (`none` and `organizer`: its own event). An event of its own shown `tentative` reads as a
 * tentative answer: Outlook sets `showAs` from the answer, and lets the owner mark an event tentative too.
 */
const selfResponseOf = (item: GraphEvent): ProviderResponse | null =>
  GRAPH_RESPONSES[item.responseStatus?.response ?? ''] ?? (item.showAs === 'tentative' ? 'tentative' : null)

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

const errorCode = (body: Record<string, unknown> | null): string | null => {
  const error = body?.error
  if (typeof error === 'string') return error
  return str((error as { code?: unknown } | undefined)?.code)
}

const GRAPH_ERRORS: ProviderErrorDialect = {
  provider: 'microsoft',
  errorCode,
  isRateLimited: (status) => status === 429 || status === 503,
  forbiddenByDefault: 'ErrorAccessDenied',
  text: str,
  // Graph's descriptions carry trace and correlation ids on the following lines.
  oauthErrorDescription: (body) => str(body?.error_description)?.split('\r\n')[0] ?? null,
  revokedGrantErrors: ['invalid_grant', 'interaction_required'],
}

/**
 * Microsoft Graph calendars with OAuth 2.0 (code + PKCE S256 + state,
 * `offline_access`). Sync by calendar-view delta per calendar: Graph expands
 * series itself (occurrences and exceptions come as events of their own),
 * `@removed` rows are cancellations, the `deltaLink` is the cursor. Push via
 * subscriptions with `clientState`, renewed by PATCH.
 */
export class MicrosoftGraphCalendarProvider implements CalendarProviderPort {
  readonly provider = 'microsoft' as const

  private readonly http: ProviderHttpClient

  constructor(private readonly options: MicrosoftGraphOptions) {
    this.http = new ProviderHttpClient(GRAPH_ERRORS, { timeoutMs: options.timeoutMs, userAgent: options.userAgent })
  }

  authorizationUrl(request: AuthorizationRequest): string {
    const url = new URL(`${this.options.authorityUrl}/oauth2/v2.0/authorize`)
    url.search = new URLSearchParams({
      client_id: this.options.clientId,
      response_type: 'code',
      redirect_uri: request.redirectUri,
      response_mode: 'query',
      scope: this.scopeOf(request.scopes),
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
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
      url: new URL(`${this.options.authorityUrl}/oauth2/v2.0/token`),
      form: codeGrantForm(this.options, input),
    })
    if (!exchanged.ok) return exchanged
    const { status, body } = exchanged.value
    const rejected = this.http.codeRejected(exchanged.value)
    if (rejected !== null) return err(rejected)
    const tokens = this.http.tokensOf(body, null, this.options.clock.now())
    if (status !== 200 || tokens === null) return err(this.http.unexpected(exchanged.value))
    const me = await this.http.authorized(
      { method: 'GET', url: this.api('/me'), accessToken: tokens.accessToken },
      'user',
      'me',
    )
    if (!me.ok)
      return err(
        me.error._tag === 'ProviderUnavailable'
          ? me.error
          : new AuthorizationCodeRejected({ provider: 'microsoft', detail: me.error._tag }),
      )
    const email = str(me.value.body?.mail) ?? str(me.value.body?.userPrincipalName)
    if (email === null)
      return err(new AuthorizationCodeRejected({ provider: 'microsoft', detail: 'the account has no mail address' }))
    return ok({ tokens, email: email.toLowerCase() })
  }

  async refreshTokens(refreshToken: string): Promise<Result<ProviderTokens, GrantRevoked | ProviderUnavailable>> {
    const refreshed = await this.http.call({
      method: 'POST',
      url: new URL(`${this.options.authorityUrl}/oauth2/v2.0/token`),
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

  /** Microsoft has no per-grant revocation endpoint: dropping the tokens is all a client can do (the user removes the app's consent in their account). */
  async revoke(): Promise<Result<void, ProviderUnavailable>> {
    return ok(undefined)
  }

  async listCalendars(
    credentials: ProviderCredentials,
  ): Promise<Result<readonly ProviderCalendar[], ProviderCallError>> {
    const calendars: ProviderCalendar[] = []
    let url: URL | null = this.api('/me/calendars')
    for (let page = 0; page < MAX_PAGES && url !== null; page++) {
      const listed = await this.http.authorized(
        { method: 'GET', url, accessToken: credentials.accessToken },
        'calendars',
        'me',
      )
      if (!listed.ok) return listed
      for (const item of (listed.value.body?.value as Record<string, unknown>[] | undefined) ?? []) {
        calendars.push({
          externalId: String(item.id),
          name: str(item.name) ?? String(item.id),
          colorHex: str(item.hexColor),
          writable: item.canEdit === true,
          primary: item.isDefaultCalendar === true,
          // Graph calendars carry no zone of their own; events are asked for in UTC, with their own zone alongside.
          timezone: 'UTC',
        })
      }
      const next = str(listed.value.body?.['@odata.nextLink'])
      url = next === null ? null : new URL(next)
    }
    return ok(calendars)
  }

  async syncEvents(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    cursor: string | null,
  ): Promise<Result<SyncBatch, ProviderCallError | SyncCursorExpired>> {
    const now = this.options.clock.now()
    let roundStartedAt = now
    let url: URL
    if (cursor === null) {
      url = this.api(`/me/calendars/${encodeURIComponent(calendarExternalId)}/calendarView/delta`)
      url.searchParams.set('startDateTime', new Date(now.getTime() - WINDOW.pastMs).toISOString())
      url.searchParams.set('endDateTime', new Date(now.getTime() + WINDOW.futureMs).toISOString())
    } else {
      // Cursor: `<round start ISO>|<deltaLink>`. An old round's window has slid out of date: start over.
      const split = cursor.indexOf('|')
      roundStartedAt = new Date(cursor.slice(0, split))
      if (
        split < 0 ||
        Number.isNaN(roundStartedAt.getTime()) ||
        now.getTime() - roundStartedAt.getTime() > MAX_ROUND_AGE_MS
      )
        return err(new SyncCursorExpired({ provider: 'microsoft', calendarExternalId }))
      url = new URL(cursor.slice(split + 1))
    }
    const changes: ProviderEvent[] = []
    for (let page = 0; page < MAX_PAGES; page++) {
      const listed = await this.http.call({
        method: 'GET',
        url,
        accessToken: credentials.accessToken,
        headers: { Prefer: 'outlook.timezone="UTC", odata.maxpagesize=100' },
      })
      if (!listed.ok) return listed
      const { status, body } = listed.value
      if (status === 410 || errorCode(body) === 'SyncStateNotFound' || errorCode(body) === 'SyncStateInvalid')
        return err(new SyncCursorExpired({ provider: 'microsoft', calendarExternalId }))
      const failure = this.http.failureOf(listed.value, 'calendar', calendarExternalId)
      if (failure !== null) return err(failure)
      for (const item of (body?.value as GraphEvent[] | undefined) ?? []) {
        const event = this.toProviderEvent(item)
        if (event !== null) changes.push(event)
      }
      const next = str(body?.['@odata.nextLink'])
      if (next !== null) {
        url = new URL(next)
        continue
      }
      const delta = str(body?.['@odata.deltaLink'])
      if (delta === null) return err(this.http.badResponse('last page without @odata.deltaLink'))
      return ok({ changes, cursor: `${roundStartedAt.toISOString()}|${delta}`, full: cursor === null })
    }
    return err(this.http.badResponse(`more than ${MAX_PAGES} pages`))
  }

  async createEvent(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    event: NewOutboundEvent,
  ): Promise<Result<{ externalId: string }, ProviderCallError>> {
    const body = this.toGraphEvent(event)
    if (!body.ok) return body
    const created = await this.http.authorized(
      {
        method: 'POST',
        url: this.api(`/me/calendars/${encodeURIComponent(calendarExternalId)}/events`),
        accessToken: credentials.accessToken,
        // Graph answers a create retried with the same transactionId with the event the first one made.
        json: { ...body.value, transactionId: event.clientKey },
      },
      'calendar',
      calendarExternalId,
    )
    if (!created.ok) return created
    const id = str(created.value.body?.id)
    if (id === null) return err(this.http.unexpected(created.value))
    const occurrences = await this.writeOccurrences(credentials, id, event)
    return occurrences.ok ? ok({ externalId: id }) : occurrences
  }

  async updateEvent(
    credentials: ProviderCredentials,
    _calendarExternalId: string,
    externalId: string,
    event: OutboundEvent,
  ): Promise<Result<void, ProviderCallError>> {
    const body = this.toGraphEvent(event)
    if (!body.ok) return body
    const updated = await this.http.authorized(
      {
        method: 'PATCH',
        url: this.api(`/me/events/${encodeURIComponent(externalId)}`),
        accessToken: credentials.accessToken,
        // A PATCH keeps what it does not name: a series turned into a single event has its recurrence set to null.
        json: { ...body.value, ...(event.recurrence?.length === 0 ? { recurrence: null } : {}) },
      },
      'event',
      externalId,
    )
    if (!updated.ok) return updated
    return this.writeOccurrences(credentials, externalId, event)
  }

  recurrenceRefusal(
    recurrence: readonly string[],
    series: { readonly start: Date; readonly timezone: string },
  ): { readonly index: number; readonly reason: string } | null {
    const translated = toGraphRecurrence(recurrence, series)
    return translated.ok ? null : translated.error
  }

  /**
   * A series' own occurrences, through their ids (Graph has no EXDATE and no override by original start): the
   * occurrences of the master around the ones to touch are listed (`instances`, each with its `originalStart`), the
   * cancelled ones deleted and the changed ones patched. An occurrence already gone or already as wanted is left.
   */
  private async writeOccurrences(
    credentials: ProviderCredentials,
    masterId: string,
    event: OutboundEvent,
  ): Promise<Result<void, ProviderCallError>> {
    const lines = event.recurrence ?? []
    if (lines.length === 0) return ok(undefined)
    const cancelled = exdatesOf(lines, event.timezone)
    const overrides = event.overrides ?? []
    const named = [...cancelled, ...overrides.map((override) => override.originalStart)].map((date) => date.getTime())
    if (named.length === 0) return ok(undefined)
    const day = 86_400_000
    const url = this.api(`/me/events/${encodeURIComponent(masterId)}/instances`)
    url.searchParams.set('startDateTime', new Date(Math.min(...named) - day).toISOString())
    url.searchParams.set(
      'endDateTime',
      new Date(Math.max(...named) + day + (event.end.getTime() - event.start.getTime())).toISOString(),
    )
    const occurrences = new Map<number, GraphEvent>()
    let next: URL | null = url
    for (let page = 0; page < MAX_PAGES && next !== null; page++) {
      const listed = await this.http.authorized(
        {
          method: 'GET',
          url: next,
          accessToken: credentials.accessToken,
          headers: { Prefer: 'outlook.timezone="UTC"' },
        },
        'event',
        masterId,
      )
      if (!listed.ok) return listed
      for (const item of (listed.value.body?.value as GraphEvent[] | undefined) ?? []) {
        const original = Date.parse(item.originalStart ?? '')
        if (!Number.isNaN(original)) occurrences.set(original, item)
      }
      const link = str(listed.value.body?.['@odata.nextLink'])
      next = link === null ? null : new URL(link)
    }
    for (const instant of cancelled) {
      const occurrence = occurrences.get(instant.getTime())
      if (occurrence === undefined) continue
      const deleted = await this.deleteEvent(credentials, '', occurrence.id)
      if (!deleted.ok) return deleted
    }
    for (const override of overrides) {
      const occurrence = occurrences.get(override.originalStart.getTime())
      if (occurrence === undefined) continue
      const wanted = {
        title: override.title,
        start: override.start,
        end: override.end,
        timezone: event.timezone,
        location: override.location,
        allDay: override.allDay,
      }
      const same =
        occurrence.subject === wanted.title &&
        this.instant(occurrence.start)?.getTime() === wanted.start.getTime() &&
        this.instant(occurrence.end)?.getTime() === wanted.end.getTime() &&
        (str(occurrence.location?.displayName) ?? null) === wanted.location
      if (same) continue
      const body = this.toGraphEvent(wanted)
      if (!body.ok) return body
      const patched = await this.http.authorized(
        {
          method: 'PATCH',
          url: this.api(`/me/events/${encodeURIComponent(occurrence.id)}`),
          accessToken: credentials.accessToken,
          json: body.value,
        },
        'event',
        occurrence.id,
      )
      if (!patched.ok) return patched
    }
    return ok(undefined)
  }

  async deleteEvent(
    credentials: ProviderCredentials,
    _calendarExternalId: string,
    externalId: string,
  ): Promise<Result<void, ProviderCallError>> {
    const deleted = await this.http.call({
      method: 'DELETE',
      url: this.api(`/me/events/${encodeURIComponent(externalId)}`),
      accessToken: credentials.accessToken,
    })
    if (!deleted.ok) return deleted
    if (deleted.value.status === 404) return ok(undefined)
    const failure = this.http.failureOf(deleted.value, 'event', externalId)
    return failure === null ? ok(undefined) : err(failure)
  }

  async startPush(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    request: PushRequest,
  ): Promise<Result<PushChannel | null, ProviderCallError>> {
    const notificationUrl = new URL(request.address)
    // Graph names its own subscription id in notifications; ours rides along in the address.
    notificationUrl.searchParams.set('channel', request.channelId)
    const json = {
      changeType: 'created,updated,deleted',
      notificationUrl: notificationUrl.toString(),
      // Lifecycle notices (missed, subscriptionRemoved) come to the same address and start a resync.
      lifecycleNotificationUrl: notificationUrl.toString(),
      resource: `me/calendars/${calendarExternalId}/events`,
      expirationDateTime: this.expiry().toISOString(),
      clientState: request.secret,
    }
    const created = await this.http.authorized(
      { method: 'POST', url: this.api('/subscriptions'), accessToken: credentials.accessToken, json },
      'calendar',
      calendarExternalId,
    )
    if (!created.ok) return created
    const id = str(created.value.body?.id)
    const expiresAt = new Date(String(created.value.body?.expirationDateTime))
    if (id === null || Number.isNaN(expiresAt.getTime())) return err(this.http.unexpected(created.value))
    return ok({ providerId: id, expiresAt })
  }

  /** Graph subscriptions are extended in place; the channel id stays, so pushes keep finding the connection. */
  async renewPush(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    current: PushChannel & { channelId: string },
    request: PushRequest,
  ): Promise<Result<PushChannel, ProviderCallError>> {
    const renewed = await this.http.authorized(
      {
        method: 'PATCH',
        url: this.api(`/subscriptions/${encodeURIComponent(current.providerId)}`),
        accessToken: credentials.accessToken,
        json: { expirationDateTime: this.expiry().toISOString() },
      },
      'subscription',
      current.providerId,
    )
    if (renewed.ok) {
      const expiresAt = new Date(String(renewed.value.body?.expirationDateTime))
      return ok({
        providerId: current.providerId,
        expiresAt: Number.isNaN(expiresAt.getTime()) ? this.expiry() : expiresAt,
      })
    }
    // Gone (expired before we renewed): subscribe again.
    if (renewed.error._tag !== 'ProviderObjectMissing') return renewed
    const started = await this.startPush(credentials, calendarExternalId, request)
    if (!started.ok) return started
    return ok(started.value ?? current)
  }

  async stopPush(
    credentials: ProviderCredentials,
    channel: { channelId: string; providerId: string },
  ): Promise<Result<void, ProviderUnavailable>> {
    const stopped = await this.http.call({
      method: 'DELETE',
      url: this.api(`/subscriptions/${encodeURIComponent(channel.providerId)}`),
      accessToken: credentials.accessToken,
    })
    return stopped.ok ? this.http.stopped(stopped.value) : stopped
  }

  private toProviderEvent(item: GraphEvent): ProviderEvent | null {
    const removed = item['@removed'] !== undefined
    // All-day dates are floating: Graph writes them as midnights in the zone asked (UTC), read as dates there.
    const allDay = item.isAllDay === true
    const start = allDay ? this.floatingDate(item.start) : this.instant(item.start)
    const end = allDay ? this.floatingDate(item.end) : this.instant(item.end)
    if (!removed && !item.isCancelled && (start === null || end === null)) return null
    return {
      externalId: item.id,
      status: removed || item.isCancelled === true ? 'cancelled' : 'confirmed',
      title: item.subject ?? '(no title)',
      start: start ?? new Date(0),
      end: end ?? new Date(0),
      allDay: item.isAllDay === true,
      timezone: null,
      location: str(item.location?.displayName),
      transparency: item.showAs === 'free' ? 'transparent' : 'opaque',
      selfResponse: selfResponseOf(item),
      // Graph's calendar view has already expanded series into occurrences.
      recurrence: [],
      recurringEventId: null,
      originalStart: null,
      clientKey: str(item.transactionId),
    }
  }

  /** The date of an all-day start or end, at midnight UTC (the calendar's zone for Graph). */
  private floatingDate(time: GraphDateTime | undefined): Date | null {
    const date = /^\d{4}-\d{2}-\d{2}/.exec(time?.dateTime ?? '')?.[0]
    return date === undefined ? null : new Date(`${date}T00:00:00Z`)
  }

  /** `2026-07-01T09:00:00.0000000` in `timeZone` (UTC, since we ask for it). */
  private instant(time: GraphDateTime | undefined): Date | null {
    if (time?.dateTime === undefined) return null
    const zone = time.timeZone === undefined || time.timeZone === 'UTC' ? 'UTC' : time.timeZone
    const parsed = DateTime.fromISO(time.dateTime, { zone })
    return parsed.isValid ? parsed.toJSDate() : DateTime.fromISO(time.dateTime, { zone: 'UTC' }).toJSDate()
  }

  /**
   * Graph's event: an all-day event is `isAllDay` with midnights in its zone; a series carries its
   * `patternedRecurrence` (our lines translated; a rule Graph cannot hold is refused, as the API refused it already).
   */
  private toGraphEvent(event: OutboundEvent): Result<Record<string, unknown>, ProviderUnavailable> {
    const at = (date: Date) => ({
      dateTime: DateTime.fromJSDate(date, { zone: event.timezone }).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
      timeZone: event.timezone,
    })
    const allDay = event.allDay ?? null
    const lines = event.recurrence ?? []
    const recurrence = lines.length === 0 ? null : toGraphRecurrence(lines, event)
    if (recurrence !== null && !recurrence.ok)
      return err(
        new ProviderUnavailable({
          provider: 'microsoft',
          reason: 'bad_request',
          detail: `recurrence[${recurrence.error.index}]: ${recurrence.error.reason}`,
        }),
      )
    return ok({
      subject: event.title,
      isAllDay: allDay !== null,
      start: allDay === null ? at(event.start) : { dateTime: `${allDay.startDate}T00:00:00`, timeZone: event.timezone },
      end: allDay === null ? at(event.end) : { dateTime: `${allDay.endDate}T00:00:00`, timeZone: event.timezone },
      ...(event.location === null ? {} : { location: { displayName: event.location } }),
      ...(recurrence === null ? {} : { recurrence: recurrence.value }),
    })
  }

  private scopeOf(scopes: readonly ConnectionScope[]): string {
    return ['offline_access', 'openid', 'email', 'User.Read', ...new Set(scopes.map((scope) => SCOPES[scope]))].join(
      ' ',
    )
  }

  private expiry(): Date {
    return new Date(this.options.clock.now().getTime() + SUBSCRIPTION_MINUTES * 60_000)
  }

  private api(path: string): URL {
    return new URL(`/v1.0${path}`, this.options.graphUrl)
  }
}
