import type { FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES, type ErrorCodeName } from '../../contracts/errors.js'

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

export const sendError = (request: FastifyRequest, reply: FastifyReply, error: ApiErrorBody): FastifyReply => {
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(Math.ceil(error.retryAfterSeconds)))
  return reply
    .code(ERROR_CODES[error.code].status)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(request.requestId, error))
}

/** Domain error tags onto wire codes: the single table the STYLE asks for. */
export const domainErrorToApi = (failure: { readonly _tag: string }): ApiErrorBody => {
  const error = failure as { readonly _tag: string } & Record<string, unknown>
  switch (error._tag) {
    case 'ResourceNotFound':
      return {
        code: 'resource_missing',
        message: `No such ${String(error.resource)}: '${String(error.id)}'.`,
        param: typeof error.param === 'string' ? error.param : 'id',
      }
    case 'InvalidParameter':
      return { code: 'parameter_invalid', message: String(error.message), param: String(error.param) }
    case 'MissingParameter':
      return { code: 'parameter_missing', message: String(error.message), param: String(error.param) }
    case 'AccountDeactivated':
      return {
        code: 'account_deactivated',
        message: `The user '${String(error.userId)}' is paused; reactivate it first.`,
      }
    case 'ConcurrentModification':
      return {
        code: 'concurrent_modification',
        message: `The ${String(error.resource)} '${String(error.id)}' changed while the request ran; retry the request.`,
      }
    case 'InvalidTransition':
      return {
        code: 'invalid_state_transition',
        message: `A ${String(error.resource)} in state '${String(error.from)}' does not allow '${String(error.command)}'.`,
      }
    case 'DepartureUnavailable':
      return { code: 'departure_unavailable', message: String(error.reason) }
    case 'WebhookEndpointDisabled':
      return {
        code: 'webhook_endpoint_disabled',
        message: `The webhook endpoint '${String(error.id)}' is disabled; enable it first.`,
      }
    case 'ConsentExpired':
      return {
        code: 'oauth_state_invalid',
        message: 'The OAuth state is unknown, already used, or expired (10 minutes); start the connection again.',
        param: 'state',
      }
    case 'AuthorizationCodeRejected':
      return {
        code: 'authorization_code_invalid',
        message: `The ${String(error.provider)} provider refused the authorization code.`,
        param: 'code',
      }
    case 'ProviderUnavailable':
      return {
        code: 'calendar_provider_unavailable',
        message: `The ${String(error.provider)} provider is unavailable (${String(error.reason)}); retry later.`,
      }
    case 'PermissionDenied':
      return {
        code: 'insufficient_permissions',
        message: `This restricted key lacks the permission '${String(error.permission)}' this request needs.`,
      }
    case 'IpNotAllowed':
      return {
        code: 'ip_not_allowed',
        message: `This key may not be used from ${String(error.address)}: the address is not on its IP allowlist.`,
      }
    case 'AuthenticationFailed':
      return {
        code: 'authentication_failed',
        message: 'Invalid API key: pass a valid secret key of this surface as `Authorization: Bearer <key>`.',
      }
    default:
      throw new Error(`unmapped domain error ${error._tag}`)
  }
}
