import { Data } from 'effect'

/** ETA tracking is a private preview: the account has not been given it (403 `tracking_not_enabled`). */
export class TrackingNotEnabled extends Data.TaggedError('TrackingNotEnabled')<{ readonly accountId: string }> {}

/** A location update came sooner than the cadence allows (429 in the rate-limit shape, with `Retry-After`). */
export class LocationTooFrequent extends Data.TaggedError('LocationTooFrequent')<{
  readonly eventId: string
  readonly retryAfterSeconds: number
}> {}
