import { Schema } from 'effect'
import { TrackingResource } from '../tracking.js'

/**
 * The payloads of the tracking notifications: `data.object` is the tracking object (as `GET
 * /v1/events/{id}/tracking` returns it, without `request_id`) at the moment of the change.
 */
const TrackingObject = TrackingResource.mapFields(({ request_id: _requestId, ...fields }) => fields)

const notification = <Type extends string>(type: Type, object: typeof TrackingObject, description: string) =>
  Schema.Struct({
    id: Schema.String,
    object: Schema.Literal('event'),
    type: Schema.Literal(type),
    created: Schema.Int,
    livemode: Schema.Boolean,
    api_version: Schema.String,
    account: Schema.optionalKey(Schema.String),
    data: Schema.Struct({ object }),
  }).annotate({ identifier: `${type}.notification`, description })

/** The tracked ETA crossed the event's start: once per crossing, again only after it came back on time. */
export const LatePredictedNotification = notification(
  'event.late_predicted',
  TrackingObject.check(Schema.makeFilter((trip) => (trip.minutes_late ?? 0) > 0 || 'minutes_late must be positive')),
  'The tracked ETA crossed the event start: `minutes_late` > 0, `predicted_arrival` after the start.',
)

/** The user came within 50 m of the destination: once per trip. */
export const UserArrivedNotification = notification(
  'user.arrived',
  TrackingObject.check(Schema.makeFilter((trip) => trip.status === 'arrived' || 'status must be arrived')),
  'The tracked user is within 50 m of the destination: `status` = `arrived`, `arrived_at` set.',
)

/** Tracking was stopped (requested, the event deleted, or expired): positions already erased. */
export const TrackingStoppedNotification = notification(
  'event.tracking_stopped',
  TrackingObject.check(
    Schema.makeFilter(
      (trip) => (trip.status === 'stopped' && trip.current_location === null) || 'status must be stopped, no location',
    ),
  ),
  'Tracking stopped: `status` = `stopped`, `stop_reason` says why, `current_location` is null (erased).',
)

export const TRACKING_NOTIFICATIONS = {
  'event.late_predicted': LatePredictedNotification,
  'user.arrived': UserArrivedNotification,
  'event.tracking_stopped': TrackingStoppedNotification,
} as const
