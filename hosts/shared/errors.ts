import { ERROR_CODES, type ErrorCodeName } from '../../contracts/errors.js'
import type { DomainError } from '../../core/shared/domain-error.js'

export interface ApiErrorBody {
  readonly code: ErrorCodeName
  readonly message: string
  readonly param?: string | undefined
  readonly retryAfterSeconds?: number | undefined
}

/** The one error envelope: `{ error: { type, code, message, param? }, request_id }`. */
export const errorEnvelope = (requestId: string, error: ApiErrorBody) => {
  const { type } = ERROR_CODES[error.code]
  return {
    error: {
      type,
      code: error.code,
      message: error.message,
      ...(error.param === undefined ? {} : { param: error.param }),
      ...(error.retryAfterSeconds === undefined ? {} : { retry_after_seconds: error.retryAfterSeconds }),
    },
    request_id: requestId,
  }
}

/** One entry per domain error tag, each given its own error: a tag without an entry does not compile. */
export type DomainErrorTable = {
  readonly [Tag in DomainError['_tag']]: (error: Extract<DomainError, { readonly _tag: Tag }>) => ApiErrorBody
}

/** Domain error tags onto wire codes: the single table (docs/errors.md; docs/spec-map.md, "Errors"), shared by every host. */
export const DOMAIN_ERRORS: DomainErrorTable = {
  ResourceNotFound: (error) => ({
    code: 'resource_missing',
    message: `No such ${error.resource}: '${error.id}'.`,
    param: error.param ?? 'id',
  }),
  InvalidParameter: (error) => ({ code: 'parameter_invalid', message: error.message, param: error.param }),
  MissingParameter: (error) => ({ code: 'parameter_missing', message: error.message, param: error.param }),
  AccountDeactivated: (error) => ({
    code: 'account_deactivated',
    message: `The user '${error.userId}' is paused; reactivate it first.`,
  }),
  ConcurrentModification: (error) => ({
    code: 'concurrent_modification',
    message: `The ${error.resource} '${error.id}' changed while the request ran; retry the request.`,
  }),
  InvalidTransition: (error) => ({
    code: 'invalid_state_transition',
    message: `A ${error.resource} in state '${error.from}' does not allow '${error.command}'.`,
  }),
  DepartureUnavailable: (error) => ({ code: 'departure_unavailable', message: error.reason }),
  CalendarChangeRefused: (error) => ({
    code: 'calendar_change_refused',
    message: `The connected calendar refused the change of series '${error.eventId}', so nothing was changed: ${error.reason}`,
  }),
  WebhookEndpointDisabled: (error) => ({
    code: 'webhook_endpoint_disabled',
    message: `The webhook endpoint '${error.id}' is disabled; enable it first.`,
  }),
  ConsentExpired: () => ({
    code: 'oauth_state_invalid',
    message: 'The OAuth state is unknown, already used, or expired (10 minutes); start the connection again.',
    param: 'state',
  }),
  AuthorizationCodeRejected: (error) => ({
    code: 'authorization_code_invalid',
    message: `The ${error.provider} provider refused the authorization code.`,
    param: 'code',
  }),
  ProviderUnavailable: (error) => ({
    code: 'calendar_provider_unavailable',
    message: `The ${error.provider} provider is unavailable (${error.reason}); retry later.`,
  }),
  PermissionDenied: (error) => ({
    code: 'insufficient_permissions',
    message: `This restricted key lacks the permission '${error.permission}' this request needs.`,
  }),
  IpNotAllowed: (error) => ({
    code: 'ip_not_allowed',
    message: `This key may not be used from ${error.address}: the address is not on its IP allowlist.`,
  }),
  ProposalExpired: (error) => ({
    code: 'proposal_expired',
    message: `The proposal '${error.id}' expired before it was confirmed; nothing was executed.`,
    param: 'proposal_id',
  }),
  ProposalStale: (error) => ({
    code: 'proposal_stale',
    message: `The data behind the proposal '${error.id}' changed since it was made; nothing was executed. Propose again.`,
    param: 'proposal_id',
  }),
  VoiceSessionClosed: (error) => ({
    code: 'voice_session_closed',
    message: `The voice session '${error.id}' is ended (${error.reason}).`,
  }),
  VoiceTokenRejected: (error) => ({
    code: 'voice_token_invalid',
    message: `The voice connect token is refused (${error.reason}); create a new session.`,
    param: 'token',
  }),
  VoiceConcurrencyExceeded: (error) => ({
    code: 'rate_limit_exceeded',
    message: `More than ${error.limit} concurrent voice sessions for this API key; end one and retry.`,
    retryAfterSeconds: 1,
  }),
  VoiceSessionRateLimited: (error) => ({
    code: 'rate_limit_exceeded',
    message: `Rate limit of ${error.limit} voice sessions per hour exceeded for this user.`,
    retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)),
  }),
  TrackingNotEnabled: () => ({
    code: 'tracking_not_enabled',
    message:
      'ETA tracking is a private preview and is not enabled for this account; ask us to enable it (it is on in the sandbox).',
  }),
  LocationTooFrequent: (error) => ({
    code: 'rate_limit_exceeded',
    message: `Location updates for event '${error.eventId}' must be at least 5 seconds apart (5 to 10 second batching is recommended).`,
    retryAfterSeconds: error.retryAfterSeconds,
  }),
  AuthenticationFailed: () => ({
    code: 'authentication_failed',
    message: 'Invalid API key: pass a valid secret key of this surface as `Authorization: Bearer <key>`.',
  }),
}

export const domainErrorToApi = (error: DomainError): ApiErrorBody => {
  // The entry for `error._tag` takes exactly this error; TypeScript cannot follow that correlation through the index.
  const entry = DOMAIN_ERRORS[error._tag] as ((error: DomainError) => ApiErrorBody) | undefined
  // Only an error smuggled past the types (a cast) gets here: a bug.
  if (entry === undefined) throw new Error(`unmapped domain error ${String(error._tag)}`)
  return entry(error)
}
