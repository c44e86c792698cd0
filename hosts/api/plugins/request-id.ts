import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { RandomSource } from '../../../core/ports/id-generator.js'

/** Every response carries `Request-Id`; bodies repeat it as `request_id`. */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('requestId', '')
})

/**
 * Gives the request its id and the `Request-Id` header. Run first by the API's one
 * `onRequest` hook (`hosts/api/app.ts`), which also authenticates and versions.
 */
export const requestIdAssigner =
  (random: RandomSource) =>
  (request: FastifyRequest, reply: FastifyReply): void => {
    request.requestId = `req_${random.token(12)}`
    reply.header('Request-Id', request.requestId)
  }
