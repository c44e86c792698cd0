import type { FastifyReply, FastifyRequest } from 'fastify'
import { API_VERSIONS, isApiVersion, type ApiVersion } from '../../../contracts/versions.js'
import { sendError } from '../errors.js'

/**
 * `Service-Version` selects a dated version; without it the account's pinned
 * version applies. The response always says which version answered. Run by the
 * API's one `onRequest` hook (`hosts/api/app.ts`) once authentication has admitted
 * the request; it answers 400 itself on an unknown version.
 */
export const applyVersion = (request: FastifyRequest, reply: FastifyReply): void => {
  const pinned = request.auth?.account.pinnedVersion
  const fallback = (pinned !== undefined && isApiVersion(pinned) ? pinned : request.apiVersion) as ApiVersion
  const asked = request.headers['service-version']
  if (asked === undefined) {
    request.apiVersion = fallback
  } else if (typeof asked === 'string' && isApiVersion(asked.trim())) {
    request.apiVersion = asked.trim() as ApiVersion
  } else {
    reply.header('Service-Version', fallback)
    sendError(request, reply, {
      code: 'invalid_api_version',
      message: `Unknown API version '${String(asked)}'. Known versions: ${API_VERSIONS.join(', ')}.`,
      param: 'Service-Version',
    })
    return
  }
  reply.header('Service-Version', request.apiVersion)
}
