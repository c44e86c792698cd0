import { describe, expect, it } from 'vitest'
import { TomTomRoutingAdapter } from '../../../adapters/routing/tomtom/tomtom-routing.js'
import { expectOk } from '../../../core/shared/result.js'
import { FAKE_TOMTOM_KEY, type FakeTrafficState, startTomTomFake } from '../../support/fakes/tomtom-routing-fake.js'
import {
  type LiveTrafficSubject,
  liveTrafficAdapterSuite,
  liveTrafficTrip as trip,
  useLiveTrafficFake,
} from '../../support/live-traffic-adapter-suite.js'

const tomtom: LiveTrafficSubject<FakeTrafficState> = {
  name: 'TomTom adapter',
  provider: 'tomtom',
  startFake: startTomTomFake,
  traffic: (congestion) => ({ congestion, incidents: [] }),
  apiKey: FAKE_TOMTOM_KEY,
  makeAdapter: (options) => new TomTomRoutingAdapter(options),
  modeParameter: 'travelMode',
  timing: { arriveBy: 'arriveAt', departAt: 'departAt' },
  tooManyBody: { detailedError: { code: 'TooManyRequests' } },
}

liveTrafficAdapterSuite(tomtom)

describe('TomTom adapter', () => {
  const { fake, traffic, adapter } = useLiveTrafficFake(tomtom)

  it('asks calculateRoute with lat,lon pairs, the key, traffic=true, computeTravelTimeFor=all and traffic sections', async () => {
    await adapter().travelTime(trip())
    const url = fake().requests[0]!.url
    expect(url.pathname).toBe('/routing/1/calculateRoute/52.5219,13.4132:52.4675,13.3252/json')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: FAKE_TOMTOM_KEY,
      travelMode: 'car',
      routeType: 'fastest',
      traffic: 'true',
      computeTravelTimeFor: 'all',
      sectionType: 'traffic',
      arriveAt: '2026-06-02T08:45:00+00:00',
    })
  })

  it('reports the traffic sections as incidents with their delays, the TEC cause before the category', async () => {
    traffic().incidents.push(
      { simpleCategory: 'JAM', delayInSeconds: 240, mainCauseCode: 2 },
      { simpleCategory: 'ROAD_WORK', delayInSeconds: 90 },
      { simpleCategory: 'ROAD_CLOSURE', delayInSeconds: 0 },
      { simpleCategory: 'OTHER', delayInSeconds: 30, mainCauseCode: 99 },
    )
    expect(expectOk(await adapter().travelTime(trip())).incidents).toEqual([
      { kind: 'accident', delayMinutes: 4, description: 'JAM' },
      { kind: 'road_works', delayMinutes: 1.5, description: 'ROAD_WORK' },
      { kind: 'road_closure', delayMinutes: 0, description: 'ROAD_CLOSURE' },
      { kind: 'other', delayMinutes: 0.5, description: 'OTHER' },
    ])
  })

  describe('maps the documented errors', () => {
    it('a 400 BAD_INPUT is a bad request naming the message, not retried', async () => {
      fake().replyNext({
        status: 400,
        body: { formatVersion: '0.0.12', detailedError: { code: 'BAD_INPUT', message: 'Invalid date format' } },
      })
      const result = await adapter().travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({
        reason: 'bad_request',
        detail: 'HTTP 400: Invalid date format',
      })
      expect(fake().requests).toHaveLength(1)
    })

    it('an answer without a route is a bad response', async () => {
      fake().replyNext({ status: 200, body: { formatVersion: '0.0.12', routes: [] } })
      const result = await adapter().travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'bad_response' })
    })
  })
})
