import type { Departure } from '../departure/departure.js'
import { type MonitoringEvent, type Threshold, thresholdOrder } from './monitoring.js'

const MINUTE_MS = 60_000

/** `pre_alert` at earliest - pre_alert_minutes, `leave_now` at earliest, `last_call` at latest. */
export const thresholdDueAt = (threshold: Threshold, departure: Departure, preAlertMinutes: number): Date => {
  switch (threshold) {
    case 'pre_alert':
      return new Date(departure.earliestDeparture.getTime() - preAlertMinutes * MINUTE_MS)
    case 'leave_now':
      return departure.earliestDeparture
    case 'last_call':
      return departure.latestDeparture
  }
}

export interface ThresholdOutcome {
  readonly thresholdsPassed: readonly Threshold[]
  readonly events: readonly MonitoringEvent[]
}

/**
 * Fires the furthest threshold reached and not yet passed. When several are
 * reached at once (a late first computation, a window that jumped), only the
 * furthest fires and the earlier ones are marked passed: one timely alert is
 * better than three stale ones. So `thresholdsPassed` is always a prefix of
 * the threshold order and each threshold fires at most once.
 */
export const passThresholds = (
  departure: Departure | null,
  thresholdsPassed: readonly Threshold[],
  preAlertMinutes: number,
  now: Date,
): ThresholdOutcome => {
  if (departure === null) return { thresholdsPassed, events: [] }
  let furthestReached = -1
  thresholdOrder.forEach((threshold, index) => {
    if (index >= thresholdsPassed.length && thresholdDueAt(threshold, departure, preAlertMinutes) <= now) {
      furthestReached = index
    }
  })
  const reached = thresholdOrder[furthestReached]
  if (reached === undefined) return { thresholdsPassed, events: [] }
  return {
    thresholdsPassed: thresholdOrder.slice(0, furthestReached + 1),
    events: [
      {
        type: 'departure.threshold_reached',
        threshold: reached,
        dueAt: thresholdDueAt(reached, departure, preAlertMinutes),
        departure,
      },
    ],
  }
}
