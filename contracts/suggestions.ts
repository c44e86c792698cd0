import { Schema } from 'effect'
import { TIMES_OF_DAY, WEEKDAY_ABBREVIATIONS } from '../core/scheduling/slots.js'
import type { SuggestRequest as SuggestQuery } from '../core/scheduling/suggest.js'
import { boundedString, DateTime, intBetween } from './common.js'
import type { EndpointContract, RatePool } from './endpoint.js'
import { ParticipantList, SlotList } from './freebusy.js'

/** The smart-suggestions pool (docs/spec-map.md, "Limits"): 10 requests per rolling second and 2 at once per key. */
export const SUGGESTIONS_RATE_POOL: RatePool = {
  name: 'suggestions',
  requestsPerWindow: 10,
  windowMs: 1000,
  concurrency: 2,
}

export const SuggestRequest = Schema.Struct({
  intent: boundedString(500),
  participants: ParticipantList.annotate({ description: 'User ids or external:<EMAIL>' }),
  duration_minutes: intBetween(5, 1440),
  constraints: Schema.optionalKey(
    Schema.Struct({
      earliest: Schema.optionalKey(DateTime),
      latest: Schema.optionalKey(DateTime),
      preferred_days: Schema.optionalKey(
        Schema.Array(Schema.Literals(WEEKDAY_ABBREVIATIONS)).check(Schema.isMinLength(1), Schema.isMaxLength(7)),
      ),
      preferred_time_of_day: Schema.optionalKey(Schema.Literals(TIMES_OF_DAY)),
      max_travel_minutes_between_meetings: Schema.optionalKey(intBetween(0, 600)),
    }),
  ),
  location: Schema.optionalKey(
    Schema.Struct({
      address: Schema.optionalKey(boundedString(500)),
      type: Schema.optionalKey(boundedString(40).annotate({ description: 'e.g. in_person (travel-aware), virtual' })),
    }),
  ),
  limit: Schema.optionalKey(intBetween(1, 25)),
}).annotate({ identifier: 'SuggestRequest' })

/**
 * The use case's request from the wire's (REST body or voice tool arguments), the participants resolved by the
 * caller: absent constraints are null, the limit defaults to 5.
 */
export const suggestQueryFromWire = (
  wire: Omit<typeof SuggestRequest.Type, 'participants'>,
  participants: readonly string[],
): SuggestQuery => {
  const constraints = wire.constraints ?? {}
  return {
    intent: wire.intent,
    participants,
    durationMinutes: wire.duration_minutes,
    earliest: constraints.earliest === undefined ? null : new Date(constraints.earliest),
    latest: constraints.latest === undefined ? null : new Date(constraints.latest),
    preferredDays: constraints.preferred_days ?? null,
    preferredTimeOfDay: constraints.preferred_time_of_day ?? null,
    maxTravelMinutes: constraints.max_travel_minutes_between_meetings ?? null,
    location:
      wire.location === undefined ? null : { address: wire.location.address ?? null, type: wire.location.type ?? null },
    limit: wire.limit ?? 5,
  }
}

/** `{object: "list", data: [slot candidates]}` with the warnings of the search. */
export const SuggestionList = SlotList.annotate({ identifier: 'SuggestionList' })

/** The Suggestion endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const SuggestionEndpoints = {
  suggestSlots: {
    operationId: 'suggestSlots',
    permission: { resource: 'scheduling', access: 'read' },
    method: 'POST',
    path: '/v1/scheduling/suggest',
    summary: 'Travel-aware meeting suggestions (suggestions pool: 10/s, 2 concurrent)',
    description:
      "Suggests meeting times that account for each participant's travel between their other events, ranked with the reasons. Read-only; counted in the suggestions pool (10 requests per second, 2 concurrent).",
    tag: 'Scheduling',
    body: SuggestRequest,
    response: SuggestionList,
    ratePool: SUGGESTIONS_RATE_POOL,
  },
} as const satisfies Record<string, EndpointContract>
