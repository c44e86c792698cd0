import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { pkceChallenge } from '../../../core/connection/pkce.js'
import type { EventTransparency, ProviderResponse } from '../../../core/ports/calendar-provider.js'

/**
 * The sandbox's make-believe calendar provider: provider accounts with
 * pre-seeded calendars and events, authorization codes, tokens, incremental
 * sync cursors and push channels, all in memory. One world per surface is
 * shared by the three provider names the sandbox accepts; test helpers change
 * events here, "at the provider", to show sync and push end to end.
 */
export interface WorldEvent {
  readonly id: string
  readonly calendarId: string
  title: string
  start: Date
  end: Date
  allDay: boolean
  timezone: string | null
  location: string | null
  recurrence: string[]
  recurringEventId: string | null
  originalStart: Date | null
  /** Absent: `opaque`, as events are at a provider unless marked free. */
  transparency?: EventTransparency
  /** The account's own answer when it is invited (absent: its own event). */
  selfResponse?: ProviderResponse | null
  cancelled: boolean
  /** The client key it was created with through the port (absent for events made "at the provider"). */
  clientKey?: string | null
  /** The calendar's change sequence number at this event's last change. */
  seq: number
}

export interface WorldCalendar {
  readonly id: string
  readonly name: string
  readonly colorHex: string
  readonly writable: boolean
  readonly primary: boolean
  readonly timezone: string
  seq: number
  /** Cursors of an older epoch are refused (the sandbox's 410 GONE). */
  epoch: number
}

interface WorldAccount {
  readonly email: string
  readonly calendars: Map<string, WorldCalendar>
  readonly events: Map<string, WorldEvent>
}

interface PendingCode {
  readonly email: string
  readonly challenge: string
  readonly redirectUri: string
}

export interface WorldChannel {
  readonly channelId: string
  readonly providerId: string
  readonly email: string
  readonly calendarId: string
  readonly secret: string
  readonly expiresAt: Date
}

/** Called when a calendar with a push channel changes (the sandbox's push notification). */
export type PushListener = (channel: WorldChannel) => Promise<unknown> | undefined

export const SYNTHETIC_TOKEN_LIFETIME_MS = 3_600_000
export const SYNTHETIC_CHANNEL_LIFETIME_MS = 7 * 24 * 3_600_000

const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`

export class SyntheticCalendarWorld {
  private readonly accounts = new Map<string, WorldAccount>()
  private readonly codes = new Map<string, PendingCode>()
  private readonly accessTokens = new Map<string, { readonly email: string; readonly grant: string }>()
  private readonly refreshTokens = new Map<string, { readonly email: string; readonly grant: string }>()
  private readonly revokedGrants = new Set<string>()
  private readonly outages = new Set<string>()
  readonly channels = new Map<string, WorldChannel>()
  private readonly listeners: PushListener[] = []
  private readonly inflight = new Set<Promise<unknown>>()

  /** `now` places the seeded events around the caller's (sandbox) time. */
  constructor(private readonly now: () => Date = () => new Date()) {}

  onPush(listener: PushListener): void {
    this.listeners.push(listener)
  }

  /** The consent page's "Allow": a one-time code bound to the PKCE challenge and redirect URI. */
  authorize(input: {
    readonly email: string
    readonly codeChallenge: string
    readonly redirectUri: string
    readonly seedAround?: Date
  }): string {
    const email = input.email.trim().toLowerCase()
    if (!this.accounts.has(email)) this.accounts.set(email, seedAccount(email, input.seedAround ?? this.now()))
    const code = token('code')
    this.codes.set(code, { email, challenge: input.codeChallenge, redirectUri: input.redirectUri })
    return code
  }

  exchange(
    code: string,
    verifier: string,
    redirectUri: string,
  ): { accessToken: string; refreshToken: string; email: string } | 'invalid_grant' {
    const pending = this.codes.get(code)
    this.codes.delete(code)
    if (pending === undefined || pending.redirectUri !== redirectUri || pkceChallenge(verifier) !== pending.challenge)
      return 'invalid_grant'
    const grant = token('grant')
    const accessToken = token('at')
    const refreshToken = token('rt')
    this.accessTokens.set(accessToken, { email: pending.email, grant })
    this.refreshTokens.set(refreshToken, { email: pending.email, grant })
    return { accessToken, refreshToken, email: pending.email }
  }

  refresh(refreshToken: string): { accessToken: string } | 'invalid_grant' {
    const holder = this.refreshTokens.get(refreshToken)
    if (holder === undefined || this.revokedGrants.has(holder.grant)) return 'invalid_grant'
    const accessToken = token('at')
    this.accessTokens.set(accessToken, holder)
    return { accessToken }
  }

  /** Revokes the grant a token belongs to (what the user does in the provider's settings, or our DELETE). */
  revoke(anyToken: string): void {
    const holder = this.accessTokens.get(anyToken) ?? this.refreshTokens.get(anyToken)
    if (holder !== undefined) this.revokedGrants.add(holder.grant)
  }

  /** Revokes every grant of a provider account (test helper). */
  revokeAccount(email: string): void {
    for (const holder of [...this.accessTokens.values(), ...this.refreshTokens.values()])
      if (holder.email === email) this.revokedGrants.add(holder.grant)
  }

  /** While on, every call for the account fails as if the provider were down (test helper). */
  setOutage(email: string, down: boolean): void {
    if (down) this.outages.add(email)
    else this.outages.delete(email)
  }

  isDown(email: string): boolean {
    return this.outages.has(email)
  }

  /** Makes every access token of an account stale, so the next call must refresh (test helper). */
  expireAccessTokens(email: string): void {
    for (const [accessToken, holder] of this.accessTokens)
      if (holder.email === email) this.accessTokens.delete(accessToken)
  }

  /** The account behind an access token; 'rejected' for unknown, 'revoked' for a revoked grant. */
  accountOf(accessToken: string): WorldAccount | 'rejected' | 'revoked' {
    const holder = this.accessTokens.get(accessToken)
    if (holder === undefined) return 'rejected'
    if (this.revokedGrants.has(holder.grant)) return 'revoked'
    return this.accounts.get(holder.email) ?? 'rejected'
  }

  account(email: string): WorldAccount | undefined {
    return this.accounts.get(email)
  }

  /** Writes an event (new or changed) and pushes to the calendar's channels. */
  putEvent(email: string, event: Omit<WorldEvent, 'seq'>): WorldEvent {
    const account = this.accounts.get(email)
    const calendar = account?.calendars.get(event.calendarId)
    if (account === undefined || calendar === undefined) throw new Error(`no calendar ${event.calendarId} for ${email}`)
    calendar.seq += 1
    const stored = { ...event, seq: calendar.seq }
    account.events.set(event.id, stored)
    this.push(email, calendar.id)
    return stored
  }

  newEventId(): string {
    return randomBytes(10).toString('hex')
  }

  /** Invalidates every sync cursor of an account's calendars (the next incremental sync gets 410 GONE). */
  expireSyncCursors(email: string): void {
    for (const calendar of this.accounts.get(email)?.calendars.values() ?? []) calendar.epoch += 1
  }

  openChannel(email: string, calendarId: string, channelId: string, secret: string, now: Date): WorldChannel {
    const channel = {
      channelId,
      providerId: token('res'),
      email,
      calendarId,
      secret,
      expiresAt: new Date(now.getTime() + SYNTHETIC_CHANNEL_LIFETIME_MS),
    }
    this.channels.set(channelId, channel)
    return channel
  }

  closeChannel(channelId: string): void {
    this.channels.delete(channelId)
  }

  private push(email: string, calendarId: string): void {
    for (const channel of this.channels.values()) {
      if (channel.email !== email || channel.calendarId !== calendarId) continue
      for (const listener of this.listeners) {
        const delivered = Promise.resolve(listener(channel)).catch(() => undefined)
        this.inflight.add(delivered)
        void delivered.then(() => this.inflight.delete(delivered))
      }
    }
  }

  /** Resolves once every push sent so far has been handled (test helpers answer after it). */
  async settled(): Promise<void> {
    await Promise.all([...this.inflight])
  }
}

/** Three calendars and a handful of events around `now`, in the primary calendar's zone. */
const seedAccount = (email: string, now: Date): WorldAccount => {
  const zone = 'Europe/London'
  const calendars = new Map<string, WorldCalendar>([
    [
      'primary',
      {
        id: 'primary',
        name: email,
        colorHex: '#4285f4',
        writable: true,
        primary: true,
        timezone: zone,
        seq: 0,
        epoch: 0,
      },
    ],
    [
      'team',
      {
        id: 'team',
        name: 'Team',
        colorHex: '#0b8043',
        writable: true,
        primary: false,
        timezone: zone,
        seq: 0,
        epoch: 0,
      },
    ],
    [
      'holidays',
      {
        id: 'holidays',
        name: 'UK Holidays',
        colorHex: '#d50000',
        writable: false,
        primary: false,
        timezone: zone,
        seq: 0,
        epoch: 0,
      },
    ],
  ])
  const account: WorldAccount = { email, calendars, events: new Map() }
  const day = DateTime.fromJSDate(now, { zone }).startOf('day')
  const local = (days: number, hour: number) => day.plus({ days }).set({ hour }).toJSDate()
  const seed = (
    id: string,
    calendarId: string,
    fields: Partial<WorldEvent> & { title: string; start: Date; end: Date },
  ) => {
    const calendar = calendars.get(calendarId)
    if (calendar === undefined) throw new Error(`seeding an event in unknown calendar ${calendarId}`)
    calendar.seq += 1
    account.events.set(id, {
      id,
      calendarId,
      allDay: false,
      timezone: zone,
      location: null,
      recurrence: [],
      recurringEventId: null,
      originalStart: null,
      cancelled: false,
      seq: calendar.seq,
      ...fields,
    })
  }
  seed('seed-dentist', 'primary', {
    title: 'Dentist',
    start: local(1, 9),
    end: local(1, 10),
    location: '1 Harley Street, London',
  })
  seed('seed-lunch', 'primary', {
    title: 'Lunch with Grace',
    start: local(2, 12),
    end: local(2, 13),
    location: 'Borough Market, London',
  })
  const firstStandup = day.plus({ days: 1 }).set({ hour: 10 })
  seed('seed-standup', 'team', {
    title: 'Weekly stand-up',
    start: firstStandup.toJSDate(),
    end: firstStandup.plus({ minutes: 30 }).toJSDate(),
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'],
  })
  seed('seed-bank-holiday', 'holidays', {
    title: 'Bank holiday',
    start: day.plus({ days: 5 }).toJSDate(),
    end: day.plus({ days: 6 }).toJSDate(),
    allDay: true,
  })
  return account
}
