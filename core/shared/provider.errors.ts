import { Data } from 'effect'

/**
 * Why an external data provider (routing, weather, geocoding) could not answer.
 * Adapters map their transport failures onto these reasons at their edge.
 */
export type ProviderFailureReason =
  | 'timeout'
  | 'rate_limited'
  | 'server_error'
  | 'network'
  | 'circuit_open'
  | 'bad_request'
  | 'bad_response'

/** The provider is unreachable or refused the lookup; the caller may retry later. */
export class ProviderUnavailable extends Data.TaggedError('ProviderUnavailable')<{
  readonly provider: string
  readonly reason: ProviderFailureReason
  readonly detail: string
  /** How long the provider asked us to wait (its `Retry-After`), when it said. */
  readonly retryAfterMs?: number
}> {}

/** The routing provider answered but knows no route between the two points. */
export class NoRouteFound extends Data.TaggedError('NoRouteFound')<{
  readonly provider: string
  readonly detail: string
}> {}
