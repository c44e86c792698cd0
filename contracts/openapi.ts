import { SUPPORTED_SCOPES } from '../core/oauth/oauth.js'
import { permissionName } from '../core/account/permissions.js'
import { Schema } from 'effect'
import { endpointId, type EndpointContract } from './endpoint.js'
import { ERROR_CODES, ErrorEnvelope } from './errors.js'
import { CURRENT_VERSION } from './versions.js'

type JsonObject = Record<string, unknown>

/** Converts one schema into a JSON Schema, moving its named definitions into `components`. */
const toComponent = (schema: Schema.Top, components: JsonObject): JsonObject => {
  const document = Schema.toJsonSchemaDocument(schema) as unknown as { schema: JsonObject; definitions?: JsonObject }
  const relink = (value: JsonObject): JsonObject =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonObject
  for (const [name, definition] of Object.entries(document.definitions ?? {}))
    components[name] = relink(definition as JsonObject)
  return relink(document.schema)
}

const queryParameters = (schema: Schema.Top) => {
  const json = toComponent(schema, {}) as { properties?: Record<string, JsonObject>; required?: string[] }
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }))
}

/** The OpenAPI 3.1 document of the given endpoints. */
export const buildOpenApiDocument = (
  endpoints: readonly EndpointContract[],
  servers: readonly { url: string; description: string }[],
) => {
  const components: JsonObject = {}
  const errorRef = toComponent(ErrorEnvelope, components)
  const paths: Record<string, Record<string, unknown>> = {}
  for (const endpoint of endpoints) {
    const pathParameters = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    const success = String(endpoint.successStatus ?? 200)
    const operation: Record<string, unknown> = {
      operationId: endpointId(endpoint),
      summary: endpoint.summary,
      tags: [endpoint.tag],
      parameters: [
        ...pathParameters,
        ...(endpoint.query === undefined ? [] : queryParameters(endpoint.query)),
        {
          name: 'Service-Version',
          in: 'header',
          required: false,
          schema: { type: 'string', example: CURRENT_VERSION },
        },
        ...(endpoint.method === 'GET'
          ? []
          : [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } }]),
      ],
      responses: {
        [success]:
          endpoint.response === undefined
            ? {
                description: endpoint.responseDescription ?? 'Success',
                ...(endpoint.responseContentType === undefined
                  ? {}
                  : { content: { [endpoint.responseContentType]: {} } }),
              }
            : {
                description: 'Success',
                content: { 'application/json': { schema: toComponent(endpoint.response, components) } },
              },
        default: { description: 'Error envelope', content: { 'application/json': { schema: errorRef } } },
      },
      ...(endpoint.authenticated === false
        ? { security: [] }
        : endpoint.authenticated === 'optional'
          ? { security: [{ bearerAuth: [] }, {}] }
          : {}),
      ...(endpoint.sandboxOnly === true ? { 'x-sandbox-only': true } : {}),
      // What a restricted key needs to call it (docs/keys.md): `users:read`, `events:write`, `any_key`, `secret_key`.
      'x-required-permission': permissionName(endpoint.permission),
    }
    if (endpoint.body !== undefined) {
      operation.requestBody = {
        required: false,
        content: { 'application/json': { schema: toComponent(endpoint.body, components) } },
      }
    }
    const path = paths[endpoint.path] ?? {}
    paths[endpoint.path] = path
    path[endpoint.method.toLowerCase()] = operation
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scheduling and Departure API',
      version: CURRENT_VERSION,
      description:
        'Managed users, calendars, events and live departure windows. Errors use one envelope; codes: ' +
        Object.keys(ERROR_CODES).join(', ') +
        '.',
    },
    servers,
    // An OAuth access token (Connect) is accepted wherever a key is: it acts for one connected account.
    security: [{ bearerAuth: [] }, { oauth2: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description:
            "Connect: a third-party application's access token for one connected account (docs/connect.md); scopes are restricted-key permissions.",
          flows: {
            authorizationCode: {
              authorizationUrl: '/oauth/authorize',
              tokenUrl: '/oauth/token',
              refreshUrl: '/oauth/token',
              scopes: Object.fromEntries(SUPPORTED_SCOPES.map((scope) => [scope, `${scope.replace(':', ' ')} access`])),
            },
          },
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A secret key (sk_live_... on production, sk_test_... on the sandbox) or a restricted key (rk_live_..., rk_test_...) whose permissions cover the operation (x-required-permission).',
        },
      },
    },
  }
}
