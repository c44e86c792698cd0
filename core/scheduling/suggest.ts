import type { CalendarEvent } from '../event/event.js'
import type { EventRepositoryPort } from '../ports/event-repository.js'
import type { GeocodingPort } from '../ports/geocoding.js'
import type { RoutingPort } from '../ports/routing.js'
import type { UserRepositoryPort } from '../ports/user-repository.js'
import type { Coordinates } from '../shared/coordinates.js'
import { InvalidParameter, type ResourceNotFound } from '../shared/errors.js'
import type { ProviderUnavailable } from '../shared/provider.errors.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { TravelMode } from '../user/user.js'
import { DAY_MS, type Interval, type ParticipantBusy } from './freebusy.js'
import type { FreeBusyService } from './freebusy-service.js'
import {
  byScore,
  isoWeekday,
  overlapsAny,
  type ScoredSlot,
  slotCandidates,
  type TimeOfDay,
  type WeekdayAbbreviation,
} from './slots.js'

/** Something the caller should know about an answer (an unknown participant, a search cut short). */
export interface SchedulingWarning {
  readonly code: 'availability_unknown' | 'availability_partial' | 'search_truncated' | 'travel_unknown'
  readonly message: string
  readonly participant: string | null
}

/** The warnings free/busy answers imply: whose time the service does not (fully) know. */
export const availabilityWarnings = (participants: readonly ParticipantBusy[]): SchedulingWarning[] =>
  participants.flatMap((participant): SchedulingWarning[] =>
    participant.availability === 'unknown'
      ? [
          {
            code: 'availability_unknown',
            message: `Nothing is known about the time of ${participant.participant}: the slots assume it is free.`,
            participant: participant.participant,
          },
        ]
      : participant.availability === 'partial'
        ? [
            {
              code: 'availability_partial',
              message: `Only part of the time of ${participant.participant} is known (${participant.reason}): the slots avoid what is known.`,
              participant: participant.participant,
            },
          ]
        : [],
  )

export interface SuggestRequest {
  readonly intent: string
  readonly participants: readonly string[]
  readonly durationMinutes: number
  readonly earliest: Date | null
  readonly latest: Date | null
  readonly preferredDays: readonly WeekdayAbbreviation[] | null
  readonly preferredTimeOfDay: TimeOfDay | null
  readonly maxTravelMinutes: number | null
  readonly location: { readonly address: string | null; readonly type: string | null } | null
  readonly limit: number
}

export interface Suggestions {
  readonly slots: readonly ScoredSlot[]
  readonly warnings: readonly SchedulingWarning[]
}

export interface SuggestDeps {
  readonly freeBusy: FreeBusyService
  readonly events: EventRepositoryPort
  readonly users: UserRepositoryPort
  readonly geocoding: GeocodingPort
  readonly routing: RoutingPort
}

/** The horizon when `latest` is not given, and the longest one allowed. */
export const DEFAULT_HORIZON_DAYS = 7
export const MAX_HORIZON_DAYS = 31
/** Suggestions look at local 08:00 to 20:00 of every participant (the request has no working hours). */
export const SUGGESTION_HOURS = { startMinute: 8 * 60, endMinute: 20 * 60 } as const
/** Past this much time the greedy search stops and answers what it has, with a `search_truncated` warning. */
export const SUGGESTION_BUDGET_MS = 400
/** Neighbouring events further than this from the slot are another part of the day: no trip is checked. */
export const NEIGHBOUR_REACH_MS = 12 * 3_600_000
/** Travel part of the score; a slot over `max_travel_minutes_between_meetings` has its score halved. */
export const TRAVEL_WEIGHT = 0.2

interface LocatedEvent {
  readonly start: number
  readonly end: number
  readonly at: Coordinates
  readonly timezone: string
}

interface Traveller {
  readonly participant: string
  readonly mode: TravelMode
  readonly events: readonly LocatedEvent[]
}

type TripOutcome = { readonly minutes: number } | { readonly unknown: true }

/**
 * `POST /v1/scheduling/suggest`: free slots for everyone, scored by the caller's
 * preferences, then, for an in-person meeting, checked greedily (best first) for
 * the trips of each user: from the event before to the meeting, and from the
 * meeting to the event after. A slot a participant cannot reach in time, or that
 * makes their next event late, is dropped; one whose longest trip is over
 * `max_travel_minutes_between_meetings` stays with that constraint in `misses`.
 */
export class SuggestionService {
  constructor(private readonly deps: SuggestDeps) {}

  async suggest(
    scope: RequestScope,
    request: SuggestRequest,
  ): Promise<Result<Suggestions, InvalidParameter | ResourceNotFound | ProviderUnavailable>> {
    const startedAt = scope.clock.now().getTime()
    for (const [index, participant] of request.participants.entries())
      if (!participant.startsWith('usr_') && !participant.startsWith('external:'))
        return err(
          new InvalidParameter({
            param: `participants[${index}]`,
            message: 'Suggestions take user ids (usr_...) or external:<email>.',
          }),
        )
    const now = startedAt
    const earliest = Math.max(request.earliest?.getTime() ?? now, now)
    const latest = request.latest?.getTime() ?? earliest + DEFAULT_HORIZON_DAYS * DAY_MS
    const durationMs = request.durationMinutes * 60_000
    if (latest - earliest < durationMs)
      return err(
        new InvalidParameter({
          param: 'constraints.latest',
          message: 'constraints.latest leaves no room for the meeting after constraints.earliest (and after now).',
        }),
      )
    const freeBusy = await this.deps.freeBusy.query(scope, {
      participants: request.participants,
      from: new Date(earliest),
      to: new Date(latest),
      includeTentative: true,
      params: { participants: 'participants', to: 'constraints.latest', maxWindowDays: MAX_HORIZON_DAYS },
    })
    if (!freeBusy.ok) return freeBusy
    const warnings = availabilityWarnings(freeBusy.value)
    const window: Interval = { start: earliest, end: latest }
    const candidates = slotCandidates({
      participants: freeBusy.value,
      window,
      durationMs,
      bufferMs: 0,
      workingHours: { ...SUGGESTION_HOURS, days: new Set([1, 2, 3, 4, 5, 6, 7]) },
      fallbackZone: 'UTC',
      preferredTimeOfDay: request.preferredTimeOfDay,
      preferredDays: request.preferredDays === null ? null : new Set(request.preferredDays.map(isoWeekday)),
    })
      .map((slot) => ({
        ...slot,
        // Suggestions have no working hours of their own; the window's ends are the constraints they always meet.
        matches: [
          ...(request.earliest === null ? [] : ['earliest']),
          ...(request.latest === null ? [] : ['latest']),
          ...slot.matches.filter((name) => name !== 'working_hours'),
        ],
      }))
      .sort(byScore)

    const inPerson = request.location?.type === 'in_person' && request.location.address !== null
    let venue: Coordinates | null = null
    if (inPerson) {
      const found = await this.deps.geocoding.geocode(request.location?.address ?? '')
      if (!found.ok) return found
      if (found.value === null)
        return err(new InvalidParameter({ param: 'location.address', message: 'No place matches this address.' }))
      venue = found.value.coordinates
    }
    const travellers = venue === null ? [] : await this.travellers(scope, freeBusy.value, window)

    const chosen: ScoredSlot[] = []
    const trips = new Map<string, Promise<TripOutcome>>()
    let travelUnknown = false
    let truncated = false
    for (const candidate of candidates) {
      if (chosen.length >= request.limit) break
      if (overlapsAny(chosen, candidate)) continue
      if (scope.clock.now().getTime() - startedAt > SUGGESTION_BUDGET_MS) {
        truncated = true
        break
      }
      if (venue === null) {
        chosen.push(withMaxTravel(candidate, request.maxTravelMinutes, null))
        continue
      }
      const checked = await this.checkTravel(candidate, venue, travellers, trips)
      if (checked === 'late') continue
      if (checked.unknown) travelUnknown = true
      chosen.push(withMaxTravel(candidate, request.maxTravelMinutes, checked.longestMinutes))
    }
    if (travelUnknown)
      warnings.push({
        code: 'travel_unknown',
        message: 'Some trips could not be routed: those legs were not checked.',
        participant: null,
      })
    if (truncated)
      warnings.push({
        code: 'search_truncated',
        message: `The search stopped after ${SUGGESTION_BUDGET_MS} ms with ${chosen.length} of ${request.limit} suggestions: narrow the window (constraints.earliest to constraints.latest of 7 days or less) or ask for 8 participants or fewer.`,
        participant: null,
      })
    return ok({ slots: chosen.sort(byScore), warnings })
  }

  /** Each user's located events around the window, for the trips before and after a slot. */
  private async travellers(
    scope: RequestScope,
    participants: readonly ParticipantBusy[],
    window: Interval,
  ): Promise<Traveller[]> {
    const travellers: Traveller[] = []
    for (const participant of participants) {
      if (participant.userId === null) continue
      const events = await this.deps.events.overlapping(
        scope.accountId,
        {
          userIds: [participant.userId],
          calendarIds: [],
          attendeeEmails: [],
          attendeeUserIds: [],
          from: new Date(window.start - NEIGHBOUR_REACH_MS),
          to: new Date(window.end + NEIGHBOUR_REACH_MS),
        },
        10_000,
      )
      const user = await this.deps.users.get(scope.accountId, participant.userId)
      travellers.push({
        participant: participant.participant,
        mode: user?.defaultTravelMode ?? 'drive',
        events: events.filter(located).map((event) => ({
          start: event.startTime.getTime(),
          end: event.endTime.getTime(),
          at: { lat: event.location.lat, lng: event.location.lng },
          timezone: event.timezone,
        })),
      })
    }
    return travellers
  }

  private async checkTravel(
    slot: ScoredSlot,
    venue: Coordinates,
    travellers: readonly Traveller[],
    trips: Map<string, Promise<TripOutcome>>,
  ): Promise<'late' | { readonly longestMinutes: number; readonly unknown: boolean }> {
    let longest = 0
    let unknown = false
    for (const traveller of travellers) {
      const before = lastBefore(traveller.events, slot.start)
      const after = firstAfter(traveller.events, slot.end)
      if (before !== null) {
        const trip = await this.trip(trips, before.at, venue, before.end, traveller.mode, before.timezone)
        if ('unknown' in trip) unknown = true
        else {
          // Cannot be there on time.
          if (before.end + trip.minutes * 60_000 > slot.start) return 'late'
          longest = Math.max(longest, trip.minutes)
        }
      }
      if (after !== null) {
        const trip = await this.trip(trips, venue, after.at, slot.end, traveller.mode, after.timezone)
        if ('unknown' in trip) unknown = true
        else {
          // Would make the next event late.
          if (slot.end + trip.minutes * 60_000 > after.start) return 'late'
          longest = Math.max(longest, trip.minutes)
        }
      }
    }
    return { longestMinutes: longest, unknown }
  }

  /** One trip, asked once per request for the same ends, mode and quarter hour. */
  private trip(
    trips: Map<string, Promise<TripOutcome>>,
    origin: Coordinates,
    destination: Coordinates,
    departAt: number,
    mode: TravelMode,
    timezone: string,
  ): Promise<TripOutcome> {
    const quarter = Math.floor(departAt / 900_000)
    const key = `${origin.lat},${origin.lng}>${destination.lat},${destination.lng}:${mode}:${quarter}`
    const known = trips.get(key)
    if (known !== undefined) return known
    const asked = this.deps.routing
      .travelTime({ origin, destination, mode, timing: { kind: 'depart_at', at: new Date(departAt) }, timezone })
      .then((result): TripOutcome => (result.ok ? { minutes: result.value.expectedMinutes } : { unknown: true }))
    trips.set(key, asked)
    return asked
  }
}

const located = (event: CalendarEvent): event is CalendarEvent & { location: NonNullable<CalendarEvent['location']> } =>
  event.location !== null && event.monitoring.status !== 'cancelled'

const lastBefore = (events: readonly LocatedEvent[], start: number): LocatedEvent | null => {
  let found: LocatedEvent | null = null
  for (const event of events)
    if (event.end <= start && event.end > start - NEIGHBOUR_REACH_MS && (found === null || event.end > found.end))
      found = event
  return found
}

const firstAfter = (events: readonly LocatedEvent[], end: number): LocatedEvent | null => {
  let found: LocatedEvent | null = null
  for (const event of events)
    if (event.start >= end && event.start < end + NEIGHBOUR_REACH_MS && (found === null || event.start < found.start))
      found = event
  return found
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000

/**
 * The slot with its travel part: without a venue the slot is as scored; with one the
 * score is 0.8 x the slot's and 0.2 x the share of the travel allowance left
 * (`max_travel_minutes_between_meetings`, else 60 minutes); over the allowance it is halved.
 */
const withMaxTravel = (slot: ScoredSlot, maxTravel: number | null, longest: number | null): ScoredSlot => {
  if (longest === null) {
    if (maxTravel === null) return slot
    return { ...slot, matches: [...slot.matches, 'max_travel_minutes_between_meetings'] }
  }
  const allowance = maxTravel ?? 60
  const travelScore = allowance === 0 ? (longest === 0 ? 1 : 0) : Math.max(0, 1 - longest / allowance)
  const over = maxTravel !== null && longest > maxTravel
  const score = round(((1 - TRAVEL_WEIGHT) * slot.score + TRAVEL_WEIGHT * travelScore) * (over ? 0.5 : 1))
  if (maxTravel === null) return { ...slot, score }
  return over
    ? { ...slot, score, misses: [...slot.misses, 'max_travel_minutes_between_meetings'] }
    : { ...slot, score, matches: [...slot.matches, 'max_travel_minutes_between_meetings'] }
}
