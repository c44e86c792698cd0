import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DateTime } from 'luxon'
import { expandIcalSeries } from './ical-recurrence.js'

/**
 * A local, stateful stand-in for Google's OAuth endpoints and Calendar API v3,
 * answering with Google's shapes and errors: `/token` (authorization_code with
 * PKCE, refresh_token, `invalid_grant`), `/revoke`, `calendarList`,
 * `events.list` (pages, `nextSyncToken`, `syncToken`, 410 `fullSyncRequired`),
 * `events.insert/patch/delete`, `events.watch`, `channels.stop`; series with
 * `recurrence`, their instances (`events.instances`, with `originalStart`; ids
 * `<series id>_<original start>`), and instances changed on their own kept as
 * exceptions (`recurringEventId`, `originalStartTime`), dropped when the
 * series' time or rule no longer has their original start (as Google does).
 */
export interface FakeGoogleEvent {
  id: string
  status: 'confirmed' | 'cancelled'
  summary?: string
  location?: string
  start?: { dateTime?: string; date?: string; timeZone?: string }
  end?: { dateTime?: string; date?: string; timeZone?: string }
  recurrence?: string[]
  recurringEventId?: string
  originalStartTime?: { dateTime?: string; date?: string; timeZone?: string }
  transparency?: 'opaque' | 'transparent'
  attendees?: { email: string; self?: boolean; organizer?: boolean; responseStatus?: string }[]
}

interface FakeCalendar {
  id: string
  summary: string
  accessRole: 'owner' | 'writer' | 'reader' | 'freeBusyReader'
  primary?: boolean
  timeZone: string
  backgroundColor: string
}

type StoredEvent = FakeGoogleEvent & { seq: number }

/** A calendar's events with every version kept, so a listing reads the calendar as it stood when it began. */
class VersionedEvents extends Map<string, StoredEvent> {
  private readonly versions = new Map<string, StoredEvent[]>()

  override set(id: string, event: StoredEvent): this {
    const versions = this.versions.get(id) ?? []
    versions.push(event)
    this.versions.set(id, versions)
    return super.set(id, event)
  }

  /** Each event as it stood at change number `seq`, in the order they were created. */
  asOf(seq: number): StoredEvent[] {
    const events: StoredEvent[] = []
    for (const versions of this.versions.values()) {
      const version = versions.filter((candidate) => candidate.seq <= seq).at(-1)
      if (version !== undefined) events.push(version)
    }
    return events
  }
}

interface Account {
  calendars: FakeCalendar[]
  events: Map<string, VersionedEvents>
  seq: number
  epoch: number
}

export interface LoggedRequest {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly body: Record<string, unknown>
  readonly authorization: string | undefined
  /** When it arrived, by the fake's `now` (the test's clock when the test sets one). */
  readonly at: number
}

const CLIENT_ID = 'fake-client-id.apps.googleusercontent.com'
const CLIENT_SECRET = 'fake-client-secret'

export class GoogleCalendarFake {
  static readonly clientId = CLIENT_ID
  static readonly clientSecret = CLIENT_SECRET
  readonly requests: LoggedRequest[] = []
  readonly channels = new Map<
    string,
    { resourceId: string; calendarId: string; token: string; address: string; expiration: number }
  >()
  /** Items per page of events.list and calendarList (small, so pagination is exercised). */
  pageSize = 2
  /** Called as each events.list page is served (a test changes events "while the page is being read"). */
  onListPage: ((page: { calendarId: string; offset: number; full: boolean }) => void) | null = null
  private readonly accounts = new Map<string, Account>()
  private readonly codes = new Map<string, { email: string; challenge: string; redirectUri: string }>()
  private readonly tokens = new Map<string, { email: string; grant: string; kind: 'access' | 'refresh' }>()
  private readonly revoked = new Set<string>()
  private failures: { status: number; retryAfterSeconds: number | null }[] = []
  /** API writes still to hold unanswered after doing their work (a provider timeout after the write). */
  private stalls = 0
  private watchFailures = 0
  private readonly held = new Set<ServerResponse>()
  /** The time the fake stamps on requests; a test with a controllable clock sets it. */
  now: () => number = () => Date.now()

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<GoogleCalendarFake> {
    let fake: GoogleCalendarFake | undefined
    const server = createServer((request, response) => void fake!.handle(request, response))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    fake = new GoogleCalendarFake(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    return fake
  }

  async close(): Promise<void> {
    for (const response of this.held) response.destroy()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  /** What Google's consent screen does on "Allow": a code bound to the PKCE challenge and redirect URI. */
  consent(input: { email: string; codeChallenge: string; redirectUri: string }): string {
    this.ensureAccount(input.email)
    const code = `4/0A${randomBytes(12).toString('hex')}`
    this.codes.set(code, { email: input.email, challenge: input.codeChallenge, redirectUri: input.redirectUri })
    return code
  }

  /** Adds an event as if created in Google Calendar's UI. */
  putEvent(
    email: string,
    calendarId: string,
    event: Omit<FakeGoogleEvent, 'status'> & { status?: 'confirmed' | 'cancelled' },
  ): FakeGoogleEvent {
    const account = this.ensureAccount(email)
    account.seq += 1
    const stored = { status: 'confirmed' as const, ...event, seq: account.seq }
    account.events.get(calendarId)!.set(event.id, stored)
    return stored
  }

  invalidateSyncTokens(email: string): void {
    this.ensureAccount(email).epoch += 1
  }

  revokeAll(email: string): void {
    for (const holder of this.tokens.values()) if (holder.email === email) this.revoked.add(holder.grant)
  }

  /** The next `count` API calls (not OAuth) answer this status (403: `rateLimitExceeded`), with `Retry-After` if given. */
  failNext(status: number, count = 1, retryAfterSeconds: number | null = null): void {
    for (let index = 0; index < count; index++) this.failures.push({ status, retryAfterSeconds })
  }

  /** The next `count` events.watch calls answer 503 (a channel that cannot be started or renewed). */
  failNextWatch(count = 1): void {
    this.watchFailures += count
  }

  /** The next `count` API writes do their work, then never answer: the client sees a timeout although the write was made. */
  stallNext(count = 1): void {
    this.stalls += count
  }

  /** A series' instances starting in [from, to) as `events.instances` answers them (exceptions in place, cancelled ones left out). */
  instancesOf(email: string, calendarId: string, seriesId: string, from: Date, to: Date): FakeGoogleEvent[] {
    const events = this.ensureAccount(email).events.get(calendarId)
    const master = events?.get(seriesId)
    if (events === undefined || master === undefined || master.status === 'cancelled') return []
    const calendarZone = this.ensureAccount(email).calendars.find((calendar) => calendar.id === calendarId)!.timeZone
    return this.instances(events, master, calendarZone, from, to)
      .filter((instance) => instance.status !== 'cancelled')
      .map(strip)
  }

  /** Events of a calendar as Google holds them (cancelled ones included). */
  eventsOf(email: string, calendarId: string): FakeGoogleEvent[] {
    return [...(this.ensureAccount(email).events.get(calendarId)?.values() ?? [])].map(strip)
  }

  private ensureAccount(email: string): Account {
    let account = this.accounts.get(email)
    if (account === undefined) {
      const calendars: FakeCalendar[] = [
        {
          id: email,
          summary: email,
          accessRole: 'owner',
          primary: true,
          timeZone: 'America/New_York',
          backgroundColor: '#9fe1e7',
        },
        {
          id: 'team@group.calendar.google.com',
          summary: 'Team',
          accessRole: 'writer',
          timeZone: 'America/New_York',
          backgroundColor: '#16a765',
        },
        {
          id: 'en.usa#holiday@group.v.calendar.google.com',
          summary: 'Holidays in United States',
          accessRole: 'reader',
          timeZone: 'America/New_York',
          backgroundColor: '#ff7537',
        },
        {
          id: 'boss@example.com',
          summary: 'Boss (free/busy)',
          accessRole: 'freeBusyReader',
          timeZone: 'America/New_York',
          backgroundColor: '#000000',
        },
      ]
      account = {
        calendars,
        events: new Map(calendars.map((calendar) => [calendar.id, new VersionedEvents()])),
        seq: 0,
        epoch: 0,
      }
      this.accounts.set(email, account)
    }
    return account
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.baseUrl)
    const text = await new Promise<string>((resolve) => {
      let data = ''
      request.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')))
      request.on('end', () => resolve(data))
    })
    const body: Record<string, unknown> =
      text === ''
        ? {}
        : String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')
          ? Object.fromEntries(new URLSearchParams(text))
          : (JSON.parse(text) as Record<string, unknown>)
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body,
      authorization: request.headers.authorization,
      at: this.now(),
    })
    const retryAfter = url.pathname.startsWith('/calendar/') ? (this.failures[0]?.retryAfterSeconds ?? null) : null
    const [status, payload] = this.route(request.method ?? 'GET', url, body, request.headers.authorization)
    if (url.pathname.startsWith('/calendar/') && request.method !== 'GET' && this.stalls > 0) {
      this.stalls -= 1
      this.held.add(response)
      return
    }
    response.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      ...(retryAfter === null || status < 400 ? {} : { 'retry-after': String(retryAfter) }),
    })
    response.end(status === 204 ? '' : JSON.stringify(payload))
  }

  private route(
    method: string,
    url: URL,
    body: Record<string, unknown>,
    authorization: string | undefined,
  ): [number, unknown] {
    if (method === 'POST' && url.pathname === '/token') return this.token(body)
    if (method === 'POST' && url.pathname === '/revoke') {
      const holder = this.tokens.get(String(body.token))
      if (holder === undefined) return [400, { error: 'invalid_token', error_description: 'Token expired or revoked' }]
      this.revoked.add(holder.grant)
      return [200, {}]
    }
    const failure = this.failures.shift()?.status
    if (failure !== undefined)
      return [
        failure,
        apiError(
          failure,
          failure === 403 ? 'rateLimitExceeded' : failure === 429 ? 'rateLimitExceeded' : 'backendError',
          'Scripted failure',
        ),
      ]
    const holder = this.tokens.get((authorization ?? '').replace(/^Bearer /, ''))
    if (holder === undefined || holder.kind !== 'access' || this.revoked.has(holder.grant))
      return [401, apiError(401, 'authError', 'Invalid Credentials')]
    const account = this.ensureAccount(holder.email)
    const path = url.pathname.replace(/^\/calendar\/v3/, '')
    if (method === 'GET' && path === '/users/me/calendarList')
      return [
        200,
        {
          kind: 'calendar#calendarList',
          items: account.calendars.map((calendar) => ({ kind: 'calendar#calendarListEntry', ...calendar })),
        },
      ]
    if (method === 'POST' && path === '/channels/stop') {
      const channel = this.channels.get(String(body.id))
      if (channel === undefined || channel.resourceId !== body.resourceId)
        return [404, apiError(404, 'notFound', `Channel '${String(body.id)}' not found for project`)]
      this.channels.delete(String(body.id))
      return [204, null]
    }
    const instancesPath = /^\/calendars\/([^/]+)\/events\/([^/]+)\/instances$/.exec(path)
    if (method === 'GET' && instancesPath !== null) {
      const calendar = account.calendars.find((candidate) => candidate.id === decodeURIComponent(instancesPath[1]!))
      const events = account.events.get(decodeURIComponent(instancesPath[1]!))
      const master = events?.get(decodeURIComponent(instancesPath[2]!))
      if (calendar === undefined || events === undefined || master === undefined || master.status === 'cancelled')
        return [404, apiError(404, 'notFound', 'Not Found')]
      if (master.recurrence === undefined || master.recurrence.length === 0)
        return [200, { kind: 'calendar#events', items: [] }]
      const originalStart = url.searchParams.get('originalStart')
      const wanted = originalStart === null ? null : instantOfParam(originalStart, zoneOf(master, calendar.timeZone))
      const from = wanted ?? new Date(Date.parse(url.searchParams.get('timeMin') ?? '') || 0)
      const to =
        wanted === null
          ? new Date(Date.parse(url.searchParams.get('timeMax') ?? '') || 4e12)
          : new Date(wanted.getTime() + 1)
      return [
        200,
        {
          kind: 'calendar#events',
          timeZone: calendar.timeZone,
          items: this.instances(events, master, calendar.timeZone, from, to).map(strip),
        },
      ]
    }
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path)
    if (match === null) return [404, apiError(404, 'notFound', 'Not Found')]
    const calendarId = decodeURIComponent(match[1]!)
    const events = account.events.get(calendarId)
    const calendar = account.calendars.find((candidate) => candidate.id === calendarId)
    if (events === undefined || calendar === undefined) return [404, apiError(404, 'notFound', 'Not Found')]
    const eventId = match[2] === undefined ? undefined : decodeURIComponent(match[2])
    if (method === 'POST' && eventId === 'watch') {
      if (this.watchFailures > 0) {
        this.watchFailures -= 1
        return [503, apiError(503, 'backendError', 'Scripted watch failure')]
      }
      const resourceId = randomBytes(8).toString('hex')
      const expiration = this.now() + Number((body.params as { ttl?: string } | undefined)?.ttl ?? 604800) * 1000
      this.channels.set(String(body.id), {
        resourceId,
        calendarId,
        token: String(body.token),
        address: String(body.address),
        expiration,
      })
      return [
        200,
        {
          kind: 'api#channel',
          id: body.id,
          resourceId,
          resourceUri: `https://www.googleapis.com/calendar/v3/calendars/${calendarId}/events?alt=json`,
          token: body.token,
          expiration: String(expiration),
        },
      ]
    }
    if (method === 'GET' && eventId === undefined) return this.list(account, calendar, events, url.searchParams)
    const writable = calendar.accessRole === 'owner' || calendar.accessRole === 'writer'
    if (!writable)
      return [403, apiError(403, 'requiredAccessLevel', 'You need to have writer access to this calendar.')]
    if (method === 'POST' && eventId === undefined) {
      // A client-chosen id is kept; a second insert with it is refused, as Google does.
      if (typeof body.id === 'string' && events.has(body.id))
        return [409, apiError(409, 'duplicate', 'The requested identifier already exists.')]
      account.seq += 1
      const created = {
        ...(body as object),
        id: typeof body.id === 'string' ? body.id : randomBytes(13).toString('hex'),
        status: 'confirmed' as const,
        seq: account.seq,
      }
      events.set(created.id, created)
      return [200, strip(created)]
    }
    // An instance not changed yet is addressed by its id (`<series id>_<original start>`): it becomes an exception.
    const current =
      eventId === undefined ? undefined : (events.get(eventId) ?? this.instanceById(events, eventId, calendar.timeZone))
    if (current === undefined) return [404, apiError(404, 'notFound', 'Not Found')]
    if (current.status === 'cancelled') return [410, apiError(410, 'deleted', 'Resource has been deleted')]
    account.seq += 1
    if (method === 'PATCH') {
      const next = { ...current, ...(body as object), seq: account.seq }
      events.set(current.id, next)
      if (next.recurrence !== undefined && next.recurrence.length > 0)
        this.dropStrandedExceptions(account, events, next, calendar.timeZone)
      return [200, strip(next)]
    }
    if (method === 'DELETE') {
      events.set(current.id, { ...current, status: 'cancelled', seq: account.seq })
      return [204, null]
    }
    return [405, apiError(405, 'methodNotAllowed', 'Method not allowed')]
  }

  /** The instances of a series in [from, to): each as the series has it, or its exception. */
  private instances(
    events: VersionedEvents,
    master: StoredEvent,
    calendarZone: string,
    from: Date,
    to: Date,
  ): StoredEvent[] {
    const zone = zoneOf(master, calendarZone)
    const allDay = typeof master.start?.date === 'string'
    const start = instantOf(master.start, zone)
    const end = instantOf(master.end, zone)
    if (start === null || end === null) return []
    const starts = expandIcalSeries({ start, zone, allDay, lines: master.recurrence ?? [] }, from, to)
    return starts.map((originalStart) => {
      const id = instanceIdOf(master.id, originalStart, allDay, zone)
      const stored = events.get(id)
      if (stored !== undefined) return stored
      const shifted = new Date(originalStart.getTime() + end.getTime() - start.getTime())
      const time = (instant: Date) =>
        allDay
          ? { date: DateTime.fromJSDate(instant, { zone }).toISODate()! }
          : { dateTime: DateTime.fromJSDate(instant, { zone }).toISO({ suppressMilliseconds: true })!, timeZone: zone }
      const { recurrence: _recurrence, ...fields } = master
      return {
        ...fields,
        id,
        status: 'confirmed' as const,
        start: time(originalStart),
        end: time(shifted),
        recurringEventId: master.id,
        originalStartTime: time(originalStart),
      }
    })
  }

  private instanceById(events: VersionedEvents, id: string, calendarZone: string): StoredEvent | undefined {
    const split = id.lastIndexOf('_')
    const master = split < 0 ? undefined : events.get(id.slice(0, split))
    if (master === undefined || master.recurrence === undefined || master.status === 'cancelled') return undefined
    const zone = zoneOf(master, calendarZone)
    const stamp = id.slice(split + 1)
    const original = /^\d{8}$/.test(stamp)
      ? DateTime.fromFormat(stamp, 'yyyyLLdd', { zone }).toJSDate()
      : DateTime.fromFormat(stamp, "yyyyLLdd'T'HHmmss'Z'", { zone: 'UTC' }).toJSDate()
    if (Number.isNaN(original.getTime())) return undefined
    return this.instances(events, master, calendarZone, original, new Date(original.getTime() + 1))[0]
  }

  /** A series whose time or rule changed keeps only the exceptions whose original start is still one of its instances. */
  private dropStrandedExceptions(account: Account, events: VersionedEvents, master: StoredEvent, calendarZone: string) {
    const zone = zoneOf(master, calendarZone)
    const start = instantOf(master.start, zone)
    if (start === null) return
    for (const event of [...events.values()]) {
      if (event.recurringEventId !== master.id || event.status === 'cancelled') continue
      const original = instantOf(event.originalStartTime, zone)
      const still =
        original !== null &&
        expandIcalSeries(
          { start, zone, allDay: typeof master.start?.date === 'string', lines: master.recurrence ?? [] },
          original,
          new Date(original.getTime() + 1),
        ).length === 1
      if (!still) {
        account.seq += 1
        events.set(event.id, { ...event, status: 'cancelled', seq: account.seq })
      }
    }
  }

  private token(body: Record<string, unknown>): [number, unknown] {
    if (body.client_id !== CLIENT_ID || body.client_secret !== CLIENT_SECRET)
      return [401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' }]
    if (body.grant_type === 'authorization_code') {
      const pending = this.codes.get(String(body.code))
      this.codes.delete(String(body.code))
      const challenge = createHash('sha256')
        .update(String(body.code_verifier ?? ''))
        .digest('base64url')
      if (pending === undefined || pending.redirectUri !== body.redirect_uri || pending.challenge !== challenge)
        return [400, { error: 'invalid_grant', error_description: 'Bad Request' }]
      const grant = randomBytes(8).toString('hex')
      return [
        200,
        {
          access_token: this.issue(pending.email, grant, 'access', 'ya29.'),
          expires_in: 3599,
          refresh_token: this.issue(pending.email, grant, 'refresh', '1//'),
          scope: 'https://www.googleapis.com/auth/calendar.events',
          token_type: 'Bearer',
        },
      ]
    }
    if (body.grant_type === 'refresh_token') {
      const holder = this.tokens.get(String(body.refresh_token))
      if (holder === undefined || holder.kind !== 'refresh' || this.revoked.has(holder.grant))
        return [400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }]
      return [
        200,
        {
          access_token: this.issue(holder.email, holder.grant, 'access', 'ya29.'),
          expires_in: 3599,
          scope: 'https://www.googleapis.com/auth/calendar.events',
          token_type: 'Bearer',
        },
      ]
    }
    return [400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' }]
  }

  private issue(email: string, grant: string, kind: 'access' | 'refresh', prefix: string): string {
    const value = `${prefix}${randomBytes(16).toString('base64url')}`
    this.tokens.set(value, { email, grant, kind })
    return value
  }

  private list(
    account: Account,
    calendar: FakeCalendar,
    events: VersionedEvents,
    query: URLSearchParams,
  ): [number, unknown] {
    const syncToken = query.get('syncToken')
    let since = 0
    if (syncToken !== null) {
      const parsed = /^CPD(\d+)E(\d+)$/.exec(syncToken)
      if (parsed === null || Number(parsed[2]) !== account.epoch)
        return [410, apiError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.')]
      since = Number(parsed[1])
    }
    // A listing reads the calendar as it stood at its first page (the page token carries that point): a change made
    // while it is read comes with the next sync token's listing, as at Google.
    const [offsetText, snapshotText] = (query.get('pageToken') ?? `0.${account.seq}`).split('.')
    const offset = Number(offsetText)
    const snapshot = Number(snapshotText)
    const all = events
      .asOf(snapshot)
      .filter((event) => (syncToken === null ? event.status !== 'cancelled' : event.seq > since))
    const page = all.slice(offset, offset + this.pageSize)
    const more = offset + this.pageSize < all.length
    this.onListPage?.({ calendarId: calendar.id, offset, full: syncToken === null })
    return [
      200,
      {
        kind: 'calendar#events',
        summary: calendar.summary,
        timeZone: calendar.timeZone,
        items: page.map(strip),
        ...(more
          ? { nextPageToken: `${offset + this.pageSize}.${snapshot}` }
          : { nextSyncToken: `CPD${snapshot}E${account.epoch}` }),
      },
    ]
  }
}

const apiError = (code: number, reason: string, message: string) => ({
  error: { code, message, errors: [{ domain: 'global', reason, message }] },
})

const strip = ({ seq: _seq, ...event }: FakeGoogleEvent & { seq: number }) => ({ kind: 'calendar#event', ...event })

type GoogleTimeField = { dateTime?: string | null; date?: string | null; timeZone?: string | null } | undefined

const zoneOf = (event: FakeGoogleEvent, calendarZone: string): string => event.start?.timeZone ?? calendarZone

/** A `dateTime` (with its offset) or an all-day `date` (midnight in the zone). */
const instantOf = (time: GoogleTimeField, zone: string): Date | null => {
  if (typeof time?.dateTime === 'string') return new Date(Date.parse(time.dateTime))
  if (typeof time?.date === 'string') return DateTime.fromISO(time.date, { zone }).toJSDate()
  return null
}

/** `originalStart` as `events.instances` takes it: an RFC 3339 date-time, or a date for all-day series. */
const instantOfParam = (text: string, zone: string): Date | null => {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? DateTime.fromISO(text, { zone })
    : DateTime.fromISO(text, { setZone: true })
  return parsed.isValid ? parsed.toJSDate() : null
}

/** Google's instance ids: the series' id, `_`, the original start in UTC basic form (a date for all-day series). */
const instanceIdOf = (seriesId: string, originalStart: Date, allDay: boolean, zone: string): string =>
  `${seriesId}_${
    allDay
      ? DateTime.fromJSDate(originalStart, { zone }).toFormat('yyyyLLdd')
      : DateTime.fromJSDate(originalStart, { zone: 'UTC' }).toFormat("yyyyLLdd'T'HHmmss'Z'")
  }`
