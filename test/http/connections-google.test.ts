import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SystemClock } from '../../adapters/clock/system/system-clock.js'
import { type FakeGoogleEvent, GoogleCalendarFake } from '../support/fakes/google-calendar-fake.js'
import { clients, startTestService, type TestService } from '../support/service.js'

let fake: GoogleCalendarFake
let test: TestService
let client: ReturnType<typeof clients>
const PUBLIC = 'https://api.example.test'
const RETURN_URL = 'https://app.example.com/connected'

beforeAll(async () => {
  fake = await GoogleCalendarFake.start()
  test = await startTestService({
    WORKER: 'false',
    // A public https address: Google pushes only there (the fake records the channel; the test plays Google's push).
    PUBLIC_BASE_URL: PUBLIC,
    GOOGLE_CLIENT_ID: GoogleCalendarFake.clientId,
    GOOGLE_CLIENT_SECRET: GoogleCalendarFake.clientSecret,
    GOOGLE_ACCOUNTS_URL: fake.baseUrl,
    GOOGLE_OAUTH_URL: fake.baseUrl,
    GOOGLE_API_URL: fake.baseUrl,
  })
  client = clients(test)
})
afterAll(async () => {
  await test.stop()
  await fake.close()
})

const syncJob = () => test.service.application.surfaces.live.backgroundJobs.find((job) => job.name === 'calendar-sync')!

/** Plays the user at Google's consent screen, then the browser coming back to our callback. */
const connect = async (email: string) => {
  const user = await client.live('POST', '/v1/users', { body: { email } })
  const started = await client.live('POST', '/v1/connections/start', {
    body: { provider: 'google', user_id: user.body.id, return_url: RETURN_URL },
  })
  const consentUrl = new URL(started.body.redirect_url)
  const code = fake.consent({
    email,
    codeChallenge: consentUrl.searchParams.get('code_challenge')!,
    redirectUri: consentUrl.searchParams.get('redirect_uri')!,
  })
  const callback = new URL(consentUrl.searchParams.get('redirect_uri')!)
  const back = await fetch(
    `${test.live}${callback.pathname}?code=${encodeURIComponent(code)}&state=${started.body.state}`,
    { redirect: 'manual' },
  )
  const returned = new URL(back.headers.get('location')!)
  return { userId: user.body.id as string, connectionId: returned.searchParams.get('connection_id')!, consentUrl }
}

describe('Production with Google Calendar configured (against a local fake of Google)', () => {
  it('sends the user to Google consent, exchanges the code at our callback, subscribes to push and syncs', async () => {
    fake.putEvent('ada@example.com', 'ada@example.com', {
      id: 'kickoff',
      summary: 'Kickoff',
      location: 'Alexanderplatz 1, Berlin',
      start: { dateTime: new Date(Date.now() + 48 * 3_600_000).toISOString() },
      end: { dateTime: new Date(Date.now() + 49 * 3_600_000).toISOString() },
    })
    const { connectionId, userId, consentUrl } = await connect('ada@example.com')
    expect(consentUrl.origin).toBe(fake.baseUrl)
    expect(consentUrl.searchParams.get('redirect_uri')).toBe(`${PUBLIC}/v1/connections/oauth/callback`)
    const connection = await client.live('GET', `/v1/connections/${connectionId}?expand[]=calendars`)
    expect(connection.body).toMatchObject({
      provider: 'google',
      status: 'active',
      email: 'ada@example.com',
      sync_mode: 'realtime',
      livemode: true,
    })
    expect(connection.body.calendars.map((calendar: { name: string }) => calendar.name)).toEqual([
      'ada@example.com',
      'Team',
      'Holidays in United States',
    ])
    expect([...fake.channels.values()].map((channel) => channel.address)).toContain(
      `${PUBLIC}/v1/connections/push/google`,
    )
    const events = (await client.live('GET', `/v1/events?user_id=${userId}`)).body.data
    expect(events.map((event: { title: string; external_id: string }) => [event.title, event.external_id])).toEqual([
      ['Kickoff', 'kickoff'],
    ])
  })

  it('a verified Google push makes the connection sync; a forged one is refused', async () => {
    const { connectionId, userId } = await connect('grace@example.com')
    const [channelId, channel] = [...fake.channels.entries()].find(
      ([, candidate]) => candidate.calendarId === 'grace@example.com',
    )!
    fake.putEvent('grace@example.com', 'grace@example.com', {
      id: 'pushed',
      summary: 'Pushed',
      start: { dateTime: new Date(Date.now() + 24 * 3_600_000).toISOString() },
      end: { dateTime: new Date(Date.now() + 25 * 3_600_000).toISOString() },
    })
    const push = (token: string) =>
      fetch(`${test.live}/v1/connections/push/google`, {
        method: 'POST',
        headers: {
          'x-goog-channel-id': channelId,
          'x-goog-channel-token': token,
          'x-goog-resource-id': channel.resourceId,
          'x-goog-resource-state': 'exists',
          'x-goog-message-number': '2',
        },
      })
    expect((await push('forged')).status).toBe(404)
    expect((await push(channel.token)).status).toBe(200)
    expect(await syncJob().run({ accountId: null, clock: new SystemClock() })).toBeGreaterThanOrEqual(1)
    const events = (await client.live('GET', `/v1/events?user_id=${userId}`)).body.data
    expect(events.map((event: { external_id: string }) => event.external_id)).toContain('pushed')
    expect((await client.live('GET', `/v1/connections/${connectionId}`)).body.status).toBe('active')
  })

  it('an event marked free and a declined invitation are not busy; a tentative answer is busy only where asked or slots are sought', async () => {
    const email = 'margaret@example.com'
    const day = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 3)
    const at = (hours: number) => new Date(day + hours * 3_600_000).toISOString()
    const invited = (responseStatus: string) => [
      { email: 'organizer@example.org', organizer: true, responseStatus: 'accepted' },
      { email, self: true, responseStatus },
    ]
    const put = (id: string, from: number, extra: Partial<FakeGoogleEvent>) =>
      fake.putEvent(email, email, {
        id,
        summary: id,
        start: { dateTime: at(from) },
        end: { dateTime: at(from + 1) },
        ...extra,
      })
    put('busy', 9, {})
    put('marked-free', 10, { transparency: 'transparent' })
    put('declined', 11, { attendees: invited('declined') })
    put('tentative', 12, { attendees: invited('tentative') })
    put('unanswered', 13, { attendees: invited('needsAction') })
    const { userId } = await connect(email)
    const query = async (includeTentative: boolean | undefined) =>
      (
        await client.live('POST', '/v1/freebusy/query', {
          body: {
            participants: [userId],
            from: at(0),
            to: at(24),
            ...(includeTentative === undefined ? {} : { include_tentative: includeTentative }),
          },
        })
      ).body.participants[userId].busy
    const span = (start: number, end: number) => ({ start: at(start), end: at(end) })
    expect(await query(undefined)).toEqual([span(9, 10), span(13, 14)])
    expect(await query(true)).toEqual([span(9, 10), span(12, 14)])
    const slots = await client.live('POST', '/v1/freebusy/find_slots', {
      body: { participants: [userId], duration_minutes: 120, earliest_start: at(9), latest_end: at(14), limit: 25 },
    })
    expect(slots.status).toBe(200)
    expect(slots.body.data.map((slot: { start: string; end: string }) => [slot.start, slot.end])).toEqual([
      [at(10), at(12)],
    ])
  })

  it('DELETE revokes at Google and stops the channels', async () => {
    const { connectionId } = await connect('katherine@example.com')
    expect([...fake.channels.values()].some((channel) => channel.calendarId === 'katherine@example.com')).toBe(true)
    expect((await client.live('DELETE', `/v1/connections/${connectionId}`)).body.status).toBe('disconnected')
    expect([...fake.channels.values()].some((channel) => channel.calendarId === 'katherine@example.com')).toBe(false)
    expect(fake.requests.some((request) => request.path === '/revoke')).toBe(true)
  })
})
