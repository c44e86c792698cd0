import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { RandomSource } from '../../../core/ports/id-generator.js'

/** Every response carries `Request-Id`; bodies repeat it as `request_id`. */
export const requestIdPlugin = fp(async (app: FastifyInstance, options: { random: RandomSource }) => {
  app.decorateRequest('requestId', '')
  app.addHook('onRequest', async (request, reply) => {
    request.requestId = `req_${options.random.token(12)}`
    reply.header('Request-Id', request.requestId)
  })
})
