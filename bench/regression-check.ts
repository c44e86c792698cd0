import { readFileSync } from 'node:fs'
import { Schema } from 'effect'

/**
 * `npm run bench -- --check`: each figure against the floor recorded in `bench/floors.json`, judged in units that do
 * not depend on the machine's speed, with the noise this very run measured as the tolerance (docs/performance.md,
 * "Regression guard"). Pure: it reads a run's results and the floors, it measures nothing.
 *
 * Units ("BF": bare Fastify's server CPU per request in the same run, `http.bare.serverCpuMicrosPerRequest`):
 * - `cost`: CPU microseconds per operation / BF. Lower is better: the floor is a ceiling.
 * - `rate`: operations per second x BF / 1,000,000: the rate as a share of what one core serves of bare Fastify.
 * - `ratio`: already measured against bare Fastify in the same rounds (the authenticated GET's ratio): as is.
 * Round-trip counts are exact (a count of commands, not a timing): no noise, no normalisation.
 */

const FigureKind = Schema.Literals(['ratio', 'rate', 'cost'])
export type FigureKind = typeof FigureKind.Type

const FloorEntry = Schema.Struct({
  name: Schema.String,
  /** Where the figure is in the run's JSON: `http.ratio`, `monitoring[events=100000].sweepCpuMicrosPerRecompute`. */
  path: Schema.String,
  kind: FigureKind,
  /** The figure of the recorded run, in the kind's units. */
  recorded: Schema.Number,
  /** `ratio`, `rate`: the lowest accepted (before the run's tolerance). `cost`: the highest accepted. */
  limit: Schema.Number,
  /** The run's context this floor was recorded in (`storage`, `httpFamily`, `monitoringFamily`, `deliveryFamily`): elsewhere not judged. */
  when: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
})
export type FloorEntry = typeof FloorEntry.Type

const RoundTripCeiling = Schema.Struct({
  name: Schema.String,
  path: Schema.String,
  atMost: Schema.Number,
})
export type RoundTripCeiling = typeof RoundTripCeiling.Type

const Floors = Schema.Struct({
  /** Where the floors come from: the run, its date, commit and machine, and the headroom below its figures. */
  recorded: Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number])),
  /** The tolerance never falls under this, however steady the run's rounds were. */
  minimumTolerance: Schema.Number,
  figures: Schema.Array(FloorEntry),
  roundTrips: Schema.Array(RoundTripCeiling),
})
export type Floors = typeof Floors.Type

export const parseFloors = (text: string): Floors => Schema.decodeUnknownSync(Floors)(JSON.parse(text))

export const readFloors = (path: string): Floors => parseFloors(readFileSync(path, 'utf8'))

/** The parts of the HTTP scenario's report the check needs: BF and the rounds' spread. */
export interface HttpYardstick {
  readonly bare: { readonly serverCpuMicrosPerRequest: number }
  readonly ratio: number
  readonly ratioRange: readonly [number, number]
}

export interface RunNoise {
  /** Bare Fastify's server CPU per request in this run, µs. */
  readonly bfMicros: number
  /**
   * Half the spread of the authenticated GET's ratio to bare Fastify over the run's alternating rounds, relative to
   * the ratio: (max - min) / 2 / ratio, the "plus or minus" of one measurement of the same code in this run.
   */
  readonly noise: number
  /** What a figure may miss its floor by: the noise, at least `minimumTolerance`. */
  readonly tolerance: number
}

export const measureNoise = (http: HttpYardstick, minimumTolerance: number): RunNoise => {
  const [lowest, highest] = http.ratioRange
  const noise = http.ratio > 0 ? (highest - lowest) / 2 / http.ratio : 1
  return { bfMicros: http.bare.serverCpuMicrosPerRequest, noise, tolerance: Math.max(noise, minimumTolerance) }
}

/** The number at `path` in a run's results; `name[key=value]` picks the array element whose `key` is `value`. */
export const figureAt = (results: unknown, path: string): number | undefined => {
  let current: unknown = results
  for (const step of path.split('.')) {
    const match = /^([^[\]]+)(?:\[([^=\]]+)=([^\]]+)\])?$/.exec(step)
    if (match === null || current === null || typeof current !== 'object') return undefined
    const [, field = '', key, value] = match
    current = (current as Record<string, unknown>)[field]
    if (key !== undefined) {
      if (!Array.isArray(current)) return undefined
      current = current.find(
        (item: unknown) =>
          item !== null && typeof item === 'object' && String((item as Record<string, unknown>)[key]) === value,
      )
    }
  }
  return typeof current === 'number' && Number.isFinite(current) ? current : undefined
}

/** A raw figure in its kind's machine-independent units. */
export const normalise = (kind: FigureKind, value: number, bfMicros: number): number =>
  kind === 'cost' ? value / bfMicros : kind === 'rate' ? (value * bfMicros) / 1_000_000 : value

export type VerdictStatus = 'met' | 'regressed' | 'not_measured' | 'not_applicable'

export interface FigureVerdict {
  readonly name: string
  readonly kind: FigureKind
  readonly status: VerdictStatus
  /** The figure as the run reported it (µs, per second, ratio); null when the run did not measure it. */
  readonly measured: number | null
  /** In the kind's units. */
  readonly normalised: number | null
  readonly limit: number
  /** The limit with this run's tolerance: below it (above it, for a cost) the figure regressed. */
  readonly allowed: number
}

export interface RoundTripVerdict {
  readonly name: string
  readonly status: 'met' | 'regressed' | 'not_measured'
  readonly measured: number | null
  readonly atMost: number
}

export interface CheckReport {
  readonly noise: RunNoise
  readonly figures: readonly FigureVerdict[]
  readonly roundTrips: readonly RoundTripVerdict[]
  /** True when any figure or count regressed: the runner then exits non-zero. */
  readonly failed: boolean
}

const applies = (entry: FloorEntry, context: Readonly<Record<string, string>>): boolean =>
  Object.entries(entry.when ?? {}).every(([key, value]) => context[key] === value)

export const judgeFigure = (
  entry: FloorEntry,
  results: unknown,
  noise: RunNoise,
  context: Readonly<Record<string, string>>,
): FigureVerdict => {
  const lowerIsBetter = entry.kind === 'cost'
  const allowed = lowerIsBetter ? entry.limit * (1 + noise.tolerance) : entry.limit * (1 - noise.tolerance)
  const base = { name: entry.name, kind: entry.kind, limit: entry.limit, allowed }
  if (!applies(entry, context)) return { ...base, status: 'not_applicable', measured: null, normalised: null }
  const measured = figureAt(results, entry.path)
  if (measured === undefined) return { ...base, status: 'not_measured', measured: null, normalised: null }
  const normalised = normalise(entry.kind, measured, noise.bfMicros)
  const regressed = lowerIsBetter ? normalised > allowed : normalised < allowed
  return { ...base, status: regressed ? 'regressed' : 'met', measured, normalised }
}

export const judgeRoundTrips = (ceilings: readonly RoundTripCeiling[], results: unknown): RoundTripVerdict[] =>
  ceilings.map((ceiling) => {
    const measured = figureAt(results, ceiling.path)
    if (measured === undefined)
      return { name: ceiling.name, status: 'not_measured', measured: null, atMost: ceiling.atMost }
    return {
      name: ceiling.name,
      status: measured <= ceiling.atMost ? 'met' : 'regressed',
      measured,
      atMost: ceiling.atMost,
    }
  })

export const checkRun = (
  results: { readonly http?: HttpYardstick },
  floors: Floors,
  context: Readonly<Record<string, string>>,
): CheckReport | null => {
  if (results.http === undefined) return null
  const noise = measureNoise(results.http, floors.minimumTolerance)
  const figures = floors.figures.map((entry) => judgeFigure(entry, results, noise, context))
  const roundTrips = judgeRoundTrips(floors.roundTrips, results)
  const failed =
    figures.some((verdict) => verdict.status === 'regressed') ||
    roundTrips.some((verdict) => verdict.status === 'regressed')
  return { noise, figures, roundTrips, failed }
}

const UNITS: Readonly<Record<FigureKind, string>> = { cost: 'BF', rate: 'x 10^6/BF', ratio: 'of bare' }
const round = (value: number) => Number(value.toPrecision(3))

export const formatRoundTripVerdict = (verdict: RoundTripVerdict): string =>
  verdict.status === 'not_measured'
    ? `${verdict.name}: not measured`
    : `${verdict.name}: ${verdict.measured} (at most ${verdict.atMost}: ${verdict.status === 'met' ? 'met' : 'REGRESSED'})`

export const formatCheck = (report: CheckReport): string[] => [
  `Regression check: BF ${report.noise.bfMicros} µs; noise ${(report.noise.noise * 100).toFixed(1)}% (half the spread of the GET/bare ratio over the rounds), tolerance ${(report.noise.tolerance * 100).toFixed(1)}%`,
  ...report.figures.map((verdict) => {
    const label = `  ${verdict.name.padEnd(58)}`
    if (verdict.status === 'not_applicable') return `${label} not judged (recorded in another setting)`
    if (verdict.status === 'not_measured') return `${label} not measured in this run`
    const bound = verdict.kind === 'cost' ? 'ceiling' : 'floor'
    return `${label} ${round(verdict.normalised ?? 0)} ${UNITS[verdict.kind]} (${bound} ${verdict.limit}, allowed ${round(verdict.allowed)}): ${verdict.status === 'met' ? 'met' : 'REGRESSED'}`
  }),
  ...report.roundTrips.map((verdict) => `  ${formatRoundTripVerdict(verdict)}`),
  report.failed ? 'Regression check FAILED' : 'Regression check passed',
]
