import { Data } from 'effect'

/** The event has no departure window to show (no location, no origin, already started...). */
export class DepartureUnavailable extends Data.TaggedError('DepartureUnavailable')<{
  readonly eventId: string
  readonly status: string
  readonly reason: string
}> {}
