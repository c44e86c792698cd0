import { Schema } from 'effect'
import { DEPARTURE_CONFIDENCES, type Departure, TRAFFIC_LEVELS } from '../core/departure/departure.js'
import { type CalendarEvent, EVENT_CATEGORIES, MIRROR_STATUSES } from '../core/event/event.js'
import type { EventPatch } from '../core/event/event-service.js'
import { MONITORING_STATUSES } from '../core/monitoring/monitoring.js'
import { ROUTE_DATA_QUALITIES, TRAFFIC_INCIDENT_KINDS, TRANSIT_LEG_MODES } from '../core/ports/routing.js'
import type { WeatherWarning } from '../core/ports/weather.js'
import type { Place } from '../core/shared/place.js'
import { TRAVEL_MODES } from '../core/user/user.js'
import {
  boundedString,
  DateTime,
  deleted,
  Email,
  intBetween,
  ListQuery,
  listEnvelope,
  ResponseMeta,
  Timezone,
} from './common.js'
import { type EndpointContract, NoBody } from './endpoint.js'
import { EventHealthResource, UPCOMING_HEALTH_SINCE, UpcomingHealthQuery } from './event-health.js'
import {
  EventEditQuery,
  EventInstancesQuery,
  renderSeriesFields,
  seriesListingField,
  seriesRequestFields,
  seriesResourceFields,
} from './event-series.js'
import { PlaceRequest } from './place.js'

const TravelRequest = Schema.Struct({
  mode: Schema.optionalKey(Schema.Literals(TRAVEL_MODES)),
  parking_buffer_min: Schema.optionalKey(intBetween(0, 120)),
})

/** An e-mail, a user_id, or (e-mail null, as `POST /v1/scheduling/parse` gives it) only a name. */
const AttendeeRequest = Schema.Struct({
  email: Schema.optionalKey(Schema.NullOr(Email)),
  user_id: Schema.optionalKey(boundedString(64)),
  name: Schema.optionalKey(Schema.NullOr(boundedString(200))),
})

const Title = Schema.String.check(
  Schema.makeFilter((value: string) =>
    value.trim().length >= 1 && value.length <= 500 ? undefined : 'must be 1 to 500 characters',
  ),
)

const eventFields = {
  title: Title,
  category: Schema.optionalKey(Schema.Literals(EVENT_CATEGORIES)),
  start_time: DateTime,
  end_time: DateTime,
  timezone: Schema.optionalKey(Timezone),
  location: Schema.optionalKey(Schema.NullOr(PlaceRequest)),
  origin: Schema.optionalKey(Schema.NullOr(PlaceRequest)),
  travel: Schema.optionalKey(TravelRequest),
  attendees: Schema.optionalKey(Schema.Array(AttendeeRequest).check(Schema.isMaxLength(100))),
}

/** A timed single event (the voice tool `create_event` proposes these). */
export const CreateTimedEventRequest = Schema.Struct({ user_id: boundedString(64), ...eventFields })

export const CreateEventRequest = Schema.Struct({
  user_id: boundedString(64),
  ...eventFields,
  // Required unless all_day is true (start_date, end_date instead): the handler names the missing one.
  start_time: Schema.optionalKey(DateTime),
  end_time: Schema.optionalKey(DateTime),
  ...seriesRequestFields,
}).annotate({
  identifier: 'CreateEventRequest',
})

export const UpdateEventRequest = Schema.Struct({
  title: Schema.optionalKey(Title),
  category: eventFields.category,
  start_time: Schema.optionalKey(DateTime),
  end_time: Schema.optionalKey(DateTime),
  timezone: eventFields.timezone,
  location: eventFields.location,
  origin: eventFields.origin,
  travel: eventFields.travel,
  attendees: eventFields.attendees,
  ...seriesRequestFields,
}).annotate({ identifier: 'UpdateEventRequest' })

/**
 * The event fields of a request, as the contract decodes them: the body of `PATCH /v1/events/{id}`; that of
 * `POST /v1/events` (which requires some of them and adds `user_id`) and the voice tools' arguments fit it too.
 */
export type EventFields = Schema.Schema.Type<typeof UpdateEventRequest>

const dateOf = (value: string | undefined) => (value === undefined ? undefined : new Date(value))

/** Wire (snake_case) to the domain's patch; absent stays absent. */
export const eventPatchFromWire = (body: EventFields): EventPatch => ({
  title: body.title,
  category: body.category,
  startTime: dateOf(body.start_time),
  endTime: dateOf(body.end_time),
  timezone: body.timezone,
  location: body.location,
  origin: body.origin,
  travel:
    body.travel === undefined
      ? undefined
      : { mode: body.travel.mode, parkingBufferMin: body.travel.parking_buffer_min },
  attendees: body.attendees?.map((attendee) => ({
    email: attendee.email,
    userId: attendee.user_id,
    name: attendee.name,
  })),
})

/** 4 recomputes per minute per event, shared by REST and the voice tool `recompute_departure`. */
export const DEPARTURE_RECOMPUTE_LIMIT = { name: 'departure_recompute', limit: 4, windowMs: 60_000 } as const

export const ListEventsQuery = Schema.Struct({
  ...ListQuery,
  user_id: Schema.optionalKey(boundedString(64)),
  'start_time[gte]': Schema.optionalKey(DateTime),
  'start_time[lt]': Schema.optionalKey(DateTime),
  ...seriesListingField,
})

export const ComputeDepartureRequest = Schema.Struct({
  from_location: PlaceRequest,
  to_location: PlaceRequest,
  arrive_by: DateTime,
  timezone: Schema.optionalKey(Timezone),
  travel: Schema.optionalKey(TravelRequest),
}).annotate({ identifier: 'ComputeDepartureRequest' })

const PlaceResource = Schema.Struct({
  name: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  lat: Schema.Number,
  lng: Schema.Number,
})

/** An event's location: coordinates are null when the geocoder could not place its address. */
const LocationResource = Schema.Struct({
  name: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  lat: Schema.NullOr(Schema.Number).annotate({
    description: 'null when the address could not be placed (monitoring.status unresolved_location)',
  }),
  lng: Schema.NullOr(Schema.Number).annotate({
    description: 'null when the address could not be placed (monitoring.status unresolved_location)',
  }),
})

const MonitoringResource = Schema.Struct({
  status: Schema.Literals(MONITORING_STATUSES),
  earliest_departure: Schema.NullOr(DateTime),
  latest_departure: Schema.NullOr(DateTime),
  traffic_level: Schema.NullOr(Schema.Literals(TRAFFIC_LEVELS)),
  traffic_status: Schema.NullOr(Schema.Literals(TRAFFIC_LEVELS)).annotate({
    description: 'Alias of traffic_level, kept for one minor version after 2026-05-20.',
  }),
  confidence: Schema.NullOr(Schema.Literals(DEPARTURE_CONFIDENCES)),
  calculated_at: Schema.NullOr(DateTime),
  next_recalc_at: Schema.NullOr(DateTime),
})

export const EventResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('event'),
  user_id: Schema.String,
  title: Schema.String,
  category: Schema.Literals(EVENT_CATEGORIES),
  start_time: DateTime,
  end_time: DateTime,
  timezone: Schema.String,
  location: Schema.NullOr(LocationResource),
  origin: Schema.NullOr(PlaceResource),
  travel: Schema.Struct({ mode: Schema.Literals(TRAVEL_MODES), parking_buffer_min: Schema.Int }),
  attendees: Schema.Array(
    Schema.Struct({
      email: Schema.NullOr(Schema.String),
      user_id: Schema.NullOr(Schema.String),
      name: Schema.NullOr(Schema.String),
    }),
  ),
  monitoring: MonitoringResource,
  external_id: Schema.NullOr(Schema.String).annotate({
    description: "The provider's id of a synced event (null for events created through the API and not mirrored)",
  }),
  calendar_id: Schema.NullOr(Schema.String),
  connection_id: Schema.NullOr(Schema.String),
  mirror: Schema.NullOr(
    Schema.Struct({
      status: Schema.Literals(MIRROR_STATUSES),
      calendar_id: Schema.String,
      attempts: Schema.Int,
      last_error: Schema.NullOr(Schema.String),
      next_attempt_at: Schema.NullOr(DateTime),
    }),
  ).annotate({
    description:
      "The copy in the user's connected calendar, for events created through the API: pending (retried), synced or failed",
  }),
  ...seriesResourceFields,
  created_at: DateTime,
  updated_at: DateTime,
  ...ResponseMeta,
}).annotate({ identifier: 'Event' })

export const DepartureResource = Schema.Struct({
  object: Schema.Literal('departure'),
  event_id: Schema.NullOr(Schema.String),
  earliest_departure: DateTime,
  latest_departure: DateTime,
  travel: Schema.Struct({
    total_minutes: Schema.Number,
    drive_minutes: Schema.Number,
    parking_minutes: Schema.Number,
    walk_minutes: Schema.Number,
  }),
  traffic_level: Schema.Literals(TRAFFIC_LEVELS),
  weather: Schema.NullOr(
    Schema.Struct({
      forecast_for: DateTime,
      condition: Schema.String,
      precipitation_mm_per_hour: Schema.Number,
      wind_speed_kmh: Schema.Number,
      wind_gusts_kmh: Schema.NullOr(Schema.Number),
      temperature_c: Schema.Number,
      visibility_m: Schema.NullOr(Schema.Number),
    }),
  ),
  weather_warning: Schema.NullOr(
    Schema.Struct({
      kind: Schema.String,
      severity: Schema.String,
      description: Schema.String,
      source: Schema.Literals(['official', 'forecast_threshold']).annotate({
        description:
          'official: issued by a meteorological service (US National Weather Service, MeteoAlarm); forecast_threshold: derived from the forecast crossing a threshold, the fallback where no official service covers the place',
      }),
      event: Schema.NullOr(Schema.String).annotate({
        description: "The issuer's name of the event (official warnings)",
      }),
      headline: Schema.NullOr(Schema.String),
      issuer: Schema.NullOr(Schema.String),
      onset: Schema.NullOr(DateTime),
      ends: Schema.NullOr(DateTime),
    }),
  ),
  confidence: Schema.Literals(DEPARTURE_CONFIDENCES),
  data_quality: Schema.NullOr(Schema.Literals(ROUTE_DATA_QUALITIES)).annotate({
    description:
      'Where the route answer used came from: live (a current traffic feed), historical (typical traffic for that time of week) or estimate (no traffic data: a model). null on windows computed before 2026-11-27.',
  }),
  traffic_incidents: Schema.Array(
    Schema.Struct({
      kind: Schema.Literals(TRAFFIC_INCIDENT_KINDS),
      delay_minutes: Schema.NullOr(Schema.Number),
      description: Schema.NullOr(Schema.String),
    }),
  ).annotate({
    description: 'Incidents and delays the live-traffic provider reported on the route (empty without one)',
  }),
  transit_itinerary: Schema.NullOr(
    Schema.Struct({
      departs_at: DateTime,
      arrives_at: DateTime,
      transfers: Schema.Number.annotate({ description: 'Changes between vehicles (riding legs less one)' }),
      walk_minutes: Schema.Number,
      wait_minutes: Schema.Number,
      legs: Schema.Array(
        Schema.Struct({
          mode: Schema.Literals(TRANSIT_LEG_MODES),
          route: Schema.NullOr(Schema.String).annotate({ description: "The line's short name, for riding legs" }),
          headsign: Schema.NullOr(Schema.String).annotate({
            description: 'Where the vehicle is headed, for riding legs, when the feed says',
          }),
          from: Schema.NullOr(Schema.String).annotate({ description: 'The stop or place the leg starts at' }),
          to: Schema.NullOr(Schema.String).annotate({ description: 'The stop or place the leg ends at' }),
          departs_at: DateTime,
          arrives_at: DateTime,
        }),
      ),
    }),
  ).annotate({
    description:
      'For travel.mode transit with a journey planner (OpenTripPlanner): the itinerary the window is built on, walking to the stop, each ride and change, walking from the last stop. null for other modes, and when the answer is the offline estimate (it has no itinerary).',
  }),
  origin_source: Schema.NullOr(Schema.String),
  calculated_at: DateTime,
  next_recalc_at: DateTime,
  ...ResponseMeta,
}).annotate({ identifier: 'Departure' })

const iso = (date: Date | null | undefined): string | null =>
  date === null || date === undefined ? null : date.toISOString()
const renderPlace = (place: Place | null) =>
  place === null ? null : { name: place.name, address: place.address, lat: place.lat, lng: place.lng }

export const renderEvent = (event: CalendarEvent) => {
  const { monitoring } = event
  const departure = monitoring.departure
  return {
    id: event.id,
    object: 'event' as const,
    user_id: event.userId,
    title: event.title,
    category: event.category,
    start_time: event.startTime.toISOString(),
    end_time: event.endTime.toISOString(),
    timezone: event.timezone,
    location:
      event.location === null && event.unresolvedLocation
        ? { name: event.unresolvedLocation.name, address: event.unresolvedLocation.address, lat: null, lng: null }
        : renderPlace(event.location),
    origin: renderPlace(event.origin),
    travel: { mode: event.travel.mode, parking_buffer_min: event.travel.parkingBufferMin },
    attendees: event.attendees.map((attendee) => ({
      email: attendee.email,
      user_id: attendee.userId,
      name: attendee.name,
    })),
    monitoring: {
      status: monitoring.status,
      earliest_departure: iso(departure?.earliestDeparture),
      latest_departure: iso(departure?.latestDeparture),
      traffic_level: departure?.trafficLevel ?? null,
      traffic_status: departure?.trafficLevel ?? null,
      confidence: departure?.confidence ?? null,
      calculated_at: iso(departure?.calculatedAt),
      next_recalc_at: iso(monitoring.nextRecalcAt),
    },
    external_id: event.source?.externalId ?? null,
    calendar_id: event.source?.calendarId ?? null,
    connection_id: event.source?.connectionId ?? null,
    mirror:
      event.mirror === null || event.mirror === undefined
        ? null
        : {
            status: event.mirror.status,
            calendar_id: event.mirror.calendarId,
            attempts: event.mirror.attempts,
            last_error: event.mirror.lastError,
            next_attempt_at: event.mirror.nextAttemptAt?.toISOString() ?? null,
          },
    ...renderSeriesFields(event),
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
    livemode: event.livemode,
  }
}

// Warnings stored before sources were told apart were all derived from forecast thresholds.
const renderWarning = (warning: WeatherWarning) => ({
  kind: warning.kind,
  severity: warning.severity,
  description: warning.description,
  source: warning.source ?? 'forecast_threshold',
  event: warning.event ?? null,
  headline: warning.headline ?? null,
  issuer: warning.issuer ?? null,
  onset: iso(warning.onset),
  ends: iso(warning.ends),
})

export const renderDeparture = (departure: Departure, eventId: string | null, originSource: string | null) => ({
  object: 'departure' as const,
  event_id: eventId,
  earliest_departure: departure.earliestDeparture.toISOString(),
  latest_departure: departure.latestDeparture.toISOString(),
  travel: {
    total_minutes: departure.travel.totalMinutes,
    drive_minutes: departure.travel.driveMinutes,
    parking_minutes: departure.travel.parkingMinutes,
    walk_minutes: departure.travel.walkMinutes,
  },
  traffic_level: departure.trafficLevel,
  weather:
    departure.weather === null
      ? null
      : {
          forecast_for: departure.weather.forecastFor.toISOString(),
          condition: departure.weather.condition,
          precipitation_mm_per_hour: departure.weather.precipitationMmPerHour,
          wind_speed_kmh: departure.weather.windSpeedKmh,
          wind_gusts_kmh: departure.weather.windGustsKmh,
          temperature_c: departure.weather.temperatureC,
          visibility_m: departure.weather.visibilityM,
        },
  weather_warning: departure.weatherWarning === null ? null : renderWarning(departure.weatherWarning),
  confidence: departure.confidence,
  data_quality: departure.dataQuality ?? null,
  traffic_incidents: (departure.incidents ?? []).map((incident) => ({
    kind: incident.kind,
    delay_minutes: incident.delayMinutes,
    description: incident.description,
  })),
  transit_itinerary:
    departure.transit === null || departure.transit === undefined
      ? null
      : {
          departs_at: departure.transit.departsAt.toISOString(),
          arrives_at: departure.transit.arrivesAt.toISOString(),
          transfers: departure.transit.transfers,
          walk_minutes: departure.transit.walkMinutes,
          wait_minutes: departure.transit.waitMinutes,
          legs: departure.transit.legs.map((leg) => ({
            mode: leg.mode,
            route: leg.route,
            headsign: leg.headsign ?? null,
            from: leg.from,
            to: leg.to,
            departs_at: leg.departsAt.toISOString(),
            arrives_at: leg.arrivesAt.toISOString(),
          })),
        },
  origin_source: originSource,
  calculated_at: departure.calculatedAt.toISOString(),
  next_recalc_at: departure.nextRecalcAt.toISOString(),
})

/** The Event endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const EventEndpoints = {
  createEvent: {
    operationId: 'createEvent',
    errors: ['account_deactivated'],
    permission: { resource: 'events', access: 'write' },
    method: 'POST',
    path: '/v1/events',
    summary: 'Create an event; a future event with a location is monitored',
    description:
      "Creates an event for a user. A future event with a location is monitored: its first departure window is computed during the request, and `event.created` (then `departure.computed`) is sent; the answer's `Location` header names the new event.",
    tag: 'Events',
    body: CreateEventRequest,
    response: EventResource,
    successStatus: 201,
    successHeaders: {
      Location: { description: "The new event's path: `/v1/events/{id}`.", required: true },
    },
  },
  listEvents: {
    operationId: 'listEvents',
    permission: { resource: 'events', access: 'read' },
    method: 'GET',
    path: '/v1/events',
    summary: 'List events, newest first; filter by user and start time',
    description:
      'Lists events in the list envelope, newest first, filtered by `user_id` and by start time (`start_time[gte]`, `start_time[lt]`). Pages with `limit` (1 to 100) and a cursor.',
    tag: 'Events',
    query: ListEventsQuery,
    response: listEnvelope(EventResource),
  },
  retrieveEvent: {
    operationId: 'retrieveEvent',
    permission: { resource: 'events', access: 'read' },
    method: 'GET',
    path: '/v1/events/{id}',
    summary: 'Retrieve an event',
    description:
      'Returns one event with its monitoring status and latest departure window. An event of another account or surface is 404.',
    tag: 'Events',
    response: EventResource,
  },
  updateEvent: {
    operationId: 'updateEvent',
    errors: ['account_deactivated', 'concurrent_modification', 'calendar_change_refused'],
    permission: { resource: 'events', access: 'write' },
    method: 'PATCH',
    path: '/v1/events/{id}',
    summary: 'Update an event; a new time, place or travel recomputes the window',
    description:
      'Changes the given fields. A new time, place or travel puts monitoring back to `pending` and recomputes the window at once; a title or category change keeps it. Sends `event.updated`, and `departure.updated` when the window changed.',
    tag: 'Events',
    query: EventEditQuery,
    body: UpdateEventRequest,
    response: EventResource,
  },
  deleteEvent: {
    operationId: 'deleteEvent',
    errors: ['concurrent_modification', 'calendar_change_refused'],
    permission: { resource: 'events', access: 'write' },
    method: 'DELETE',
    path: '/v1/events/{id}',
    summary: 'Delete an event; monitoring stops',
    description:
      'Deletes an event: monitoring stops and `event.deleted` carries its last state. The answer is the event as it was, with `deleted: true`; later calls are 404.',
    tag: 'Events',
    query: EventEditQuery,
    response: deleted(EventResource),
  },
  listEventInstances: {
    operationId: 'listEventInstances',
    permission: { resource: 'events', access: 'read' },
    method: 'GET',
    path: '/v1/events/{id}/instances',
    summary: 'List the occurrences of a series in a window, soonest first',
    description:
      "Lists the occurrences of a recurring event (its RRULE, EXDATE and RDATE expanded in the event's timezone) between `from` and `to`, soonest first, each as an event with its derived id and `original_start_time`. Pages with `limit` and a cursor; read-only.",
    tag: 'Events',
    query: EventInstancesQuery,
    response: listEnvelope(EventResource),
  },
  retrieveDeparture: {
    operationId: 'retrieveDeparture',
    errors: ['departure_unavailable'],
    permission: { resource: 'departure', access: 'read' },
    method: 'GET',
    path: '/v1/events/{id}/departure',
    summary: 'Latest cached departure window of an event',
    description:
      'Returns the latest departure window computed for the event (when to leave, travel time, traffic, weather) from cache, without calling any provider. 409 `departure_unavailable` when none could be computed yet.',
    tag: 'Departure',
    response: DepartureResource,
  },
  recomputeDeparture: {
    operationId: 'recomputeDeparture',
    errors: ['account_deactivated', 'departure_unavailable'],
    permission: { resource: 'departure', access: 'write' },
    method: 'POST',
    path: '/v1/events/{id}/departure/recompute',
    summary: 'Fresh routing, traffic and weather lookup (4 per minute per event)',
    description:
      'Computes a fresh departure window now with new routing, traffic and weather lookups, and stores it (sending `departure.updated` when it changed). Limited to 4 calls per minute per event (429).',
    tag: 'Departure',
    body: NoBody,
    response: DepartureResource,
  },
  retrieveEventHealth: {
    operationId: 'retrieveEventHealth',
    // events:read, not departure:read: the risks name the user's other events in the way.
    permission: { resource: 'events', access: 'read' },
    method: 'GET',
    path: '/v1/events/{id}/health',
    summary: 'Health of an event: score, label and risks, as of the last departure recompute',
    description:
      'Scores how likely the user is to make the event on time (0 to 100, a label and the risks found, such as a tight connection after another event), as of the last departure recompute. Read-only.',
    tag: 'Events',
    response: EventHealthResource,
  },
  listUpcomingEventHealth: {
    operationId: 'listUpcomingEventHealth',
    permission: { resource: 'events', access: 'read' },
    method: 'GET',
    path: '/v1/events/health/upcoming',
    summary: "Health of a user's events starting within horizon_hours, soonest first (from 2026-05-20)",
    description:
      "Lists the health of a user's events starting within `horizon_hours`, soonest first, each as of its last recompute. Read-only; available from API version 2026-05-20.",
    tag: 'Events',
    query: UpcomingHealthQuery,
    response: listEnvelope(EventHealthResource),
    sinceVersion: UPCOMING_HEALTH_SINCE,
  },
  computeDeparture: {
    operationId: 'computeDeparture',
    errors: ['departure_unavailable'],
    permission: { resource: 'departure', access: 'read' },
    method: 'POST',
    path: '/v1/departure/compute',
    summary: 'Departure window for a hypothetical trip; persists nothing',
    description:
      'Computes a departure window for a hypothetical trip (origin, destination, arrival time, travel mode) without creating an event. Nothing is stored and no webhook is sent.',
    tag: 'Departure',
    body: ComputeDepartureRequest,
    response: DepartureResource,
  },
} as const satisfies Record<string, EndpointContract>
