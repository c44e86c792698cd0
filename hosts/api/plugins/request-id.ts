import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { RandomSource } from '../../../core/ports/id-generator.js'
import { newRequestId } from '../../shared/request-id.js'

/** Every response carries `Request-Id`; bodies repeat it as `request_id`. */
export const requestIdPlugin = fp(async (app: FastifyInstance, options: { random: RandomSource }) => {
  app.decorateRequest('requestId', '')
  // A callback hook: nothing here waits, so no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    request.requestId = newRequestId(options.random)
    // Lower case, as Fastify stores and sends every name (it would lower-case it on each call).
    reply.header('request-id', request.requestId)
    done()
  })
})
