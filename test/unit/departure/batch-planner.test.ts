import { describe, expect, it } from 'vitest'
import { planBatch, recomputeDueDepartures } from '../../../core/departure/batch-planner.js'
import { NoRouteFound } from '../../../core/shared/provider.errors.js'
import { err, expectOk } from '../../../core/shared/result.js'
import { departureInput, fixedClock, stubRouting, stubWeather } from '../../support/departure-fixtures.js'

const base = departureInput()
const sameTripFewMetresAway = departureInput({
  eventId: 'evt_neighbour',
  origin: { lat: base.origin.lat + 0.0001, lng: base.origin.lng - 0.0001 },
  startTime: new Date(base.startTime.getTime() + 60_000),
})

describe('batching shares identical routing lookups', () => {
  it('groups the same rounded origin/destination, mode and time bucket into one lookup', () => {
    const plan = planBatch([base, sameTripFewMetresAway])
    expect(plan.routeLookups).toHaveLength(1)
    expect(plan.routeLookups[0]?.eventIds).toEqual(['evt_123', 'evt_neighbour'])
  })

  it('never shares an arrival later than any member needs: the bucket start', () => {
    const plan = planBatch([base, sameTripFewMetresAway])
    const sharedArrival = plan.routeLookups[0]!.query.timing.at.getTime()
    // Curb arrivals are start - 8 min; the earliest member's is 08:52.
    expect(sharedArrival).toBeLessThanOrEqual(new Date('2026-06-02T08:52:00Z').getTime())
    expect(new Date('2026-06-02T08:52:00Z').getTime() - sharedArrival).toBeLessThan(5 * 60_000)
  })

  it.each([
    ['another mode', departureInput({ eventId: 'evt_other', mode: 'walk' })],
    ['another destination', departureInput({ eventId: 'evt_other', destination: { lat: 52.4, lng: 13.3 } })],
    ['another time bucket', departureInput({ eventId: 'evt_other', startTime: new Date('2026-06-02T09:30:00Z') })],
  ])('keeps %s apart', (_label, other) => {
    expect(planBatch([base, other]).routeLookups).toHaveLength(2)
  })

  it('shares forecasts for the same place (about 1 km) and hour', () => {
    const plan = planBatch([
      base,
      sameTripFewMetresAway,
      departureInput({ eventId: 'evt_later', startTime: new Date('2026-06-02T11:00:00Z') }),
    ])
    expect(plan.weatherLookups.map((lookup) => lookup.eventIds)).toEqual([['evt_123', 'evt_neighbour'], ['evt_later']])
  })
})

describe('recomputing due departures runs each shared lookup once', () => {
  it('computes every due event from one routing and one weather call', async () => {
    const routing = stubRouting()
    const weather = stubWeather()
    const results = await recomputeDueDepartures([base, sameTripFewMetresAway], {
      routing,
      weather,
      clock: fixedClock('2026-06-02T08:00:00Z'),
    })
    expect(routing.queries).toHaveLength(1)
    expect(weather.calls).toBe(1)
    expect(expectOk(results.get('evt_123')!).eventId).toBe('evt_123')
    expect(expectOk(results.get('evt_neighbour')!).latestDeparture).toEqual(new Date('2026-06-02T08:31:00Z'))
  })

  it('answers every event, with the route failure or the refusal that concerns it', async () => {
    const routing = stubRouting(err(new NoRouteFound({ provider: 'osrm', detail: 'no route' })))
    const started = departureInput({ eventId: 'evt_started', startTime: new Date('2026-06-02T07:00:00Z') })
    const results = await recomputeDueDepartures([base, started], {
      routing,
      weather: stubWeather(),
      clock: fixedClock('2026-06-02T08:00:00Z'),
    })
    const tags = Object.fromEntries([...results].map(([id, result]) => [id, result.ok ? 'ok' : result.error._tag]))
    expect(tags).toEqual({ evt_123: 'RouteLookupFailed', evt_started: 'EventAlreadyStarted' })
  })
})
