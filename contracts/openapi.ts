import { SUPPORTED_SCOPES } from '../core/oauth/oauth.js'
import { permissionName } from '../core/account/permissions.js'
import { WEBHOOK_EVENT_TYPES } from '../core/webhooks/event-types.js'
import { Schema } from 'effect'
import type { EndpointContract } from './endpoint.js'
import { ERROR_CODES, ErrorEnvelope, type ErrorCodeName } from './errors.js'
import { codeSamples, requestExample, responseExample, SANDBOX_REQUEST_ID } from './openapi-examples.js'
import { CURRENT_VERSION } from './versions.js'
import { WEBHOOK_PAYLOADS, webhookOperationId } from './webhooks/payloads.js'

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

/** What each tag groups, in the order the reference shows them. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Health: 'Liveness of the service.',
  Users: 'Managed users: the people whose calendars and departures the service watches.',
  Events: 'Calendar events; a future event with a location is monitored for its departure window.',
  Departure: 'When to leave: the cached and recomputed departure windows of events, and hypothetical trips.',
  Reminders: 'Reminders of an event: offsets or absolute times, snoozed and dismissed by the user.',
  Devices: "Web Push subscriptions of a user's browsers and phones.",
  Invitations: 'Attendee invitations, e-mailed with an iCalendar attachment, and their answers.',
  'Hosted pages': 'The HTML pages linked from invitation e-mails (no key; the token in the link authorizes).',
  Connections: 'Calendar provider connections (Google, Microsoft, iCloud, the sandbox provider) and their sync.',
  Calendars: 'The calendars of a connection: which ones sync and which ones receive write-backs.',
  'Webhook endpoints': 'Where notifications are delivered, their signing secrets and their deliveries log.',
  'API keys': 'Restricted keys (rk_) and the rolling and revocation of keys.',
  'Connected accounts': 'Connect: the accounts a platform acts for with Service-Account.',
  OAuth: 'Connect: third-party OAuth applications, consent and tokens.',
  'Test helpers': 'Sandbox only: simulate providers, e-mail delivery and the passing of time.',
  Reference: 'This document and the interactive reference.',
}

const HEADERS = {
  RequestId: {
    description: 'The id of this request (also `request_id` in every body); quote it when asking for support.',
    schema: { type: 'string' },
  },
  ServiceVersion: {
    description: "The API version the answer is rendered in: the request's `Service-Version`, else the account's.",
    schema: { type: 'string', example: CURRENT_VERSION },
  },
  RateLimitLimit: { description: 'Requests allowed in the current window for this key.', schema: { type: 'integer' } },
  RateLimitRemaining: { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  RateLimitReset: {
    description: 'When the current window ends, in Unix seconds.',
    schema: { type: 'integer' },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying (429, and 503 while the service closes).',
    schema: { type: 'integer', minimum: 0 },
  },
  IdempotentReplay: {
    description:
      '`true` when this answer is the stored answer of an earlier request with the same `Idempotency-Key`: nothing ran again.',
    schema: { type: 'string', enum: ['true'] },
  },
}
const header = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` })

const PARAMETERS = {
  ServiceVersion: {
    name: 'Service-Version',
    in: 'header',
    required: false,
    description: "The API version to speak (docs/versions.md); the account's pinned version when absent.",
    schema: { type: 'string', example: CURRENT_VERSION },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
  ServiceAccount: {
    name: 'Service-Account',
    in: 'header',
    required: false,
    description: 'Connect: act for this connected account (`cpa_...`) of the platform.',
    schema: { type: 'string' },
  },
}
const parameter = (name: keyof typeof PARAMETERS) => ({ $ref: `#/components/parameters/${name}` })

const MUTATING = new Set(['POST', 'PATCH', 'DELETE'])
const BODY_CODES: readonly ErrorCodeName[] = [
  'invalid_json',
  'body_too_deep',
  'body_too_large',
  'unsupported_media_type',
]

/**
 * Every error code an operation can answer: those its shape implies (key, permissions, body, query, path,
 * idempotency, sandbox-only, rate limits, internal errors) and those its use case declares (`errors`).
 */
export const errorCodesOf = (endpoint: EndpointContract): ErrorCodeName[] => {
  const codes = new Set<ErrorCodeName>(['invalid_api_version'])
  const keyed = endpoint.authenticated !== false
  if (keyed) codes.add('authentication_failed').add('ip_not_allowed')
  if (keyed && endpoint.permission !== 'any_key') codes.add('insufficient_permissions')
  if (MUTATING.has(endpoint.method)) for (const code of BODY_CODES) codes.add(code)
  if (endpoint.body !== undefined) codes.add('parameter_missing').add('parameter_invalid').add('parameter_unknown')
  if (endpoint.query !== undefined) codes.add('parameter_invalid').add('parameter_unknown')
  if (endpoint.path.includes('{') || endpoint.sandboxOnly === true) codes.add('resource_missing')
  if (endpoint.sandboxOnly === true) codes.add('route_not_found')
  if (keyed && MUTATING.has(endpoint.method))
    codes.add('idempotency_key_invalid').add('idempotency_key_in_use').add('idempotency_request_in_flight')
  for (const code of endpoint.errors ?? []) codes.add(code)
  codes.add('rate_limit_exceeded').add('internal_error')
  return [...codes]
}

/** The error responses of an operation, one per status, each listing its codes with an example of each. */
const errorResponses = (endpoint: EndpointContract): Record<string, unknown> => {
  const byStatus = new Map<number, ErrorCodeName[]>()
  for (const code of errorCodesOf(endpoint)) {
    const { status } = ERROR_CODES[code]
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: codes.map((code) => `\`${code}\`: ${ERROR_CODES[code].description}`).join('\n\n'),
          headers: {
            'Request-Id': header('RequestId'),
            ...(status === 429 ? { 'Retry-After': header('RetryAfter') } : {}),
          },
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Error' },
              examples: Object.fromEntries(
                codes.map((code) => [
                  code,
                  {
                    summary: code,
                    value: {
                      error: {
                        type: ERROR_CODES[code].type,
                        code,
                        message: ERROR_CODES[code].description,
                        ...(code.startsWith('parameter_') ? { param: 'email' } : {}),
                        ...(status === 429 ? { retry_after_seconds: 2 } : {}),
                      },
                      request_id: SANDBOX_REQUEST_ID,
                    },
                  },
                ]),
              ),
            },
          },
        },
      ]),
  )
}

/** The `webhooks` section: one notification per event type, with its payload's schema. */
const webhooks = (components: JsonObject) =>
  Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => {
      const payload = toComponent(WEBHOOK_PAYLOADS[type].schema, components)
      return [
        type,
        {
          post: {
            operationId: webhookOperationId(type),
            summary: WEBHOOK_PAYLOADS[type].summary,
            tags: ['Webhooks'],
            parameters: [
              {
                name: 'Service-Signature',
                in: 'header',
                required: true,
                description:
                  '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint\'s secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md).',
                schema: { type: 'string' },
              },
            ],
            requestBody: { required: true, content: { 'application/json': { schema: payload } } },
            responses: {
              '200': {
                description: 'Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried.',
              },
              '400': { description: 'The signature did not verify: the delivery is retried and eventually disabled.' },
            },
          },
        },
      ]
    }),
  )

/** The OpenAPI 3.1 document of the given endpoints. */
export const buildOpenApiDocument = (
  endpoints: readonly EndpointContract[],
  servers: readonly { url: string; description: string }[],
) => {
  const components: JsonObject = {}
  toComponent(ErrorEnvelope, components)
  const paths: Record<string, Record<string, unknown>> = {}
  for (const endpoint of endpoints) {
    const pathParameters = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    const keyed = endpoint.authenticated !== false
    const success = String(endpoint.successStatus ?? 200)
    const successHeaders = {
      'Request-Id': header('RequestId'),
      'Service-Version': header('ServiceVersion'),
      ...(keyed
        ? {
            'X-RateLimit-Limit': header('RateLimitLimit'),
            'X-RateLimit-Remaining': header('RateLimitRemaining'),
            'X-RateLimit-Reset': header('RateLimitReset'),
          }
        : {}),
      ...(keyed && MUTATING.has(endpoint.method) ? { 'Service-Idempotent-Replay': header('IdempotentReplay') } : {}),
    }
    const example = endpoint.response === undefined ? undefined : responseExample(endpoint)
    const bodyExample = endpoint.body === undefined ? undefined : requestExample(endpoint)
    const operation: Record<string, unknown> = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      parameters: [
        ...pathParameters,
        ...(endpoint.query === undefined ? [] : queryParameters(endpoint.query)),
        parameter('ServiceVersion'),
        ...(keyed ? [parameter('ServiceAccount')] : []),
        ...(keyed && MUTATING.has(endpoint.method) ? [parameter('IdempotencyKey')] : []),
      ],
      responses: {
        [success]:
          endpoint.response === undefined
            ? {
                description: endpoint.responseDescription ?? 'Success',
                headers: successHeaders,
                ...(endpoint.responseContentType === undefined
                  ? {}
                  : { content: { [endpoint.responseContentType]: {} } }),
              }
            : {
                description: 'Success',
                headers: successHeaders,
                content: {
                  'application/json': {
                    schema: toComponent(endpoint.response, components),
                    ...(example === undefined ? {} : { example }),
                  },
                },
              },
        ...errorResponses(endpoint),
      },
      ...(endpoint.authenticated === false
        ? { security: [] }
        : endpoint.authenticated === 'optional'
          ? { security: [{ bearerAuth: [] }, {}] }
          : {}),
      ...(endpoint.sandboxOnly === true ? { 'x-sandbox-only': true } : {}),
      // What a restricted key needs to call it (docs/keys.md): `users:read`, `events:write`, `any_key`, `secret_key`.
      'x-required-permission': permissionName(endpoint.permission),
      'x-codeSamples': codeSamples(endpoint, bodyExample),
    }
    if (endpoint.body !== undefined) {
      operation.requestBody = {
        required: false,
        content: {
          'application/json': {
            schema: toComponent(endpoint.body, components),
            ...(bodyExample === undefined ? {} : { example: bodyExample }),
          },
        },
      }
    }
    const path = paths[endpoint.path] ?? {}
    paths[endpoint.path] = path
    path[endpoint.method.toLowerCase()] = operation
  }
  const webhookSection = webhooks(components)
  const tagsInUse = [...new Set(endpoints.map((endpoint) => endpoint.tag))]
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scheduling and Departure API',
      version: CURRENT_VERSION,
      description:
        'Managed users, calendars, events and live departure windows. Errors use one envelope; codes: ' +
        Object.keys(ERROR_CODES).join(', ') +
        '. The examples come from the sandbox, whose every account is seeded with Ada Lovelace, Grace Hopper and Katherine Johnson.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers,
    // An OAuth access token (Connect) is accepted wherever a key is: it acts for one connected account.
    security: [{ bearerAuth: [] }, { oauth2: [] }],
    tags: [
      ...tagsInUse.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
      { name: 'Webhooks', description: 'Notifications the service POSTs to your webhook endpoints, signed.' },
    ],
    paths,
    webhooks: webhookSection,
    components: {
      schemas: components,
      headers: HEADERS,
      parameters: PARAMETERS,
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
