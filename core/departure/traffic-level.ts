import type { TrafficLevel } from './departure.js'

/**
 * Upper bounds (exclusive) of the ratio expected time / free-flow time for each
 * level; anything at or above the last bound is `severe`.
 */
export const trafficLevelThresholds: ReadonlyArray<{ readonly level: TrafficLevel; readonly below: number }> = [
  { level: 'free', below: 1.1 },
  { level: 'light', below: 1.25 },
  { level: 'moderate', below: 1.5 },
  { level: 'heavy', below: 2.0 },
]

export const classifyTraffic = (expectedMinutes: number, freeFlowMinutes: number): TrafficLevel => {
  // A zero-length trip has no traffic to speak of.
  if (freeFlowMinutes <= 0) return 'free'
  const ratio = expectedMinutes / freeFlowMinutes
  return trafficLevelThresholds.find((threshold) => ratio < threshold.below)?.level ?? 'severe'
}
