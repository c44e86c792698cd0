import { Schema } from 'effect'
import { TIMES_OF_DAY, WEEKDAY_ABBREVIATIONS } from '../core/scheduling/slots.js'
import type { RatePool } from './endpoint.js'
import { boundedString, DateTime, intBetween } from './common.js'
import { ParticipantList, SlotList } from './freebusy.js'

/** The smart-suggestions pool of the spec's Limits: 10 requests per rolling second and 2 at once per key. */
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

/** `{object: "list", data: [slot candidates]}` with the warnings of the search. */
export const SuggestionList = SlotList.annotate({ identifier: 'SuggestionList' })
