import { DateTime } from 'luxon'
import type { Coordinates } from '../shared/coordinates.js'
import { err, ok, type Result } from '../shared/result.js'
import { steadyLocalDayStart } from '../shared/zone-time.js'
import { NoOriginAvailable } from './departure.errors.js'

/** Another event of the same user, a candidate for "where the user will be coming from". */
export interface PreviousEventCandidate {
  readonly id: string
  readonly startTime: Date
  readonly endTime: Date
  readonly location: Coordinates | null
}

export interface OriginCandidates {
  readonly event: {
    readonly id: string
    readonly startTime: Date
    /** IANA timezone of the event: "same day" is judged in it. */
    readonly timezone: string
    readonly explicitOrigin: Coordinates | null
  }
  /** Any of the user's other events; the rule picks the relevant one. */
  readonly otherEvents: readonly PreviousEventCandidate[]
  /** The user's `home_location` preference. */
  readonly homeLocation: Coordinates | null
  /** Where the user was last seen (a trip's fix or a position the app reported), and when. */
  readonly lastKnownPosition?: { readonly coordinates: Coordinates; readonly recordedAt: Date } | null
  /** The time the rule is applied at: a last known position counts only while recent. */
  readonly now?: Date
}

export type OriginSource = 'explicit' | 'last_known_position' | 'previous_event' | 'home'

export interface ResolvedOrigin {
  readonly coordinates: Coordinates
  readonly source: OriginSource
  /** The event the user comes from, when `source` is `previous_event`. */
  readonly previousEventId: string | null
}

export interface OriginRuleOptions {
  /** A previous event counts only if it ends at most this long before the start. */
  readonly previousEventWindowHours: number
  /** A last known position counts only if recorded at most this long ago... */
  readonly lastPositionMaxAgeMinutes: number
  /** ...and the event starts at most this long from now (later trips start from somewhere else). */
  readonly lastPositionHorizonHours: number
}

export const defaultOriginRuleOptions: OriginRuleOptions = {
  previousEventWindowHours: 4,
  lastPositionMaxAgeMinutes: 30,
  lastPositionHorizonHours: 6,
}

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

/**
 * Where the trip starts: the event's explicit origin; else the user's last known
 * position, while recent (within `lastPositionMaxAgeMinutes`), for an event
 * starting within `lastPositionHorizonHours`, unless the previous event below ends
 * after the position was recorded (the user goes there first); else the location
 * of the user's previous event (ending at or before the start, the same local day,
 * within the window; the latest ending wins); else the user's home; else none.
 */
export const resolveOrigin = (
  candidates: OriginCandidates,
  options: OriginRuleOptions = defaultOriginRuleOptions,
): Result<ResolvedOrigin, NoOriginAvailable> => {
  const { event } = candidates
  if (event.explicitOrigin !== null) {
    return ok({ coordinates: event.explicitOrigin, source: 'explicit', previousEventId: null })
  }
  const previous = latestPreviousEvent(candidates, options)
  const position = recentPosition(candidates, options)
  if (position !== null && (previous === null || previous.endTime.getTime() <= position.recordedAt.getTime())) {
    return ok({ coordinates: position.coordinates, source: 'last_known_position', previousEventId: null })
  }
  if (previous !== null && previous.location !== null) {
    return ok({ coordinates: previous.location, source: 'previous_event', previousEventId: previous.id })
  }
  if (candidates.homeLocation !== null) {
    return ok({ coordinates: candidates.homeLocation, source: 'home', previousEventId: null })
  }
  return err(new NoOriginAvailable({ eventId: event.id }))
}

const MINUTE_MS = 60_000

const recentPosition = (candidates: OriginCandidates, options: OriginRuleOptions) => {
  const { lastKnownPosition: position, now } = candidates
  if (position === undefined || position === null || now === undefined) return null
  const age = now.getTime() - position.recordedAt.getTime()
  const untilStart = candidates.event.startTime.getTime() - now.getTime()
  return age <= options.lastPositionMaxAgeMinutes * MINUTE_MS &&
    untilStart <= options.lastPositionHorizonHours * HOUR_MS
    ? position
    : null
}

const latestPreviousEvent = (
  candidates: OriginCandidates,
  options: OriginRuleOptions,
): PreviousEventCandidate | null => {
  const { event } = candidates
  const startMs = event.startTime.getTime()
  const windowMs = options.previousEventWindowHours * HOUR_MS
  // The start's local day, once: an end at or before the start is on the same local day when it is not before the
  // day's first instant. Around a change of the zone's offset (and for an unknown zone) luxon answers, as it always did.
  const dayStartMs = windowMs <= DAY_MS ? steadyLocalDayStart(event.timezone, startMs) : null
  let startDay: DateTime | undefined
  const sameLocalDay = (endTime: Date): boolean => {
    if (dayStartMs !== null) return endTime.getTime() >= dayStartMs
    startDay ??= DateTime.fromJSDate(event.startTime, { zone: event.timezone })
    return DateTime.fromJSDate(endTime, { zone: event.timezone }).hasSame(startDay, 'day')
  }
  // One pass for the latest end; ties go to the later start, then the smaller id, so the rule is deterministic.
  let best: PreviousEventCandidate | null = null
  let bestEnd = 0
  let bestStart = 0
  for (const other of candidates.otherEvents) {
    const endMs = other.endTime.getTime()
    if (endMs > startMs || startMs - endMs > windowMs || other.location === null || other.id === event.id) continue
    if (best !== null && endMs < bestEnd) continue
    const otherStart = other.startTime.getTime()
    if (
      best !== null &&
      endMs === bestEnd &&
      (otherStart < bestStart || (otherStart === bestStart && other.id.localeCompare(best.id) >= 0))
    )
      continue
    if (!sameLocalDay(other.endTime)) continue
    best = other
    bestEnd = endMs
    bestStart = otherStart
  }
  return best
}
