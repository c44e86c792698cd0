import { Schema } from 'effect'

export const ERROR_TYPES = [
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'idempotency_error',
  'rate_limit_error',
  'api_error',
] as const
export type ErrorType = (typeof ERROR_TYPES)[number]

export interface ErrorCode {
  readonly type: ErrorType
  readonly status: number
  readonly description: string
}

/**
 * Every error code the API answers with. The host's error table maps domain
 * errors onto these; `docs/errors.md` documents the same list (a test checks).
 */
export const ERROR_CODES = {
  parameter_missing: {
    type: 'invalid_request_error',
    status: 400,
    description: 'A required parameter is missing; `param` names it.',
  },
  parameter_invalid: {
    type: 'invalid_request_error',
    status: 400,
    description: 'A parameter has a value the API does not accept; `param` names it.',
  },
  parameter_unknown: {
    type: 'invalid_request_error',
    status: 400,
    description: 'The request carries a parameter the endpoint does not know; `param` names it.',
  },
  invalid_json: { type: 'invalid_request_error', status: 400, description: 'The body is not valid JSON.' },
  invalid_api_version: {
    type: 'invalid_request_error',
    status: 400,
    description: 'The `Service-Version` header names no version of the change history.',
  },
  unsupported_media_type: {
    type: 'invalid_request_error',
    status: 415,
    description: 'A body was sent with a content type other than `application/json`.',
  },
  body_too_large: { type: 'invalid_request_error', status: 413, description: 'The body exceeds the 1 MiB limit.' },
  body_too_deep: {
    type: 'invalid_request_error',
    status: 400,
    description: 'The JSON body nests objects and arrays more than 32 levels deep.',
  },
  invalid_url: {
    type: 'invalid_request_error',
    status: 400,
    description: 'The request path is not a valid URL path (a malformed percent-encoding such as `%FF`).',
  },
  malformed_request: {
    type: 'invalid_request_error',
    status: 400,
    description:
      'The request is not valid HTTP/1.1 (request line, header or chunked encoding); the connection is closed.',
  },
  request_timeout: {
    type: 'invalid_request_error',
    status: 408,
    description:
      'The headers did not arrive within the headers timeout (10 s by default), or the whole request within the request timeout (30 s by default); the connection is closed.',
  },
  headers_too_large: {
    type: 'invalid_request_error',
    status: 431,
    description: 'The request line and headers exceed 16 KiB; the connection is closed.',
  },
  resource_missing: {
    type: 'invalid_request_error',
    status: 404,
    description: 'No such object (also for DELETE of a missing object).',
  },
  route_not_found: { type: 'invalid_request_error', status: 404, description: 'No endpoint at this path.' },
  method_not_allowed: {
    type: 'invalid_request_error',
    status: 405,
    description: 'The path exists but not with this HTTP method; the `Allow` header lists the methods.',
  },
  invalid_state_transition: {
    type: 'invalid_request_error',
    status: 409,
    description: 'The object is in a state that does not allow this operation.',
  },
  departure_unavailable: {
    type: 'invalid_request_error',
    status: 409,
    description:
      'The event has no departure window now (no location, no origin, started, or routing unavailable); the message says which.',
  },
  concurrent_modification: {
    type: 'invalid_request_error',
    status: 409,
    description: 'The object changed while the request ran; nothing was written and the request can be retried.',
  },
  webhook_endpoint_disabled: {
    type: 'invalid_request_error',
    status: 409,
    description:
      'The webhook endpoint is disabled; enable it (`PATCH` with `enabled: true`) before a test or a replay.',
  },
  signature_invalid: {
    type: 'invalid_request_error',
    status: 400,
    description:
      'A signed inbound request (mail provider notices) has a missing, malformed, stale or wrong `Service-Signature`.',
  },
  oauth_state_invalid: {
    type: 'invalid_request_error',
    status: 400,
    description: 'The OAuth `state` is unknown, already used, or older than 10 minutes; start the connection again.',
  },
  authorization_code_invalid: {
    type: 'invalid_request_error',
    status: 400,
    description:
      'The calendar provider refused the authorization code (wrong, used, expired, or not issued for this `state`).',
  },
  calendar_change_refused: {
    type: 'invalid_request_error',
    status: 409,
    description:
      "The connected calendar provider refused the change of a series it mirrors (the message gives its reason); nothing was changed, and the series' `mirror` is `failed` with that reason.",
  },
  calendar_provider_unavailable: {
    type: 'api_error',
    status: 502,
    description: 'The calendar provider did not answer or failed; retry later.',
  },
  authentication_failed: {
    type: 'authentication_error',
    status: 401,
    description: 'Missing, invalid, revoked or wrong-surface API key.',
  },
  insufficient_permissions: {
    type: 'permission_error',
    status: 403,
    description:
      'A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.',
  },
  ip_not_allowed: {
    type: 'permission_error',
    status: 403,
    description: 'A key with an IP allowlist was used from an address not on it. Nothing ran.',
  },
  account_deactivated: {
    type: 'permission_error',
    status: 403,
    description: 'The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.',
  },
  tracking_not_enabled: {
    type: 'permission_error',
    status: 403,
    description:
      'ETA tracking (private preview) is not enabled for this account: on in the sandbox by default, enabled per account in production.',
  },
  idempotency_key_in_use: {
    type: 'idempotency_error',
    status: 409,
    description: 'The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.',
  },
  idempotency_request_in_flight: {
    type: 'idempotency_error',
    status: 409,
    description: 'A request with this `Idempotency-Key` is still running; retry after it finishes.',
  },
  idempotency_key_invalid: {
    type: 'idempotency_error',
    status: 400,
    description: 'The `Idempotency-Key` is empty or longer than 255 characters.',
  },
  proposal_expired: {
    type: 'invalid_request_error',
    status: 409,
    description: 'Voice: the proposal was not confirmed within its lifetime (5 minutes); nothing was executed.',
  },
  proposal_stale: {
    type: 'invalid_request_error',
    status: 409,
    description: 'Voice: the data the proposal was made on changed since; nothing was executed. Propose again.',
  },
  voice_session_closed: {
    type: 'invalid_request_error',
    status: 409,
    description:
      'Voice: the session is ended (by the API, the client, its expiry, or the loss of its authority: key revoked, permission removed, account or user deleted, user paused); open a new session.',
  },
  voice_token_invalid: {
    type: 'authentication_error',
    status: 401,
    description:
      'Voice: the connect token is missing, malformed, forged, expired, already used, or of the other surface.',
  },
  message_too_large: {
    type: 'invalid_request_error',
    status: 413,
    description: 'Voice: a WebSocket message exceeds 32 KiB; it was not read, the connection stays open.',
  },
  rate_limit_exceeded: {
    type: 'rate_limit_error',
    status: 429,
    description: 'A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`.',
  },
  internal_error: {
    type: 'api_error',
    status: 500,
    description: 'Something went wrong on our side; the request can be retried with the same `Idempotency-Key`.',
  },
} as const satisfies Record<string, ErrorCode>

export type ErrorCodeName = keyof typeof ERROR_CODES

export const ErrorEnvelope = Schema.Struct({
  error: Schema.Struct({
    type: Schema.Literals(ERROR_TYPES),
    code: Schema.String,
    message: Schema.String,
    param: Schema.optionalKey(Schema.String),
    retry_after_seconds: Schema.optionalKey(Schema.Number),
  }),
  request_id: Schema.String,
}).annotate({ identifier: 'Error' })
