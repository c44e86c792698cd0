import { createHash, randomBytes } from 'node:crypto'
import {
  createAccount,
  createCalendarObject,
  type DAVAccount,
  type DAVCalendar,
  deleteCalendarObject,
  fetchCalendarObjects,
  fetchCalendars,
  syncCollection,
  updateCalendarObject,
} from 'tsdav'
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
  SyncBatch,
} from '../../../core/ports/calendar-provider.js'
import type { Clock } from '../../../core/ports/clock.js'
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { parseCalendarObject, writeCalendarObject } from './icalendar.js'

/**
 * The UID (and resource name) of the object we create for a client key: the key itself when it is safe in a path
 * (our event ids are), else its digest. The same key always names the same resource, so a retried create finds it.
 */
export const calendarObjectUidFor = (clientKey: string): string =>
  /^[A-Za-z0-9_-]{1,200}$/.test(clientKey) ? clientKey : createHash('sha256').update(clientKey).digest('hex')

export interface CalDavOptions {
  readonly provider: CalendarProviderName
  /** `https://caldav.icloud.com` (or any CalDAV server: tests use Radicale). */
  readonly serverUrl: string
  /** Our hosted sign-in page (app-specific password form) for this provider. */
  readonly signInPageUrl: string
  readonly clock: Clock
}

const CODE_TTL_MS = 10 * 60_000

/** `accessToken` is the Basic credential itself: the account's e-mail and its app-specific password. */
const encode = (username: string, password: string) => Buffer.from(`${username}:${password}`, 'utf8').toString('base64')
const decode = (token: string): { username: string; password: string } => {
  const text = Buffer.from(token, 'base64').toString('utf8')
  const split = text.indexOf(':')
  return split <= 0
    ? { username: '', password: '' }
    : { username: text.slice(0, split), password: text.slice(split + 1) }
}

const failureOf = (provider: string, error: unknown): ProviderCallError => {
  const message = error instanceof Error ? error.message : String(error)
  if (/401|Invalid credentials|Unauthorized/i.test(message)) return new AccessTokenRejected({ provider })
  return new ProviderUnavailable({
    provider,
    reason: /timeout|abort/i.test(message) ? 'timeout' : 'network',
    detail: message,
  })
}

const calendarZone = (calendar: DAVCalendar): string =>
  /TZID:([^\r\n]+)/.exec(typeof calendar.timezone === 'string' ? calendar.timezone : '')?.[1]?.trim() ?? 'UTC'
const nameOf = (calendar: DAVCalendar): string =>
  typeof calendar.displayName === 'string' && calendar.displayName !== '' ? calendar.displayName : calendar.url

/**
 * A CalDAV account (iCloud, beta) reached with `tsdav`. There is no OAuth:
 * the user enters an app-specific password on our hosted sign-in page, which
 * checks it against the server and hands a one-time code (bound to the PKCE
 * challenge) to the usual callback. Incremental sync uses WebDAV
 * sync-collection tokens (RFC 6578); objects are parsed with `ical.js`.
 * No push: polling only.
 */
export class CalDavCalendarProvider implements CalendarProviderPort {
  readonly provider: CalendarProviderName
  private readonly codes = new Map<
    string,
    {
      readonly token: string
      readonly email: string
      readonly challenge: string
      readonly redirectUri: string
      readonly expiresAt: number
    }
  >()

  constructor(private readonly options: CalDavOptions) {
    this.provider = options.provider
  }

  authorizationUrl(request: AuthorizationRequest): string {
    const url = new URL(this.options.signInPageUrl)
    url.search = new URLSearchParams({
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      redirect_uri: request.redirectUri,
      response_type: 'code',
      ...(request.loginHint === undefined ? {} : { login_hint: request.loginHint }),
    }).toString()
    return url.toString()
  }

  /** The hosted page's submit: checks the password with the server; answers a one-time code, or why not. */
  async signIn(input: {
    readonly email: string
    readonly password: string
    readonly codeChallenge: string
    readonly redirectUri: string
  }): Promise<Result<string, AccessTokenRejected | ProviderUnavailable>> {
    const token = encode(input.email.trim(), input.password.trim())
    const account = await this.account(token)
    if (!account.ok)
      return err(
        account.error._tag === 'ProviderUnavailable'
          ? account.error
          : new AccessTokenRejected({ provider: this.provider }),
      )
    const code = randomBytes(24).toString('base64url')
    this.codes.set(code, {
      token,
      email: input.email.trim().toLowerCase(),
      challenge: input.codeChallenge,
      redirectUri: input.redirectUri,
      expiresAt: this.options.clock.now().getTime() + CODE_TTL_MS,
    })
    return ok(code)
  }

  async exchangeCode(input: {
    code: string
    codeVerifier: string
    redirectUri: string
  }): Promise<Result<{ tokens: ProviderTokens; email: string }, AuthorizationCodeRejected | ProviderUnavailable>> {
    const pending = this.codes.get(input.code)
    this.codes.delete(input.code)
    const challenge = createHash('sha256').update(input.codeVerifier, 'ascii').digest('base64url')
    if (
      pending === undefined ||
      pending.expiresAt <= this.options.clock.now().getTime() ||
      pending.redirectUri !== input.redirectUri ||
      pending.challenge !== challenge
    ) {
      return err(
        new AuthorizationCodeRejected({
          provider: this.provider,
          detail: 'unknown, used or expired code, or PKCE mismatch',
        }),
      )
    }
    // An app-specific password does not expire and cannot be refreshed: the user revokes it at the provider.
    return ok({ tokens: { accessToken: pending.token, refreshToken: null, expiresAt: null }, email: pending.email })
  }

  async refreshTokens(): Promise<Result<ProviderTokens, GrantRevoked | ProviderUnavailable>> {
    return err(
      new GrantRevoked({
        provider: this.provider,
        detail: 'app-specific passwords cannot be refreshed; the password was refused',
      }),
    )
  }

  /** App-specific passwords are revoked by the user in their provider account; we only forget it. */
  async revoke(): Promise<Result<void, ProviderUnavailable>> {
    return ok(undefined)
  }

  async listCalendars(
    credentials: ProviderCredentials,
  ): Promise<Result<readonly ProviderCalendar[], ProviderCallError>> {
    const calendars = await this.calendars(credentials)
    if (!calendars.ok) return calendars
    // CalDAV servers list in no set order: by address, so the stand-in primary stays the same one.
    const ordered = [...calendars.value].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
    return ok(
      ordered.map((calendar, index) => ({
        externalId: calendar.url,
        name: nameOf(calendar),
        colorHex:
          typeof (calendar as { calendarColor?: unknown }).calendarColor === 'string'
            ? String((calendar as { calendarColor?: unknown }).calendarColor).slice(0, 7)
            : null,
        writable: true,
        // CalDAV has no "primary": the first event calendar of the home set stands in for it.
        primary: index === 0,
        timezone: calendarZone(calendar),
      })),
    )
  }

  async syncEvents(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    cursor: string | null,
  ): Promise<Result<SyncBatch, ProviderCallError | SyncCursorExpired>> {
    const calendar = await this.calendar(credentials, calendarExternalId)
    if (!calendar.ok) return calendar
    const headers = this.headers(credentials)
    const zone = calendarZone(calendar.value)
    // The account signs in with its e-mail, which is its calendar user address: the ATTENDEE whose answer is its own.
    const self = decode(credentials.accessToken).username
    try {
      if (cursor === null) {
        // The token first: a change landing during the listing is then seen again next time, never missed.
        const token = calendar.value.syncToken
        const objects = await fetchCalendarObjects({ calendar: calendar.value, headers })
        const changes = objects.flatMap((object) =>
          parseCalendarObject(object.url, String(object.data ?? ''), zone, self),
        )
        if (token === undefined)
          return err(
            new ProviderUnavailable({
              provider: this.provider,
              reason: 'bad_response',
              detail: 'the server offers no sync token',
            }),
          )
        return ok({ changes, cursor: token, full: true })
      }
      const responses = await syncCollection({
        url: calendar.value.url,
        props: { 'd:getetag': {} },
        syncLevel: 1,
        syncToken: cursor,
        headers,
      })
      if (responses.some((response) => response.status === 403 || response.status === 409))
        return err(new SyncCursorExpired({ provider: this.provider, calendarExternalId }))
      const next = responses
        .map(
          (response) => (response.raw as { multistatus?: { syncToken?: string } } | undefined)?.multistatus?.syncToken,
        )
        .find((token) => typeof token === 'string')
      if (next === undefined)
        return err(
          new ProviderUnavailable({
            provider: this.provider,
            reason: 'bad_response',
            detail: 'sync-collection answered no token',
          }),
        )
      const base = new URL(calendar.value.url)
      const changed: string[] = []
      const removed: string[] = []
      for (const { href, status } of responses) {
        if (href !== undefined) (status === 404 ? removed : changed).push(new URL(href, base).toString())
      }
      const objects =
        changed.length === 0
          ? []
          : await fetchCalendarObjects({ calendar: calendar.value, objectUrls: changed, headers, useMultiGet: true })
      const changes: ProviderEvent[] = [
        ...objects.flatMap((object) =>
          parseCalendarObject(new URL(object.url, base).toString(), String(object.data ?? ''), zone, self),
        ),
        ...removed.map((href) => ({
          externalId: href,
          status: 'cancelled' as const,
          title: '',
          start: new Date(0),
          end: new Date(0),
          allDay: false,
          timezone: null,
          location: null,
          transparency: 'opaque' as const,
          selfResponse: null,
          recurrence: [],
          recurringEventId: null,
          originalStart: null,
        })),
      ]
      return ok({ changes, cursor: next, full: false })
    } catch (error) {
      return err(failureOf(this.provider, error))
    }
  }

  async createEvent(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    event: NewOutboundEvent,
  ): Promise<Result<{ externalId: string }, ProviderCallError>> {
    const calendar = await this.calendar(credentials, calendarExternalId)
    if (!calendar.ok) return calendar
    const uid = calendarObjectUidFor(event.clientKey)
    try {
      const response = await createCalendarObject({
        calendar: calendar.value,
        filename: `${uid}.ics`,
        iCalString: writeCalendarObject(uid, event, this.options.clock.now()),
        headers: this.headers(credentials),
      })
      // 412: the create is sent with If-None-Match: *, and an earlier attempt (its answer lost) made the object.
      if (!response.ok && response.status !== 412)
        return err(this.statusFailure(response.status, 'calendar', calendarExternalId))
      return ok({ externalId: new URL(`${uid}.ics`, calendar.value.url).toString() })
    } catch (error) {
      return err(failureOf(this.provider, error))
    }
  }

  async updateEvent(
    credentials: ProviderCredentials,
    _calendarExternalId: string,
    externalId: string,
    event: OutboundEvent,
  ): Promise<Result<void, ProviderCallError>> {
    const uid = decodeURIComponent(new URL(externalId).pathname.split('/').pop() ?? '').replace(/\.ics$/, '')
    try {
      const response = await updateCalendarObject({
        calendarObject: { url: externalId, data: writeCalendarObject(uid, event, this.options.clock.now()) },
        headers: this.headers(credentials),
      })
      return response.ok ? ok(undefined) : err(this.statusFailure(response.status, 'event', externalId))
    } catch (error) {
      return err(failureOf(this.provider, error))
    }
  }

  async deleteEvent(
    credentials: ProviderCredentials,
    _calendarExternalId: string,
    externalId: string,
  ): Promise<Result<void, ProviderCallError>> {
    try {
      const response = await deleteCalendarObject({
        calendarObject: { url: externalId },
        headers: this.headers(credentials),
      })
      return response.ok || response.status === 404
        ? ok(undefined)
        : err(this.statusFailure(response.status, 'event', externalId))
    } catch (error) {
      return err(failureOf(this.provider, error))
    }
  }

  /** CalDAV offers no push we can use: the connection polls. */
  async startPush(): Promise<Result<PushChannel | null, ProviderCallError>> {
    return ok(null)
  }

  async renewPush(
    _credentials: ProviderCredentials,
    _calendarExternalId: string,
    current: PushChannel,
  ): Promise<Result<PushChannel, ProviderCallError>> {
    return ok(current)
  }

  async stopPush(): Promise<Result<void, ProviderUnavailable>> {
    return ok(undefined)
  }

  private headers(credentials: ProviderCredentials): Record<string, string> {
    return { authorization: `Basic ${credentials.accessToken}` }
  }

  private async account(token: string): Promise<Result<DAVAccount, ProviderCallError>> {
    const { username, password } = decode(token)
    if (username === '' || password === '') return err(new AccessTokenRejected({ provider: this.provider }))
    try {
      return ok(
        await createAccount({
          account: { accountType: 'caldav', serverUrl: this.options.serverUrl, credentials: { username, password } },
          headers: { authorization: `Basic ${token}` },
        }),
      )
    } catch (error) {
      return err(failureOf(this.provider, error))
    }
  }

  private async calendars(credentials: ProviderCredentials): Promise<Result<DAVCalendar[], ProviderCallError>> {
    // tsdav answers an empty list for refused credentials: the account discovery is what tells.
    const account = await this.account(credentials.accessToken)
    if (!account.ok) return account
    try {
      const calendars = await fetchCalendars({ account: account.value, headers: this.headers(credentials) })
      return ok(
        calendars.filter((calendar) => calendar.components === undefined || calendar.components.includes('VEVENT')),
      )
    } catch (error) {
      return err(failureOf(this.provider, error))
    }
  }

  private async calendar(
    credentials: ProviderCredentials,
    url: string,
  ): Promise<Result<DAVCalendar, ProviderCallError>> {
    const calendars = await this.calendars(credentials)
    if (!calendars.ok) return calendars
    const found = calendars.value.find((calendar) => calendar.url === url)
    return found === undefined
      ? err(new ProviderObjectMissing({ provider: this.provider, what: 'calendar', id: url }))
      : ok(found)
  }

  private statusFailure(status: number, what: string, id: string): ProviderCallError {
    if (status === 401) return new AccessTokenRejected({ provider: this.provider })
    if (status === 403 || status === 404 || status === 410)
      return new ProviderObjectMissing({ provider: this.provider, what, id })
    return new ProviderUnavailable({
      provider: this.provider,
      reason: status >= 500 ? 'server_error' : 'bad_response',
      detail: `HTTP ${status}`,
    })
  }
}
