import type { AuthenticationFailed, IpNotAllowed, PermissionDenied } from '../account/account.errors.js'
import type { AuthorizationCodeRejected, ConsentExpired } from '../connection/connection.errors.js'
import type { CalendarChangeRefused, DepartureUnavailable } from '../event/event.errors.js'
import type { LocationTooFrequent, TrackingNotEnabled } from '../tracking/tracking.errors.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import type {
  ProposalExpired,
  ProposalStale,
  VoiceConcurrencyExceeded,
  VoiceSessionClosed,
  VoiceSessionRateLimited,
  VoiceTokenRejected,
} from '../voice/voice.errors.js'
import type { WebhookEndpointDisabled } from '../webhooks/webhook.errors.js'
import type { CommonError } from './errors.js'
import type { ProviderUnavailable } from './provider.errors.js'

/**
 * Every failure a use case answers to its caller, closed: route handlers return
 * no other error, and the host's table (`hosts/shared/errors.ts`) is a record over
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
  | CalendarChangeRefused
  | WebhookEndpointDisabled
  | ProposalExpired
  | ProposalStale
  | VoiceSessionClosed
  | VoiceTokenRejected
  | VoiceConcurrencyExceeded
  | VoiceSessionRateLimited
  | TrackingNotEnabled
  | LocationTooFrequent
