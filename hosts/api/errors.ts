import type { FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES } from '../../contracts/errors.js'
import { type ApiErrorBody, errorEnvelope } from '../shared/errors.js'

// The mapping of domain errors onto the wire is shared with the voice gateway (`hosts/shared/errors.ts`); this host's
// files reach it through here, beside the one way this host sends an error.
export {
  type ApiErrorBody,
  DOMAIN_ERRORS,
  type DomainErrorTable,
  domainErrorToApi,
  errorEnvelope,
} from '../shared/errors.js'

export const sendError = (request: FastifyRequest, reply: FastifyReply, error: ApiErrorBody): FastifyReply => {
  // Kept for the request log (`request-log-recorder.ts`), which reads the outcome without parsing the body.
  request.apiError = error
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(Math.ceil(error.retryAfterSeconds)))
  return reply
    .code(ERROR_CODES[error.code].status)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(request.requestId, error))
}
