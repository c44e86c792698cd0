import { describe, expect, it } from 'vitest'
import {
  checkRun,
  type FloorEntry,
  type Floors,
  figureAt,
  formatCheck,
  judgeFigure,
  measureNoise,
  normalise,
  readFloors,
} from '../../../bench/regression-check.js'

// Figures made up for the logic, not measured: the check is judged, never timed, here.
const http = (bfMicros: number, ratio: number, ratioRange: [number, number]) => ({
  bare: { serverCpuMicrosPerRequest: bfMicros },
  ratio,
  ratioRange,
})
const floors = (figures: FloorEntry[], roundTrips: Floors['roundTrips'] = []): Floors => ({
  recorded: { date: 'test' },
  minimumTolerance: 0.05,
  figures,
  roundTrips,
})
const postRate: FloorEntry = {
  name: 'POST /v1/events per second',
  path: 'http.createEvent.requestsPerSecond',
  kind: 'rate',
  recorded: 0.03,
  limit: 0.024,
}
const recomputeCost: FloorEntry = {
  name: 'recompute CPU',
  path: 'monitoring[events=100000].sweepCpuMicrosPerRecompute',
  kind: 'cost',
  recorded: 3.4,
  limit: 4.25,
}

describe('the noise the run measured is the tolerance', () => {
  it('is half the spread of the GET/bare ratio over the rounds, relative to the ratio', () => {
    const noise = measureNoise(http(16, 0.6, [0.48, 0.72]), 0.05)
    expect(noise.noise).toBeCloseTo(0.2)
    expect(noise.tolerance).toBeCloseTo(0.2)
    expect(noise.bfMicros).toBe(16)
  })

  it('never falls under the minimum tolerance, however steady the rounds', () => {
    expect(measureNoise(http(16, 0.6, [0.6, 0.6]), 0.05).tolerance).toBe(0.05)
  })
})

describe('figures are judged in units of bare Fastify measured in the same run', () => {
  it('a cost in BF, a rate as a share of bare Fastify on one core, a ratio as is', () => {
    expect(normalise('cost', 64, 16)).toBe(4)
    expect(normalise('rate', 2_000, 16)).toBeCloseTo(0.032)
    expect(normalise('ratio', 0.6, 16)).toBe(0.6)
  })

  it('the same code on a machine three times slower passes: its BF is three times larger too', () => {
    const fast = { http: { ...http(16, 0.6, [0.58, 0.62]), createEvent: { requestsPerSecond: 1_800 } } }
    const slow = { http: { ...http(48, 0.6, [0.58, 0.62]), createEvent: { requestsPerSecond: 600 } } }
    for (const run of [fast, slow]) expect(checkRun(run, floors([postRate]), {})?.failed).toBe(false)
  })
})

describe('a figure that falls below its floor by more than the noise fails the check', () => {
  const run = (postsPerSecond: number, ratioRange: [number, number]) => ({
    http: { ...http(16, 0.6, ratioRange), createEvent: { requestsPerSecond: postsPerSecond } },
  })

  it('half the recorded rate fails, whatever the noise of a normal run', () => {
    // Recorded 0.03 (1,875/s at 16 µs); half is 937/s = 0.015, under 0.024 x (1 - 0.2).
    const report = checkRun(run(937, [0.48, 0.72]), floors([postRate]), {})
    expect(report?.figures[0]).toMatchObject({ status: 'regressed', measured: 937 })
    expect(report?.failed).toBe(true)
  })

  it('under the floor but within the noise passes; the same figure in a steadier run fails', () => {
    // 0.0216 is 10% under the floor of 0.024: within a 20% noise, beyond a 5% one.
    const under = 0.0216 / 16e-6
    expect(checkRun(run(under, [0.48, 0.72]), floors([postRate]), {})?.failed).toBe(false)
    expect(checkRun(run(under, [0.6, 0.6]), floors([postRate]), {})?.failed).toBe(true)
  })

  it('a cost above its ceiling by more than the noise fails; below it passes', () => {
    const results = (micros: number) => ({
      http: http(16, 0.6, [0.6, 0.6]),
      monitoring: [
        { events: 10_000, sweepCpuMicrosPerRecompute: 1 },
        { events: 100_000, sweepCpuMicrosPerRecompute: micros },
      ],
    })
    expect(checkRun(results(60), floors([recomputeCost]), {})?.failed).toBe(false)
    const doubled = checkRun(results(2 * 3.4 * 16), floors([recomputeCost]), {})
    expect(doubled?.figures[0]).toMatchObject({ status: 'regressed', normalised: 6.8 })
    expect(doubled?.failed).toBe(true)
  })

  it('a figure the run did not measure, or recorded in another setting, is listed and fails nothing', () => {
    const inMemory: FloorEntry = { ...postRate, when: { httpFamily: 'memory' } }
    const report = checkRun({ http: http(16, 0.6, [0.6, 0.6]) }, floors([recomputeCost, inMemory]), {
      httpFamily: 'sqlite',
    })
    expect(report?.figures.map((verdict) => verdict.status)).toEqual(['not_measured', 'not_applicable'])
    expect(report?.failed).toBe(false)
  })

  it('without the HTTP figures there is no BF: no verdict at all', () => {
    expect(checkRun({}, floors([postRate]), {})).toBeNull()
  })
})

describe('round-trip counts have a verdict of their own: exact, no noise', () => {
  const ceilings = [{ name: 'commands per GET', path: 'roundTrips.authenticatedGet.commandsPerRequest', atMost: 2 }]
  it('over the ceiling by any amount fails; at it passes', () => {
    const counted = (commands: number) => ({
      http: http(16, 0.6, [0.3, 0.9]),
      roundTrips: { authenticatedGet: { commandsPerRequest: commands } },
    })
    expect(checkRun(counted(2), floors([], ceilings), {})?.roundTrips[0]?.status).toBe('met')
    const over = checkRun(counted(2.01), floors([], ceilings), {})
    expect(over?.roundTrips[0]).toMatchObject({ status: 'regressed', measured: 2.01 })
    expect(over?.failed).toBe(true)
    expect(formatCheck(over!).join('\n')).toMatch(/commands per GET: 2\.01 \(at most 2: REGRESSED\)[\s\S]*FAILED/)
  })
})

describe('the floors file', () => {
  it('parses, and every recorded figure is on the right side of its limit', () => {
    const recorded = readFloors('bench/floors.json')
    expect(recorded.figures.length).toBeGreaterThan(0)
    for (const entry of recorded.figures) {
      if (entry.kind === 'cost') expect(entry.limit, entry.name).toBeGreaterThanOrEqual(entry.recorded)
      else expect(entry.limit, entry.name).toBeLessThanOrEqual(entry.recorded)
    }
  })

  it('paths pick numbers, and array elements by a field', () => {
    const results = {
      delivery: [
        { endpoints: 1, deliveriesPerSecond: 5 },
        { endpoints: 100, deliveriesPerSecond: 7 },
      ],
    }
    expect(figureAt(results, 'delivery[endpoints=100].deliveriesPerSecond')).toBe(7)
    expect(figureAt(results, 'delivery[endpoints=10].deliveriesPerSecond')).toBeUndefined()
    expect(figureAt(results, 'delivery')).toBeUndefined()
  })

  it('judges one entry on its own too', () => {
    const noise = measureNoise(http(10, 1, [1, 1]), 0.05)
    expect(judgeFigure(recomputeCost, { monitoring: [] }, noise, {}).status).toBe('not_measured')
  })
})
