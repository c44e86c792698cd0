import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { computeDeparture } from '../../../core/departure/compute-departure.js'
import type { PreferredDeparture } from '../../../core/departure/departure.js'
import { assembleDeparture } from '../../../core/departure/departure-window.js'
import type { RouteDataQuality, RouteEstimate, TravelMode } from '../../../core/ports/routing.js'
import type { WeatherCondition, WeatherReport } from '../../../core/ports/weather.js'
import { NoRouteFound, ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, expectOk, ok } from '../../../core/shared/result.js'
import { calmForecast, departureInput, fixedClock, stubRouting, stubWeather } from '../../support/departure-fixtures.js'

const MINUTE = 60_000
const start = new Date('2026-06-02T09:00:00Z')
const minutesBeforeStart = (date: Date) => (start.getTime() - date.getTime()) / MINUTE
const route = (overrides: Partial<RouteEstimate> = {}): RouteEstimate => ({
  expectedMinutes: 20,
  freeFlowMinutes: 20,
  distanceKm: 10,
  quality: 'live',
  ...overrides,
})
const oneHourBefore = new Date('2026-06-02T08:00:00Z')
const compute = (
  overrides: Parameters<typeof departureInput>[0] = {},
  estimate = route(),
  weather: WeatherReport | null = null,
) => assembleDeparture(departureInput(overrides), estimate, weather, oneHourBefore)

describe('travel = moving leg + parking (drive only) + walk buffer', () => {
  it('drives 20 min, parks 5 (user default) and walks 3 (user default)', () => {
    expect(compute().travel).toEqual({ totalMinutes: 28, driveMinutes: 20, parkingMinutes: 5, walkMinutes: 3 })
  })

  it("uses the event's parking_buffer_min over the user's default", () => {
    expect(compute({ parkingBufferMinutes: 12 }).travel.parkingMinutes).toBe(12)
  })

  it('has no parking when walking, and counts the walk itself as walk minutes', () => {
    expect(compute({ mode: 'walk' }).travel).toEqual({
      totalMinutes: 23,
      driveMinutes: 0,
      parkingMinutes: 0,
      walkMinutes: 23,
    })
  })

  it('has no parking with transit; the ride counts as the vehicle leg', () => {
    expect(compute({ mode: 'transit' }).travel).toEqual({
      totalMinutes: 23,
      driveMinutes: 20,
      parkingMinutes: 0,
      walkMinutes: 3,
    })
  })

  it('asks routing to arrive at the curb in time to park and walk in', async () => {
    const routing = stubRouting()
    await computeDeparture(departureInput(), {
      routing,
      weather: stubWeather(),
      clock: fixedClock('2026-06-02T08:00:00Z'),
    })
    expect(routing.queries[0]?.timing).toEqual({ kind: 'arrive_by', at: new Date('2026-06-02T08:52:00Z') })
  })
})

describe('latest departure leaves time for the expected trip and a reliability margin by data quality', () => {
  it('is start minus the total travel minutes and the margin: 20 min on live data become 22 (x exp(1.645 x 0.05))', () => {
    const departure = compute()
    expect(minutesBeforeStart(departure.latestDeparture)).toBe(22 + 8)
    expect(departure.reliabilityMarginMinutes).toBe(2)
    expect(departure.travel.totalMinutes).toBe(28)
  })

  it.each<[RouteDataQuality, number]>([
    ['live', 22],
    ['historical', 25],
    ['estimate', 30],
  ])('widens with weaker data: 20 min on %s data leave %i', (quality, reliableMinutes) => {
    expect(minutesBeforeStart(compute({}, route({ quality })).latestDeparture)).toBe(reliableMinutes + 8)
  })

  it("follows the spread tracked trips showed on the route: a steady route's margin narrows, an erratic one's widens", () => {
    const historical = route({ quality: 'historical' })
    const steady = compute({ correction: { factor: 1, samples: 20, spread: 0.02 } }, historical)
    const erratic = compute({ correction: { factor: 1, samples: 20, spread: 0.3 } }, historical)
    // 20 trips against a prior of 5: spread 0.8 x 0.02 + 0.2 x 0.12 = 0.04 -> x1.068; 0.8 x 0.3 + 0.2 x 0.12 = 0.264 -> x1.544.
    expect(minutesBeforeStart(steady.latestDeparture)).toBe(22 + 8)
    expect(minutesBeforeStart(erratic.latestDeparture)).toBe(31 + 8)
  })
})

describe('the moving leg carries the correction tracked arrivals taught for its route bucket', () => {
  it('multiplies the expected minutes by the factor, and says what it applied for the next trip to learn from', () => {
    const corrected = compute({ correction: { factor: 1.2, samples: 4, spread: null } })
    expect(corrected.travel.driveMinutes).toBe(24)
    expect(corrected.learning).toMatchObject({ correctionFactor: 1.2, uncorrectedMovingMinutes: 20, fixedMinutes: 8 })
    expect(corrected.learning?.routeBucket).toMatch(/^drive\|[-\d.]+,[-\d.]+>[-\d.]+,[-\d.]+\|2@10$/)
    expect(compute().learning?.correctionFactor).toBe(1)
  })
})

describe('earliest departure leaves room for a pessimistic trip plus the preferred margin', () => {
  it('inflates the moving leg by the pessimism of free traffic on live data (x1.10), before the reliability margin', () => {
    expect(minutesBeforeStart(compute().earliestDeparture)).toBe(22 + 2 + 8)
  })

  it('is more pessimistic with heavier traffic and weaker data', () => {
    const heavyEstimate = compute({}, route({ expectedMinutes: 34, freeFlowMinutes: 20, quality: 'estimate' }))
    // heavy (ratio 1.7): 1.35 + estimate surcharge 0.15 = 1.5 -> 34 * 1.5 = 51; the margin: 34 * 1.46 = 50, +16.
    expect(heavyEstimate.trafficLevel).toBe('heavy')
    expect(heavyEstimate.reliabilityMarginMinutes).toBe(16)
    expect(minutesBeforeStart(heavyEstimate.earliestDeparture)).toBe(51 + 16 + 8)
  })

  it.each<[PreferredDeparture, number]>([
    ['on_time', 0],
    ['5_min_early', 5],
    ['10_min_early', 10],
  ])('adds the %s margin of %i minutes', (preferredDeparture, margin) => {
    const departure = compute({
      preferences: { defaultParkingBufferMinutes: 5, defaultWalkBufferMinutes: 3, preferredDeparture },
    })
    expect(minutesBeforeStart(departure.earliestDeparture)).toBe(32 + margin)
    expect(minutesBeforeStart(departure.latestDeparture)).toBe(30)
  })
})

describe('traffic level comes from the ratio of traffic to free-flow time', () => {
  it.each([
    [21.9, 'free'],
    [22, 'light'],
    [29.9, 'moderate'],
    [30, 'heavy'],
    [39.9, 'heavy'],
    [40, 'severe'],
  ])('%f min against 20 free-flow is %s', (expectedMinutes, level) => {
    expect(compute({}, route({ expectedMinutes })).trafficLevel).toBe(level)
  })
})

describe('weather slows travel by documented factors and can raise a warning', () => {
  const report = (
    condition: WeatherCondition,
    extra: Partial<WeatherReport['forecast']> = {},
    warnings: WeatherReport['warnings'] = [],
  ) => ({
    forecast: { ...calmForecast, condition, ...extra },
    warnings,
  })

  it.each<[string, number, WeatherReport]>([
    ['calm weather', 20, report('clear')],
    ['light rain', 21, report('rain', { precipitationMmPerHour: 1 })],
    ['heavy rain', 24, report('rain', { precipitationMmPerHour: 10 })],
    ['light snow', 24, report('snow', { precipitationMmPerHour: 0.5 })],
    ['freezing rain', 28, report('freezing_rain', { precipitationMmPerHour: 1 })],
    ['dense fog', 25, report('fog', { visibilityM: 150 })],
    ['storm gusts', 23, report('clear', { windGustsKmh: 95 })],
    ['everything at once (capped at x1.6)', 32, report('freezing_rain', { visibilityM: 100, windGustsKmh: 120 })],
  ])('%s: 20 min become %i', (_label, movingMinutes, weather) => {
    expect(compute({}, route(), weather).travel.driveMinutes).toBe(movingMinutes)
  })

  it('surfaces the most severe active warning and the forecast itself', () => {
    const weather = report('snow', { precipitationMmPerHour: 2 }, [
      { kind: 'wind', severity: 'moderate', description: 'Strong gusts' },
      { kind: 'snow', severity: 'severe', description: 'Heavy snowfall' },
    ])
    const departure = compute({}, route(), weather)
    expect(departure.weatherWarning).toEqual({ kind: 'snow', severity: 'severe', description: 'Heavy snowfall' })
    expect(departure.weather).toEqual(weather.forecast)
  })

  it('computes without weather when the forecast fails, rather than failing', async () => {
    const weather = stubWeather(err(new ProviderUnavailable({ provider: 'open-meteo', reason: 'timeout', detail: '' })))
    const result = await computeDeparture(departureInput(), {
      routing: stubRouting(),
      weather,
      clock: fixedClock('2026-06-02T08:00:00Z'),
    })
    expect(expectOk(result).weather).toBeNull()
  })
})

describe('confidence comes from data quality and horizon', () => {
  const at = (iso: string, quality: RouteDataQuality, overrides: Parameters<typeof departureInput>[0] = {}) =>
    assembleDeparture(departureInput(overrides), route({ quality }), null, new Date(iso)).confidence

  it('an offline estimate is always low, even minutes before', () => {
    expect(at('2026-06-02T08:50:00Z', 'estimate')).toBe('low')
  })

  it('live data is high within 3 hours, medium within a day, low beyond', () => {
    expect(at('2026-06-02T06:00:00Z', 'live')).toBe('high')
    expect(at('2026-06-02T05:59:00Z', 'live')).toBe('medium')
    expect(at('2026-06-01T08:59:00Z', 'live')).toBe('low')
  })

  it('historical data is medium within a week, low beyond', () => {
    expect(at('2026-05-27T09:00:00Z', 'historical')).toBe('medium')
    expect(at('2026-05-26T08:59:00Z', 'historical')).toBe('low')
  })

  it('is never above the geocoding confidence of the end points', () => {
    expect(at('2026-06-02T08:00:00Z', 'live', { geocodingConfidence: 'low' })).toBe('low')
  })
})

describe('snapshot times', () => {
  it('calculatedAt is now and nextRecalcAt follows the cadence', () => {
    const departure = compute()
    expect(departure.calculatedAt).toEqual(oneHourBefore)
    expect(departure.nextRecalcAt).toEqual(new Date('2026-06-02T08:02:00Z'))
  })
})

describe('domain errors', () => {
  const ports = (routing = stubRouting()) => ({
    routing,
    weather: stubWeather(),
    clock: fixedClock('2026-06-02T08:00:00Z'),
  })

  it('refuses an event that has already started', async () => {
    const result = await computeDeparture(departureInput({ startTime: new Date('2026-06-02T08:00:00Z') }), ports())
    expect(result.ok ? null : result.error._tag).toBe('EventAlreadyStarted')
  })

  it('refuses out-of-range coordinates and negative buffers', async () => {
    for (const input of [
      departureInput({ origin: { lat: 95, lng: 0 } }),
      departureInput({ parkingBufferMinutes: -1 }),
    ]) {
      const result = await computeDeparture(input, ports())
      expect(result.ok ? null : result.error._tag).toBe('InvalidDepartureInput')
    }
  })

  it('reports a failed route lookup with its cause', async () => {
    const routing = stubRouting(err(new NoRouteFound({ provider: 'osrm', detail: 'Impossible route' })))
    const result = await computeDeparture(departureInput(), ports(routing))
    expect(result.ok ? null : result.error).toMatchObject({
      _tag: 'RouteLookupFailed',
      cause: { _tag: 'NoRouteFound' },
    })
  })
})

describe('invariant: earliest_departure <= latest_departure <= start_time', () => {
  const quality = fc.constantFrom<RouteDataQuality>('live', 'historical', 'estimate')
  const mode = fc.constantFrom<TravelMode>('drive', 'walk', 'transit')
  const preferred = fc.constantFrom<PreferredDeparture>('on_time', '5_min_early', '10_min_early')
  const condition = fc.constantFrom<WeatherCondition>(
    'clear',
    'cloudy',
    'fog',
    'drizzle',
    'rain',
    'freezing_rain',
    'snow',
    'thunderstorm',
  )

  it('holds for any route, weather, buffers and preferences', () => {
    fc.assert(
      fc.property(
        fc.record({
          freeFlowMinutes: fc.double({ min: 0, max: 600, noNaN: true }),
          slowdown: fc.double({ min: 1, max: 4, noNaN: true }),
          quality,
          mode,
          preferredDeparture: preferred,
          parking: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
          defaultParking: fc.integer({ min: 0, max: 60 }),
          walk: fc.integer({ min: 0, max: 30 }),
          weather: fc.option(
            fc.record({
              condition,
              precipitationMmPerHour: fc.double({ min: 0, max: 80, noNaN: true }),
              windGustsKmh: fc.option(fc.double({ min: 0, max: 200, noNaN: true }), { nil: null }),
              visibilityM: fc.option(fc.double({ min: 0, max: 50_000, noNaN: true }), { nil: null }),
            }),
            { nil: null },
          ),
          minutesAhead: fc.integer({ min: 1, max: 60 * 24 * 30 }),
        }),
        (sample) => {
          const now = new Date(start.getTime() - sample.minutesAhead * MINUTE)
          const weather =
            sample.weather === null ? null : { forecast: { ...calmForecast, ...sample.weather }, warnings: [] }
          const departure = assembleDeparture(
            departureInput({
              mode: sample.mode,
              parkingBufferMinutes: sample.parking,
              preferences: {
                defaultParkingBufferMinutes: sample.defaultParking,
                defaultWalkBufferMinutes: sample.walk,
                preferredDeparture: sample.preferredDeparture,
              },
            }),
            route({
              freeFlowMinutes: sample.freeFlowMinutes,
              expectedMinutes: sample.freeFlowMinutes * sample.slowdown,
              quality: sample.quality,
            }),
            weather,
            now,
          )
          expect(departure.earliestDeparture.getTime()).toBeLessThanOrEqual(departure.latestDeparture.getTime())
          expect(departure.latestDeparture.getTime()).toBeLessThanOrEqual(start.getTime())
          expect(departure.travel.totalMinutes).toBe(
            departure.travel.driveMinutes + departure.travel.parkingMinutes + departure.travel.walkMinutes,
          )
          expect(departure.nextRecalcAt.getTime()).toBeLessThanOrEqual(start.getTime())
        },
      ),
    )
  })
})

describe('computeDeparture goes through its ports', () => {
  it('uses the clock for calculatedAt and asks the forecast at the destination for the start time', async () => {
    const weather = stubWeather(ok({ forecast: calmForecast, warnings: [] }))
    const departure = expectOk(
      await computeDeparture(departureInput(), {
        routing: stubRouting(),
        weather,
        clock: fixedClock('2026-06-02T07:00:00Z'),
      }),
    )
    expect(departure.calculatedAt).toEqual(new Date('2026-06-02T07:00:00Z'))
    expect(departure.weather).toEqual(calmForecast)
    expect(weather.calls).toBe(1)
  })
})
