import { Schema } from 'effect'
import { IGNORED_REASONS, type IgnoredReason } from '../core/tracking/location-rules.js'
import {
  CONFIDENCE_LEVELS,
  type ReportedPosition,
  STOP_REASONS,
  TRACKING_LIMITS,
  TRACKING_STATUSES,
  type Trip,
} from '../core/tracking/trip.js'
import { DateTime, intBetween, ResponseMeta } from './common.js'
import { type EndpointContract, NoBody } from './endpoint.js'

const Latitude = Schema.Finite.check(Schema.isBetween({ minimum: -90, maximum: 90 })).annotate({
  description: 'WGS84 degrees north, -90 to 90.',
})
const Longitude = Schema.Finite.check(Schema.isBetween({ minimum: -180, maximum: 180 })).annotate({
  description: 'WGS84 degrees east, -180 to 180.',
})
const AccuracyMetres = Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: 1e6 })).annotate({
  description: `Horizontal accuracy radius in metres; a fix coarser than ${TRACKING_LIMITS.maxAccuracyM} m is ignored.`,
})
const SpeedMps = Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: 1000 })).annotate({
  description: 'Speed over ground reported by the device, in metres per second.',
})

export const StartTrackingRequest = Schema.Struct({
  start_location: Schema.optionalKey(
    Schema.Struct({
      lat: Latitude,
      lng: Longitude,
      accuracy_m: Schema.optionalKey(AccuracyMetres),
      recorded_at: Schema.optionalKey(DateTime.annotate({ description: 'Defaults to now.' })),
    }).annotate({ description: 'Where the trip starts, when known: the first position.' }),
  ),
  idle_timeout_seconds: Schema.optionalKey(
    intBetween(TRACKING_LIMITS.minIdleTimeoutSeconds, TRACKING_LIMITS.maxIdleTimeoutSeconds).annotate({
      description: 'No location for this long makes the trip `stalled`. Default 120.',
    }),
  ),
}).annotate({ identifier: 'StartTrackingRequest' })

export const TrackingLocationRequest = Schema.Struct({
  lat: Latitude,
  lng: Longitude,
  accuracy_m: Schema.optionalKey(AccuracyMetres),
  speed_mps: Schema.optionalKey(SpeedMps),
  recorded_at: DateTime.annotate({ description: 'When the device took the fix (not when it was sent).' }),
}).annotate({ identifier: 'TrackingLocationRequest' })

export const ReportPositionRequest = Schema.Struct({
  lat: Latitude,
  lng: Longitude,
  accuracy_m: Schema.optionalKey(AccuracyMetres),
  recorded_at: DateTime.annotate({ description: 'When the device took the fix.' }),
}).annotate({ identifier: 'ReportPositionRequest' })

const CurrentLocation = Schema.Struct({
  lat: Schema.Number,
  lng: Schema.Number,
  recorded_at: DateTime,
  accuracy_m: Schema.NullOr(Schema.Number),
})

const trackingFields = {
  object: Schema.Literal('tracking'),
  event_id: Schema.String,
  user_id: Schema.String,
  status: Schema.Literals(TRACKING_STATUSES),
  current_location: Schema.NullOr(CurrentLocation).annotate({
    description: 'The last accepted position; null before the first one and once stopped (erased).',
  }),
  predicted_arrival: Schema.NullOr(DateTime).annotate({ description: 'ETA at the current position.' }),
  minutes_late: Schema.NullOr(Schema.Int).annotate({ description: 'Negative early, positive late, 0 on schedule.' }),
  confidence: Schema.NullOr(Schema.Literals(CONFIDENCE_LEVELS)),
  idle_timeout_seconds: Schema.Int,
  started_at: DateTime,
  arrived_at: Schema.NullOr(DateTime),
  stopped_at: Schema.NullOr(DateTime),
  stop_reason: Schema.NullOr(Schema.Literals(STOP_REASONS)),
  updated_at: DateTime,
}

export const TrackingResource = Schema.Struct({ ...trackingFields, ...ResponseMeta }).annotate({
  identifier: 'Tracking',
  description: 'Live ETA tracking of the trip to an event (private preview).',
})

export const TrackingLocationResource = Schema.Struct({
  ...trackingFields,
  location_update: Schema.Struct({
    accepted: Schema.Boolean,
    ignored_reason: Schema.NullOr(Schema.Literals(IGNORED_REASONS)).annotate({
      description:
        'Why the update was answered but not stored: `out_of_order`, `stale`, `inaccurate`, `impossible_jump`, `arrived`.',
    }),
  }),
  ...ResponseMeta,
}).annotate({ identifier: 'TrackingLocationResult', description: 'The tracking object after a location update.' })

export const UserLocationResource = Schema.Struct({
  object: Schema.Literal('user_location'),
  user_id: Schema.String,
  lat: Schema.Number,
  lng: Schema.Number,
  accuracy_m: Schema.NullOr(Schema.Number),
  recorded_at: DateTime,
  expires_at: DateTime.annotate({ description: 'When the position is deleted (24 hours after `recorded_at`).' }),
  ...ResponseMeta,
}).annotate({
  identifier: 'UserLocation',
  description: "The user's last reported position: the origin of trips while recent (docs/tracking.md).",
})

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString())

export const renderTracking = (trip: Trip) => ({
  object: 'tracking' as const,
  event_id: trip.eventId,
  user_id: trip.userId,
  status: trip.status,
  current_location:
    trip.currentLocation === null
      ? null
      : {
          lat: trip.currentLocation.lat,
          lng: trip.currentLocation.lng,
          recorded_at: trip.currentLocation.recordedAt.toISOString(),
          accuracy_m: trip.currentLocation.accuracyM,
        },
  predicted_arrival: iso(trip.predictedArrival),
  minutes_late: trip.minutesLate,
  confidence: trip.confidence,
  idle_timeout_seconds: trip.idleTimeoutSeconds,
  started_at: trip.startedAt.toISOString(),
  arrived_at: iso(trip.arrivedAt),
  stopped_at: iso(trip.stoppedAt),
  stop_reason: trip.stopReason,
  updated_at: trip.updatedAt.toISOString(),
  livemode: trip.livemode,
})

export const renderLocatedTracking = (trip: Trip, ignoredReason: IgnoredReason | null) => ({
  ...renderTracking(trip),
  location_update: { accepted: ignoredReason === null, ignored_reason: ignoredReason },
})

export const renderUserLocation = (position: ReportedPosition, expiresAt: Date, livemode: boolean) => ({
  object: 'user_location' as const,
  user_id: position.userId,
  lat: position.lat,
  lng: position.lng,
  accuracy_m: position.accuracyM,
  recorded_at: position.recordedAt.toISOString(),
  expires_at: expiresAt.toISOString(),
  livemode,
})

/** The Tracking endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const TrackingEndpoints = {
  startTracking: {
    operationId: 'startTracking',
    permission: { resource: 'tracking', access: 'write' },
    method: 'POST',
    path: '/v1/events/{id}/tracking/start',
    summary: 'Start live ETA tracking of the trip to an event (private preview)',
    description:
      "Starts live ETA tracking of the user's trip to an event (private preview): positions pushed afterwards update the predicted arrival, and `event.late_predicted` and `user.arrived` follow from them.",
    tag: 'Tracking',
    body: StartTrackingRequest,
    response: TrackingResource,
  },
  recordTrackingLocation: {
    operationId: 'recordTrackingLocation',
    permission: { resource: 'tracking', access: 'write' },
    method: 'POST',
    path: '/v1/events/{id}/tracking/location',
    summary: 'Push a location update (at least 5 s apart; 5 to 10 s batching recommended)',
    description:
      'Pushes one position of the user during a tracked trip and answers the updated prediction. Positions closer than 5 seconds apart are ignored (the answer says why); batching every 5 to 10 seconds is recommended.',
    tag: 'Tracking',
    body: TrackingLocationRequest,
    response: TrackingLocationResource,
  },
  retrieveTracking: {
    operationId: 'retrieveTracking',
    permission: { resource: 'tracking', access: 'read' },
    method: 'GET',
    path: '/v1/events/{id}/tracking',
    summary: 'The tracking object: status, current location, predicted arrival, minutes late',
    description: "Returns the trip's tracking state: status, last position, predicted arrival and minutes late.",
    tag: 'Tracking',
    response: TrackingResource,
  },
  stopTracking: {
    operationId: 'stopTracking',
    permission: { resource: 'tracking', access: 'write' },
    method: 'POST',
    path: '/v1/events/{id}/tracking/stop',
    summary: 'Stop tracking: positions are erased; stopping again is a no-op',
    description: 'Stops tracking the trip: its positions are erased. Stopping a stopped trip is a no-op.',
    tag: 'Tracking',
    body: NoBody,
    response: TrackingResource,
  },
  reportUserLocation: {
    operationId: 'reportUserLocation',
    permission: { resource: 'tracking', access: 'write' },
    method: 'POST',
    path: '/v1/users/{id}/location',
    summary: "Report the user's last known position (the origin of upcoming trips while recent)",
    description:
      "Records the user's last known position, used as the origin of upcoming trips while it is recent (it expires after 24 hours). Positions are kept no longer than that.",
    tag: 'Tracking',
    body: ReportPositionRequest,
    response: UserLocationResource,
  },
  retrieveUserLocation: {
    operationId: 'retrieveUserLocation',
    permission: { resource: 'tracking', access: 'read' },
    method: 'GET',
    path: '/v1/users/{id}/location',
    summary: "The user's last reported position, if any within its 24 hour retention",
    description:
      "Returns the user's last reported position, or 404 when none was reported within the 24 hour retention.",
    tag: 'Tracking',
    response: UserLocationResource,
  },
} as const satisfies Record<string, EndpointContract>
