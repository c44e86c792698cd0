import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SystemClock } from '../../adapters/clock/system/system-clock.js'
import { MicrosoftGraphFake } from '../support/fakes/microsoft-graph-fake.js'
import { clients, startTestService, type TestService } from '../support/service.js'

let fake: MicrosoftGraphFake
let test: TestService
let client: ReturnType<typeof clients>
const PUBLIC = 'https://api.example.test'

beforeAll(async () => {
  fake = await MicrosoftGraphFake.start()
  test = await startTestService({
    WORKER: 'false',
    PUBLIC_BASE_URL: PUBLIC,
    MICROSOFT_CLIENT_ID: MicrosoftGraphFake.clientId,
    MICROSOFT_CLIENT_SECRET: MicrosoftGraphFake.clientSecret,
    MICROSOFT_AUTHORITY_URL: fake.authorityUrl,
    MICROSOFT_GRAPH_URL: fake.baseUrl,
  })
  // Graph posts to the public address; here it reaches the service's loopback port instead.
  fake.notificationTarget = test.live
  client = clients(test)
})
afterAll(async () => {
  await test.stop()
  await fake.close()
})

const syncJob = () => test.service.application.surfaces.live.backgroundJobs.find((job) => job.name === 'calendar-sync')!
const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000)

describe('Production with Microsoft Graph configured (against a local fake of Graph)', () => {
  it('consent, validation handshake, subscription, notification with clientState, delta sync', async () => {
    const email = 'megan@contoso.com'
    const user = await client.live('POST', '/v1/users', { body: { email } })
    const started = await client.live('POST', '/v1/connections/start', {
      body: { provider: 'microsoft', user_id: user.body.id, return_url: 'https://app.example.com/done' },
    })
    const consentUrl = new URL(started.body.redirect_url)
    expect(consentUrl.pathname).toBe('/common/oauth2/v2.0/authorize')
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
    const connection = await client.live('GET', `/v1/connections/${connectionId}`)
    // The subscriptions exist only because our endpoint echoed Graph's validation token.
    expect(connection.body).toMatchObject({ provider: 'microsoft', status: 'active', email, sync_mode: 'realtime' })
    expect(fake.subscriptions.size).toBe(2)

    await fake.putEvent(email, `AAMkCal-${email}-default`, {
      id: 'AAMk-review',
      subject: 'Quarterly review',
      start: soon(26),
      end: soon(27),
      location: 'Unter den Linden 1, Berlin',
    })
    expect(await syncJob().run({ accountId: null, clock: new SystemClock() })).toBeGreaterThanOrEqual(1)
    const events = (await client.live('GET', `/v1/events?user_id=${user.body.id}`)).body.data
    expect(events.map((event: { title: string; external_id: string }) => [event.title, event.external_id])).toEqual([
      ['Quarterly review', 'AAMk-review'],
    ])
  })

  it('answers the validation handshake and refuses a notification with the wrong clientState', async () => {
    const echo = await fetch(
      `${test.live}/v1/connections/push/microsoft?validationToken=${encodeURIComponent('Validation: abc 123')}`,
      { method: 'POST', headers: { 'content-type': 'text/plain' } },
    )
    expect(echo.status).toBe(200)
    expect(echo.headers.get('content-type')).toContain('text/plain')
    expect(await echo.text()).toBe('Validation: abc 123')
    const [subscription] = [...fake.subscriptions.values()]
    const channel = new URL(subscription!.notificationUrl).searchParams.get('channel')!
    const before = await syncJob().nextDueAt({ accountId: null, clock: new SystemClock() }, new Date(0))
    const forged = await fetch(`${test.live}/v1/connections/push/microsoft?channel=${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        value: [{ subscriptionId: subscription!.id, clientState: 'guess', changeType: 'updated' }],
      }),
    })
    expect(forged.status).toBe(202)
    expect(await syncJob().nextDueAt({ accountId: null, clock: new SystemClock() }, new Date(0))).toEqual(before)
  })

  it('a lifecycle notice (missed) with the right clientState is taken (202) and the next sync lists the calendar in full', async () => {
    const email = 'lifecycle@contoso.com'
    const user = await client.live('POST', '/v1/users', { body: { email } })
    const started = await client.live('POST', '/v1/connections/start', {
      body: { provider: 'microsoft', user_id: user.body.id, return_url: 'https://app.example.com/done' },
    })
    const consentUrl = new URL(started.body.redirect_url)
    const code = fake.consent({
      email,
      codeChallenge: consentUrl.searchParams.get('code_challenge')!,
      redirectUri: consentUrl.searchParams.get('redirect_uri')!,
    })
    await fetch(
      `${test.live}/v1/connections/oauth/callback?code=${encodeURIComponent(code)}&state=${started.body.state}`,
      {
        redirect: 'manual',
      },
    )
    const subscription = [...fake.subscriptions.values()].find(
      (candidate) => candidate.email === email && candidate.calendarId === `AAMkCal-${email}-default`,
    )!
    const channel = new URL(subscription.notificationUrl).searchParams.get('channel')!
    const notice = (clientState: string) =>
      fetch(`${test.live}/v1/connections/push/microsoft?channel=${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          value: [{ subscriptionId: subscription.id, clientState, lifecycleEvent: 'missed', resource: 'x' }],
        }),
      })
    expect((await notice(subscription.clientState)).status).toBe(202)
    const before = fake.requests.length
    await syncJob().run({ accountId: null, clock: new SystemClock() })
    const listing = fake.requests
      .slice(before)
      .filter((request) => request.path.includes(encodeURIComponent(`AAMkCal-${email}-default`)))
    expect(listing.length).toBeGreaterThan(0)
    expect(listing.every((request) => request.query.get('$deltatoken') === null)).toBe(true)
  })
})
