import { Schema } from 'effect'
import { DateTime as Luxon } from 'luxon'
import type { ParsedEvent } from '../core/scheduling/parsed-event.js'
import { EVENT_DURATION_MIN, PARSE_TEXT_MAX_LENGTH } from '../core/scheduling/parsed-event.js'
import { boundedString, DateTime, intBetween, ResponseMeta, Timezone } from './common.js'
import type { EndpointContract } from './endpoint.js'

const ParseText = Schema.String.check(
  Schema.makeFilter((value: string) =>
    value.trim().length >= 1 && value.length <= PARSE_TEXT_MAX_LENGTH
      ? undefined
      : `must be 1 to ${PARSE_TEXT_MAX_LENGTH} characters, not all blank`,
  ),
).annotate({ description: `The sentence to read (English), 1 to ${PARSE_TEXT_MAX_LENGTH} characters` })

export const ParseEventRequest = Schema.Struct({
  text: ParseText,
  user_context: Schema.Struct({
    timezone: Timezone.annotate({
      description: 'IANA zone the words are read in (required since 2026-08-01, see Versioning)',
    }),
    user_id: Schema.optionalKey(
      boundedString(64).annotate({
        description: "A user of the caller's account: names may resolve to that user's contacts; echoed in event",
      }),
    ),
    default_event_duration_min: Schema.optionalKey(
      intBetween(EVENT_DURATION_MIN.minimum, EVENT_DURATION_MIN.maximum).annotate({
        description: `Length of an event whose text gives no end or duration (default ${EVENT_DURATION_MIN.default})`,
      }),
    ),
  }),
}).annotate({ identifier: 'ParseEventRequest' })

const Score = Schema.Number.annotate({ description: '0 to 1; below 0.7, ask the user to confirm' })

export const ParsedEventResource = Schema.Struct({
  object: Schema.Literal('parsed_event'),
  event: Schema.Struct({
    user_id: Schema.optionalKey(Schema.String).annotate({ description: 'Present when user_context.user_id was given' }),
    title: Schema.String,
    start_time: DateTime,
    end_time: DateTime,
    timezone: Schema.String,
    location: Schema.NullOr(Schema.Struct({ name: Schema.NullOr(Schema.String), address: Schema.String })),
    attendees: Schema.Array(Schema.Struct({ name: Schema.String, email: Schema.NullOr(Schema.String) })),
  }).annotate({ description: 'A request body for POST /v1/events (add user_id when none was given)' }),
  confidence: Schema.Struct({ title: Score, start_time: Score, location: Score, attendees: Score }),
  warnings: Schema.Array(Schema.String),
  ...ResponseMeta,
}).annotate({ identifier: 'ParsedEvent' })

const local = (date: Date, timezone: string) =>
  Luxon.fromJSDate(date, { zone: timezone }).toISO({ suppressMilliseconds: true }) ?? date.toISOString()

/** Times in the user's zone, with its offset (`2026-03-30T09:00:00+02:00`). */
export const renderParsedEvent = (parsed: ParsedEvent, userId: string | undefined) => ({
  object: 'parsed_event' as const,
  event: {
    ...(userId === undefined ? {} : { user_id: userId }),
    title: parsed.title,
    start_time: local(parsed.startTime, parsed.timezone),
    end_time: local(parsed.endTime, parsed.timezone),
    timezone: parsed.timezone,
    location: parsed.location === null ? null : { name: parsed.location.name, address: parsed.location.address },
    attendees: parsed.attendees.map((attendee) => ({ name: attendee.name, email: attendee.email })),
  },
  confidence: {
    title: parsed.confidence.title,
    start_time: parsed.confidence.startTime,
    location: parsed.confidence.location,
    attendees: parsed.confidence.attendees,
  },
  warnings: [...parsed.warnings],
})

/** The Scheduling endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const SchedulingEndpoints = {
  parseSchedulingText: {
    operationId: 'parseSchedulingText',
    permission: { resource: 'scheduling', access: 'read' },
    method: 'POST',
    path: '/v1/scheduling/parse',
    summary: 'Read an event draft from a sentence (dates in user_context.timezone); stores nothing',
    description:
      'Reads an event draft (title, start, end, place, attendees) from a sentence such as "lunch with Ada tomorrow at noon", resolving dates in `user_context.timezone`. Nothing is stored: create the event with the draft if it is right.',
    tag: 'Scheduling',
    body: ParseEventRequest,
    response: ParsedEventResource,
  },
} as const satisfies Record<string, EndpointContract>
