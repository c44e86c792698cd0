import { DateTime } from 'luxon'
import {
  AuthorizationCodeRejected,
  type GrantRevoked,
  SyncCursorExpired,
} from '../../../core/connection/connection.errors.js'
import type { ConnectionScope, ProviderTokens } from '../../../core/connection/connection.js'
import { expandSeries, type SeriesShape } from '../../../core/event/recurrence.js'
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
import { exdatesOf, fromGraphRecurrence, type GraphRecurrenceAnswer, toGraphRecurrence } from './graph-recurrence.js'
import { ianaZoneOf } from './graph-time-zone.js'

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
  /** `singleInstance`, `occurrence`, `exception` or `seriesMaster`. */
  type?: string
  seriesMasterId?: string
  recurrence?: GraphRecurrenceAnswer | null
  originalStartTimeZone?: string
  '@removed'?: { reason?: string }
}

/** A series master read in a round: its events in the port's shape, and whether it has left the calendar view. */
interface SeriesRead {
  readonly events: readonly ProviderEvent[]
  readonly gone: boolean
}

/**
 * The sync cursor: `v2|<round start>|<series master ids the round has met, space-separated>|<deltaLink>`. The series
 * ride along because a deleted occurrence comes as an `@removed` row naming the occurrence's id alone: each series
 * the round knows is then read again to find which occurrence went.
 */
const CURSOR_VERSION = 'v2'
const encodeCursor = (roundStartedAt: Date, series: Iterable<string>, deltaLink: string): string =>
  [CURSOR_VERSION, roundStartedAt.toISOString(), [...series].join(' '), deltaLink].join('|')
const decodeCursor = (cursor: string): { roundStartedAt: Date; series: string[]; deltaLink: string } | null => {
  const parts = cursor.split('|')
  if (parts[0] !== CURSOR_VERSION || parts.length < 4) return null
  const roundStartedAt = new Date(parts[1] ?? '')
  if (Number.isNaN(roundStartedAt.getTime())) return null
  return {
    roundStartedAt,
    series: (parts[2] ?? '').split(' ').filter((id) => id !== ''),
    deltaLink: parts.slice(3).join('|'),
  }
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
 * series in it, and each series is read back as one (its master's pattern as
 * an RRULE, its exceptions and cancelled occurrences as instances);
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
    let known: readonly string[] = []
    let url: URL
    if (cursor === null) {
      url = this.api(`/me/calendars/${encodeURIComponent(calendarExternalId)}/calendarView/delta`)
      url.searchParams.set('startDateTime', new Date(now.getTime() - WINDOW.pastMs).toISOString())
      url.searchParams.set('endDateTime', new Date(now.getTime() + WINDOW.futureMs).toISOString())
    } else {
      // An old round's window has slid out of date, and a cursor of the form before series were read as one (no
      // version) lists in full once: start over.
      const decoded = decodeCursor(cursor)
      if (decoded === null || now.getTime() - decoded.roundStartedAt.getTime() > MAX_ROUND_AGE_MS)
        return err(new SyncCursorExpired({ provider: 'microsoft', calendarExternalId }))
      roundStartedAt = decoded.roundStartedAt
      known = decoded.series
      url = new URL(decoded.deltaLink)
    }
    const rows: GraphEvent[] = []
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
      rows.push(...((body?.value as GraphEvent[] | undefined) ?? []))
      const next = str(body?.['@odata.nextLink'])
      if (next !== null) {
        url = new URL(next)
        continue
      }
      const delta = str(body?.['@odata.deltaLink'])
      if (delta === null) return err(this.http.badResponse('last page without @odata.deltaLink'))
      const changes = await this.changesOf(credentials, rows, known, now)
      if (!changes.ok) return changes
      return ok({
        changes: changes.value.changes,
        cursor: encodeCursor(roundStartedAt, changes.value.series, delta),
        full: cursor === null,
      })
    }
    return err(this.http.badResponse(`more than ${MAX_PAGES} pages`))
  }

  /**
   * A round's rows in the port's shape. Graph's calendar view expands series: its occurrences and exceptions name
   * their master (`seriesMasterId`), which is read once per round and handed over as one series (its pattern as an
   * RRULE line), with its exceptions and cancelled occurrences as instances; plain occurrences are the rule's and are
   * not reported. A deleted occurrence comes as an `@removed` row with its id alone: each series the round knows is
   * read again then, and its occurrences missing from Graph's `instances` are the cancelled ones. Graph v1.0 has no
   * list of a master's cancelled occurrences (`cancelledOccurrences` is beta only). Single events are as they were.
   */
  private async changesOf(
    credentials: ProviderCredentials,
    rows: readonly GraphEvent[],
    known: readonly string[],
    now: Date,
  ): Promise<Result<{ changes: ProviderEvent[]; series: Set<string> }, ProviderCallError>> {
    const singles: GraphEvent[] = []
    const seriesRows = new Map<string, GraphEvent[]>()
    let removedRows = false
    for (const item of rows) {
      const masterId = item.type === 'seriesMaster' ? item.id : str(item.seriesMasterId)
      if (item['@removed'] !== undefined) removedRows = true
      if (item['@removed'] !== undefined || masterId === null || item.type === 'singleInstance') {
        singles.push(item)
        continue
      }
      seriesRows.set(masterId, [...(seriesRows.get(masterId) ?? []), item])
    }
    const toRead = new Set([...seriesRows.keys(), ...(removedRows ? known : [])])
    const series = new Set(known)
    const changes: ProviderEvent[] = []
    const window = { from: new Date(now.getTime() - WINDOW.pastMs), to: new Date(now.getTime() + WINDOW.futureMs) }
    for (const masterId of toRead) {
      const read = await this.readSeries(credentials, masterId, window)
      if (!read.ok) return read
      if (read.value === null) {
        // A master Graph answers without a pattern we know: its occurrences come as Graph lists them, one by one.
        singles.push(...(seriesRows.get(masterId) ?? []))
        series.delete(masterId)
        continue
      }
      changes.push(...read.value.events)
      if (read.value.gone) series.delete(masterId)
      else series.add(masterId)
    }
    for (const item of singles) {
      const event = this.toProviderEvent(item)
      if (event !== null) changes.push(event)
    }
    return ok({ changes, series })
  }

  /**
   * One series master (`GET /me/events/{id}`, times in UTC) as the port's series, with its exceptions and its
   * cancelled occurrences in the window, from its `instances` (listed from the occurrence before the window to the
   * one after it: Graph keeps a moved occurrence between its neighbours). A master gone answers its cancellation.
   */
  private async readSeries(
    credentials: ProviderCredentials,
    masterId: string,
    window: { readonly from: Date; readonly to: Date },
  ): Promise<Result<SeriesRead | null, ProviderCallError>> {
    const read = await this.http.call({
      method: 'GET',
      url: this.api(`/me/events/${encodeURIComponent(masterId)}`),
      accessToken: credentials.accessToken,
      headers: { Prefer: 'outlook.timezone="UTC"' },
    })
    if (!read.ok) return read
    const gone = (): Result<SeriesRead, never> => ok({ events: [this.cancelledEvent(masterId, null)], gone: true })
    if (read.value.status === 404) return gone()
    const failure = this.http.failureOf(read.value, 'event', masterId)
    if (failure !== null) return err(failure)
    const master = read.value.body as unknown as GraphEvent
    if (master.isCancelled === true) return gone()
    const base = this.toProviderEvent(master)
    if (master.recurrence == null || base === null) return ok(null)
    const allDay = master.isAllDay === true
    // All-day dates are floating (read at midnight UTC); a timed series repeats in its own zone.
    const zone = ianaZoneOf(master.recurrence.range?.recurrenceTimeZone) ?? ianaZoneOf(master.originalStartTimeZone)
    const seriesZone = allDay ? 'UTC' : (zone ?? 'UTC')
    const rule = fromGraphRecurrence(master.recurrence, { timezone: seriesZone, allDay })
    if (rule === null) return ok(null)
    const shape: SeriesShape = { start: base.start, end: base.end, timezone: seriesZone, recurrence: [rule], allDay }
    const expected = expandSeries(shape, window)
    const year = 400 * 86_400_000
    const before = expandSeries(shape, { from: new Date(window.from.getTime() - year), to: window.from }).at(-1)
    const after = expandSeries(shape, { from: window.to, to: new Date(window.to.getTime() + year) }, 1)[0]
    const listed = await this.instancesOf(
      credentials,
      masterId,
      before?.start ?? window.from,
      new Date((after?.end ?? window.to).getTime() + 1),
    )
    if (!listed.ok) return listed
    const timezone = allDay ? null : seriesZone
    const events: ProviderEvent[] = [
      { ...base, timezone, recurrence: [rule], recurringEventId: null, originalStart: null },
    ]
    const seen = new Set<number>()
    for (const item of listed.value) {
      const original = this.originalStartOf(item, allDay, zone)
      if (original === null) continue
      seen.add(original.getTime())
      if (item.isCancelled === true)
        events.push(this.cancelledEvent(item.id, { seriesId: masterId, originalStart: original }))
      else if (item.type === 'exception') {
        const exception = this.toProviderEvent(item)
        if (exception !== null)
          events.push({ ...exception, timezone, recurringEventId: masterId, originalStart: original })
      }
    }
    for (const occurrence of expected)
      if (!seen.has(occurrence.originalStart.getTime()))
        events.push(
          this.cancelledEvent(`${masterId}@${occurrence.originalStart.toISOString()}`, {
            seriesId: masterId,
            originalStart: occurrence.originalStart,
          }),
        )
    return ok({ events, gone: expected.length === 0 })
  }

  /** A master's occurrences and exceptions whose times meet [from, to), every page walked. */
  private async instancesOf(
    credentials: ProviderCredentials,
    masterId: string,
    from: Date,
    to: Date,
  ): Promise<Result<GraphEvent[], ProviderCallError>> {
    const url = this.api(`/me/events/${encodeURIComponent(masterId)}/instances`)
    url.searchParams.set('startDateTime', from.toISOString())
    url.searchParams.set('endDateTime', to.toISOString())
    // Graph pages instances by 10 unless asked for more: half a year of a daily series is then two pages.
    url.searchParams.set('$top', '100')
    const items: GraphEvent[] = []
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
      items.push(...((listed.value.body?.value as GraphEvent[] | undefined) ?? []))
      const link = str(listed.value.body?.['@odata.nextLink'])
      next = link === null ? null : new URL(link)
    }
    return ok(items)
  }

  /** Where the pattern puts an occurrence; for an all-day series, that date at midnight UTC (its floating form). */
  private originalStartOf(item: GraphEvent, allDay: boolean, zone: string | null): Date | null {
    const original = Date.parse(item.originalStart ?? '')
    if (Number.isNaN(original)) return null
    if (!allDay) return new Date(original)
    const date = DateTime.fromMillis(original, { zone: zone ?? 'UTC' }).toISODate()
    return date === null ? null : new Date(`${date}T00:00:00Z`)
  }

  /**
   * A cancelled series (`occurrence` null), or a cancelled occurrence of one: by its Graph id when Graph still lists
   * it (`isCancelled`), or by the series and where the rule puts it when Graph has deleted it.
   */
  private cancelledEvent(
    externalId: string,
    occurrence: { readonly seriesId: string; readonly originalStart: Date } | null,
  ): ProviderEvent {
    const at = occurrence?.originalStart ?? new Date(0)
    return {
      externalId,
      status: 'cancelled',
      title: '',
      start: at,
      end: at,
      allDay: false,
      timezone: null,
      location: null,
      transparency: 'opaque',
      selfResponse: null,
      recurrence: [],
      recurringEventId: occurrence?.seriesId ?? null,
      originalStart: occurrence?.originalStart ?? null,
    }
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
    const listed = await this.instancesOf(
      credentials,
      masterId,
      new Date(Math.min(...named) - day),
      new Date(Math.max(...named) + day + (event.end.getTime() - event.start.getTime())),
    )
    if (!listed.ok) return listed
    const occurrences = new Map<number, GraphEvent>()
    for (const item of listed.value) {
      const original = Date.parse(item.originalStart ?? '')
      if (!Number.isNaN(original)) occurrences.set(original, item)
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
      // A series master's pattern is read apart (readSeries); a row of the calendar view is one event.
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
