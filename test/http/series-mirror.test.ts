import ICAL from 'ical.js'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GoogleCalendarFake } from '../support/fakes/google-calendar-fake.js'
import { expandIcalSeries } from '../support/fakes/ical-recurrence.js'
import { MicrosoftGraphFake } from '../support/fakes/microsoft-graph-fake.js'
import { RadicaleServer } from '../support/fakes/radicale-server.js'
import { hiddenFields } from '../support/hosted-page.js'
import { clients, startTestService, type TestService } from '../support/service.js'

/**
 * Series written to each provider and edited in every scope: {this, following, all} x {move, retitle, relocate,
 * cancel} x {Google (fake), Microsoft Graph (fake), iCloud (Radicale)}, each read back from our API and from the
 * provider itself (Google's instances, Graph's instances, the CalDAV object parsed with ical.js and expanded apart).
 * One service and one stand-in per provider serve every case.
 */

let google: GoogleCalendarFake
let graph: MicrosoftGraphFake
let radicale: RadicaleServer
let test: TestService
let client: ReturnType<typeof clients>
const PASSWORD = 'abcd-efgh-ijkl-mnop'
const ZONE = 'Europe/Berlin'
const RETURN_URL = 'https://app.example.com/connected'

type ProviderName = 'google' | 'microsoft' | 'icloud'
const users = {} as Record<ProviderName, { userId: string; email: string; calendarId: string }>

beforeAll(async () => {
  ;[google, graph, radicale] = await Promise.all([
    GoogleCalendarFake.start(),
    MicrosoftGraphFake.start(),
    RadicaleServer.start(),
  ])
  test = await startTestService({
    // The matrix sends its requests back to back: on a quiet machine, more than the default 100 a second.
    RATE_LIMIT_REQUESTS: '100000',
    WORKER: 'false',
    GOOGLE_CLIENT_ID: GoogleCalendarFake.clientId,
    GOOGLE_CLIENT_SECRET: GoogleCalendarFake.clientSecret,
    GOOGLE_ACCOUNTS_URL: google.baseUrl,
    GOOGLE_OAUTH_URL: google.baseUrl,
    GOOGLE_API_URL: google.baseUrl,
    MICROSOFT_CLIENT_ID: MicrosoftGraphFake.clientId,
    MICROSOFT_CLIENT_SECRET: MicrosoftGraphFake.clientSecret,
    MICROSOFT_AUTHORITY_URL: graph.authorityUrl,
    MICROSOFT_GRAPH_URL: graph.baseUrl,
    ICLOUD_CALDAV_URL: radicale.url,
  })
  client = clients(test)
  users.google = await connectOAuth('google', 'ada@example.com', google)
  users.microsoft = await connectOAuth('microsoft', 'megan@contoso.com', graph)
  users.icloud = await connectICloud('tim@icloud.example')
}, 60_000)
afterAll(async () => {
  await test?.stop()
  await Promise.all([google?.close(), graph?.close(), radicale?.stop()])
})

const defaultCalendar = async (connectionId: string) => {
  const connection = await client.live('GET', `/v1/connections/${connectionId}?expand[]=calendars`)
  return connection.body.calendars.find((calendar: { is_default: boolean }) => calendar.is_default)
}

const connectOAuth = async (
  provider: 'google' | 'microsoft',
  email: string,
  fake: GoogleCalendarFake | MicrosoftGraphFake,
) => {
  const user = await client.live('POST', '/v1/users', { body: { email, timezone: ZONE } })
  const started = await client.live('POST', '/v1/connections/start', {
    body: { provider, user_id: user.body.id, return_url: RETURN_URL },
  })
  const consentUrl = new URL(started.body.redirect_url)
  const code = fake.consent({
    email,
    codeChallenge: consentUrl.searchParams.get('code_challenge')!,
    redirectUri: consentUrl.searchParams.get('redirect_uri')!,
  })
  const back = await fetch(
    `${test.live}/v1/connections/oauth/callback?code=${encodeURIComponent(code)}&state=${started.body.state}`,
    { redirect: 'manual' },
  )
  const connectionId = new URL(back.headers.get('location')!).searchParams.get('connection_id')!
  const calendar = await defaultCalendar(connectionId)
  return { userId: user.body.id as string, email, calendarId: calendar.external_id as string }
}

const connectICloud = async (email: string) => {
  await radicale.addUser(email, PASSWORD)
  const user = await client.live('POST', '/v1/users', { body: { email, timezone: ZONE } })
  const started = await client.live('POST', '/v1/connections/start', {
    body: { provider: 'icloud', user_id: user.body.id, return_url: RETURN_URL },
  })
  const signInUrl = new URL(started.body.redirect_url)
  const fields = hiddenFields(await (await fetch(`${test.live}${signInUrl.pathname}${signInUrl.search}`)).text())
  const accepted = await fetch(`${test.live}/v1/connections/icloud/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, email, password: PASSWORD, decision: 'allow' }).toString(),
  })
  const callback = new URL(accepted.headers.get('location')!)
  const back = await fetch(`${test.live}${callback.pathname}${callback.search}`, { redirect: 'manual' })
  const connectionId = new URL(back.headers.get('location')!).searchParams.get('connection_id')!
  const calendar = await defaultCalendar(connectionId)
  return { userId: user.body.id as string, email, calendarId: calendar.external_id as string }
}

const caldavAuth = (email: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString('base64')}`,
})

/** One occurrence as both sides are compared: its start, title and place. */
type Occurrence = readonly [start: string, title: string, location: string | null]

const WINDOW = { from: new Date(Date.now()), to: new Date(Date.now() + 400 * 86_400_000) }
const byStart = (a: Occurrence, b: Occurrence) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)
const iso = (date: Date) => date.toISOString()
/** A time as Google's API writes it, in the suite's zone. */
const googleTime = (date: Date) => ({ dateTime: date.toISOString(), timeZone: ZONE })

/** What the provider holds for one series (its id at the provider), expanded by the provider or apart from us. */
const atProvider = async (provider: ProviderName, externalId: string): Promise<Occurrence[]> => {
  const { email, calendarId } = users[provider]
  if (provider === 'google')
    return google
      .instancesOf(email, calendarId, externalId, WINDOW.from, WINDOW.to)
      .map((instance) => [
        iso(new Date(Date.parse(instance.start?.dateTime ?? ''))),
        instance.summary ?? '',
        instance.location ?? null,
      ])
  if (provider === 'microsoft')
    return graph.instancesOf(email, externalId, WINDOW.from, WINDOW.to).map((instance) => {
      const start = instance.start as { dateTime: string; timeZone: string }
      return [
        iso(DateTime.fromISO(start.dateTime, { zone: start.timeZone }).toJSDate()),
        String(instance.subject),
        (instance.location as { displayName: string }).displayName || null,
      ]
    })
  const object = await fetch(externalId, { headers: caldavAuth(email) })
  if (object.status === 404) return []
  return expandCalendarObject(await object.text())
}

/** A CalDAV object read with ical.js: its master expanded (apart from the service's code), overrides in place. */
const expandCalendarObject = (data: string): Occurrence[] => {
  const root = new ICAL.Component(ICAL.parse(data))
  const vevents = root.getAllSubcomponents('vevent')
  const master = vevents.find((vevent) => !vevent.hasProperty('recurrence-id'))!
  const instant = (property: ICAL.Property) => {
    const time = property.getFirstValue() as ICAL.Time
    const zone = String(property.getParameter('tzid') ?? 'UTC')
    return DateTime.fromObject(
      { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second },
      { zone: time.toString().endsWith('Z') ? 'UTC' : zone },
    ).toJSDate()
  }
  const lines = master
    .getAllProperties()
    .filter((property) => ['rrule', 'exdate', 'rdate'].includes(property.name))
    .map((property) => property.toICALString())
  const overrides = new Map(
    vevents
      .filter((vevent) => vevent.hasProperty('recurrence-id'))
      .map((vevent) => [instant(vevent.getFirstProperty('recurrence-id')!).getTime(), vevent]),
  )
  const start = instant(master.getFirstProperty('dtstart')!)
  return expandIcalSeries({ start, zone: ZONE, allDay: false, lines }, WINDOW.from, WINDOW.to).map((original) => {
    const vevent = overrides.get(original.getTime()) ?? master
    const location = vevent.getFirstPropertyValue('location')
    return [
      iso(vevent === master ? original : instant(vevent.getFirstProperty('dtstart')!)),
      String(vevent.getFirstPropertyValue('summary')),
      typeof location === 'string' && location !== '' ? location : null,
    ]
  })
}

/** Our API's occurrences of a series (and of the series split off from it). */
const inOurApi = async (seriesIds: readonly string[]): Promise<Occurrence[]> => {
  const found: Occurrence[] = []
  for (const id of seriesIds) {
    const listed = await client.live(
      'GET',
      `/v1/events/${id}/instances?from=${WINDOW.from.toISOString()}&to=${WINDOW.to.toISOString()}&limit=100`,
    )
    if (listed.status === 404) continue
    for (const event of listed.body.data)
      found.push([event.start_time, event.title, event.location?.address ?? event.location?.name ?? null])
  }
  return found.sort(byStart)
}

const SCOPES = ['this', 'following', 'all'] as const
const CHANGES = ['move', 'retitle', 'relocate', 'cancel'] as const
type Change = (typeof CHANGES)[number]
const COUNT = 5
const TARGET = 2
const HOUR = 3_600_000

let weekOffset = 0
/** A daily 09:00 Berlin series of five, in a week of its own (each case has its own series). */
const createSeries = async (provider: ProviderName) => {
  weekOffset += 1
  const first = DateTime.now()
    .setZone(ZONE)
    .plus({ weeks: weekOffset + 1 })
    .set({ hour: 9, minute: 0, second: 0, millisecond: 0 })
  const created = await client.live('POST', '/v1/events', {
    body: {
      user_id: users[provider].userId,
      title: 'Stand-up',
      start_time: first.toISO(),
      end_time: first.plus({ minutes: 30 }).toISO(),
      timezone: ZONE,
      location: { name: 'Room A', lat: 52.52, lng: 13.405 },
      recurrence: [`RRULE:FREQ=DAILY;COUNT=${COUNT}`],
    },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  expect(created.body.mirror).toMatchObject({ status: 'synced' })
  const starts = Array.from({ length: COUNT }, (_, day) => first.plus({ days: day }).toJSDate())
  return { id: created.body.id as string, externalId: created.body.external_id as string, starts }
}

/** What every side should hold after the change: the plan the matrix checks against. */
const expected = (starts: readonly Date[], scope: (typeof SCOPES)[number], change: Change): Occurrence[] => {
  const reached = (index: number) =>
    scope === 'this' ? index === TARGET : scope === 'following' ? index >= TARGET : true
  return starts
    .map((start, index): Occurrence | null => {
      if (!reached(index)) return [iso(start), 'Stand-up', 'Room A']
      switch (change) {
        case 'move':
          return [iso(new Date(start.getTime() + 2 * HOUR)), 'Stand-up', 'Room A']
        case 'retitle':
          return [iso(start), 'Team sync', 'Room A']
        case 'relocate':
          return [iso(start), 'Stand-up', 'Room B']
        default:
          return null
      }
    })
    .filter((occurrence): occurrence is Occurrence => occurrence !== null)
}

const occurrenceIdOf = (seriesId: string, start: Date) =>
  `${seriesId}_${start
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`

describe('Series and their edits are mirrored to every provider (this / following / all x move, retitle, relocate, cancel)', () => {
  for (const provider of ['google', 'microsoft', 'icloud'] as const)
    describe(provider, () => {
      for (const scope of SCOPES)
        for (const change of CHANGES)
          it(`${change} with apply_to=${scope}: our API and the provider agree`, async () => {
            const series = await createSeries(provider)
            const target = series.starts[TARGET]!
            const path = `/v1/events/${occurrenceIdOf(series.id, target)}?apply_to=${scope}`
            const answer =
              change === 'cancel'
                ? await client.live('DELETE', path)
                : await client.live('PATCH', path, {
                    body:
                      change === 'move'
                        ? {
                            start_time: new Date(target.getTime() + 2 * HOUR).toISOString(),
                            end_time: new Date(target.getTime() + 2.5 * HOUR).toISOString(),
                          }
                        : change === 'retitle'
                          ? { title: 'Team sync' }
                          : { location: { name: 'Room B', lat: 52.53, lng: 13.41 } },
                  })
            expect(answer.status, JSON.stringify(answer.body)).toBe(200)
            // A split (`following` on a later occurrence) makes a new series: its id is the answer's series.
            const split =
              change !== 'cancel' && scope === 'following' ? (answer.body.recurring_event_id as string) : null
            const seriesIds = split === null ? [series.id] : [series.id, split]
            const want = expected(series.starts, scope, change).sort(byStart)
            expect(await inOurApi(seriesIds)).toEqual(want)
            const externalIds = [series.externalId]
            if (split !== null) {
              const created = await client.live('GET', `/v1/events/${split}`)
              expect(created.body.mirror).toMatchObject({ status: 'synced' })
              externalIds.push(created.body.external_id)
            }
            const held: Occurrence[] = []
            for (const externalId of externalIds) held.push(...(await atProvider(provider, externalId)))
            expect(held.sort(byStart)).toEqual(want)
            if (!(change === 'cancel' && scope === 'all'))
              expect((await client.live('GET', `/v1/events/${series.id}`)).body.mirror).toMatchObject({
                status: 'synced',
                last_error: null,
              })
          })
    })
})

describe('What a provider cannot hold or refuses', () => {
  it('a rule Microsoft Graph has no pattern for is refused with a 400 naming recurrence[i] for a user mirrored to Microsoft, and taken for Google', async () => {
    const start = DateTime.now()
      .setZone(ZONE)
      .plus({ weeks: 60 })
      .set({ hour: 9, minute: 0, second: 0, millisecond: 0 })
    const body = (provider: ProviderName, recurrence: string[]) => ({
      body: {
        user_id: users[provider].userId,
        title: 'Twice a month',
        start_time: start.toISO(),
        end_time: start.plus({ hours: 1 }).toISO(),
        timezone: ZONE,
        recurrence,
      },
    })
    for (const [recurrence, param] of [
      [['RRULE:FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=4'], 'recurrence[0]'],
      [['RRULE:FREQ=HOURLY;COUNT=3'], 'recurrence[0]'],
      [['EXDATE:20300101T080000Z', 'RRULE:FREQ=DAILY;BYHOUR=9,17;COUNT=4'], 'recurrence[1]'],
      [['RRULE:FREQ=WEEKLY;COUNT=3', 'RDATE:20300105T080000Z'], 'recurrence[1]'],
    ] as const) {
      const refused = await client.live('POST', '/v1/events', body('microsoft', [...recurrence]))
      expect(refused.status).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param })
      expect(refused.body.error.message).toContain('Microsoft')
      const taken = await client.live('POST', '/v1/events', body('google', [...recurrence]))
      expect(taken.status, JSON.stringify(taken.body)).toBe(201)
      expect(taken.body.mirror).toMatchObject({ status: 'synced' })
    }
    // A change of the lines is checked the same way, and leaves the series as it was.
    const series = await createSeries('microsoft')
    const changed = await client.live('PATCH', `/v1/events/${series.id}`, {
      body: { recurrence: ['RRULE:FREQ=YEARLY;BYWEEKNO=20;COUNT=2'] },
    })
    expect(changed.status).toBe(400)
    expect(changed.body.error).toMatchObject({ code: 'parameter_invalid', param: 'recurrence[0]' })
    expect((await client.live('GET', `/v1/events/${series.id}`)).body.recurrence).toEqual([
      `RRULE:FREQ=DAILY;COUNT=${COUNT}`,
    ])
  })

  it("Graph refuses to move an occurrence onto its neighbour's day: our copy stays as it was, the mirror is failed with Graph's reason", async () => {
    const series = await createSeries('microsoft')
    const target = series.starts[TARGET]!
    const id = occurrenceIdOf(series.id, target)
    const before = await inOurApi([series.id])
    const moved = await client.live('PATCH', `/v1/events/${id}`, {
      body: {
        start_time: new Date(target.getTime() + 24 * HOUR).toISOString(),
        end_time: new Date(target.getTime() + 24.5 * HOUR).toISOString(),
      },
    })
    expect(moved.status).toBe(409)
    expect(moved.body.error).toMatchObject({ code: 'calendar_change_refused' })
    expect(moved.body.error.message).toContain('ErrorOccurrenceCrossingBoundary')
    expect(await inOurApi([series.id])).toEqual(before)
    const occurrence = await client.live('GET', `/v1/events/${id}`)
    expect(occurrence.body.start_time).toBe(target.toISOString())
    const master = (await client.live('GET', `/v1/events/${series.id}`)).body
    expect(master.mirror).toMatchObject({ status: 'failed', next_attempt_at: null })
    expect(master.mirror.last_error).toContain('ErrorOccurrenceCrossingBoundary')
    expect(await atProvider('microsoft', series.externalId)).toEqual(before)
    // The next change is written again from the start.
    const retitled = await client.live('PATCH', `/v1/events/${id}`, { body: { title: 'Team sync' } })
    expect(retitled.status).toBe(200)
    expect((await client.live('GET', `/v1/events/${series.id}`)).body.mirror).toMatchObject({ status: 'synced' })
    expect((await atProvider('microsoft', series.externalId))[TARGET]).toEqual([
      target.toISOString(),
      'Team sync',
      'Room A',
    ])
  })

  it("Google takes the same move (an occurrence may pass its neighbours: Google's rule, ours)", async () => {
    const series = await createSeries('google')
    const target = series.starts[TARGET]!
    const moved = await client.live('PATCH', `/v1/events/${occurrenceIdOf(series.id, target)}`, {
      body: {
        start_time: new Date(target.getTime() + 24 * HOUR).toISOString(),
        end_time: new Date(target.getTime() + 24.5 * HOUR).toISOString(),
      },
    })
    expect(moved.status).toBe(200)
    const want = await inOurApi([series.id])
    expect(want.map(([start]) => start)).toContain(new Date(target.getTime() + 24 * HOUR).toISOString())
    expect((await atProvider('google', series.externalId)).sort(byStart)).toEqual(want)
  })
})

describe('A series turned into a single event (recurrence: null)', () => {
  for (const provider of ['google', 'microsoft', 'icloud'] as const)
    it(`${provider}: the provider's copy loses its recurrence too, and holds the one event`, async () => {
      const series = await createSeries(provider)
      const single = await client.live('PATCH', `/v1/events/${series.id}`, { body: { recurrence: null } })
      expect(single.status, JSON.stringify(single.body)).toBe(200)
      expect(single.body.recurrence ?? null).toBeNull()
      expect((await client.live('GET', `/v1/events/${series.id}`)).body.mirror).toMatchObject({ status: 'synced' })
      const { email, calendarId } = users[provider]
      if (provider === 'google') {
        const copy = google.eventsOf(email, calendarId).find((event) => event.id === series.externalId)!
        expect(copy.recurrence ?? []).toEqual([])
      } else if (provider === 'microsoft')
        expect(graph.seriesOf(email, series.externalId)!.recurrence ?? null).toBeNull()
      else {
        const text = await (await fetch(series.externalId, { headers: caldavAuth(email) })).text()
        const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent')
        expect(vevents.map((vevent) => vevent.hasProperty('rrule'))).toEqual([false])
      }
      // Read back as a series, it is the one event (Graph lists no instances of a single event).
      expect(await atProvider(provider, series.externalId)).toEqual(
        provider === 'microsoft' ? [] : [[iso(series.starts[0]!), 'Stand-up', 'Room A']],
      )
    })
})

describe('All-day events round-trip through every provider without drifting a day, from UTC−12 to UTC+14', () => {
  const ZONES = ['Etc/GMT+12', 'UTC', 'Asia/Kolkata', 'Pacific/Kiritimati'] as const
  const plusDays = (date: string, days: number) => DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!

  /** The dates the provider holds for its copy, read in its own all-day form. */
  const datesAtProvider = async (provider: ProviderName, externalId: string, zone: string) => {
    const { email, calendarId } = users[provider]
    if (provider === 'google') {
      const copy = google.eventsOf(email, calendarId).find((event) => event.id === externalId)!
      return { allDay: typeof copy.start?.date === 'string', start: copy.start?.date, end: copy.end?.date }
    }
    if (provider === 'microsoft') {
      const copy = graph.seriesOf(email, externalId)!
      const time = (field: unknown) => field as { dateTime: string; timeZone: string }
      expect(copy.originalStartTimeZone).toBe(zone)
      return {
        allDay: copy.isAllDay === true,
        start: time(copy.start).dateTime.slice(0, 10),
        end: time(copy.end).dateTime.slice(0, 10),
      }
    }
    const text = await (await fetch(externalId, { headers: caldavAuth(email) })).text()
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time
    const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time
    return { allDay: start.isDate && end.isDate, start: start.toString(), end: end.toString() }
  }

  for (const provider of ['google', 'microsoft', 'icloud'] as const)
    it(`${provider}: in each zone the provider holds the dates in its all-day form, and a full sync leaves ours as they were`, async () => {
      const made: { zone: string; id: string; startDate: string }[] = []
      let day = 0
      for (const zone of ZONES) {
        day += 3
        const startDate = DateTime.now()
          .setZone(zone)
          .plus({ days: 20 + day })
          .toISODate()!
        const created = await client.live('POST', '/v1/events', {
          body: {
            user_id: users[provider].userId,
            title: `Away ${provider} ${zone}`,
            all_day: true,
            start_date: startDate,
            end_date: plusDays(startDate, 2),
            timezone: zone,
          },
        })
        expect(created.status, JSON.stringify(created.body)).toBe(201)
        expect(created.body).toMatchObject({
          all_day: true,
          start_date: startDate,
          end_date: plusDays(startDate, 2),
          start_time: DateTime.fromISO(startDate, { zone }).toUTC().toISO(),
          mirror: { status: 'synced' },
        })
        expect(await datesAtProvider(provider, created.body.external_id, zone), zone).toEqual({
          allDay: true,
          start: startDate,
          end: plusDays(startDate, 2),
        })
        made.push({ zone, id: created.body.id, startDate })
      }
      // Back from the provider: a full sync (the refresh) reads each copy again.
      const [connection] = (await client.live('GET', `/v1/connections?user_id=${users[provider].userId}`)).body.data
      expect((await client.live('POST', `/v1/connections/${connection.id}/refresh`)).status).toBe(200)
      const listed = await client.live(
        'GET',
        `/v1/events?user_id=${users[provider].userId}&start_time[gte]=${new Date(Date.now() - 86_400_000).toISOString()}&limit=100`,
      )
      for (const { zone, id, startDate } of made) {
        const event = (await client.live('GET', `/v1/events/${id}`)).body
        expect([event.all_day, event.start_date, event.end_date, event.timezone, event.start_time], zone).toEqual([
          true,
          startDate,
          plusDays(startDate, 2),
          zone,
          DateTime.fromISO(startDate, { zone }).toUTC().toISO(),
        ])
        expect(
          listed.body.data.filter((candidate: { title: string }) => candidate.title === event.title),
          `one ${event.title}`,
        ).toHaveLength(1)
      }
    })
})

describe('Only occurrences changed on their own are written as such', () => {
  it('the occurrences the monitoring sweep stores as they come are not sent to the provider; a changed one is, once', async () => {
    const first = DateTime.now().plus({ hours: 6 }).startOf('hour')
    const created = await client.live('POST', '/v1/events', {
      body: {
        user_id: users.google.userId,
        title: 'Daily check',
        start_time: first.toISO(),
        end_time: first.plus({ minutes: 15 }).toISO(),
        timezone: ZONE,
        recurrence: ['RRULE:FREQ=DAILY;COUNT=4'],
      },
    })
    const sweep = test.service.application.surfaces.live.backgroundJobs.find(
      (job) => job.name === 'departure-monitoring',
    )!
    await sweep.run({ accountId: null, clock: { now: () => new Date() } })
    const looked = () =>
      google.requests.filter((request) => request.path.endsWith(`/${created.body.external_id}/instances`))
    const before = looked().length
    const second = occurrenceIdOf(created.body.id, first.plus({ days: 1 }).toJSDate())
    expect((await client.live('PATCH', `/v1/events/${second}`, { body: { title: 'Daily check (late)' } })).status).toBe(
      200,
    )
    expect(looked().length - before).toBe(1)
    expect((await atProvider('google', created.body.external_id)).map(([, title]) => title)).toEqual([
      'Daily check',
      'Daily check (late)',
      'Daily check',
      'Daily check',
    ])
  })
})

const GRAPH_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

describe("A series made at the provider becomes one editable series of ours; an occurrence changed on either side reaches the other's, with no duplicate", () => {
  /**
   * The incoming side of each provider: make, change, cancel. Google and CalDAV hand a series over as one; Graph's
   * calendar view expands it, and the sync reads its master back (a weekly series there, as Outlook makes it).
   */
  const atTheProvider = (provider: 'google' | 'icloud' | 'microsoft', first: DateTime) => {
    const { email, calendarId } = users[provider]
    const id = `bookclub${provider}${first.toMillis()}`
    const href = `${calendarId}${id}.ics`
    const stamp = (date: Date) =>
      date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')
    const vevent = (fields: { start: Date; title: string; original?: Date }) => [
      'BEGIN:VEVENT',
      `UID:${id}`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${stamp(fields.start)}`,
      `DTEND:${stamp(new Date(fields.start.getTime() + HOUR))}`,
      ...(fields.original === undefined ? ['RRULE:FREQ=DAILY;COUNT=5'] : [`RECURRENCE-ID:${stamp(fields.original)}`]),
      `SUMMARY:${fields.title}`,
      'END:VEVENT',
    ]
    let overrides: { start: Date; title: string; original: Date }[] = []
    let exdates: Date[] = []
    const putObject = async () => {
      const master = vevent({ start: first.toJSDate(), title: 'Book club' })
      const withExdates =
        exdates.length === 0 ? master : [...master.slice(0, -1), `EXDATE:${exdates.map(stamp).join(',')}`, 'END:VEVENT']
      const body = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//t//t//EN',
        ...withExdates,
        ...overrides.flatMap(vevent),
        'END:VCALENDAR',
        '',
      ].join('\r\n')
      const put = await fetch(href, {
        method: 'PUT',
        headers: { ...caldavAuth(email), 'content-type': 'text/calendar' },
        body,
      })
      expect(put.status).toBeLessThan(300)
    }
    /** The object as the server holds it now (our write-back may have changed it): its overrides and EXDATEs. */
    const readBack = async () => {
      const held = await (await fetch(href, { headers: caldavAuth(email) })).text()
      const components = new ICAL.Component(ICAL.parse(held)).getAllSubcomponents('vevent')
      overrides = components
        .filter((component) => component.hasProperty('recurrence-id'))
        .map((component) => ({
          original: (component.getFirstPropertyValue('recurrence-id') as ICAL.Time).toJSDate(),
          start: (component.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
          title: String(component.getFirstPropertyValue('summary')),
        }))
      exdates = components
        .filter((component) => !component.hasProperty('recurrence-id'))
        .flatMap((component) => component.getAllProperties('exdate'))
        .flatMap((property) => property.getValues() as ICAL.Time[])
        .map((time) => time.toJSDate())
    }
    if (provider === 'microsoft')
      return {
        externalId: id,
        async make() {
          await graph.putEvent(email, calendarId, {
            id,
            subject: 'Book club',
            start: first.toJSDate(),
            end: first.plus({ hours: 1 }).toJSDate(),
            timeZone: ZONE,
            recurrence: {
              pattern: { type: 'weekly', interval: 1, daysOfWeek: [GRAPH_DAYS[first.weekday - 1]!] },
              range: {
                type: 'numbered',
                startDate: first.toISODate()!,
                numberOfOccurrences: 5,
                recurrenceTimeZone: ZONE,
              },
            },
          })
        },
        async change(original: Date, start: Date, title: string) {
          await graph.changeOccurrence(email, id, original, {
            subject: title,
            start,
            end: new Date(start.getTime() + HOUR),
          })
        },
        async cancel(original: Date) {
          await graph.cancelOccurrence(email, id, original)
        },
      }
    return {
      externalId: provider === 'google' ? id : href,
      async make() {
        if (provider === 'icloud') return putObject()
        google.putEvent(email, calendarId, {
          id,
          summary: 'Book club',
          start: googleTime(first.toJSDate()),
          end: googleTime(first.plus({ hours: 1 }).toJSDate()),
          recurrence: ['RRULE:FREQ=DAILY;COUNT=5'],
        })
      },
      async change(original: Date, start: Date, title: string) {
        if (provider === 'icloud') {
          await readBack()
          overrides = [
            ...overrides.filter((kept) => kept.original.getTime() !== original.getTime()),
            { original, start, title },
          ]
          return putObject()
        }
        google.putEvent(email, calendarId, {
          id: `${id}_${stamp(original)}`,
          summary: title,
          start: googleTime(start),
          end: googleTime(new Date(start.getTime() + HOUR)),
          recurringEventId: id,
          originalStartTime: googleTime(original),
        })
      },
      async cancel(original: Date) {
        if (provider === 'icloud') {
          await readBack()
          exdates = [...exdates, original]
          overrides = overrides.filter((override) => override.original.getTime() !== original.getTime())
          return putObject()
        }
        google.putEvent(email, calendarId, {
          id: `${id}_${stamp(original)}`,
          status: 'cancelled',
          recurringEventId: id,
          originalStartTime: googleTime(original),
        })
      },
    }
  }

  let syncs = 0
  /**
   * The calendar sync's job, incremental, at a clock past each connection's next look (a push channel's safety sync
   * is hours away); the connection must come out of it without a sync error.
   */
  const syncOnce = async (connectionId: string) => {
    syncs += 1
    const at = Date.now() + syncs * 7 * HOUR
    const job = test.service.application.surfaces.live.backgroundJobs.find((job) => job.name === 'calendar-sync')!
    expect(await job.run({ accountId: null, clock: { now: () => new Date(at) } })).toBeGreaterThanOrEqual(1)
    expect((await client.live('GET', `/v1/connections/${connectionId}`)).body.last_sync_error ?? null).toBeNull()
  }
  for (const provider of ['google', 'icloud', 'microsoft'] as const)
    it(`${provider}: made, changed and cancelled there, changed here, each synced once`, async () => {
      // Within the calendar sync's window (half a year ahead), whatever ran before.
      const first = DateTime.now()
        .setZone(ZONE)
        .plus({ days: { google: 3, icloud: 10, microsoft: 17 }[provider] })
        .set({ hour: 18, minute: 0, second: 0, millisecond: 0 })
      const weekly = provider === 'microsoft'
      const starts = Array.from({ length: 5 }, (_, step) =>
        first.plus(weekly ? { weeks: step } : { days: step }).toJSDate(),
      )
      const rule = weekly
        ? `RRULE:FREQ=WEEKLY;BYDAY=${GRAPH_DAYS[first.weekday - 1]!.slice(0, 2).toUpperCase()};WKST=SU;COUNT=5`
        : 'RRULE:FREQ=DAILY;COUNT=5'
      const remote = atTheProvider(provider, first)
      const [connection] = (await client.live('GET', `/v1/connections?user_id=${users[provider].userId}`)).body.data
      const sync = () => syncOnce(connection.id)
      const mastersNamed = async () =>
        (
          await client.live('GET', `/v1/events?user_id=${users[provider].userId}&series=masters&limit=100`)
        ).body.data.filter(
          (event: { title: string; recurrence: unknown }) =>
            event.title.startsWith('Book club') && (event.recurrence ?? null) !== null,
        )
      const listedOccurrences = async () =>
        (
          await client.live(
            'GET',
            `/v1/events?user_id=${users[provider].userId}&start_time[gte]=${starts[0]!.toISOString()}&start_time[lt]=${new Date(starts[4]!.getTime() + 86_400_000).toISOString()}&limit=100`,
          )
        ).body.data
          .filter((event: { title: string }) => event.title.startsWith('Book club'))
          .map((event: { start_time: string; title: string }): Occurrence => [event.start_time, event.title, null])
          .sort(byStart)

      // Made there: one series here, with the provider's rule, whose occurrences are the provider's.
      await remote.make()
      await sync()
      const [master] = await mastersNamed()
      expect(master, 'one series').toBeDefined()
      expect(await mastersNamed()).toHaveLength(1)
      expect(master.recurrence).toEqual([rule])
      expect(master.external_id).toBe(remote.externalId)
      const plain = starts.map((start): Occurrence => [iso(start), 'Book club', null])
      expect(await inOurApi([master.id])).toEqual(plain)

      // Changed there: that occurrence of ours (its derived id) changes, nothing else appears.
      const moved = new Date(starts[1]!.getTime() + HOUR)
      await remote.change(starts[1]!, moved, 'Book club (late)')
      await sync()
      const second = await client.live('GET', `/v1/events/${occurrenceIdOf(master.id, starts[1]!)}`)
      expect([second.body.title, second.body.start_time, second.body.recurring_event_id]).toEqual([
        'Book club (late)',
        iso(moved),
        master.id,
      ])
      const afterTheirs: Occurrence[] = [plain[0]!, [iso(moved), 'Book club (late)', null], ...plain.slice(2)]
      expect(await inOurApi([master.id])).toEqual(afterTheirs)

      // Changed here: the provider's instance changes; the next sync brings nothing back twice.
      const fourth = occurrenceIdOf(master.id, starts[3]!)
      const ours = await client.live('PATCH', `/v1/events/${fourth}`, { body: { title: 'Book club (at Ada’s)' } })
      expect(ours.status, JSON.stringify(ours.body)).toBe(200)
      const afterOurs: Occurrence[] = [
        ...afterTheirs.slice(0, 3),
        [iso(starts[3]!), 'Book club (at Ada’s)', null],
        afterTheirs[4]!,
      ]
      expect(await atProvider(provider, remote.externalId)).toEqual(afterOurs)
      await sync()
      expect(await inOurApi([master.id])).toEqual(afterOurs)
      expect(await listedOccurrences()).toEqual(afterOurs)
      expect(await mastersNamed()).toHaveLength(1)
      expect(await atProvider(provider, remote.externalId)).toEqual(afterOurs)

      // Cancelled there: that occurrence goes here.
      await remote.cancel(starts[4]!)
      await sync()
      const afterCancel = afterOurs.slice(0, 4)
      expect(await inOurApi([master.id])).toEqual(afterCancel)
      expect((await client.live('GET', `/v1/events/${occurrenceIdOf(master.id, starts[4]!)}`)).status).toBe(404)
      await sync()
      expect(await listedOccurrences()).toEqual(afterCancel)
      expect(await mastersNamed()).toHaveLength(1)
      expect(await atProvider(provider, remote.externalId)).toEqual(afterCancel)
      if (provider === 'microsoft') {
        // At Graph: the one series, its two changed occurrences as exceptions, and no event of ours beside them.
        const { email, calendarId } = users.microsoft
        const held = graph
          .eventsOf(email, calendarId)
          .filter((event) => event.subject.startsWith('Book club'))
          .map((event) => [event.id, graph.seriesOf(email, event.id)?.seriesMasterId ?? null])
        expect(held.filter(([, series]) => series === null).map(([id]) => id)).toEqual([remote.externalId])
        expect(held.filter(([, series]) => series === remote.externalId)).toHaveLength(2)
      }
    })

  it('google: a single event that becomes a series there, with an occurrence changed in the same batch, is that series here, exception and all', async () => {
    const { email, calendarId, userId } = users.google
    const id = `standup${Date.now()}`
    const first = DateTime.now().setZone(ZONE).plus({ days: 24 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 })
    const [connection] = (await client.live('GET', `/v1/connections?user_id=${userId}`)).body.data
    const sync = () => syncOnce(connection.id)
    google.putEvent(email, calendarId, {
      id,
      summary: 'Standup',
      start: googleTime(first.toJSDate()),
      end: googleTime(first.plus({ hours: 1 }).toJSDate()),
    })
    await sync()
    const single = (await client.live('GET', `/v1/events?user_id=${userId}&limit=100`)).body.data.filter(
      (event: { external_id?: string }) => event.external_id === id,
    )
    expect(single.map((event: { recurrence?: unknown }) => event.recurrence ?? null)).toEqual([null])

    // One batch: the changed instance listed before its series (Google lists in no promised order).
    const second = first.plus({ days: 1 })
    const moved = second.plus({ hours: 2 }).toJSDate()
    google.putEvent(email, calendarId, {
      id: `${id}_${second.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")}`,
      summary: 'Standup (moved)',
      start: googleTime(moved),
      end: googleTime(new Date(moved.getTime() + HOUR)),
      recurringEventId: id,
      originalStartTime: googleTime(second.toJSDate()),
    })
    google.putEvent(email, calendarId, {
      id,
      summary: 'Standup',
      start: googleTime(first.toJSDate()),
      end: googleTime(first.plus({ hours: 1 }).toJSDate()),
      recurrence: ['RRULE:FREQ=DAILY;COUNT=4'],
    })
    await sync()
    const master = await client.live('GET', `/v1/events/${single[0].id}`)
    expect(master.body.recurrence).toEqual(['RRULE:FREQ=DAILY;COUNT=4'])
    const instances = await client.live(
      'GET',
      `/v1/events/${single[0].id}/instances?from=${iso(first.minus({ days: 1 }).toJSDate())}&to=${iso(first.plus({ days: 5 }).toJSDate())}`,
    )
    expect(
      instances.body.data.map((event: { title: string; start_time: string }) => [event.start_time, event.title]),
    ).toEqual([
      [iso(first.toJSDate()), 'Standup'],
      [iso(moved), 'Standup (moved)'],
      [iso(first.plus({ days: 2 }).toJSDate()), 'Standup'],
      [iso(first.plus({ days: 3 }).toJSDate()), 'Standup'],
    ])
    // The next sync finds nothing to do twice: one series, its exception once.
    await sync()
    const again = await client.live(
      'GET',
      `/v1/events/${single[0].id}/instances?from=${iso(first.minus({ days: 1 }).toJSDate())}&to=${iso(first.plus({ days: 5 }).toJSDate())}`,
    )
    expect(again.body.data).toEqual(instances.body.data)
  })
})
