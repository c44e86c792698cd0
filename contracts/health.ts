import { Schema } from 'effect'
import type { EndpointContract } from './endpoint.js'

export const HealthResource = Schema.Struct({
  object: Schema.Literal('health'),
  status: Schema.Literals(['ok', 'degraded']),
  version: Schema.String,
  livemode: Schema.Boolean,
  request_id: Schema.String,
}).annotate({ identifier: 'Health' })

/** The Health endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const HealthEndpoints = {
  health: {
    operationId: 'health',
    permission: 'any_key',
    method: 'GET',
    path: '/v1/health',
    summary: 'Health check',
    description:
      "Answers whether the service is up, for any key of either surface. It reads no data and changes nothing, so monitors can call it freely within the key's rate limit.",
    tag: 'Health',
    response: HealthResource,
  },
} as const satisfies Record<string, EndpointContract>
