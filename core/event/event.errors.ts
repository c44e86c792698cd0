import { Data } from 'effect'

/** The event has no departure window to show (no location, no origin, already started...). */
export class DepartureUnavailable extends Data.TaggedError('DepartureUnavailable')<{
  readonly eventId: string
  readonly status: string
  readonly reason: string
}> {}

/**
 * A connected calendar provider refused a change of a mirrored series (`reason`: its own words): the change was put
 * back, so the series is as it was, and its mirror is `failed` with that reason.
 */
export class CalendarChangeRefused extends Data.TaggedError('CalendarChangeRefused')<{
  readonly eventId: string
  readonly reason: string
}> {}
