import { defaultRoutingChainCache, RoutingChain } from '../../adapters/routing/chain/routing-chain.js'
import { OfflineRoutingAdapter } from '../../adapters/routing/offline/offline-routing.js'
import { recalcCadence } from '../../core/monitoring/recalc-cadence.js'
import type { RouteEstimate, RouteQuery, RoutingPort } from '../../core/ports/routing.js'
import type { Coordinates } from '../../core/shared/coordinates.js'
import { ok } from '../../core/shared/result.js'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

export interface SimulatedEvent {
  readonly origin: Coordinates
  readonly destination: Coordinates
  readonly startMs: number
}

export interface RoutingCostFigures {
  /** Live-provider calls in the measured hour over the monitored event-hours in it. */
  readonly callsPerEventHour: number
  /** The same without the chain's cache: one call per recompute (what the cadence alone asks). */
  readonly recomputesPerEventHour: number
  readonly liveCalls: number
  readonly overBudget: number
  readonly eventHours: number
}

/** A seeded generator (mulberry32), so every run simulates the same city. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * Two hours of the monitoring sweep (once a minute, each event recomputed on the documented cadence, asking for the
 * curb arrival 8 minutes before its start) through a chain whose live source only counts its calls; the second
 * hour is measured, so the cache is in its steady state. Events that start leave the monitoring.
 */
export const simulateRoutingCost = async (
  events: readonly SimulatedEvent[],
  options: { readonly t0Ms: number; readonly liveCallsPerMinute: number; readonly cache?: boolean },
): Promise<RoutingCostFigures> => {
  const clock = { ms: options.t0Ms }
  let liveCalls = 0
  let measuring = false
  const live: RoutingPort = {
    travelTime: async () => {
      if (measuring) liveCalls += 1
      return ok<RouteEstimate>({ expectedMinutes: 25, freeFlowMinutes: 20, distanceKm: 12, quality: 'live' })
    },
  }
  const cache =
    options.cache === false
      ? { ...defaultRoutingChainCache, ttlByHorizon: [{ withinMinutes: Number.POSITIVE_INFINITY, ttlMinutes: 0 }] }
      : defaultRoutingChainCache
  const routing = new RoutingChain({
    links: [
      { name: 'live', port: live, callsPerMinute: options.liveCallsPerMinute },
      { name: 'offline', port: new OfflineRoutingAdapter(), callsPerMinute: null },
    ],
    cache,
    now: () => clock.ms,
  })
  const nextRecalcMs = events.map(() => options.t0Ms)
  let recomputes = 0
  let monitoredMinutes = 0
  let overBudgetBefore = 0
  for (let minute = 0; minute < 120; minute++) {
    clock.ms = options.t0Ms + minute * MINUTE_MS
    if (minute === 60) {
      measuring = true
      overBudgetBefore = routing.stats.overBudget.live ?? 0
    }
    for (const [index, event] of events.entries()) {
      const cadence = recalcCadence(new Date(clock.ms), new Date(event.startMs))
      if (cadence === null) continue
      if (measuring) monitoredMinutes += 1
      if ((nextRecalcMs[index] ?? 0) > clock.ms) continue
      const query: RouteQuery = {
        origin: event.origin,
        destination: event.destination,
        mode: 'drive',
        timing: { kind: 'arrive_by', at: new Date(event.startMs - 8 * MINUTE_MS) },
        timezone: 'Europe/Berlin',
      }
      await routing.travelTime(query)
      if (measuring) recomputes += 1
      nextRecalcMs[index] = cadence.nextRecalcAt.getTime()
    }
  }
  const eventHours = monitoredMinutes / 60
  return {
    callsPerEventHour: liveCalls / eventHours,
    recomputesPerEventHour: recomputes / eventHours,
    liveCalls,
    overBudget: (routing.stats.overBudget.live ?? 0) - overBudgetBefore,
    eventHours,
  }
}

/**
 * A city of 40 x 40 km around Berlin: `users` homes anywhere, `venues` places events happen at, events starting on
 * the quarter hour, uniformly within `horizonHours` of the simulation's start.
 */
export const simulatedCity = (input: {
  readonly seed: number
  readonly events: number
  readonly users: number
  readonly venues: number
  readonly horizonHours: number
  readonly t0Ms: number
}): SimulatedEvent[] => {
  const random = seededRandom(input.seed)
  const point = (): Coordinates => ({ lat: 52.34 + random() * 0.36, lng: 13.1 + random() * 0.6 })
  const homes = Array.from({ length: input.users }, point)
  const venues = Array.from({ length: input.venues }, point)
  const quarter = 15 * MINUTE_MS
  return Array.from({ length: input.events }, () => ({
    origin: homes[Math.floor(random() * homes.length)] ?? point(),
    destination: venues[Math.floor(random() * venues.length)] ?? point(),
    startMs: Math.ceil((input.t0Ms + 10 * MINUTE_MS + random() * input.horizonHours * HOUR_MS) / quarter) * quarter,
  }))
}
