import { Schema } from 'effect'
import type { EndpointContract } from './endpoint.js'
import { API_VERSIONS } from './versions.js'

export const OpenApiDocumentQuery = Schema.Struct({
  version: Schema.optionalKey(
    Schema.Literals(API_VERSIONS).annotate({
      description: "The API version to describe; the request's `Service-Version`, else the current one, when absent.",
    }),
  ),
})

/** The Reference endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const ReferenceEndpoints = {
  openApiDocument: {
    operationId: 'openApiDocument',
    permission: 'any_key',
    method: 'GET',
    path: '/v1/openapi.json',
    summary: 'This OpenAPI 3.1 document, generated from the contracts that validate requests',
    description:
      "This OpenAPI 3.1 document, generated from the contracts that validate requests. `version` (else the request's `Service-Version`) selects the API version it describes; answers carry an ETag and are limited to 60 per minute per address.",
    tag: 'Reference',
    query: OpenApiDocumentQuery,
    authenticated: false,
    responseDescription: 'The OpenAPI document (JSON)',
    responseContentType: 'application/json',
    successHeaders: {
      ETag: { description: "The document's entity tag, for `If-None-Match`.", required: true },
      'Cache-Control': { description: '`public, max-age=300`: kept five minutes, then revalidated.', required: true },
    },
    otherResponses: [
      {
        status: 304,
        description: 'Not modified: `If-None-Match` names the current entity tag (or `*`); no body.',
        only: true,
      },
    ],
  },
  apiReference: {
    operationId: 'apiReference',
    rateLimited: false,
    permission: 'any_key',
    method: 'GET',
    path: '/docs',
    summary: 'The interactive API reference: examples, code samples, and calls tried against the sandbox',
    description:
      'The interactive API reference rendered from this document, with examples and code samples; calls can be tried against the sandbox. Served from this process, no key.',
    tag: 'Reference',
    authenticated: false,
    responseDescription: 'A 301 to /docs/, the reference page (its script is served under /docs/ too)',
    successStatus: 301,
  },
} as const satisfies Record<string, EndpointContract>
