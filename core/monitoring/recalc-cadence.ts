const MINUTE_MS = 60_000

/**
 * The background recompute cadence (docs/spec-map.md, "Limits"): every 5 minutes when more
 * than 3 hours from start, every 2 minutes within 3 hours, every 60 seconds
 * within 30 minutes. Bands are checked in order; `withinMs` is inclusive.
 */
export const recalcCadenceBands: ReadonlyArray<{ readonly withinMs: number; readonly intervalMs: number }> = [
  { withinMs: 30 * MINUTE_MS, intervalMs: 60_000 },
  { withinMs: 3 * 60 * MINUTE_MS, intervalMs: 2 * MINUTE_MS },
  { withinMs: Number.POSITIVE_INFINITY, intervalMs: 5 * MINUTE_MS },
]

export interface RecalcCadence {
  readonly intervalMs: number
  /** `now + interval`, but never after the event's start. */
  readonly nextRecalcAt: Date
}

/** When to recompute next, or `null` once the event has started (monitoring stops). */
export const recalcCadence = (now: Date, startTime: Date): RecalcCadence | null => {
  const untilStartMs = startTime.getTime() - now.getTime()
  if (untilStartMs <= 0) return null
  const band = recalcCadenceBands.find((candidate) => untilStartMs <= candidate.withinMs)
  if (band === undefined) throw new Error('recalc cadence bands must end with an unbounded band')
  const nextRecalcAtMs = Math.min(now.getTime() + band.intervalMs, startTime.getTime())
  return { intervalMs: band.intervalMs, nextRecalcAt: new Date(nextRecalcAtMs) }
}
