import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RadicaleServer } from '../support/fakes/radicale-server.js'
import { hiddenFields, PROTECTED, pageProtections } from '../support/hosted-page.js'
import { clients, startTestService, type TestService } from '../support/service.js'

let radicale: RadicaleServer
let test: TestService
let client: ReturnType<typeof clients>
const PUBLIC = 'https://api.example.test'
const PASSWORD = 'wxyz-abcd-efgh-ijkl'

beforeAll(async () => {
  radicale = await RadicaleServer.start()
  await radicale.addUser('tim@icloud.example', PASSWORD)
  test = await startTestService({ WORKER: 'false', PUBLIC_BASE_URL: PUBLIC, ICLOUD_CALDAV_URL: radicale.url })
  client = clients(test)
})
afterAll(async () => {
  await test.stop()
  await radicale.stop()
})

const submit = (fields: Record<string, string>) =>
  fetch(`${test.live}/v1/connections/icloud/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
const syncJob = () => test.service.application.surfaces.live.backgroundJobs.find((job) => job.name === 'calendar-sync')!

describe('Production with iCloud (beta) configured, against Radicale', () => {
  it('the app-specific-password pages are never framed, sniffed, cached or referred', async () => {
    const user = await client.live('POST', '/v1/users', { body: { email: 'framed@icloud.example' } })
    const started = await client.live('POST', '/v1/connections/start', {
      body: { provider: 'icloud', user_id: user.body.id, return_url: 'https://app.example.com/done' },
    })
    const signInUrl = new URL(started.body.redirect_url)
    const form = await fetch(`${test.live}${signInUrl.pathname}${signInUrl.search}`)
    const fields = hiddenFields(await form.text())
    const pages = {
      form,
      refused: await submit({ ...fields, email: 'framed@icloud.example', password: 'not-it', decision: 'allow' }),
      invalidPage: await fetch(`${test.live}${signInUrl.pathname}?state=nope`),
      invalidPost: await submit({ ...fields, state: 'nope' }),
    }
    expect(Object.fromEntries(Object.entries(pages).map(([name, response]) => [name, response.status]))).toEqual({
      form: 200,
      refused: 400,
      invalidPage: 400,
      invalidPost: 400,
    })
    for (const [name, response] of Object.entries(pages)) {
      expect(response.headers.get('content-type'), name).toContain('text/html')
      expect(pageProtections(response), name).toEqual(PROTECTED)
    }
  })

  it('hosted app-specific-password page -> callback -> return_url; calendars listed, polling, events synced both ways', async () => {
    const user = await client.live('POST', '/v1/users', { body: { email: 'tim@icloud.example' } })
    const started = await client.live('POST', '/v1/connections/start', {
      body: { provider: 'icloud', user_id: user.body.id, return_url: 'https://app.example.com/done' },
    })
    const signInUrl = new URL(started.body.redirect_url)
    expect(`${signInUrl.origin}${signInUrl.pathname}`).toBe(`${PUBLIC}/v1/connections/icloud/authorize`)
    const pageResponse = await fetch(`${test.live}${signInUrl.pathname}${signInUrl.search}`)
    const html = await pageResponse.text()
    expect(pageResponse.status).toBe(200)
    expect(html).toContain('type="password"')
    expect(html).not.toMatch(/<script/i)
    const fields = hiddenFields(html)

    const refused = await submit({ ...fields, email: 'tim@icloud.example', password: 'not-it', decision: 'allow' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('did not accept')

    const accepted = await submit({ ...fields, email: 'tim@icloud.example', password: PASSWORD, decision: 'allow' })
    expect(accepted.status).toBe(302)
    const callback = new URL(accepted.headers.get('location')!)
    expect(callback.pathname).toBe('/v1/connections/oauth/callback')
    const back = await fetch(`${test.live}${callback.pathname}${callback.search}`, { redirect: 'manual' })
    const connectionId = new URL(back.headers.get('location')!).searchParams.get('connection_id')!
    const connection = await client.live('GET', `/v1/connections/${connectionId}?expand[]=calendars`)
    expect(connection.body).toMatchObject({
      provider: 'icloud',
      status: 'active',
      email: 'tim@icloud.example',
      sync_mode: 'polling',
      webhook_subscription: null,
      token_refresh: { failures_count: 0 },
    })
    expect(
      connection.body.calendars.map((calendar: { name: string; is_default: boolean }) => [
        calendar.name,
        calendar.is_default,
      ]),
    ).toEqual([
      ['Home', true],
      ['Work', false],
    ])

    // Inbound: an event written at the CalDAV server arrives at the next poll.
    const home = connection.body.calendars[0]
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 48 * 3_600_000)
    const stamp = (date: Date) =>
      date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//t//t//EN',
      'BEGIN:VEVENT',
      'UID:dinner-1',
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
      'SUMMARY:Dinner',
      'LOCATION:Rosenthaler Str. 1\\, Berlin',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n')
    const put = await fetch(`${home.external_id}dinner-1.ics`, {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from(`tim@icloud.example:${PASSWORD}`).toString('base64')}`,
        'content-type': 'text/calendar',
      },
      body: ics,
    })
    expect(put.status).toBe(201)
    const later = { now: () => new Date(Date.now() + 6 * 60_000) }
    expect(await syncJob().run({ accountId: null, clock: later })).toBeGreaterThanOrEqual(1)
    const events = (await client.live('GET', `/v1/events?user_id=${user.body.id}`)).body.data
    expect(
      events.map((event: { title: string; external_id: string; location: { address: string | null } | null }) => [
        event.title,
        event.external_id,
        event.location?.address,
      ]),
    ).toEqual([['Dinner', `${home.external_id}dinner-1.ics`, 'Rosenthaler Str. 1, Berlin']])

    // Outbound: an API event lands in the default calendar at the server.
    const created = await client.live('POST', '/v1/events', {
      body: {
        user_id: user.body.id,
        title: 'Dentist',
        start_time: new Date(start.getTime() + 86_400_000).toISOString(),
        end_time: new Date(start.getTime() + 86_400_000 + 1_800_000).toISOString(),
        timezone: 'Europe/Berlin',
      },
    })
    expect(created.body.mirror).toMatchObject({ status: 'synced', calendar_id: home.id })
    const atServer = await fetch(created.body.external_id, {
      headers: { authorization: `Basic ${Buffer.from(`tim@icloud.example:${PASSWORD}`).toString('base64')}` },
    })
    expect(atServer.status).toBe(200)
    expect(await atServer.text()).toContain('SUMMARY:Dentist')
  })

  it('a revoked app-specific password disconnects the connection at the next sync', async () => {
    const [connection] = (await client.live('GET', '/v1/connections?provider=icloud')).body.data
    radicale.revokePassword('tim@icloud.example')
    await syncJob().run({ accountId: null, clock: { now: () => new Date(Date.now() + 60 * 60_000) } })
    expect((await client.live('GET', `/v1/connections/${connection.id}`)).body).toMatchObject({
      status: 'disconnected',
      status_reason: 'revoked_by_provider',
    })
  })
})
