import { Schema } from 'effect'
import { DEPARTURE_CONFIDENCES, TRAFFIC_LEVELS } from '../core/departure/departure.js'
import {
  DEPARTURE_HISTORY_PER_EVENT,
  DEPARTURE_HISTORY_TRIGGERS,
  type DepartureHistoryEntry,
} from '../core/departure/departure-history.js'
import { thresholdOrder } from '../core/monitoring/monitoring.js'
import { ROUTE_DATA_QUALITIES } from '../core/ports/routing.js'
import { boundedString, DateTime, IntFromQuery, listEnvelope, ResponseMeta } from './common.js'
import type { EndpointContract } from './endpoint.js'

/** Pages newest first: `limit` and `starting_after` (an entry id of the previous page). */
export const ListDepartureHistoryQuery = Schema.Struct({
  limit: Schema.optionalKey(IntFromQuery(1, 100)),
  starting_after: Schema.optionalKey(boundedString(128)),
})

export const DepartureHistoryEntryResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('departure_history_entry'),
  event_id: Schema.String,
  computed_at: DateTime,
  earliest_departure: DateTime.annotate({ description: 'The recommended departure of that recompute.' }),
  latest_departure: DateTime,
  travel_minutes: Schema.Number,
  traffic_level: Schema.Literals(TRAFFIC_LEVELS),
  confidence: Schema.Literals(DEPARTURE_CONFIDENCES),
  data_quality: Schema.NullOr(Schema.Literals(ROUTE_DATA_QUALITIES)),
  trigger: Schema.Literals(DEPARTURE_HISTORY_TRIGGERS).annotate({
    description:
      'What set the recompute off: `event_created`, `scheduled` (the monitor), `requested` (POST .../departure/recompute), `read` (a read of a pending window) or `tracking` (a tracked trip).',
  }),
  weather: Schema.NullOr(
    Schema.Struct({
      condition: Schema.String,
      temperature_c: Schema.Number,
      precipitation_mm_per_hour: Schema.Number,
      wind_speed_kmh: Schema.Number,
      warning: Schema.NullOr(Schema.Struct({ kind: Schema.String, severity: Schema.String })).annotate({
        description: 'The weather warning in force at the destination then (its kind and severity), or null.',
      }),
    }),
  ).annotate({
    description:
      'The forecast hour the window was computed with (condition, temperature, precipitation, wind) and the warning then in force; null when no forecast was known, and on entries recorded before the history kept the weather.',
  }),
  thresholds_reached: Schema.NullOr(Schema.Array(Schema.Literals(thresholdOrder))).annotate({
    description:
      'The departure thresholds passed once that recompute was applied, in their order (`pre_alert`, `leave_now`, `last_call`): the threshold a recompute set off is the last one it adds. Null on entries recorded before the history kept them.',
  }),
  ...ResponseMeta,
}).annotate({ identifier: 'DepartureHistoryEntry' })

export const renderDepartureHistoryEntry = (entry: DepartureHistoryEntry) => ({
  id: entry.id,
  object: 'departure_history_entry' as const,
  event_id: entry.eventId,
  computed_at: entry.computedAt.toISOString(),
  earliest_departure: entry.earliestDeparture.toISOString(),
  latest_departure: entry.latestDeparture.toISOString(),
  travel_minutes: entry.travelMinutes,
  traffic_level: entry.trafficLevel,
  confidence: entry.confidence,
  data_quality: entry.dataQuality,
  trigger: entry.trigger,
  weather:
    entry.weather === undefined || entry.weather === null
      ? null
      : {
          condition: entry.weather.condition,
          temperature_c: entry.weather.temperatureC,
          precipitation_mm_per_hour: entry.weather.precipitationMmPerHour,
          wind_speed_kmh: entry.weather.windSpeedKmh,
          warning: entry.weather.warning === null ? null : { ...entry.weather.warning },
        },
  thresholds_reached: entry.thresholdsReached === undefined ? null : [...entry.thresholdsReached],
})

/** The departure history's endpoint, spread into `Endpoints`. */
export const DepartureHistoryEndpoints = {
  listDepartureHistory: {
    operationId: 'listDepartureHistory',
    permission: { resource: 'departure', access: 'read' },
    method: 'GET',
    path: '/v1/events/{id}/departure/history',
    summary: `An event's departure recomputes over time, newest first (the last ${DEPARTURE_HISTORY_PER_EVENT} kept)`,
    description: `Lists every stored recompute of the event's departure window, newest first: when it was computed, the earliest and latest departure, travel minutes, traffic level, confidence, data quality, what triggered it (creation, the schedule, a read, a requested recompute, tracking), the weather it was computed with and the departure thresholds passed by then. Only recomputes that succeeded are recorded, at most ${DEPARTURE_HISTORY_PER_EVENT} per event (the oldest go first); a new entry is visible on every host within a second. The history is deleted with its event and with its user. Pages with \`limit\` and \`starting_after\`.`,
    tag: 'Departure',
    query: ListDepartureHistoryQuery,
    response: listEnvelope(DepartureHistoryEntryResource),
  },
} as const satisfies Record<string, EndpointContract>
