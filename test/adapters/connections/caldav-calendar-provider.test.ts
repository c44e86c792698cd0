import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CalDavCalendarProvider } from '../../../adapters/calendar-provider/caldav/caldav-calendar-provider.js'
import { parseCalendarObject } from '../../../adapters/calendar-provider/caldav/icalendar.js'
import { SystemClock } from '../../../adapters/clock/system/system-clock.js'
import { pkceChallenge } from '../../../core/connection/pkce.js'
import { calendarProviderContract } from '../../contracts/calendar-provider.contract.js'
import { RadicaleServer } from '../../support/fakes/radicale-server.js'

const PASSWORD = 'abcd-efgh-ijkl-mnop'

const adapterFor = (radicale: RadicaleServer) =>
  new CalDavCalendarProvider({
    provider: 'icloud',
    serverUrl: radicale.url,
    signInPageUrl: 'https://api.example.com/v1/connections/icloud/authorize',
    clock: new SystemClock(),
  })

calendarProviderContract('CalDavCalendarProvider (Radicale)', async () => {
  const radicale = await RadicaleServer.start()
  const provider = adapterFor(radicale)
  return {
    provider,
    consent: async (input) => {
      await radicale.addUser(input.email, PASSWORD)
      const signedIn = await provider.signIn({
        email: input.email,
        password: PASSWORD,
        codeChallenge: input.codeChallenge,
        redirectUri: input.redirectUri,
      })
      if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error._tag}`)
      return signedIn.value
    },
    invalidateSyncCursors: (email) => radicale.forgetSyncTokens(email, PASSWORD),
    revokeAtProvider: async (email) => radicale.revokePassword(email),
    putForeignEvent: async (email, calendarUrl, event) => {
      const stamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`
      const partstat = event.selfResponse?.toUpperCase().replace('_', '-')
      const body = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//radicale//EN',
        'BEGIN:VEVENT',
        `UID:${event.id}`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${stamp(event.start)}`,
        `DTEND:${stamp(event.end)}`,
        `SUMMARY:${event.title}`,
        `TRANSP:${event.transparent ? 'TRANSPARENT' : 'OPAQUE'}`,
        ...(partstat === undefined
          ? []
          : ['ORGANIZER:mailto:organizer@example.org', `ATTENDEE;PARTSTAT=${partstat};RSVP=TRUE:mailto:${email}`]),
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n')
      const url = new URL(`${event.id}.ics`, calendarUrl).toString()
      const put = await fetch(url, {
        method: 'PUT',
        headers: {
          authorization: `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString('base64')}`,
          'content-type': 'text/calendar',
        },
        body,
      })
      if (!put.ok) throw new Error(`PUT ${url}: ${put.status}`)
      return url
    },
    revokesGrants: false,
    refreshable: false,
    teardown: () => radicale.stop(),
  }
})

describe('CalDAV (iCloud beta) specifics, against Radicale', () => {
  let radicale: RadicaleServer
  let caldav: CalDavCalendarProvider
  beforeAll(async () => {
    radicale = await RadicaleServer.start()
    caldav = adapterFor(radicale)
    await radicale.addUser('grace@icloud.example', PASSWORD)
  })
  afterAll(() => radicale.stop())

  it('the sign-in page goes to our hosted form; a wrong app-specific password gets no code', async () => {
    const url = new URL(
      caldav.authorizationUrl({
        state: 's',
        codeChallenge: 'c',
        redirectUri: 'https://api.example.com/cb',
        scopes: ['events.read'],
        loginHint: 'grace@icloud.example',
      }),
    )
    expect(`${url.origin}${url.pathname}`).toBe('https://api.example.com/v1/connections/icloud/authorize')
    expect(url.searchParams.get('login_hint')).toBe('grace@icloud.example')
    const refused = await caldav.signIn({
      email: 'grace@icloud.example',
      password: 'wrong-password',
      codeChallenge: 'c',
      redirectUri: 'https://api.example.com/cb',
    })
    expect(refused).toMatchObject({ ok: false, error: { _tag: 'AccessTokenRejected' } })
  })

  it('lists the calendars of the home set, the first standing in as primary', async () => {
    const verifier = 'caldav-verifier-0123456789-0123456789-0123456789'
    const signedIn = await caldav.signIn({
      email: 'grace@icloud.example',
      password: PASSWORD,
      codeChallenge: pkceChallenge(verifier),
      redirectUri: 'https://api.example.com/cb',
    })
    if (!signedIn.ok) throw new Error('sign-in failed')
    const exchanged = await caldav.exchangeCode({
      code: signedIn.value,
      codeVerifier: verifier,
      redirectUri: 'https://api.example.com/cb',
    })
    if (!exchanged.ok) throw new Error('exchange failed')
    expect(exchanged.value.tokens).toMatchObject({ refreshToken: null, expiresAt: null })
    const calendars = await caldav.listCalendars(exchanged.value.tokens)
    expect(calendars.ok && calendars.value.map((calendar) => [calendar.name, calendar.primary])).toEqual([
      ['Home', true],
      ['Work', false],
    ])
  })

  it('parses iCalendar: TZID times, all-day dates, RRULE and EXDATE kept for expansion, RECURRENCE-ID as a changed occurrence', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:series-1',
      'DTSTART;TZID=Europe/Berlin:20261019T100000',
      'DTEND;TZID=Europe/Berlin:20261019T103000',
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'EXDATE;TZID=Europe/Berlin:20261102T100000',
      'SUMMARY:Jour fixe\\, weekly',
      'LOCATION:Alexanderplatz 1\\, Berlin',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:series-1',
      'RECURRENCE-ID;TZID=Europe/Berlin:20261026T100000',
      'DTSTART;TZID=Europe/Berlin:20261026T110000',
      'DTEND;TZID=Europe/Berlin:20261026T113000',
      'SUMMARY:Jour fixe (late)',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:allday',
      'DTSTART;VALUE=DATE:20261225',
      'SUMMARY:Christmas',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n')
    const [series, exception, allDay] = parseCalendarObject(
      'https://dav.example/cal/series-1.ics',
      ics,
      'America/New_York',
    )
    expect(series).toMatchObject({
      externalId: 'https://dav.example/cal/series-1.ics',
      title: 'Jour fixe, weekly',
      location: 'Alexanderplatz 1, Berlin',
      timezone: 'Europe/Berlin',
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE;TZID=Europe/Berlin:20261102T100000'],
    })
    expect(series!.start.toISOString()).toBe('2026-10-19T08:00:00.000Z')
    expect(exception).toMatchObject({
      recurringEventId: 'https://dav.example/cal/series-1.ics',
      title: 'Jour fixe (late)',
    })
    expect(exception!.originalStart!.toISOString()).toBe('2026-10-26T09:00:00.000Z')
    expect(allDay).toMatchObject({ allDay: true, title: 'Christmas' })
    expect(allDay!.start.toISOString()).toBe('2026-12-25T05:00:00.000Z')
    expect(allDay!.end.getTime() - allDay!.start.getTime()).toBe(86_400_000)
  })
})

describe('CalDAV objects as the port reads them', () => {
  const object = (lines: string[]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', ...lines, 'END:VEVENT', 'END:VCALENDAR', ''].join(
      '\r\n',
    )

  it('reads TRANSP and the PARTSTAT of the ATTENDEE that is the account (by its address, any case)', () => {
    const [event] = parseCalendarObject(
      'https://caldav.example/cal/x.ics',
      object([
        'DTSTART:20261201T090000Z',
        'DTEND:20261201T100000Z',
        'TRANSP:TRANSPARENT',
        'ORGANIZER:mailto:boss@example.org',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:boss@example.org',
        'ATTENDEE;PARTSTAT=TENTATIVE:mailto:Grace@iCloud.example',
      ]),
      'UTC',
      'grace@icloud.example',
    )
    expect(event).toMatchObject({ transparency: 'transparent', selfResponse: 'tentative' })
  })

  it('reads a local time that a DST change repeats as its first instant (RFC 5545)', () => {
    const [event] = parseCalendarObject(
      'https://caldav.example/cal/x.ics',
      object(['DTSTART;TZID=America/New_York:20261101T013000', 'DTEND;TZID=America/New_York:20261101T023000']),
      'UTC',
    )
    // 01:30 EDT (UTC-4), not 01:30 EST an hour later.
    expect(event?.start.toISOString()).toBe('2026-11-01T05:30:00.000Z')
    expect(event).toMatchObject({ transparency: 'opaque', selfResponse: null })
  })
})
