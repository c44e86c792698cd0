import { Schema } from 'effect'
import {
  AVAILABILITIES,
  AVAILABILITY_REASONS,
  MAX_PARTICIPANTS,
  type ParticipantBusy,
} from '../core/scheduling/freebusy.js'
import { type ScoredSlot, TIMES_OF_DAY, WEEKDAY_ABBREVIATIONS, WEEKDAYS } from '../core/scheduling/slots.js'
import type { SchedulingWarning } from '../core/scheduling/suggest.js'
import { boundedString, ClockTime, DateTime, intBetween, ResponseMeta, Timezone } from './common.js'
import type { EndpointContract, RatePool } from './endpoint.js'

/** The free/busy pool (docs/spec-map.md, "Limits"): 50 requests per rolling second and 5 at once per key, apart from the general pool. */
export const FREEBUSY_RATE_POOL: RatePool = { name: 'freebusy', requestsPerWindow: 50, windowMs: 1000, concurrency: 5 }

/** `usr_...`, `cal_...` or `external:<EMAIL>`; the use case tells the three apart and names a bad one. */
export const ParticipantList = Schema.Array(boundedString(300))
  .check(Schema.isMinLength(1), Schema.isMaxLength(MAX_PARTICIPANTS))
  .annotate({
    description: `User ids (all their selected calendars), calendar ids, or external:<EMAIL>; 1 to ${MAX_PARTICIPANTS}.`,
  })

export const FreeBusyQueryRequest = Schema.Struct({
  participants: ParticipantList,
  from: DateTime,
  to: DateTime,
  include_tentative: Schema.optionalKey(Schema.Boolean).annotate({
    description:
      'Default false: busy lists only time certainly taken. true adds tentative time (a tentative answer), as find_slots and suggestions always count it. Events marked free and declined invitations are never busy',
  }),
}).annotate({ identifier: 'FreeBusyQueryRequest' })

const BusyInterval = Schema.Struct({ start: DateTime, end: DateTime })

const ParticipantFreeBusy = Schema.Struct({
  busy: Schema.Array(BusyInterval),
  availability: Schema.Literals(AVAILABILITIES).annotate({
    description:
      'known: the participant’s calendars are in the service; partial: only part of its time is known; unknown: nothing is known, and an empty busy list does not mean free',
  }),
  reason: Schema.NullOr(Schema.Literals(AVAILABILITY_REASONS)),
  timezone: Schema.NullOr(Schema.String),
})

export const FreeBusyResource = Schema.Struct({
  object: Schema.Literal('freebusy'),
  from: DateTime,
  to: DateTime,
  participants: Schema.Record(Schema.String, ParticipantFreeBusy),
  ...ResponseMeta,
}).annotate({ identifier: 'FreeBusy' })

const WeekdayName = Schema.Literals([...WEEKDAYS, ...WEEKDAY_ABBREVIATIONS])

export const WorkingHoursRequest = Schema.Struct({
  start: ClockTime,
  end: ClockTime,
  days: Schema.optionalKey(Schema.Array(WeekdayName).check(Schema.isMinLength(1), Schema.isMaxLength(7))),
  timezone: Schema.optionalKey(Timezone).annotate({
    description: 'The zone of participants whose own zone the service does not know (external addresses); default UTC',
  }),
})

export const FindSlotsRequest = Schema.Struct({
  participants: ParticipantList,
  duration_minutes: intBetween(5, 1440),
  earliest_start: DateTime,
  latest_end: DateTime,
  working_hours: Schema.optionalKey(WorkingHoursRequest),
  buffer_minutes_between_meetings: Schema.optionalKey(intBetween(0, 240)),
  preferred_time_of_day: Schema.optionalKey(Schema.Literals(TIMES_OF_DAY)),
  limit: Schema.optionalKey(intBetween(1, 25)),
}).annotate({ identifier: 'FindSlotsRequest' })

export const SlotCandidate = Schema.Struct({
  start: DateTime,
  end: DateTime,
  score: Schema.Number.annotate({ description: '0.0 to 1.0 (docs/scheduling.md)' }),
  matches: Schema.Array(Schema.String),
  misses: Schema.Array(Schema.String),
}).annotate({ identifier: 'SlotCandidate' })

export const SchedulingWarningResource = Schema.Struct({
  code: Schema.String,
  message: Schema.String,
  participant: Schema.NullOr(Schema.String),
})

export const SlotList = Schema.Struct({
  object: Schema.Literal('list'),
  data: Schema.Array(SlotCandidate),
  warnings: Schema.Array(SchedulingWarningResource),
  ...ResponseMeta,
}).annotate({ identifier: 'SlotList' })

export const renderFreeBusy = (from: Date, to: Date, participants: readonly ParticipantBusy[]) => ({
  object: 'freebusy' as const,
  from: from.toISOString(),
  to: to.toISOString(),
  participants: Object.fromEntries(
    participants.map((participant) => [
      participant.participant,
      {
        busy: participant.busy.map((interval) => ({
          start: new Date(interval.start).toISOString(),
          end: new Date(interval.end).toISOString(),
        })),
        availability: participant.availability,
        reason: participant.reason,
        timezone: participant.timezone,
      },
    ]),
  ),
})

export const renderSlot = (slot: ScoredSlot) => ({
  start: new Date(slot.start).toISOString(),
  end: new Date(slot.end).toISOString(),
  score: slot.score,
  matches: [...slot.matches],
  misses: [...slot.misses],
})

export const renderSlotList = (slots: readonly ScoredSlot[], warnings: readonly SchedulingWarning[]) => ({
  object: 'list' as const,
  data: slots.map(renderSlot),
  warnings: warnings.map((warning) => ({ ...warning })),
})

/** The FreeBusy endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const FreeBusyEndpoints = {
  queryFreeBusy: {
    operationId: 'queryFreeBusy',
    permission: { resource: 'scheduling', access: 'read' },
    method: 'POST',
    path: '/v1/freebusy/query',
    summary: 'Busy time of users, calendars and external addresses in a window (free/busy pool: 50/s, 5 concurrent)',
    description:
      'Returns the busy intervals of users, their connected calendars and external addresses within a time window. Read-only; counted in the free/busy pool (50 requests per second, 5 concurrent).',
    tag: 'Scheduling',
    body: FreeBusyQueryRequest,
    response: FreeBusyResource,
    ratePool: FREEBUSY_RATE_POOL,
  },
  findSlots: {
    operationId: 'findSlots',
    permission: { resource: 'scheduling', access: 'read' },
    method: 'POST',
    path: '/v1/freebusy/find_slots',
    summary: 'Free slots common to every participant, scored (free/busy pool: 50/s, 5 concurrent)',
    description:
      'Finds time slots free for every participant within a window, honouring working hours and buffers, and scores them. Read-only; counted in the free/busy pool (50 requests per second, 5 concurrent).',
    tag: 'Scheduling',
    body: FindSlotsRequest,
    response: SlotList,
    ratePool: FREEBUSY_RATE_POOL,
  },
} as const satisfies Record<string, EndpointContract>
