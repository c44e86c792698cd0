/** What `POST /v1/scheduling/parse` reads from a sentence: an event draft, how sure it is of each part, and why not. */
export interface ParsedAttendee {
  readonly name: string
  readonly email: string | null
}

export interface ParsedPlace {
  readonly name: string | null
  readonly address: string
}

export interface ParseConfidence {
  readonly title: number
  readonly startTime: number
  readonly location: number
  readonly attendees: number
}

export interface ParsedEvent {
  readonly title: string
  readonly startTime: Date
  readonly endTime: Date
  readonly timezone: string
  readonly location: ParsedPlace | null
  readonly attendees: readonly ParsedAttendee[]
  readonly confidence: ParseConfidence
  readonly warnings: readonly string[]
}

/** Someone the user has met in the service before (an attendee of their events or invitations). */
export interface KnownContact {
  readonly name: string
  readonly email: string
}

/** Below this, the client should ask the user to confirm (docs/spec-map.md, "Endpoints by resource": the parse's review threshold). */
export const REVIEW_THRESHOLD = 0.7

/** Bounds of the request, also in the contract (`contracts/scheduling.ts`) and `docs/scheduling.md`. */
export const PARSE_TEXT_MAX_LENGTH = 1000
/** What `POST /v1/events` takes (contracts/events.ts, contracts/place.ts): longer parts are not read as such. */
export const EVENT_FIELD_LIMITS = { attendeeName: 200, email: 254, placeName: 200, placeAddress: 500 } as const
export const EVENT_DURATION_MIN = { minimum: 5, maximum: 1440, default: 30 } as const
