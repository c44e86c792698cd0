import type { InvitationResponse } from '../invitation/invitation.js'

/** A half-open span of time [start, end) in epoch milliseconds: the unit of every free/busy computation. */
export interface Interval {
  readonly start: number
  readonly end: number
}

/** Sorted, disjoint, non-touching intervals: overlapping or adjacent busy times become one. Empty ones are dropped. */
export const mergeIntervals = (intervals: readonly Interval[]): Interval[] => {
  const sorted = intervals.filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start)
  const merged: Interval[] = []
  for (const interval of sorted) {
    const last = merged[merged.length - 1]
    if (last !== undefined && interval.start <= last.end) {
      if (interval.end > last.end) merged[merged.length - 1] = { start: last.start, end: interval.end }
    } else merged.push({ start: interval.start, end: interval.end })
  }
  return merged
}

/** The parts of merged intervals inside [window.start, window.end). */
export const clipIntervals = (intervals: readonly Interval[], window: Interval): Interval[] =>
  intervals
    .map((interval) => ({ start: Math.max(interval.start, window.start), end: Math.min(interval.end, window.end) }))
    .filter((interval) => interval.end > interval.start)

/** Both sorted, merged lists: the time covered by both. */
export const intersectIntervals = (a: readonly Interval[], b: readonly Interval[]): Interval[] => {
  const result: Interval[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const left = a[i] as Interval
    const right = b[j] as Interval
    const start = Math.max(left.start, right.start)
    const end = Math.min(left.end, right.end)
    if (end > start) result.push({ start, end })
    if (left.end < right.end) i++
    else j++
  }
  return result
}

/** `from` minus `removed`, both sorted and merged. */
export const subtractIntervals = (from: readonly Interval[], removed: readonly Interval[]): Interval[] => {
  const result: Interval[] = []
  let j = 0
  for (const interval of from) {
    let cursor = interval.start
    while (j < removed.length && (removed[j] as Interval).end <= cursor) j++
    let k = j
    while (k < removed.length && (removed[k] as Interval).start < interval.end) {
      const cut = removed[k] as Interval
      if (cut.start > cursor) result.push({ start: cursor, end: cut.start })
      cursor = Math.max(cursor, cut.end)
      k++
    }
    if (cursor < interval.end) result.push({ start: cursor, end: interval.end })
  }
  return result
}

/**
 * Who a free/busy request asks about, as written on the wire: a user id (`usr_`),
 * a calendar id (`cal_`), or `external:<EMAIL>` for someone outside the account.
 */
export type Participant =
  | { readonly kind: 'user'; readonly id: string }
  | { readonly kind: 'calendar'; readonly id: string }
  | { readonly kind: 'external'; readonly email: string }

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/

/** The participant a wire string names, or null when it is none of the three forms. */
export const parseParticipant = (text: string): Participant | null => {
  if (text.startsWith('external:')) {
    const email = text.slice('external:'.length).trim().toLowerCase()
    return email.length <= 254 && EMAIL.test(email) ? { kind: 'external', email } : null
  }
  if (/^usr_[A-Za-z0-9]{1,60}$/.test(text)) return { kind: 'user', id: text }
  if (/^cal_[A-Za-z0-9]{1,60}$/.test(text)) return { kind: 'calendar', id: text }
  return null
}

/**
 * How much the service knows about a participant's time:
 * `known`: its calendars are in the service (a user, a selected calendar);
 * `partial`: only some of it (an external address seen on this account's events, a calendar no longer
 * selected, a user whose calendar connection is not active), so time not shown busy may still be taken;
 * `unknown`: nothing; the empty `busy` list then says nothing about being free.
 */
export const AVAILABILITIES = ['known', 'partial', 'unknown'] as const
export type Availability = (typeof AVAILABILITIES)[number]

export const AVAILABILITY_REASONS = [
  'invitations_only',
  'no_information',
  'calendar_not_selected',
  'connection_not_active',
] as const
export type AvailabilityReason = (typeof AVAILABILITY_REASONS)[number]

/** How a participant's entry in an event blocks their time. */
export type Attendance = 'busy' | 'tentative' | 'free'

/**
 * An attendee's invitation answer as free/busy reads it: declined is free, tentative
 * is tentative, accepted and no answer yet are busy (as calendar providers show an
 * invitation that awaits a response).
 */
export const attendanceOf = (response: InvitationResponse | null): Attendance =>
  response === 'declined' ? 'free' : response === 'tentative' ? 'tentative' : 'busy'

export interface BusyEntry {
  readonly start: number
  readonly end: number
  readonly attendance: Attendance
}

/** The merged busy time of entries within the window; tentative entries count only when asked. */
export const busyWithin = (entries: readonly BusyEntry[], window: Interval, includeTentative: boolean): Interval[] =>
  clipIntervals(
    mergeIntervals(
      entries.filter((entry) => entry.attendance === 'busy' || (includeTentative && entry.attendance === 'tentative')),
    ),
    window,
  )

/** One participant's answer: its busy time in the window, what the service knows, and the zone its day is lived in. */
export interface ParticipantBusy {
  readonly participant: string
  readonly busy: readonly Interval[]
  readonly availability: Availability
  readonly reason: AvailabilityReason | null
  /** The participant's own IANA zone (a user's preference), or null when the service does not know it. */
  readonly timezone: string | null
  /** The user whose day this is (travel-aware suggestions read their events), or null. */
  readonly userId: string | null
}

/** Bounds of a request (docs/scheduling.md): as many participants as Google's free/busy query takes. */
export const MAX_PARTICIPANTS = 50
export const MAX_WINDOW_DAYS = 62
export const DAY_MS = 86_400_000
