import { Schema } from 'effect'
import {
  type EventHealth,
  HEALTH_BLOCKED_REASONS,
  HEALTH_LABELS,
  HEALTH_RISK_SEVERITIES,
  HEALTH_RISK_TYPES,
  type HealthWeights,
} from '../core/event/event-health.js'
import { boundedString, DateTime, IntFromQuery, ResponseMeta } from './common.js'
import type { ApiVersion } from './versions.js'

/**
 * The score weights of event health, per API version (weights may
 * change between API versions: docs/scheduling.md). Each entry holds from its version until the
 * next entry; a later version that changes them adds an entry, and callers
 * pinned to an older version keep reading scores with the older weights (the
 * stored assessment keeps every factor, the score is worked out when read).
 */
export const HEALTH_WEIGHTS_BY_VERSION: readonly { readonly since: ApiVersion; readonly weights: HealthWeights }[] = [
  {
    since: '2025-06-15',
    weights: { traffic: 0.4, weather: 0.25, margin: 0.2, conflict: 0.1, connection: 0.05 },
  },
]

/** The weights in force for `version`: the latest entry not newer than it. */
export const healthWeightsFor = (version: ApiVersion): HealthWeights => {
  let chosen: HealthWeights | undefined
  for (const entry of HEALTH_WEIGHTS_BY_VERSION) if (entry.since <= version) chosen = entry.weights
  if (chosen === undefined) throw new Error(`no event health weights for API version ${version}`)
  return chosen
}

/** `GET /v1/events/health/upcoming` exists from this version on (docs/spec-map.md, "Versioning"). */
export const UPCOMING_HEALTH_SINCE: ApiVersion = '2026-05-20'

/** The longest `horizon_hours` of the upcoming list: a week. */
export const UPCOMING_HEALTH_MAX_HORIZON_HOURS = 168
export const UPCOMING_HEALTH_DEFAULT_HORIZON_HOURS = 24
export const UPCOMING_HEALTH_DEFAULT_LIMIT = 25

export const UpcomingHealthQuery = Schema.Struct({
  user_id: boundedString(64),
  limit: Schema.optionalKey(IntFromQuery(1, 100)),
  horizon_hours: Schema.optionalKey(IntFromQuery(1, UPCOMING_HEALTH_MAX_HORIZON_HOURS)),
})

export const EventHealthResource = Schema.Struct({
  object: Schema.Literal('event_health'),
  event_id: Schema.String,
  start_time: DateTime.annotate({ description: "The event's start (the upcoming list is ordered by it)" }),
  score: Schema.NullOr(Schema.Number).annotate({
    description: 'Confidence that the event starts on time, 0 to 1; null until first computed',
  }),
  label: Schema.NullOr(Schema.Literals(HEALTH_LABELS)).annotate({
    description:
      'on_track from 0.85, at_risk from 0.6, likely_late below, blocked when the trip cannot be planned; null with a null score',
  }),
  blocked_reason: Schema.NullOr(Schema.Literals(HEALTH_BLOCKED_REASONS)),
  risks: Schema.Array(
    Schema.Struct({
      type: Schema.Literals(HEALTH_RISK_TYPES),
      severity: Schema.Literals(HEALTH_RISK_SEVERITIES),
      detail: Schema.String,
    }),
  ),
  calculated_at: Schema.NullOr(DateTime),
  livemode: ResponseMeta.livemode,
  request_id: ResponseMeta.request_id,
}).annotate({ identifier: 'EventHealth' })

export const renderEventHealth = (health: EventHealth) => ({
  object: 'event_health' as const,
  event_id: health.eventId,
  start_time: health.startTime.toISOString(),
  score: health.score,
  label: health.label,
  blocked_reason: health.blockedReason,
  risks: health.risks.map((risk) => ({ type: risk.type, severity: risk.severity, detail: risk.detail })),
  calculated_at: health.calculatedAt?.toISOString() ?? null,
})
