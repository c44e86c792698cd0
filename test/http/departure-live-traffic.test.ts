import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FakeHttpServer } from '../support/fakes/fake-http-server.js'
import { startNwsFake } from '../support/fakes/nws-alerts-fake.js'
import { startOsrmFake } from '../support/fakes/osrm-fake.js'
import { FAKE_TOMTOM_KEY, type FakeTrafficState, startTomTomFake } from '../support/fakes/tomtom-routing-fake.js'
import { clients, startTestService, type TestService } from '../support/service.js'

const HOUR = 3_600_000
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()
const trip = (arriveBy: string) => ({
  from_location: { lat: 52.5219, lng: 13.4132 },
  to_location: { lat: 52.4675, lng: 13.3252 },
  arrive_by: arriveBy,
})

describe('Production with a live-traffic provider configured (TomTom, against a local fake)', () => {
  let tomtom: FakeHttpServer
  let traffic: FakeTrafficState
  let test: TestService
  let client: ReturnType<typeof clients>
  beforeAll(async () => {
    traffic = { congestion: 1.6, incidents: [{ simpleCategory: 'JAM', delayInSeconds: 300, mainCauseCode: 2 }] }
    tomtom = await startTomTomFake(traffic)
    test = await startTestService({
      ROUTING: 'tomtom',
      TOMTOM_API_KEY: FAKE_TOMTOM_KEY,
      TOMTOM_URL: tomtom.baseUrl,
      PROVIDER_TIMEOUT_MS: '2000',
    })
    client = clients(test)
  })
  afterAll(async () => {
    await test.stop()
    await tomtom.close()
  })

  it('a departure reports live data, the traffic level from the provider, its incidents and a high confidence', async () => {
    const response = await client.live('POST', '/v1/departure/compute', { body: trip(at(HOUR)) })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      data_quality: 'live',
      traffic_level: 'heavy',
      confidence: 'high',
      traffic_incidents: [{ kind: 'accident', delay_minutes: 5, description: 'JAM' }],
    })
    expect(tomtom.requests.at(-1)?.url.searchParams.get('traffic')).toBe('true')
  })

  it('the sandbox keeps its offline estimator and never calls the provider', async () => {
    const before = tomtom.requests.length
    const response = await client.sandbox('POST', '/v1/departure/compute', { body: trip(at(HOUR)) })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ data_quality: 'estimate', confidence: 'low', traffic_incidents: [] })
    expect(tomtom.requests).toHaveLength(before)
  })

  it('with the provider down, the window still comes, from the offline estimate, and says so', async () => {
    tomtom.replyNext(...Array.from({ length: 3 }, () => ({ status: 503, rawBody: 'Service Unavailable' })))
    const response = await client.live('POST', '/v1/departure/compute', { body: trip(at(2 * HOUR)) })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ data_quality: 'estimate', confidence: 'low' })
  })
})

describe('Production with official weather warnings configured (the NWS, against a local fake)', () => {
  const denver = { lat: 39.7392, lng: -104.9903 }
  const area = [
    { lat: 39.5, lng: -105.2 },
    { lat: 39.5, lng: -104.7 },
    { lat: 40, lng: -104.7 },
    { lat: 40, lng: -105.2 },
    { lat: 39.5, lng: -105.2 },
  ]
  let nws: FakeHttpServer
  let test: TestService
  let client: ReturnType<typeof clients>
  beforeAll(async () => {
    nws = await startNwsFake(() => [
      {
        event: 'Winter Storm Warning',
        severity: 'Severe',
        headline: 'Winter Storm Warning until tomorrow morning',
        onset: at(-HOUR),
        ends: at(12 * HOUR),
        expires: at(6 * HOUR),
        area,
      },
    ])
    test = await startTestService({ WEATHER_WARNINGS: 'nws', NWS_URL: nws.baseUrl })
    client = clients(test)
  })
  afterAll(async () => {
    await test.stop()
    await nws.close()
  })

  it('a departure to a place under a warning carries it: official, event, headline, severity, validity', async () => {
    const response = await client.live('POST', '/v1/departure/compute', {
      body: { from_location: { lat: 39.68, lng: -104.94 }, to_location: denver, arrive_by: at(2 * HOUR) },
    })
    expect(response.status).toBe(200)
    expect(response.body.weather).toBeNull()
    expect(response.body.weather_warning).toMatchObject({
      kind: 'snow',
      severity: 'severe',
      source: 'official',
      event: 'Winter Storm Warning',
      headline: 'Winter Storm Warning until tomorrow morning',
      issuer: 'NWS Fake Office',
    })
    expect(Date.parse(response.body.weather_warning.ends)).toBeGreaterThan(Date.parse(at(2 * HOUR)))
  })

  it('after the warning ends, none; and the sandbox never asks', async () => {
    const later = await client.live('POST', '/v1/departure/compute', {
      body: { from_location: { lat: 39.68, lng: -104.94 }, to_location: denver, arrive_by: at(20 * HOUR) },
    })
    expect(later.body.weather_warning).toBeNull()
    const before = nws.requests.length
    const sandbox = await client.sandbox('POST', '/v1/departure/compute', {
      body: { from_location: { lat: 39.68, lng: -104.94 }, to_location: denver, arrive_by: at(2 * HOUR) },
    })
    expect(sandbox.body.weather_warning).toBeNull()
    expect(nws.requests).toHaveLength(before)
  })
})

describe('Production with OSRM alone (ROUTING=osrm): a chain down to the offline estimate, under ROUTING_DEADLINE_MS', () => {
  let osrm: FakeHttpServer
  let test: TestService
  let client: ReturnType<typeof clients>
  beforeAll(async () => {
    osrm = await startOsrmFake()
    // The adapter's own timeout far beyond the deadline: only the deadline can cut a slow OSRM short. The deadline
    // leaves a loaded machine's loopback call time to answer.
    test = await startTestService({
      ROUTING: 'osrm',
      OSRM_URL: osrm.baseUrl,
      ROUTING_DEADLINE_MS: '6000',
      PROVIDER_TIMEOUT_MS: '60000',
    })
    client = clients(test)
  })
  afterAll(async () => {
    await test.stop()
    await osrm.close()
  })
  // A trip of its own per case: the OSRM adapter keeps free-flow answers by origin and destination.
  const tripTo = (lng: number, arriveBy: string) => ({ ...trip(arriveBy), to_location: { lat: 52.4675, lng } })

  it('OSRM up: typical traffic on its road network, historical', async () => {
    const response = await client.live('POST', '/v1/departure/compute', { body: tripTo(13.3252, at(HOUR)) })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ data_quality: 'historical' })
    expect(osrm.requests).toHaveLength(1)
  })

  it('OSRM down: the window still comes, from the offline estimate, and says so', async () => {
    osrm.replyNext(...Array.from({ length: 3 }, () => ({ status: 503, rawBody: 'Service Unavailable' })))
    const response = await client.live('POST', '/v1/departure/compute', { body: tripTo(13.3352, at(2 * HOUR)) })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ data_quality: 'estimate', confidence: 'low' })
  })

  it('OSRM slower than the deadline: the offline estimate answers at the deadline, not after OSRM gives up', async () => {
    // Longer than the deadline and than the adapter's own 60 s timeout: only the deadline can answer in time.
    osrm.replyNext({ status: 200, body: {}, delayMs: 120_000 })
    const response = await client.live('POST', '/v1/departure/compute', { body: tripTo(13.3452, at(3 * HOUR)) })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ data_quality: 'estimate' })
  })
})
