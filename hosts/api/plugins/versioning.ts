import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { API_VERSIONS, type ApiVersion, isApiVersion } from '../../../contracts/versions.js'
import { sendError } from '../errors.js'

/**
 * `Service-Version` selects a dated version; without it the account's pinned
 * version applies. The response always says which version answered.
 */
export const versioningPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: nothing here waits, so no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    const pinned = request.auth?.account.pinnedVersion
    const fallback = (pinned !== undefined && isApiVersion(pinned) ? pinned : request.apiVersion) as ApiVersion
    const asked = request.headers['service-version']
    if (asked === undefined) {
      request.apiVersion = fallback
    } else if (typeof asked === 'string' && isApiVersion(asked.trim())) {
      request.apiVersion = asked.trim() as ApiVersion
    } else {
      reply.header('Service-Version', fallback)
      // Answered: hand the reply back instead of calling done() (see `maybeAsyncHook`), so that the route does not
      // run while the answer's onSend hooks are still waiting.
      return sendError(request, reply, {
        code: 'invalid_api_version',
        message: `Unknown API version '${String(asked)}'. Known versions: ${API_VERSIONS.join(', ')}.`,
        param: 'Service-Version',
      }) as unknown as undefined
    }
    // Lower case, as Fastify stores and sends every name (it would lower-case it on each call).
    reply.header('service-version', request.apiVersion)
    done()
  })
})
