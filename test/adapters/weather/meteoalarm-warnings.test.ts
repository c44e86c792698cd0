import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MeteoAlarmWarningsAdapter } from '../../../adapters/weather/meteoalarm/meteoalarm-warnings.js'
import { expectOk } from '../../../core/shared/result.js'
import { weatherPortContract } from '../../contracts/weather.contract.js'
import type { FakeHttpServer } from '../../support/fakes/fake-http-server.js'
import { type FakeMeteoAlarmWarning, startMeteoAlarmFake } from '../../support/fakes/meteoalarm-fake.js'
import { fastResilience } from '../../support/fast-resilience.js'

// Around Berlin; the test clock stands at 2026-06-02T08:00Z.
const berlinBox = [
  { lat: 52.3, lng: 13.0 },
  { lat: 52.3, lng: 13.8 },
  { lat: 52.7, lng: 13.8 },
  { lat: 52.7, lng: 13.0 },
  { lat: 52.3, lng: 13.0 },
]
const berlin = { lat: 52.52, lng: 13.405 }
const thunder: FakeMeteoAlarmWarning = {
  title: 'Orange Thunderstorm Warning issued for Germany - Berlin',
  event: 'Severe thunderstorms with heavy rain & hail',
  severity: 'Severe',
  onset: '2026-06-02T12:00:00+00:00',
  expires: '2026-06-02T20:00:00+00:00',
  area: berlinBox,
}

weatherPortContract('MeteoAlarm adapter', async () => {
  const server = await startMeteoAlarmFake(() => ({ germany: [thunder] }))
  const { options, clock } = fastResilience(server.baseUrl)
  return {
    port: new MeteoAlarmWarningsAdapter({ ...options, countries: ['germany'] }),
    now: new Date(clock.ms),
    warningPlace: berlin,
    teardown: () => server.close(),
  }
})

describe('MeteoAlarm adapter', () => {
  let feeds: Record<string, FakeMeteoAlarmWarning[]>
  let server: FakeHttpServer
  beforeEach(async () => {
    feeds = { germany: [thunder], austria: [] }
    server = await startMeteoAlarmFake(() => feeds)
  })
  afterEach(async () => {
    await server.close()
  })
  const adapter = (countries = ['germany']) =>
    new MeteoAlarmWarningsAdapter({ ...fastResilience(server.baseUrl).options, countries })

  it('reads each configured country feed and gives the warning whose area and validity hold place and time', async () => {
    const report = expectOk(await adapter(['austria', 'germany']).forecastAt(berlin, new Date('2026-06-02T14:00:00Z')))
    expect(server.requests.map((request) => request.url.pathname)).toEqual([
      '/feeds/meteoalarm-legacy-atom-austria',
      '/feeds/meteoalarm-legacy-atom-germany',
    ])
    expect(report).toEqual({
      forecast: null,
      warnings: [
        {
          kind: 'thunderstorm',
          severity: 'severe',
          description: thunder.title,
          source: 'official',
          event: 'Severe thunderstorms with heavy rain & hail',
          headline: thunder.title,
          issuer: 'Deutscher Wetterdienst',
          onset: new Date('2026-06-02T12:00:00Z'),
          ends: new Date('2026-06-02T20:00:00Z'),
        },
      ],
    })
  })

  it('nothing found is null (not "all clear"): outside the area, outside the validity, cancelled, geocode only', async () => {
    feeds.germany = [
      { ...thunder, messageType: 'Cancel' },
      { ...thunder, area: null },
    ]
    expect(expectOk(await adapter().forecastAt(berlin, new Date('2026-06-02T14:00:00Z')))).toBeNull()
    feeds.germany = [thunder]
    expect(
      expectOk(await adapter().forecastAt({ lat: 48.14, lng: 11.58 }, new Date('2026-06-02T14:00:00Z'))),
    ).toBeNull()
    expect(expectOk(await adapter().forecastAt(berlin, new Date('2026-06-02T21:00:00Z')))).toBeNull()
  })

  it('beyond its horizon it answers null without a call', async () => {
    expect(expectOk(await adapter().forecastAt(berlin, new Date('2026-06-12T14:00:00Z')))).toBeNull()
    expect(server.requests).toHaveLength(0)
  })

  it('an unknown country feed (404) is a bad request; something else than a feed is a bad response', async () => {
    const missing = await adapter(['atlantis']).forecastAt(berlin, new Date('2026-06-02T14:00:00Z'))
    expect(missing.ok ? null : missing.error).toMatchObject({ reason: 'bad_request' })
    server.replyNext({ status: 200, rawBody: '<html>maintenance</html>' })
    const html = await adapter().forecastAt(berlin, new Date('2026-06-02T15:00:00Z'))
    expect(html.ok ? null : html.error).toMatchObject({ reason: 'bad_response' })
  })

  it('retries 5xx; 429 with Retry-After is honoured, then rate_limited', async () => {
    server.replyNext({ status: 502, rawBody: 'Bad Gateway' })
    expect((await adapter().forecastAt(berlin, new Date('2026-06-02T14:00:00Z'))).ok).toBe(true)
    const { options, sleeps } = fastResilience(server.baseUrl)
    const tooMany = { status: 429, rawBody: 'Too Many Requests', headers: { 'retry-after': '0.2' } }
    server.replyNext(tooMany, tooMany, tooMany)
    const result = await new MeteoAlarmWarningsAdapter({ ...options, countries: ['germany'] }).forecastAt(
      berlin,
      new Date('2026-06-02T16:00:00Z'),
    )
    expect(result.ok ? null : result.error).toMatchObject({ reason: 'rate_limited' })
    expect(sleeps).toEqual([200, 200])
  })
})
