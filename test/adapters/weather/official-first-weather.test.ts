import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MeteoAlarmWarningsAdapter } from '../../../adapters/weather/meteoalarm/meteoalarm-warnings.js'
import { NwsAlertsAdapter } from '../../../adapters/weather/nws/nws-alerts.js'
import { OfficialFirstWeather } from '../../../adapters/weather/official-first/official-first-weather.js'
import { OfflineWeatherAdapter } from '../../../adapters/weather/offline/offline-weather.js'
import { OpenMeteoWeatherAdapter } from '../../../adapters/weather/open-meteo/open-meteo-weather.js'
import { expectOk } from '../../../core/shared/result.js'
import { weatherPortContract } from '../../contracts/weather.contract.js'
import type { FakeHttpServer } from '../../support/fakes/fake-http-server.js'
import { type FakeMeteoAlarmWarning, startMeteoAlarmFake } from '../../support/fakes/meteoalarm-fake.js'
import { type FakeNwsAlert, startNwsFake } from '../../support/fakes/nws-alerts-fake.js'
import { type FakeHourlyWeather, mildWeather, startOpenMeteoFake } from '../../support/fakes/open-meteo-fake.js'
import { fastResilience } from '../../support/fast-resilience.js'

const box = (lat: number, lng: number) => [
  { lat: lat - 0.3, lng: lng - 0.4 },
  { lat: lat - 0.3, lng: lng + 0.4 },
  { lat: lat + 0.3, lng: lng + 0.4 },
  { lat: lat + 0.3, lng: lng - 0.4 },
  { lat: lat - 0.3, lng: lng - 0.4 },
]
const berlin = { lat: 52.52, lng: 13.405 }
const denver = { lat: 39.7392, lng: -104.9903 }
const tokyo = { lat: 35.68, lng: 139.69 }
// The test clock stands at 2026-06-02T08:00Z.
const at = new Date('2026-06-02T14:00:00Z')
const storm: FakeMeteoAlarmWarning = {
  title: 'Red Wind Warning issued for Germany - Berlin',
  event: 'Very severe gusts',
  severity: 'Extreme',
  onset: '2026-06-02T12:00:00+00:00',
  expires: '2026-06-02T20:00:00+00:00',
  area: box(berlin.lat, berlin.lng),
}
const flood: FakeNwsAlert = {
  event: 'Flash Flood Warning',
  severity: 'Severe',
  headline: 'Flash Flood Warning until 6:00 PM MDT',
  onset: '2026-06-02T12:00:00+00:00',
  ends: '2026-06-03T00:00:00+00:00',
  expires: '2026-06-03T00:00:00+00:00',
  area: box(denver.lat, denver.lng),
}

describe('official warnings first, forecast thresholds as the fallback', () => {
  let forecastWeather: FakeHourlyWeather
  let nwsAlerts: FakeNwsAlert[]
  let meteoAlarm: FakeMeteoAlarmWarning[]
  let servers: FakeHttpServer[]
  let port: OfficialFirstWeather
  beforeEach(async () => {
    forecastWeather = { ...mildWeather, weather_code: 96, precipitation: 9 }
    nwsAlerts = [flood]
    meteoAlarm = [storm]
    const openMeteo = await startOpenMeteoFake(() => forecastWeather)
    const nws = await startNwsFake(() => nwsAlerts)
    const meteo = await startMeteoAlarmFake(() => ({ germany: meteoAlarm }))
    servers = [openMeteo, nws, meteo]
    const options = (baseUrl: string) =>
      fastResilience(baseUrl, { timeoutMs: 5_000, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).options
    port = new OfficialFirstWeather({
      forecast: new OpenMeteoWeatherAdapter(options(openMeteo.baseUrl)),
      official: [new NwsAlertsAdapter(options(nws.baseUrl))],
      partial: [new MeteoAlarmWarningsAdapter({ ...options(meteo.baseUrl), countries: ['germany'] })],
    })
  })
  afterEach(async () => {
    for (const server of servers) await server.close()
  })

  it('an official warning for the place and time replaces the threshold ones, with the forecast kept', async () => {
    const report = expectOk(await port.forecastAt(denver, at))
    expect(report?.forecast?.condition).toBe('thunderstorm')
    expect(report?.warnings).toEqual([
      expect.objectContaining({ source: 'official', kind: 'flood', severity: 'severe', event: 'Flash Flood Warning' }),
    ])
  })

  it("MeteoAlarm's warning for the place leads, the threshold ones stay beside it: it cannot place every warning", async () => {
    const report = expectOk(await port.forecastAt(berlin, at))
    expect(report?.forecast?.condition).toBe('thunderstorm')
    expect(report?.warnings[0]).toMatchObject({ source: 'official', kind: 'wind', severity: 'extreme' })
    expect(report?.warnings.slice(1).length).toBeGreaterThan(0)
    expect(report?.warnings.slice(1).every((warning) => warning.source === 'forecast_threshold')).toBe(true)
  })

  it('a MeteoAlarm warning named by geocode only is never applied, and its silence is no all-clear', async () => {
    // Extreme, valid now, but its area is an EMMA_ID / NUTS code we cannot place: Berlin may or may not be in it.
    meteoAlarm = [{ ...storm, area: null }]
    const report = expectOk(await port.forecastAt(berlin, at))
    expect(report?.warnings.length).toBeGreaterThan(0)
    expect(report?.warnings.every((warning) => warning.source === 'forecast_threshold')).toBe(true)
    expect(report?.warnings.some((warning) => warning.event === storm.event)).toBe(false)
  })

  it('the NWS covering the place with no warning is the authority: no threshold warnings', async () => {
    nwsAlerts = []
    const report = expectOk(await port.forecastAt(denver, at))
    expect(report?.forecast).not.toBeNull()
    expect(report?.warnings).toEqual([])
  })

  it('where no official service knows the place, the threshold warnings stay and say so', async () => {
    const report = expectOk(await port.forecastAt(tokyo, at))
    expect(report?.warnings.length).toBeGreaterThan(0)
    expect(report?.warnings.every((warning) => warning.source === 'forecast_threshold')).toBe(true)
  })

  it('an official service down: the threshold warnings, marked as such', async () => {
    servers[2]!.replyNext({ status: 503, rawBody: 'unavailable' })
    const report = expectOk(await port.forecastAt(berlin, at))
    expect(report?.warnings.map((warning) => warning.source)).toContain('forecast_threshold')
    expect(report?.warnings.some((warning) => warning.source === 'official')).toBe(false)
  })

  it('the forecast down but an official warning issued: the warning, without a forecast', async () => {
    servers[0]!.replyNext({ status: 500, body: { error: true, reason: 'boom' } })
    const report = expectOk(await port.forecastAt(denver, at))
    expect(report).toMatchObject({ forecast: null, warnings: [{ source: 'official', kind: 'flood' }] })
  })
})

weatherPortContract('official warnings over the offline weather', async () => {
  const nws = await startNwsFake(() => [flood])
  const { options, clock } = fastResilience(nws.baseUrl)
  return {
    port: new OfficialFirstWeather({
      forecast: new OfflineWeatherAdapter(),
      official: [new NwsAlertsAdapter(options)],
    }),
    now: new Date(clock.ms),
    warningPlace: denver,
    teardown: () => nws.close(),
  }
})
