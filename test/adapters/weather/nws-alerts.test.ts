import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NwsAlertsAdapter } from '../../../adapters/weather/nws/nws-alerts.js'
import { expectOk } from '../../../core/shared/result.js'
import { weatherPortContract } from '../../contracts/weather.contract.js'
import type { FakeHttpServer } from '../../support/fakes/fake-http-server.js'
import { type FakeNwsAlert, startNwsFake } from '../../support/fakes/nws-alerts-fake.js'
import { fastResilience } from '../../support/fast-resilience.js'

// Around Denver; the test clock stands at 2026-06-02T08:00Z.
const denverBox = [
  { lat: 39.5, lng: -105.2 },
  { lat: 39.5, lng: -104.7 },
  { lat: 40, lng: -104.7 },
  { lat: 40, lng: -105.2 },
  { lat: 39.5, lng: -105.2 },
]
const denver = { lat: 39.7392, lng: -104.9903 }
const winterStorm: FakeNwsAlert = {
  event: 'Winter Storm Warning',
  severity: 'Severe',
  headline: 'Winter Storm Warning issued June 2 at 4:00AM MDT until June 3 at 6:00AM MDT by NWS Boulder CO',
  onset: '2026-06-02T12:00:00+00:00',
  ends: '2026-06-03T12:00:00+00:00',
  expires: '2026-06-02T20:00:00+00:00',
  area: denverBox,
}

weatherPortContract('NWS alerts adapter', async () => {
  const server = await startNwsFake(() => [winterStorm])
  const { options, clock } = fastResilience(server.baseUrl)
  return {
    port: new NwsAlertsAdapter(options),
    now: new Date(clock.ms),
    warningPlace: denver,
    teardown: () => server.close(),
  }
})

describe('NWS alerts adapter', () => {
  let alerts: FakeNwsAlert[]
  let server: FakeHttpServer
  beforeEach(async () => {
    alerts = [winterStorm]
    server = await startNwsFake(() => alerts)
  })
  afterEach(async () => {
    await server.close()
  })
  const adapter = () => new NwsAlertsAdapter(fastResilience(server.baseUrl).options)

  it('asks /alerts/active for the point (4 decimals) with its User-Agent and GeoJSON accepted', async () => {
    await adapter().forecastAt(denver, new Date('2026-06-02T14:00:00Z'))
    const request = server.requests[0]!
    expect(request.url.pathname).toBe('/alerts/active')
    expect(request.url.searchParams.get('point')).toBe('39.7392,-104.9903')
    expect(request.headers.accept).toBe('application/geo+json')
    expect(request.headers['user-agent']).toMatch(/tests/)
  })

  it('gives the alert covering the arrival time: official, its event, headline, severity, onset and end', async () => {
    const report = expectOk(await adapter().forecastAt(denver, new Date('2026-06-02T14:00:00Z')))
    expect(report).toEqual({
      forecast: null,
      warnings: [
        {
          kind: 'snow',
          severity: 'severe',
          description: winterStorm.headline,
          source: 'official',
          event: 'Winter Storm Warning',
          headline: winterStorm.headline,
          issuer: 'NWS Fake Office',
          onset: new Date('2026-06-02T12:00:00Z'),
          ends: new Date('2026-06-03T12:00:00Z'),
        },
      ],
    })
  })

  it('leaves out alerts whose hazard has not begun or is over at the arrival time, tests and cancellations', async () => {
    alerts.push(
      { ...winterStorm, event: 'Test Message', status: 'Test' },
      { ...winterStorm, event: 'Wind Advisory', messageType: 'Cancel' },
    )
    expect(expectOk(await adapter().forecastAt(denver, new Date('2026-06-02T10:00:00Z')))?.warnings).toEqual([])
    expect(expectOk(await adapter().forecastAt(denver, new Date('2026-06-03T13:00:00Z')))?.warnings).toEqual([])
    expect(expectOk(await adapter().forecastAt(denver, new Date('2026-06-02T14:00:00Z')))?.warnings).toHaveLength(1)
  })

  it('reads the end from expires when the alert has no ends, and orders the most severe first', async () => {
    alerts.push({
      ...winterStorm,
      event: 'Tornado Warning',
      severity: 'Extreme',
      headline: null,
      ends: null,
      onset: null,
    })
    const report = expectOk(await adapter().forecastAt(denver, new Date('2026-06-02T14:00:00Z')))
    expect(report?.warnings.map((warning) => [warning.kind, warning.severity, warning.ends?.toISOString()])).toEqual([
      ['tornado', 'extreme', '2026-06-02T20:00:00.000Z'],
      ['snow', 'severe', '2026-06-03T12:00:00.000Z'],
    ])
  })

  it('knows nothing outside the United States or beyond its horizon: null, without a call', async () => {
    expect(expectOk(await adapter().forecastAt({ lat: 52.52, lng: 13.4 }, new Date('2026-06-02T14:00:00Z')))).toBeNull()
    expect(expectOk(await adapter().forecastAt(denver, new Date('2026-06-09T14:00:00Z')))).toBeNull()
    expect(server.requests).toHaveLength(0)
  })

  it('a 400 problem is a bad request; 5xx retried; a slow answer times out', async () => {
    server.replyNext({
      status: 400,
      body: { title: 'Bad Request', status: 400, detail: 'Parameter "point" is invalid' },
    })
    const refused = await adapter().forecastAt(denver, new Date('2026-06-02T14:00:00Z'))
    expect(refused.ok ? null : refused.error).toMatchObject({
      reason: 'bad_request',
      detail: expect.stringMatching(/point/),
    })
    server.replyNext({ status: 503, rawBody: 'unavailable' })
    expect((await adapter().forecastAt(denver, new Date('2026-06-02T15:00:00Z'))).ok).toBe(true)
    server.replyNext({ status: 200, body: {}, delayMs: 1_000 })
    const slow = await new NwsAlertsAdapter(
      fastResilience(server.baseUrl, { timeoutMs: 50, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } })
        .options,
    ).forecastAt(denver, new Date('2026-06-02T16:00:00Z'))
    expect(slow.ok ? null : slow.error).toMatchObject({ reason: 'timeout' })
  })
})
