import { Data } from 'effect'
import type { RoutingFailure } from '../ports/routing.js'

/** No explicit origin, no previous event nearby in time, and no home location. */
export class NoOriginAvailable extends Data.TaggedError('NoOriginAvailable')<{
  readonly eventId: string
}> {}

/** A window is only meaningful before the event starts. */
export class EventAlreadyStarted extends Data.TaggedError('EventAlreadyStarted')<{
  readonly eventId: string
  readonly startTime: Date
}> {}

/** Coordinates out of range or negative buffers (the contracts should have caught it). */
export class InvalidDepartureInput extends Data.TaggedError('InvalidDepartureInput')<{
  readonly eventId: string
  readonly detail: string
}> {}

/** Routing could not answer, so no window can be computed right now. */
export class RouteLookupFailed extends Data.TaggedError('RouteLookupFailed')<{
  readonly eventId: string
  readonly cause: RoutingFailure
}> {}

export type DepartureError = EventAlreadyStarted | InvalidDepartureInput | RouteLookupFailed
