import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { showAsOf } from '../../core/connection/inbound-sync.js'
import { pkceChallenge } from '../../core/connection/pkce.js'
import type { EventShowAs } from '../../core/event/event.js'
import type { CalendarProviderPort, ProviderCredentials, ProviderResponse } from '../../core/ports/calendar-provider.js'

/** An event written at the provider by someone else's hand: the user's own marked free, or an invitation they answered. */
export interface ForeignEvent {
  readonly id: string
  readonly title: string
  readonly start: Date
  readonly end: Date
  /** Marked "free" (Google transparency, Graph showAs, TRANSP) rather than busy. */
  readonly transparent: boolean
  /** The account's answer as an invited attendee; null: its own event. */
  readonly selfResponse: ProviderResponse | null
}

export interface CalendarProviderSubject {
  readonly provider: CalendarProviderPort
  /** Goes through the provider's consent as the user would, answering the authorization code. */
  consent(input: {
    readonly email: string
    readonly codeChallenge: string
    readonly redirectUri: string
  }): Promise<string>
  /** Makes the provider refuse every sync cursor it handed out so far (its 410 GONE). */
  invalidateSyncCursors(email: string): Promise<void>
  /** The user withdraws the app's access in the provider's own settings. */
  revokeAtProvider(email: string): Promise<void>
  /** Puts an event in one of the account's calendars as the provider's own apps would (answers its external id). */
  putForeignEvent(email: string, calendarExternalId: string, event: ForeignEvent): Promise<string>
  /** False for providers without a per-grant revocation endpoint (Microsoft): `revoke` then only answers Ok. */
  readonly revokesGrants?: boolean
  /**
   * Makes the provider refuse the next API call for its rate limit, asking to wait `seconds` (its `Retry-After`);
   * absent where the provider (or its stand-in) has no rate limit to play.
   */
  readonly throttleNext?: (seconds: number) => void
  /** False where the credential cannot be refreshed (CalDAV app-specific passwords: no refresh token). */
  readonly refreshable?: boolean
  readonly teardown?: () => Promise<void>
}

const REDIRECT = 'http://127.0.0.1:9/v1/connections/oauth/callback'
// Event times a month ahead of now, on the hour: providers may only list a window around now.
const HOUR = 3_600_000
const soon = (hours: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + (30 * 24 + hours) * HOUR)
const VERIFIER = 'contract-verifier-0123456789-0123456789-0123456789'

/** What every CalendarProviderPort adapter must do; each adapter's test runs it against its provider (or a local fake of it). */
export const calendarProviderContract = (
  name: string,
  makeSubject: () => CalendarProviderSubject | Promise<CalendarProviderSubject>,
): void => {
  describe(`${name} honours the CalendarProviderPort contract`, () => {
    let subject: CalendarProviderSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    const connect = async (email = 'contract@example.com') => {
      const code = await subject.consent({ email, codeChallenge: pkceChallenge(VERIFIER), redirectUri: REDIRECT })
      const exchanged = await subject.provider.exchangeCode({ code, codeVerifier: VERIFIER, redirectUri: REDIRECT })
      if (!exchanged.ok) throw new Error(`exchange failed: ${JSON.stringify(exchanged.error)}`)
      return exchanged.value
    }
    const writableCalendar = async (credentials: ProviderCredentials) => {
      const calendars = await subject.provider.listCalendars(credentials)
      if (!calendars.ok) throw new Error('listCalendars failed')
      return (
        calendars.value.find((calendar) => calendar.writable && calendar.primary) ??
        calendars.value.find((calendar) => calendar.writable)!
      )
    }

    describe('authorization (OAuth 2.0 code flow with PKCE S256 and state)', () => {
      it('builds an authorization URL carrying state, the S256 challenge and the redirect URI', () => {
        const url = new URL(
          subject.provider.authorizationUrl({
            state: 'st_abc',
            codeChallenge: pkceChallenge(VERIFIER),
            redirectUri: REDIRECT,
            scopes: ['calendars.read', 'events.read'],
          }),
        )
        expect(url.searchParams.get('state')).toBe('st_abc')
        expect(url.searchParams.get('code_challenge')).toBe(pkceChallenge(VERIFIER))
        expect(url.searchParams.get('code_challenge_method')).toBe('S256')
        expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT)
        expect(url.searchParams.get('response_type')).toBe('code')
      })

      it('exchanges a code for tokens and the account e-mail, once', async () => {
        const code = await subject.consent({
          email: 'once@example.com',
          codeChallenge: pkceChallenge(VERIFIER),
          redirectUri: REDIRECT,
        })
        const first = await subject.provider.exchangeCode({ code, codeVerifier: VERIFIER, redirectUri: REDIRECT })
        expect(first.ok).toBe(true)
        if (first.ok) {
          expect(first.value.email).toBe('once@example.com')
          expect(first.value.tokens.accessToken.length).toBeGreaterThan(0)
          if (subject.refreshable !== false) expect(first.value.tokens.refreshToken).not.toBeNull()
        }
        const again = await subject.provider.exchangeCode({ code, codeVerifier: VERIFIER, redirectUri: REDIRECT })
        expect(again.ok === false && again.error._tag).toBe('AuthorizationCodeRejected')
      })

      it('refuses a code with the wrong PKCE verifier', async () => {
        const code = await subject.consent({
          email: 'pkce@example.com',
          codeChallenge: pkceChallenge(VERIFIER),
          redirectUri: REDIRECT,
        })
        const result = await subject.provider.exchangeCode({
          code,
          codeVerifier: `${VERIFIER}-wrong`,
          redirectUri: REDIRECT,
        })
        expect(result.ok === false && result.error._tag).toBe('AuthorizationCodeRejected')
      })

      it('refreshes into a working access token; after revoke (where the provider has one) the refresh is GrantRevoked', async () => {
        const { tokens } = await connect('refresh@example.com')
        if (subject.refreshable === false) {
          expect(tokens.refreshToken).toBeNull()
          expect((await subject.provider.listCalendars(tokens)).ok).toBe(true)
          expect((await subject.provider.revoke(tokens)).ok).toBe(true)
          return
        }
        const refreshed = await subject.provider.refreshTokens(tokens.refreshToken!)
        if (!refreshed.ok) throw new Error('refresh failed')
        expect((await subject.provider.listCalendars({ accessToken: refreshed.value.accessToken })).ok).toBe(true)
        expect((await subject.provider.revoke(refreshed.value)).ok).toBe(true)
        if (subject.revokesGrants !== false) {
          const after = await subject.provider.refreshTokens(refreshed.value.refreshToken ?? tokens.refreshToken!)
          expect(after.ok === false && after.error._tag).toBe('GrantRevoked')
        }
        // Revoking twice is fine.
        expect((await subject.provider.revoke(refreshed.value)).ok).toBe(true)
      })

      it('a grant withdrawn at the provider makes the refresh GrantRevoked (or, without refresh, the calls refused)', async () => {
        const { tokens, email } = await connect('withdrawn@example.com')
        await subject.revokeAtProvider(email)
        if (subject.refreshable === false) {
          expect(await subject.provider.listCalendars(tokens)).toMatchObject({
            ok: false,
            error: { _tag: 'AccessTokenRejected' },
          })
          return
        }
        const after = await subject.provider.refreshTokens(tokens.refreshToken!)
        expect(after.ok === false && after.error._tag).toBe('GrantRevoked')
      })

      it('refuses an unknown access token so the caller refreshes', async () => {
        const result = await subject.provider.listCalendars({ accessToken: 'not-a-token' })
        expect(result.ok).toBe(false)
        if (!result.ok) expect(result.error._tag).toBe('AccessTokenRejected')
      })
    })

    describe('calendars and incremental sync', () => {
      it('lists calendars with exactly one primary, each with a zone', async () => {
        const { tokens } = await connect()
        const calendars = await subject.provider.listCalendars(tokens)
        if (!calendars.ok) throw new Error('listCalendars failed')
        expect(calendars.value.filter((calendar) => calendar.primary)).toHaveLength(1)
        for (const calendar of calendars.value) expect(calendar.timezone.length).toBeGreaterThan(0)
      })

      it('a full sync then incremental syncs see creations, changes and cancellations', async () => {
        const { tokens } = await connect('sync@example.com')
        const calendar = await writableCalendar(tokens)
        const full = await subject.provider.syncEvents(tokens, calendar.externalId, null)
        if (!full.ok) throw new Error('full sync failed')
        expect(full.value.full).toBe(true)
        const created = await subject.provider.createEvent(tokens, calendar.externalId, {
          clientKey: 'evt_contract_sync',
          title: 'Contract event',
          start: soon(0),
          end: soon(1),
          timezone: 'Europe/Berlin',
          location: 'Alexanderplatz 1, Berlin',
        })
        if (!created.ok) throw new Error('create failed')
        const afterCreate = await subject.provider.syncEvents(tokens, calendar.externalId, full.value.cursor)
        if (!afterCreate.ok) throw new Error('incremental sync failed')
        expect(afterCreate.value.full).toBe(false)
        const seen = afterCreate.value.changes.find((event) => event.externalId === created.value.externalId)
        expect(seen).toMatchObject({
          status: 'confirmed',
          title: 'Contract event',
          location: 'Alexanderplatz 1, Berlin',
        })
        expect(seen?.start.toISOString()).toBe(soon(0).toISOString())

        expect(
          (
            await subject.provider.updateEvent(tokens, calendar.externalId, created.value.externalId, {
              title: 'Moved',
              start: soon(2),
              end: soon(3),
              timezone: 'Europe/Berlin',
              location: null,
            })
          ).ok,
        ).toBe(true)
        const afterUpdate = await subject.provider.syncEvents(tokens, calendar.externalId, afterCreate.value.cursor)
        if (!afterUpdate.ok) throw new Error('incremental sync failed')
        expect(afterUpdate.value.changes.find((event) => event.externalId === created.value.externalId)).toMatchObject({
          title: 'Moved',
          status: 'confirmed',
        })

        expect((await subject.provider.deleteEvent(tokens, calendar.externalId, created.value.externalId)).ok).toBe(
          true,
        )
        const afterDelete = await subject.provider.syncEvents(tokens, calendar.externalId, afterUpdate.value.cursor)
        if (!afterDelete.ok) throw new Error('incremental sync failed')
        expect(afterDelete.value.changes.find((event) => event.externalId === created.value.externalId)?.status).toBe(
          'cancelled',
        )
        // Deleting what is gone answers Ok.
        expect((await subject.provider.deleteEvent(tokens, calendar.externalId, created.value.externalId)).ok).toBe(
          true,
        )
      })

      it('a create retried with the same client key makes one copy and answers it each time (no duplicate on retry)', async () => {
        const { tokens } = await connect('retry@example.com')
        const calendar = await writableCalendar(tokens)
        const event = {
          clientKey: 'evt_01JRETRIEDCREATE000000000',
          title: 'Retried',
          start: soon(4),
          end: soon(5),
          timezone: 'Europe/Berlin',
          location: null,
        }
        const answers: string[] = []
        for (let attempt = 0; attempt < 10; attempt++) {
          const created = await subject.provider.createEvent(tokens, calendar.externalId, event)
          if (!created.ok) throw new Error(`create failed: ${created.error._tag}`)
          answers.push(created.value.externalId)
        }
        expect(new Set(answers).size).toBe(1)
        // Another key is another event.
        const other = await subject.provider.createEvent(tokens, calendar.externalId, {
          ...event,
          clientKey: 'evt_other',
        })
        expect(other.ok && other.value.externalId).not.toBe(answers[0])
        const listed = await subject.provider.syncEvents(tokens, calendar.externalId, null)
        if (!listed.ok) throw new Error('full sync failed')
        const copies = listed.value.changes.filter((change) => change.title === 'Retried')
        // The provider keeps the key, so a sync can tell our own copies.
        expect(copies.map((copy) => `${copy.externalId} ${copy.clientKey}`).sort()).toEqual(
          [`${answers[0]} ${event.clientKey}`, `${other.ok ? other.value.externalId : ''} evt_other`].sort(),
        )
      })

      it('a rate-limit refusal is ProviderUnavailable rate_limited carrying its Retry-After; the next call goes through', async () => {
        const { tokens } = await connect('throttled@example.com')
        const calendar = await writableCalendar(tokens)
        if (subject.throttleNext === undefined) return
        subject.throttleNext(42)
        expect(await subject.provider.syncEvents(tokens, calendar.externalId, null)).toMatchObject({
          ok: false,
          error: { _tag: 'ProviderUnavailable', reason: 'rate_limited', retryAfterMs: 42_000 },
        })
        expect((await subject.provider.syncEvents(tokens, calendar.externalId, null)).ok).toBe(true)
      })

      it("carries how each event takes the time: transparency and the account's own answer to an invitation", async () => {
        const email = 'answers@example.com'
        const { tokens } = await connect(email)
        const calendar = await writableCalendar(tokens)
        // What free/busy reads from each (a provider may also show a declined invitation as free: the same answer).
        const cases: [string, boolean, ProviderResponse | null, EventShowAs][] = [
          ['own-busy', false, null, 'busy'],
          ['own-free', true, null, 'free'],
          ['accepted', false, 'accepted', 'busy'],
          ['tentative', false, 'tentative', 'tentative'],
          ['declined', false, 'declined', 'free'],
          ['unanswered', false, 'needs_action', 'busy'],
        ]
        const ids = new Map<string, string>()
        for (const [index, [id, transparent, selfResponse]] of cases.entries())
          ids.set(
            await subject.putForeignEvent(email, calendar.externalId, {
              id,
              title: id,
              start: soon(index * 2),
              end: soon(index * 2 + 1),
              transparent,
              selfResponse,
            }),
            id,
          )
        const full = await subject.provider.syncEvents(tokens, calendar.externalId, null)
        if (!full.ok) throw new Error('full sync failed')
        const seen = full.value.changes
          .filter((event) => ids.has(event.externalId))
          .map((event) => [ids.get(event.externalId), event.selfResponse, showAsOf(event)])
        expect(seen.sort()).toEqual(cases.map(([id, , response, showAs]) => [id, response, showAs]).sort())
      })

      it('answers SyncCursorExpired for a cursor it no longer accepts, and a full sync recovers', async () => {
        const { tokens, email } = await connect('gone@example.com')
        const calendar = await writableCalendar(tokens)
        const full = await subject.provider.syncEvents(tokens, calendar.externalId, null)
        if (!full.ok) throw new Error('full sync failed')
        await subject.invalidateSyncCursors(email)
        const stale = await subject.provider.syncEvents(tokens, calendar.externalId, full.value.cursor)
        expect(stale.ok === false && stale.error._tag).toBe('SyncCursorExpired')
        expect((await subject.provider.syncEvents(tokens, calendar.externalId, null)).ok).toBe(true)
      })
    })

    describe('push notifications', () => {
      it('starts a channel (or answers null when the provider only polls), renews it and stops it; stopping twice is fine', async () => {
        const { tokens } = await connect('push@example.com')
        const calendar = await writableCalendar(tokens)
        const request = { channelId: 'chn_contract_1', address: 'https://example.com/push', secret: 'secret-1' }
        const started = await subject.provider.startPush(tokens, calendar.externalId, request)
        if (!started.ok) throw new Error('startPush failed')
        if (started.value === null) return
        expect(started.value.expiresAt.getTime()).toBeGreaterThan(Date.now())
        const renewed = await subject.provider.renewPush(
          tokens,
          calendar.externalId,
          { ...started.value, channelId: request.channelId },
          { ...request, channelId: 'chn_contract_2' },
        )
        expect(renewed.ok).toBe(true)
        expect(
          (
            await subject.provider.stopPush(tokens, {
              channelId: 'chn_contract_2',
              providerId: renewed.ok ? renewed.value.providerId : '',
            })
          ).ok,
        ).toBe(true)
        expect(
          (
            await subject.provider.stopPush(tokens, {
              channelId: 'chn_contract_2',
              providerId: renewed.ok ? renewed.value.providerId : '',
            })
          ).ok,
        ).toBe(true)
      })
    })
  })
}
