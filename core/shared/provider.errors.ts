import { Data } from 'effect'

/**
 * Why an external data provider (routing, weather, geocoding) could not answer.
 * Adapters map their transport failures onto these reasons at their edge:
 * `unauthorized` is a key the provider refuses (401/403), `over_budget` a call
 * our own per-minute budget for that provider did not allow.
 */
export type ProviderFailureReason =
  | 'timeout'
  | 'rate_limited'
  | 'server_error'
  | 'network'
  | 'circuit_open'
  | 'bad_request'
  | 'bad_response'
  | 'unauthorized'
  | 'over_budget'
  /** The adapter threw instead of answering (its bug): contained as an outage of that lookup. */
  | 'adapter_error'

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
