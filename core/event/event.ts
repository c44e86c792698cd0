import type { MonitoringState } from '../monitoring/monitoring.js'
import { thresholdOrder } from '../monitoring/monitoring.js'
import { thresholdDueAt } from '../monitoring/thresholds.js'
import type { TravelMode } from '../ports/routing.js'
import type { Place, UnresolvedPlace } from '../shared/place.js'
import type { AllDayDates } from './all-day.js'
import type { HealthAssessment } from './event-health.js'

export const EVENT_CATEGORIES = [
  'meeting',
  'appointment',
  'personal',
  'work',
  'travel',
  'social',
  'health',
  'education',
  'other',
] as const
export type EventCategory = (typeof EVENT_CATEGORIES)[number]

export interface Attendee {
  readonly email: string | null
  readonly userId: string | null
  readonly name: string | null
}

/** Where a synced event comes from: its provider calendar and the provider's id (recurring occurrences also name their series). */
export interface EventSource {
  readonly connectionId: string
  readonly calendarId: string
  readonly externalId: string
  readonly seriesId: string | null
  /**
   * Set on events (and series) the calendar sync made from the provider's, as opposed to events of ours the mirror
   * linked to their copy: a series it made stays the sync's after we write our edits of it back. Absent otherwise.
   */
  readonly imported?: boolean | null
}

/**
 * How an event takes its owner's time in free/busy: `free` for a transparent event or one the owner declined at
 * the provider, `tentative` for a tentative answer, `busy` otherwise (an event created through the API is busy).
 */
export const EVENT_SHOW_AS = ['busy', 'tentative', 'free'] as const
export type EventShowAs = (typeof EVENT_SHOW_AS)[number]

export const MIRROR_STATUSES = ['pending', 'synced', 'failed'] as const
export type MirrorStatus = (typeof MIRROR_STATUSES)[number]

/**
 * The copy of an API-created event in the user's connected calendar. A failed
 * write is retried (`nextAttemptAt`) and shown on the event; the event itself is never lost.
 */
export interface EventMirror {
  readonly connectionId: string
  readonly calendarId: string
  /** The provider's id once created there. */
  readonly externalId: string | null
  readonly status: MirrorStatus
  /** What the next attempt does. */
  readonly operation: 'create' | 'update'
  readonly attempts: number
  readonly lastError: string | null
  readonly nextAttemptAt: Date | null
}

export interface CalendarEvent {
  readonly id: string
  readonly accountId: string
  readonly livemode: boolean
  readonly userId: string
  readonly title: string
  readonly category: EventCategory
  readonly startTime: Date
  readonly endTime: Date
  readonly timezone: string
  readonly location: Place | null
  /**
   * The address given as the location when the geocoder could not place it: `location` is then null (no
   * invented point) and monitoring `unresolved_location`. Absent or null otherwise.
   */
  readonly unresolvedLocation?: UnresolvedPlace | null
  /** Explicit start of the trip; otherwise the origin rule decides (docs/departure.md). */
  readonly origin: Place | null
  readonly travel: { readonly mode: TravelMode; readonly parkingBufferMin: number }
  readonly attendees: readonly Attendee[]
  readonly monitoring: MonitoringState
  /** Where the last computed trip started from (`explicit`, `previous_event`, `home`). */
  readonly originSource: string | null
  /** The earliest moment the monitoring sweep has something to do for this event (its due-time index). */
  readonly dueAt: Date | null
  /** Set on events that came from (or were mirrored to) a connected calendar; absent or null otherwise. */
  readonly source?: EventSource | null
  /** Set on synced events from the provider's transparency and the user's own answer; absent or null: busy. */
  readonly showAs?: EventShowAs | null
  /** Set on events written back to a connected calendar; absent or null otherwise. */
  readonly mirror?: EventMirror | null
  /** The last health assessment, stored by the departure recompute; absent or null until the first (docs/scheduling.md). */
  readonly health?: HealthAssessment | null
  /**
   * A series master's RFC 5545 lines (`RRULE`, `EXDATE`, `RDATE`), expanded in `timezone` from `startTime` (its
   * first occurrence). Absent or null on any other event.
   */
  readonly recurrence?: readonly string[] | null
  /** The dates of an all-day event (end exclusive, in `timezone`); `startTime`/`endTime` are the instants they mean. */
  readonly allDay?: AllDayDates | null
  /** On an occurrence of a series: the master's id. Absent or null on any other event. */
  readonly recurringEventId?: string | null
  /** On an occurrence: where the series' rule puts it (its id is derived from this). */
  readonly originalStartTime?: Date | null
  /** On a master: the original starts (ISO 8601) of the occurrences stored as exceptions (edited with `this`). */
  readonly exceptions?: readonly string[] | null
  readonly createdAt: Date
  readonly updatedAt: Date
  readonly version: number
}

/**
 * When the sweep must next look at an event: a recompute, a threshold crossing,
 * or the start and end of the event (monitoring stops). Null once nothing is left.
 */
export const monitoringDueAt = (state: MonitoringState): Date | null => {
  if (
    state.status === 'cancelled' ||
    state.status === 'ended' ||
    state.status === 'no_location' ||
    state.status === 'unresolved_location'
  )
    return null
  const candidates: Date[] = []
  if (state.nextRecalcAt !== null) candidates.push(state.nextRecalcAt)
  if (state.status === 'started') candidates.push(state.endTime)
  else {
    candidates.push(state.startTime)
    if (state.departure !== null) {
      const next = thresholdOrder[state.thresholdsPassed.length]
      if (next !== undefined) candidates.push(thresholdDueAt(next, state.departure, state.preAlertMinutes))
    }
  }
  const earliest = Math.min(...candidates.map((date) => date.getTime()))
  // The earliest candidate itself (Dates are never changed in place): one Date fewer per stored event.
  return candidates.find((date) => date.getTime() === earliest) ?? new Date(earliest)
}
