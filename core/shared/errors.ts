import { Data } from 'effect'
import type { AuthenticationFailed, IpNotAllowed, PermissionDenied } from '../account/account.errors.js'
import type { AuthorizationCodeRejected, ConsentExpired } from '../connection/connection.errors.js'
import type { DepartureUnavailable } from '../event/event.errors.js'
import type { LocationTooFrequent, TrackingNotEnabled } from '../tracking/tracking.errors.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import type { WebhookEndpointDisabled } from '../webhooks/webhook.errors.js'
import type { ProviderUnavailable } from './provider.errors.js'
import type {
  ProposalExpired,
  ProposalStale,
  VoiceConcurrencyExceeded,
  VoiceSessionClosed,
  VoiceSessionRateLimited,
  VoiceTokenRejected,
} from '../voice/voice.errors.js'

/**
 * Failures shared by every resource. Module-specific errors live beside their
 * module (`user.errors.ts`, ...). The host maps each `_tag` onto HTTP once.
 */
export class ResourceNotFound extends Data.TaggedError('ResourceNotFound')<{
  /** Wire name of the resource (`user`, `event`, ...). */
  readonly resource: string
  readonly id: string
  /** The request parameter that carried the id, when it was not the path. */
  readonly param?: string
}> {}

/** A value the contract accepted but the domain refuses (names the parameter). */
export class InvalidParameter extends Data.TaggedError('InvalidParameter')<{
  readonly param: string
  readonly message: string
}> {}

/** A parameter the request must carry (one of a pair, say) is absent; names it. */
export class MissingParameter extends Data.TaggedError('MissingParameter')<{
  readonly param: string
  readonly message: string
}> {}

/** Lost an optimistic-concurrency race; nothing was written and the caller may retry. */
export class ConcurrentModification extends Data.TaggedError('ConcurrentModification')<{
  readonly resource: string
  readonly id: string
}> {}

/** A command that a state machine's table does not allow from the current state. */
export class InvalidTransition extends Data.TaggedError('InvalidTransition')<{
  readonly resource: string
  readonly from: string
  readonly command: string
}> {}

export type CommonError =
  | ResourceNotFound
  | InvalidParameter
  | MissingParameter
  | ConcurrentModification
  | InvalidTransition

/**
 * Every failure a use case answers to its caller, closed: route handlers return
 * no other error, and the host's table (`hosts/api/errors.ts`) is a record over
 * these tags, so a new error added here without a status does not compile.
 * Failures the core settles itself (a provider's refused token, a state
 * machine's internal refusal, a route lookup) are not part of it.
 */
export type DomainError =
  | CommonError
  | AuthenticationFailed
  | PermissionDenied
  | IpNotAllowed
  | AccountDeactivated
  | ConsentExpired
  | AuthorizationCodeRejected
  | ProviderUnavailable
  | DepartureUnavailable
  | WebhookEndpointDisabled
  | ProposalExpired
  | ProposalStale
  | VoiceSessionClosed
  | VoiceTokenRejected
  | VoiceConcurrencyExceeded
  | VoiceSessionRateLimited
  | TrackingNotEnabled
  | LocationTooFrequent
