import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DateTime } from 'luxon'

/**
 * A local, stateful stand-in for the Microsoft identity platform (v2.0 token
 * endpoint with PKCE, rotating refresh tokens, AADSTS `invalid_grant`) and
 * Microsoft Graph v1.0 calendars: `/me`, `/me/calendars`, calendar-view
 * `delta` (pages, `deltaLink`, `@removed`, 410 `SyncStateNotFound`; series
 * expanded into occurrences and exceptions naming their `seriesMasterId`, a
 * deleted occurrence as an `@removed` row), event create/read/update/delete,
 * and subscriptions with the validation handshake and
 * `clientState` notifications, delivered to `notificationTarget` when set;
 * all-day events (`isAllDay`, midnights in the event's zone), series with a
 * `patternedRecurrence`, their occurrences (`/events/{id}/instances`, each
 * with an id of its own and its `originalStart`), occurrences changed or
 * deleted through their id, and Graph's refusal to move an occurrence onto
 * or past an adjacent one (400 `ErrorOccurrenceCrossingBoundary`). Series
 * made "in Outlook": `putEvent` with a `recurrence`, then `changeOccurrence`
 * and `cancelOccurrence`.
 */
interface GraphEventRecord {
  id: string
  calendarId: string
  subject: string
  start: Date
  end: Date
  location: string | null
  /** Graph's `showAs` (`busy` unless set) and the account's `responseStatus.response` (`none` unless set). */
  showAs: string
  response: string
  removed: boolean
  seq: number
  transactionId?: string | null
  /** An all-day event: `start`/`end` are midnights in `timeZone`. */
  allDay?: boolean
  timeZone?: string
  /** A series master's pattern and range, as Graph keeps them. */
  recurrence?: GraphRecurrence | null
  /** On an exception: its series and where the pattern puts it. */
  seriesMasterId?: string | null
  originalStart?: Date | null
  /** On a master: the original starts (ms) of its deleted occurrences. */
  cancelled?: number[]
}

interface GraphRecurrence {
  pattern: {
    type: string
    interval: number
    daysOfWeek?: string[]
    dayOfMonth?: number
    month?: number
    index?: string
    firstDayOfWeek?: string
  }
  range: {
    type: string
    startDate: string
    endDate?: string
    numberOfOccurrences?: number
    recurrenceTimeZone?: string
  }
}

interface GraphCalendar {
  id: string
  name: string
  hexColor: string
  isDefaultCalendar: boolean
  canEdit: boolean
}

interface Account {
  calendars: GraphCalendar[]
  events: Map<string, GraphEventRecord>
  seq: number
  epoch: number
}

export interface GraphSubscription {
  id: string
  email: string
  calendarId: string
  notificationUrl: string
  clientState: string
  expirationDateTime: string
}

const CLIENT_ID = '00000000-1111-2222-3333-444444444444'
const CLIENT_SECRET = 'fake~graph~secret'
const AUTHORITY = '/common/oauth2/v2.0'

export class MicrosoftGraphFake {
  static readonly clientId = CLIENT_ID
  static readonly clientSecret = CLIENT_SECRET
  readonly requests: {
    method: string
    path: string
    query: URLSearchParams
    body: Record<string, unknown>
    prefer: string | undefined
  }[] = []
  readonly subscriptions = new Map<string, GraphSubscription>()
  /** Where validation requests and notifications are POSTed instead of the subscription's host (tests point it at the service). */
  notificationTarget: string | null = null
  pageSize = 2
  /** API writes still to hold unanswered after doing their work (a provider timeout after the write). */
  private stalls = 0
  private readonly throttles: number[] = []
  private readonly held = new Set<ServerResponse>()

  /** The next `count` Graph calls are throttled: 429 `TooManyRequests` with `Retry-After` (seconds). */
  throttleNext(retryAfterSeconds: number, count = 1): void {
    for (let index = 0; index < count; index++) this.throttles.push(retryAfterSeconds)
  }

  /** The next `count` API writes do their work, then never answer: the client sees a timeout although the write was made. */
  stallNext(count = 1): void {
    this.stalls += count
  }

  /** Events of a calendar as Graph holds them (removed ones left out). */
  eventsOf(email: string, calendarId: string): { id: string; subject: string; transactionId: string | null }[] {
    return [...this.ensureAccount(email).events.values()]
      .filter((event) => event.calendarId === calendarId && !event.removed)
      .map((event) => ({ id: event.id, subject: event.subject, transactionId: event.transactionId ?? null }))
  }
  private readonly accounts = new Map<string, Account>()
  private readonly codes = new Map<string, { email: string; challenge: string; redirectUri: string }>()
  private readonly tokens = new Map<string, { email: string; grant: string; kind: 'access' | 'refresh' }>()
  private readonly revoked = new Set<string>()
  private readonly usedRefreshTokens = new Set<string>()

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<MicrosoftGraphFake> {
    let fake: MicrosoftGraphFake | undefined
    const server = createServer((request, response) => void fake!.handle(request, response))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    fake = new MicrosoftGraphFake(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    return fake
  }

  get authorityUrl(): string {
    return `${this.baseUrl}/common`
  }

  async close(): Promise<void> {
    for (const response of this.held) response.destroy()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  consent(input: { email: string; codeChallenge: string; redirectUri: string }): string {
    this.ensureAccount(input.email)
    const code = `M.C5${randomBytes(12).toString('hex')}`
    this.codes.set(code, { email: input.email, challenge: input.codeChallenge, redirectUri: input.redirectUri })
    return code
  }

  /** Adds or changes an event as Outlook would, then notifies the calendar's subscriptions. */
  async putEvent(
    email: string,
    calendarId: string,
    event: {
      id?: string
      subject: string
      start: Date
      end: Date
      location?: string | null
      showAs?: string
      response?: string
      removed?: boolean
      transactionId?: string | null
      allDay?: boolean
      timeZone?: string
      recurrence?: GraphRecurrence | null
      seriesMasterId?: string | null
      originalStart?: Date | null
      cancelled?: number[]
    },
  ): Promise<string> {
    const account = this.ensureAccount(email)
    account.seq += 1
    const id = event.id ?? `AAMkAG${randomBytes(10).toString('hex')}`
    const before = account.events.get(id)
    account.events.set(id, {
      allDay: event.allDay ?? before?.allDay ?? false,
      timeZone: event.timeZone ?? before?.timeZone ?? 'UTC',
      recurrence: event.recurrence === undefined ? (before?.recurrence ?? null) : event.recurrence,
      seriesMasterId: event.seriesMasterId ?? before?.seriesMasterId ?? null,
      originalStart: event.originalStart ?? before?.originalStart ?? null,
      cancelled: event.cancelled ?? before?.cancelled ?? [],
      id,
      calendarId,
      subject: event.subject,
      start: event.start,
      end: event.end,
      location: event.location ?? null,
      showAs: event.showAs ?? 'busy',
      response: event.response ?? 'none',
      removed: event.removed ?? false,
      seq: account.seq,
      transactionId: event.transactionId ?? account.events.get(id)?.transactionId ?? null,
    })
    await this.notify(email, calendarId, event.removed === true ? 'deleted' : 'updated', id)
    return id
  }

  invalidateDeltaTokens(email: string): void {
    this.ensureAccount(email).epoch += 1
  }

  revokeAll(email: string): void {
    for (const holder of this.tokens.values()) if (holder.email === email) this.revoked.add(holder.grant)
  }

  private ensureAccount(email: string): Account {
    let account = this.accounts.get(email)
    if (account === undefined) {
      account = {
        calendars: [
          {
            id: `AAMkCal-${email}-default`,
            name: 'Calendar',
            hexColor: '#0078d4',
            isDefaultCalendar: true,
            canEdit: true,
          },
          {
            id: `AAMkCal-${email}-birthdays`,
            name: 'Birthdays',
            hexColor: '',
            isDefaultCalendar: false,
            canEdit: false,
          },
        ],
        events: new Map(),
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
      prefer: request.headers.prefer as string | undefined,
    })
    const throttled = url.pathname.startsWith('/v1.0/') ? this.throttles.shift() : undefined
    if (throttled !== undefined) {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(throttled) })
      response.end(JSON.stringify(graphError('TooManyRequests', 'Please retry after the time in Retry-After.')))
      return
    }
    const [status, payload] = await this.route(request.method ?? 'GET', url, body, request.headers.authorization)
    if (url.pathname.startsWith('/v1.0/') && request.method !== 'GET' && this.stalls > 0) {
      this.stalls -= 1
      this.held.add(response)
      return
    }
    response.writeHead(status, { 'content-type': 'application/json; odata.metadata=minimal' })
    response.end(status === 204 ? '' : JSON.stringify(payload))
  }

  private async route(
    method: string,
    url: URL,
    body: Record<string, unknown>,
    authorization: string | undefined,
  ): Promise<[number, unknown]> {
    if (method === 'POST' && url.pathname === `${AUTHORITY}/token`) return this.token(body)
    const holder = this.tokens.get((authorization ?? '').replace(/^Bearer /, ''))
    if (holder === undefined || holder.kind !== 'access' || this.revoked.has(holder.grant))
      return [401, graphError('InvalidAuthenticationToken', 'Access token is empty or invalid.')]
    const email = holder.email
    const account = this.ensureAccount(email)
    const path = url.pathname.replace(/^\/v1\.0/, '')
    if (method === 'GET' && path === '/me')
      return [
        200,
        {
          id: createHash('md5').update(email).digest('hex'),
          mail: email,
          userPrincipalName: email,
          displayName: email.split('@')[0],
        },
      ]
    if (method === 'GET' && path === '/me/calendars')
      return [
        200,
        {
          value: account.calendars.map((calendar) => ({
            ...calendar,
            color: 'auto',
            canShare: calendar.canEdit,
            owner: { name: email, address: email },
          })),
        },
      ]
    if (method === 'POST' && path === '/subscriptions') return this.subscribe(email, body)
    const subscription = /^\/subscriptions\/([^/]+)$/.exec(path)
    if (subscription !== null) {
      const found = this.subscriptions.get(decodeURIComponent(subscription[1]!))
      if (found === undefined) return [404, graphError('ResourceNotFound', 'The object was not found.')]
      if (method === 'PATCH') {
        found.expirationDateTime = String(body.expirationDateTime)
        return [200, { ...found }]
      }
      if (method === 'DELETE') {
        this.subscriptions.delete(found.id)
        return [204, null]
      }
    }
    const delta = /^\/me\/calendars\/([^/]+)\/calendarView\/delta$/.exec(path)
    if (method === 'GET' && delta !== null) return this.delta(account, decodeURIComponent(delta[1]!), url)
    const create = /^\/me\/calendars\/([^/]+)\/events$/.exec(path)
    if (method === 'POST' && create !== null) {
      const calendar = account.calendars.find((candidate) => candidate.id === decodeURIComponent(create[1]!))
      if (calendar === undefined)
        return [404, graphError('ErrorItemNotFound', 'The specified object was not found in the store.')]
      if (!calendar.canEdit)
        return [403, graphError('ErrorAccessDenied', 'Access is denied. Check credentials and try again.')]
      // Graph's transactionId: a create retried with the same one answers the event the first made.
      const transactionId = typeof body.transactionId === 'string' ? body.transactionId : null
      const earlier = [...account.events.values()].find(
        (event) => transactionId !== null && event.transactionId === transactionId && !event.removed,
      )
      if (earlier !== undefined) return [201, render(earlier)]
      const id = await this.putEvent(email, calendar.id, {
        transactionId,
        subject: String(body.subject),
        start: fromGraph(body.start),
        end: fromGraph(body.end),
        location: (body.location as { displayName?: string } | undefined)?.displayName ?? null,
        allDay: body.isAllDay === true,
        timeZone: (body.start as { timeZone?: string } | undefined)?.timeZone ?? 'UTC',
        recurrence: (body.recurrence as GraphRecurrence | undefined) ?? null,
      })
      return [201, render(account.events.get(id)!)]
    }
    const instances = /^\/me\/events\/([^/]+)\/instances$/.exec(path)
    if (method === 'GET' && instances !== null) {
      const master = account.events.get(decodeURIComponent(instances[1]!))
      const from = Date.parse(url.searchParams.get('startDateTime') ?? '')
      const to = Date.parse(url.searchParams.get('endDateTime') ?? '')
      if (master === undefined || master.removed)
        return [404, graphError('ErrorItemNotFound', 'The specified object was not found in the store.')]
      if (Number.isNaN(from) || Number.isNaN(to))
        return [
          400,
          graphError(
            'ErrorInvalidParameter',
            'This request requires a time window specified by startDateTime and endDateTime.',
          ),
        ]
      return [200, { value: this.instances(account, master, new Date(from), new Date(to)).map(render) }]
    }
    const item = /^\/me\/events\/([^/]+)$/.exec(path)
    if (item !== null) {
      const itemId = decodeURIComponent(item[1]!)
      // An occurrence not changed yet is addressed by its id: a change makes it an exception.
      const current = account.events.get(itemId) ?? this.occurrenceById(account, itemId)
      if (current === undefined || current.removed)
        return [404, graphError('ErrorItemNotFound', 'The specified object was not found in the store.')]
      const master =
        current.seriesMasterId === null || current.seriesMasterId === undefined
          ? null
          : (account.events.get(current.seriesMasterId) ?? null)
      if (method === 'PATCH') {
        const start = body.start === undefined ? current.start : fromGraph(body.start)
        if (
          master !== null &&
          current.originalStart != null &&
          this.crossesNeighbour(master, current.originalStart, start)
        )
          return [
            400,
            graphError(
              'ErrorOccurrenceCrossingBoundary',
              'An occurrence cannot be moved to or beyond the day of an adjacent occurrence of its series.',
            ),
          ]
        const changesSeries =
          current.recurrence != null &&
          (body.recurrence !== undefined || (body.start !== undefined && start.getTime() !== current.start.getTime()))
        await this.putEvent(email, current.calendarId, {
          ...current,
          id: current.id,
          subject: body.subject === undefined ? current.subject : String(body.subject),
          start,
          end: body.end === undefined ? current.end : fromGraph(body.end),
          location:
            body.location === undefined
              ? current.location
              : ((body.location as { displayName?: string }).displayName ?? null),
          ...(body.isAllDay === undefined ? {} : { allDay: body.isAllDay === true }),
          ...(body.start === undefined ? {} : { timeZone: (body.start as { timeZone?: string }).timeZone ?? 'UTC' }),
          ...(body.recurrence === undefined ? {} : { recurrence: body.recurrence as GraphRecurrence }),
        })
        // A series whose time or pattern changed loses the exceptions and deletions its pattern no longer has.
        if (changesSeries) this.dropStranded(account, account.events.get(current.id)!)
        return [200, render(account.events.get(current.id)!)]
      }
      if (method === 'GET') return [200, render(current)]
      if (method === 'DELETE') {
        await this.deleteItem(email, account, current, master)
        return [204, null]
      }
    }
    return [404, graphError('ResourceNotFound', 'Resource not found for the segment.')]
  }

  /**
   * Deletes an event, a series (with its exceptions) or one occurrence. A deleted occurrence or exception is kept as
   * a tombstone, which calendar-view delta lists as an `@removed` row naming the occurrence's id alone.
   */
  private async deleteItem(
    email: string,
    account: Account,
    current: GraphEventRecord,
    master: GraphEventRecord | null,
  ): Promise<void> {
    if (master !== null && current.originalStart != null)
      master.cancelled = [...(master.cancelled ?? []), current.originalStart.getTime()]
    await this.putEvent(email, current.calendarId, { ...current, removed: true })
    if (current.recurrence != null)
      for (const exception of [...account.events.values()])
        if (exception.seriesMasterId === current.id && !exception.removed)
          await this.putEvent(email, exception.calendarId, { ...exception, removed: true })
  }

  /** One occurrence of a series, as stored (an exception) or as its pattern makes it; undefined when it is deleted. */
  private occurrenceOf(email: string, masterId: string, originalStart: Date): GraphEventRecord | undefined {
    const account = this.ensureAccount(email)
    const id = this.occurrenceIdOf(masterId, originalStart)
    const found = account.events.get(id) ?? this.occurrenceById(account, id)
    return found === undefined || found.removed ? undefined : found
  }

  /** Changes one occurrence of a series as Outlook would: it becomes an exception, under the occurrence's id. */
  async changeOccurrence(
    email: string,
    masterId: string,
    originalStart: Date,
    change: { subject?: string; start?: Date; end?: Date; location?: string | null },
  ): Promise<string> {
    const current = this.occurrenceOf(email, masterId, originalStart)
    if (current === undefined) throw new Error(`no occurrence of ${masterId} at ${originalStart.toISOString()}`)
    return this.putEvent(email, current.calendarId, {
      ...current,
      subject: change.subject ?? current.subject,
      start: change.start ?? current.start,
      end: change.end ?? current.end,
      location: change.location === undefined ? current.location : change.location,
    })
  }

  /** Deletes one occurrence of a series as Outlook would. */
  async cancelOccurrence(email: string, masterId: string, originalStart: Date): Promise<void> {
    const current = this.occurrenceOf(email, masterId, originalStart)
    if (current === undefined) throw new Error(`no occurrence of ${masterId} at ${originalStart.toISOString()}`)
    await this.deleteItem(
      email,
      this.ensureAccount(email),
      current,
      this.ensureAccount(email).events.get(masterId) ?? null,
    )
  }

  /** A series as Graph holds it (its `recurrence`), for tests reading the provider back. */
  seriesOf(email: string, id: string): Record<string, unknown> | null {
    const event = this.ensureAccount(email).events.get(id)
    return event === undefined || event.removed ? null : render(event)
  }

  /** A series' occurrences in [from, to) as `/instances` answers them (changed ones as exceptions, deleted ones gone). */
  instancesOf(email: string, id: string, from: Date, to: Date): Record<string, unknown>[] {
    const account = this.ensureAccount(email)
    const master = account.events.get(id)
    return master === undefined || master.removed ? [] : this.instances(account, master, from, to).map(render)
  }

  private readonly occurrenceIds = new Map<string, { masterId: string; original: number }>()

  private occurrenceIdOf(masterId: string, original: Date): string {
    const id = `AAMkOcc${createHash('sha256').update(`${masterId}|${original.getTime()}`).digest('hex').slice(0, 24)}`
    this.occurrenceIds.set(id, { masterId, original: original.getTime() })
    return id
  }

  /** The original starts of a master's pattern in [from, to) (deleted ones included). */
  private patternStarts(master: GraphEventRecord, from: Date, to: Date): Date[] {
    const recurrence = master.recurrence
    if (recurrence === null || recurrence === undefined) return []
    const zone = patternZone(master)
    const first = DateTime.fromJSDate(master.start, { zone })
    const { pattern, range } = recurrence
    const rangeStart = DateTime.fromISO(range.startDate, { zone })
    const weekdays = ['', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
    const indexes = ['first', 'second', 'third', 'fourth']
    const positionOf = (day: DateTime) =>
      day.plus({ weeks: 1 }).month !== day.month ? 'last' : (indexes[Math.floor((day.day - 1) / 7)] ?? '')
    const matches = (day: DateTime): boolean => {
      const days = Math.round(day.diff(rangeStart, 'days').days)
      const months = (day.year - rangeStart.year) * 12 + day.month - rangeStart.month
      const weekday = weekdays[day.weekday] ?? ''
      const relative = () =>
        (pattern.daysOfWeek ?? []).includes(weekday) &&
        (positionOf(day) === pattern.index ||
          (pattern.index === 'last' && positionOf(day) === 'last') ||
          (pattern.index !== 'last' && indexes[Math.floor((day.day - 1) / 7)] === pattern.index))
      switch (pattern.type) {
        case 'daily':
          return days % pattern.interval === 0
        case 'weekly': {
          const weekStart = (value: DateTime) =>
            value.minus({ days: (value.weekday + 7 - weekdays.indexOf(pattern.firstDayOfWeek ?? 'sunday')) % 7 })
          const weeks = Math.round(weekStart(day).diff(weekStart(rangeStart), 'weeks').weeks)
          return (pattern.daysOfWeek ?? []).includes(weekday) && weeks % pattern.interval === 0
        }
        case 'absoluteMonthly':
          return day.day === pattern.dayOfMonth && months % pattern.interval === 0
        case 'relativeMonthly':
          return relative() && months % pattern.interval === 0
        case 'absoluteYearly':
          return (
            day.month === pattern.month &&
            day.day === pattern.dayOfMonth &&
            (day.year - rangeStart.year) % pattern.interval === 0
          )
        case 'relativeYearly':
          return day.month === pattern.month && relative() && (day.year - rangeStart.year) % pattern.interval === 0
        default:
          return false
      }
    }
    const starts: Date[] = []
    const last =
      range.type === 'endDate' && range.endDate !== undefined ? DateTime.fromISO(range.endDate, { zone }) : null
    let counted = 0
    for (let day = rangeStart; day.toMillis() < to.getTime() + 86_400_000; day = day.plus({ days: 1 })) {
      if (last !== null && day > last) break
      if (range.type === 'numbered' && counted >= (range.numberOfOccurrences ?? 0)) break
      if (!matches(day)) continue
      counted += 1
      const start = day.set({ hour: first.hour, minute: first.minute, second: first.second }).toJSDate()
      if (start.getTime() >= from.getTime() && start.getTime() < to.getTime()) starts.push(start)
    }
    return starts
  }

  /** A master's occurrences whose original start is in [from, to): exceptions in place, deleted ones left out. */
  private instances(account: Account, master: GraphEventRecord, from: Date, to: Date): GraphEventRecord[] {
    const cancelled = new Set(master.cancelled ?? [])
    const duration = master.end.getTime() - master.start.getTime()
    return this.patternStarts(master, from, to)
      .filter((original) => !cancelled.has(original.getTime()))
      .map((original) => {
        const id = this.occurrenceIdOf(master.id, original)
        const exception = account.events.get(id)
        if (exception !== undefined && !exception.removed) return exception
        return {
          ...master,
          id,
          start: original,
          end: new Date(original.getTime() + duration),
          recurrence: null,
          seriesMasterId: master.id,
          originalStart: original,
          cancelled: [],
          // Not stored: an occurrence as the pattern makes it.
          seq: -1,
        }
      })
  }

  private occurrenceById(account: Account, id: string): GraphEventRecord | undefined {
    const known = this.occurrenceIds.get(id)
    const master = known === undefined ? undefined : account.events.get(known.masterId)
    if (known === undefined || master === undefined || master.removed) return undefined
    const original = new Date(known.original)
    return this.instances(account, master, original, new Date(known.original + 1))[0]
  }

  /** Graph refuses to move an occurrence onto or past the day of the occurrence before or after it. */
  private crossesNeighbour(master: GraphEventRecord, original: Date, start: Date): boolean {
    const zone = patternZone(master)
    const year = 400 * 86_400_000
    const starts = this.patternStarts(master, new Date(original.getTime() - year), new Date(original.getTime() + year))
    const previous = starts.filter((candidate) => candidate.getTime() < original.getTime()).at(-1)
    const next = starts.find((candidate) => candidate.getTime() > original.getTime())
    const day = (instant: Date) => DateTime.fromJSDate(instant, { zone }).toISODate() ?? ''
    return (previous !== undefined && day(start) <= day(previous)) || (next !== undefined && day(start) >= day(next))
  }

  private dropStranded(account: Account, master: GraphEventRecord): void {
    const stillOccurs = (original: number) =>
      this.patternStarts(master, new Date(original), new Date(original + 1)).length === 1
    master.cancelled = (master.cancelled ?? []).filter(stillOccurs)
    for (const event of account.events.values())
      if (event.seriesMasterId === master.id && !event.removed && !stillOccurs(event.originalStart?.getTime() ?? 0))
        event.removed = true
  }

  private token(body: Record<string, unknown>): [number, unknown] {
    if (body.client_id !== CLIENT_ID || body.client_secret !== CLIENT_SECRET)
      return [
        401,
        {
          error: 'invalid_client',
          error_description: 'AADSTS7000215: Invalid client secret provided.',
          error_codes: [7000215],
        },
      ]
    if (body.grant_type === 'authorization_code') {
      const pending = this.codes.get(String(body.code))
      this.codes.delete(String(body.code))
      const challenge = createHash('sha256')
        .update(String(body.code_verifier ?? ''))
        .digest('base64url')
      if (pending === undefined || pending.redirectUri !== body.redirect_uri)
        return [
          400,
          {
            error: 'invalid_grant',
            error_description:
              'AADSTS70008: The provided authorization code or refresh token has expired due to inactivity.',
            error_codes: [70008],
          },
        ]
      if (pending.challenge !== challenge)
        return [
          400,
          {
            error: 'invalid_grant',
            error_description:
              'AADSTS501481: The Code_Verifier does not match the code_challenge supplied in the authorization request.',
            error_codes: [501481],
          },
        ]
      return [200, this.grant(pending.email, randomBytes(8).toString('hex'))]
    }
    if (body.grant_type === 'refresh_token') {
      const holder = this.tokens.get(String(body.refresh_token))
      if (holder === undefined || holder.kind !== 'refresh' || this.revoked.has(holder.grant))
        return [
          400,
          {
            error: 'invalid_grant',
            error_description: 'AADSTS700082: The refresh token has expired due to inactivity.',
            error_codes: [700082],
          },
        ]
      this.usedRefreshTokens.add(String(body.refresh_token))
      return [200, this.grant(holder.email, holder.grant)]
    }
    return [
      400,
      {
        error: 'unsupported_grant_type',
        error_description: 'AADSTS70003: The app requested an unsupported grant type.',
      },
    ]
  }

  /** Every grant answer rotates the refresh token, as Microsoft does. */
  private grant(email: string, grant: string) {
    const issue = (kind: 'access' | 'refresh', prefix: string) => {
      const value = `${prefix}${randomBytes(16).toString('base64url')}`
      this.tokens.set(value, { email, grant, kind })
      return value
    }
    return {
      token_type: 'Bearer',
      scope: 'Calendars.ReadWrite User.Read',
      expires_in: 3599,
      ext_expires_in: 3599,
      access_token: issue('access', 'EwB'),
      refresh_token: issue('refresh', 'M.R3_'),
    }
  }

  private async subscribe(email: string, body: Record<string, unknown>): Promise<[number, unknown]> {
    const calendarId = /^me\/calendars\/([^/]+)\/events$/.exec(String(body.resource))?.[1]
    if (calendarId === undefined) return [400, graphError('InvalidRequest', 'Unsupported resource.')]
    // Graph first checks the notification URL answers the validation token, as plain text, within 10 seconds.
    if (this.notificationTarget !== null) {
      const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomBytes(4).toString('hex')}`
      const target = this.retarget(String(body.notificationUrl))
      target.searchParams.set('validationToken', token)
      const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'text/plain' } }).catch(
        () => null,
      )
      if (answer === null || answer.status !== 200 || (await answer.text()) !== token)
        return [
          400,
          graphError(
            'ValidationError',
            'Subscription validation request failed. Response must exactly match validationToken query parameter.',
          ),
        ]
    }
    const subscription: GraphSubscription = {
      id: randomBytes(16).toString('hex'),
      email,
      calendarId,
      notificationUrl: String(body.notificationUrl),
      clientState: String(body.clientState),
      expirationDateTime: String(body.expirationDateTime),
    }
    this.subscriptions.set(subscription.id, subscription)
    return [
      201,
      {
        '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#subscriptions/$entity',
        ...subscription,
        resource: body.resource,
        changeType: body.changeType,
      },
    ]
  }

  private async notify(email: string, calendarId: string, changeType: string, eventId: string): Promise<void> {
    if (this.notificationTarget === null) return
    for (const subscription of this.subscriptions.values()) {
      if (subscription.email !== email || subscription.calendarId !== calendarId) continue
      const value = [
        {
          subscriptionId: subscription.id,
          clientState: subscription.clientState,
          changeType,
          resource: `Users/x/Events/${eventId}`,
          subscriptionExpirationDateTime: subscription.expirationDateTime,
          tenantId: '',
          resourceData: { '@odata.type': '#Microsoft.Graph.Event', id: eventId },
        },
      ]
      await fetch(this.retarget(subscription.notificationUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ value }),
      }).catch(() => null)
    }
  }

  private retarget(notificationUrl: string): URL {
    const original = new URL(notificationUrl)
    return new URL(`${original.pathname}${original.search}`, this.notificationTarget!)
  }

  /**
   * What calendar-view delta lists since `since` in the window, oldest change first: single events, and series
   * expanded as Graph does it (a master never; each of its occurrences and exceptions, with `seriesMasterId` and
   * `type`, whenever the master changed; an exception when it changed; a deleted occurrence, exception or series as
   * `@removed` rows of its occurrences' ids). A full listing (`since` 0) leaves out what is deleted.
   */
  private viewRows(account: Account, calendarId: string, since: number, windowStart: number, windowEnd: number) {
    const rows = new Map<string, ViewRow>()
    const add = (row: ViewRow) => {
      if (row.removed && since === 0) return
      const before = rows.get(row.event.id)
      if (before === undefined || before.seq <= row.seq) rows.set(row.event.id, row)
    }
    const meets = (event: GraphEventRecord) => event.end.getTime() > windowStart && event.start.getTime() < windowEnd
    for (const event of account.events.values()) {
      if (event.calendarId !== calendarId || event.seq <= since) continue
      if (event.recurrence != null) {
        const from = new Date(windowStart)
        const to = new Date(windowEnd)
        if (event.removed)
          for (const original of this.patternStarts(event, from, to))
            add({ event: { ...event, id: this.occurrenceIdOf(event.id, original) }, removed: true, seq: event.seq })
        else
          for (const instance of this.instances(account, event, from, to))
            if (meets(instance)) add({ event: instance, removed: false, seq: event.seq })
        continue
      }
      if (meets(event)) add({ event, removed: event.removed, seq: event.seq })
    }
    return [...rows.values()].sort((a, b) => a.seq - b.seq)
  }

  private delta(account: Account, calendarId: string, url: URL): [number, unknown] {
    const base = `${this.baseUrl}/v1.0/me/calendars/${encodeURIComponent(calendarId)}/calendarView/delta`
    const deltaToken = url.searchParams.get('$deltatoken')
    const skipToken = url.searchParams.get('$skiptoken')
    let since = 0
    let offset = 0
    let windowStart: number
    let windowEnd: number
    if (skipToken !== null) {
      ;[since, offset, windowStart, windowEnd] = skipToken.split('.').map(Number) as [number, number, number, number]
    } else if (deltaToken !== null) {
      const [seq, epoch, start, end] = deltaToken.split('.').map(Number) as [number, number, number, number]
      if (epoch !== account.epoch)
        return [410, graphError('SyncStateNotFound', 'The sync state generation is not found. Please do a full sync.')]
      ;[since, windowStart, windowEnd] = [seq, start, end]
    } else {
      windowStart = Date.parse(url.searchParams.get('startDateTime') ?? '')
      windowEnd = Date.parse(url.searchParams.get('endDateTime') ?? '')
      if (Number.isNaN(windowStart) || Number.isNaN(windowEnd))
        return [
          400,
          graphError(
            'ErrorInvalidParameter',
            'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
          ),
        ]
    }
    const rows = this.viewRows(account, calendarId, since, windowStart, windowEnd)
    const page = rows.slice(offset, offset + this.pageSize)
    const more = offset + this.pageSize < rows.length
    return [
      200,
      {
        '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#Collection(event)',
        value: page.map((row) =>
          row.removed
            ? { '@odata.type': '#microsoft.graph.event', id: row.event.id, '@removed': { reason: 'deleted' } }
            : render(row.event),
        ),
        ...(more
          ? { '@odata.nextLink': `${base}?$skiptoken=${since}.${offset + this.pageSize}.${windowStart}.${windowEnd}` }
          : { '@odata.deltaLink': `${base}?$deltatoken=${account.seq}.${account.epoch}.${windowStart}.${windowEnd}` }),
      },
    ]
  }
}

interface ViewRow {
  readonly event: GraphEventRecord
  readonly removed: boolean
  readonly seq: number
}

/**
 * The zone a master's pattern repeats in: its `recurrenceTimeZone` when it is an IANA name; a Windows name (as Outlook
 * writes them, which this fake does not map) falls back to the zone the event was written in.
 */
const patternZone = (master: GraphEventRecord): string => {
  const named = master.recurrence?.range.recurrenceTimeZone
  return named !== undefined && named !== '' && DateTime.local().setZone(named).isValid
    ? named
    : (master.timeZone ?? 'UTC')
}

const graphError = (code: string, message: string) => ({
  error: {
    code,
    message,
    innerError: { date: new Date().toISOString(), 'request-id': randomBytes(8).toString('hex') },
  },
})

const toGraph = (date: Date) => ({
  dateTime: DateTime.fromJSDate(date, { zone: 'UTC' }).toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'0000'"),
  timeZone: 'UTC',
})

const fromGraph = (value: unknown): Date => {
  const time = value as { dateTime: string; timeZone?: string }
  return DateTime.fromISO(time.dateTime, { zone: time.timeZone ?? 'UTC' }).toJSDate()
}

/**
 * An all-day event's dates are floating: Graph answers them as midnights in whatever zone is asked (we always ask
 * UTC), and keeps the zone it was written in as `originalStartTimeZone`.
 */
const toGraphDay = (date: Date, zone: string) => ({
  dateTime: `${DateTime.fromJSDate(date, { zone }).toFormat('yyyy-MM-dd')}T00:00:00.0000000`,
  timeZone: 'UTC',
})

const render = (event: GraphEventRecord) => ({
  '@odata.type': '#microsoft.graph.event',
  id: event.id,
  subject: event.subject,
  ...(event.transactionId ? { transactionId: event.transactionId } : {}),
  isCancelled: false,
  isAllDay: event.allDay === true,
  type:
    event.recurrence != null
      ? 'seriesMaster'
      : event.seriesMasterId != null
        ? event.seq < 0
          ? 'occurrence'
          : 'exception'
        : 'singleInstance',
  // Graph answers every field of a pattern and a range, with defaults for those the type does not use.
  ...(event.recurrence == null
    ? {}
    : {
        recurrence: {
          pattern: {
            month: 0,
            dayOfMonth: 0,
            daysOfWeek: [],
            firstDayOfWeek: 'sunday',
            index: 'first',
            ...event.recurrence.pattern,
          },
          range: { endDate: '0001-01-01', numberOfOccurrences: 0, recurrenceTimeZone: '', ...event.recurrence.range },
        },
      }),
  ...(event.seriesMasterId == null ? {} : { seriesMasterId: event.seriesMasterId }),
  ...(event.originalStart == null ? {} : { originalStart: event.originalStart.toISOString().replace('.000Z', 'Z') }),
  start: event.allDay === true ? toGraphDay(event.start, event.timeZone ?? 'UTC') : toGraph(event.start),
  end: event.allDay === true ? toGraphDay(event.end, event.timeZone ?? 'UTC') : toGraph(event.end),
  originalStartTimeZone: event.timeZone ?? 'UTC',
  location: { displayName: event.location ?? '', locationType: 'default' },
  showAs: event.showAs,
  responseStatus: { response: event.response, time: '0001-01-01T00:00:00Z' },
})
