import type { Schema } from 'effect'
import { permissionName } from '../core/account/permissions.js'
import { SUPPORTED_SCOPES } from '../core/oauth/oauth.js'
import { WEBHOOK_EVENT_TYPES } from '../core/webhooks/event-types.js'
import type { EndpointContract } from './endpoint.js'
import { endpointId } from './endpoint.js'
import { ERROR_CODES, type ErrorCodeName, ErrorEnvelope } from './errors.js'
import { toJsonSchema } from './json-schema.js'
import { codeSamples, requestExample, responseExample, SANDBOX_REQUEST_ID } from './openapi-examples.js'
import { API_VERSIONS, type ApiVersion, CURRENT_VERSION, changesSince, VERSION_CHANGES } from './versions.js'
import { WEBHOOK_PAYLOADS, webhookOperationId } from './webhooks/payloads.js'

type JsonObject = Record<string, unknown>

/**
 * Effect writes a check it cannot inline as `{ type, allOf: [fragment] }`. A check of ours says its whole JSON
 * Schema (contracts/common.ts `described`), so its fragment is merged into the schema it checks: a query integer
 * carried as text becomes `integer`, and `format` sits beside `type` where code generators look for it.
 */
const flattenChecks = (value: unknown): JsonObject => {
  if (Array.isArray(value)) return value.map(flattenChecks) as unknown as JsonObject
  if (value === null || typeof value !== 'object') return value as JsonObject
  const out: JsonObject = {}
  for (const [key, child] of Object.entries(value)) out[key] = flattenChecks(child)
  const checks = out.allOf
  if (!Array.isArray(checks) || checks.some((check) => typeof check !== 'object' || '$ref' in check)) return out
  const merged: JsonObject = { ...out }
  delete merged.allOf
  for (const check of checks as JsonObject[])
    for (const [key, child] of Object.entries(check)) {
      // Two checks of the same keyword (two patterns) both hold: keep them apart.
      if (key !== 'type' && key !== 'description' && key in merged) return out
      merged[key] = child
    }
  return merged
}

/**
 * Converts one schema into a JSON Schema, moving its named definitions into `components`. A request's schema says
 * `additionalProperties: false` on every object, as the server refuses unknown fields (`parameter_unknown`); a
 * definition named by both a request and an answer must then be the same, or the build stops.
 */
const toComponent = (schema: Schema.Top, components: JsonObject, direction: 'request' | 'response'): JsonObject => {
  const document = toJsonSchema(schema, direction === 'request' ? { onExcessProperty: 'error' } : undefined)
  const relink = (value: JsonObject): JsonObject =>
    flattenChecks(JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonObject)
  for (const [name, definition] of Object.entries(document.definitions)) {
    const linked = relink(definition as JsonObject)
    const known = components[name]
    if (known !== undefined && JSON.stringify(known) !== JSON.stringify(linked))
      throw new Error(`The schema ${name} differs between a request and an answer: give one of them its own name`)
    components[name] = linked
  }
  const converted = relink(document.schema)
  // Effect writes the empty struct (a body with no fields) as "anything but null"; the server takes a JSON object
  // without fields there (hosts/api/route.ts), which JSON Schema says so.
  return direction === 'request' && JSON.stringify(converted) === '{"not":{"type":"null"}}'
    ? { type: 'object', properties: {}, additionalProperties: false }
    : converted
}

const queryParameters = (schema: Schema.Top) => {
  const json = toComponent(schema, {}, 'request') as { properties?: Record<string, JsonObject>; required?: string[] }
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
  'Agent tokens': "User-scoped bearer tokens for a user's AI agent at /mcp: every tool acts for that user only.",
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
  Location: {
    description: 'Where the redirect leads: the URL the browser or client goes to next.',
    required: true,
    schema: { type: 'string', format: 'uri-reference' },
  },
  IdempotentReplay: {
    description:
      '`true` when this answer is the stored answer of an earlier request with the same `Idempotency-Key`: nothing ran again.',
    schema: { type: 'string', enum: ['true'] },
  },
}
/** A redirect's status: its `Location` says where to go. */
const isRedirect = (status: number) => status === 301 || status === 302 || status === 303 || status === 307

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
  // A keyed request may name a connected account (`Service-Account`) that does not exist: 404 before any handler.
  if ((keyed || endpoint.path.includes('{') || endpoint.sandboxOnly === true) && endpoint.answersNotFound !== false)
    codes.add('resource_missing')
  if (endpoint.sandboxOnly === true) codes.add('route_not_found')
  if (keyed && MUTATING.has(endpoint.method))
    codes.add('idempotency_key_invalid').add('idempotency_key_in_use').add('idempotency_request_in_flight')
  for (const code of endpoint.errors ?? []) codes.add(code)
  if (endpoint.rateLimited !== false) codes.add('rate_limit_exceeded')
  codes.add('internal_error')
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

/** Two answers' media at one status: the same media type with two bodies is either one (`anyOf`). */
const mergeContent = (known: JsonObject, added: JsonObject): JsonObject => {
  const out: JsonObject = { ...added, ...known }
  for (const [type, media] of Object.entries(added)) {
    const before = (known[type] as JsonObject | undefined)?.schema
    const after = (media as JsonObject).schema
    if (before !== undefined && after !== undefined)
      out[type] = { ...(known[type] as JsonObject), schema: { anyOf: [before, after] } }
  }
  return out
}

/** The error responses completed with the answers the handler writes itself (`otherResponses`). */
const withOtherResponses = (
  responses: Record<string, unknown>,
  endpoint: EndpointContract,
  components: JsonObject,
): Record<string, unknown> => {
  const out = { ...responses } as Record<string, { description: string; headers?: unknown; content?: JsonObject }>
  for (const other of endpoint.otherResponses ?? []) {
    const status = String(other.status)
    const media =
      other.contentType === undefined
        ? {}
        : {
            [other.contentType]:
              other.schema === undefined
                ? other.contentType.startsWith('text/')
                  ? { schema: { type: 'string' } }
                  : {}
                : { schema: toComponent(other.schema, components, 'response') },
          }
    const known = out[status]
    out[status] =
      known === undefined || other.only === true
        ? {
            description: other.description,
            headers: {
              'Request-Id': header('RequestId'),
              ...(isRedirect(other.status) ? { Location: header('Location') } : {}),
            },
            ...(other.contentType === undefined ? {} : { content: media }),
          }
        : {
            ...known,
            description: `${other.description}\n\n${known.description}`,
            content: mergeContent(known.content ?? {}, media),
          }
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)))
}

/** The `webhooks` section: one notification per event type, with its payload's schema. */
const webhooks = (components: JsonObject) =>
  Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => {
      const payload = toComponent(WEBHOOK_PAYLOADS[type].schema, components, 'response')
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

/** The success status an endpoint had in a version: its current one, undone by each newer change that moved it. */
const successStatusIn = (endpoint: EndpointContract, version: ApiVersion): number =>
  changesSince(version).reduce(
    (status, change) => change.downgradeSuccessStatus?.[endpointId(endpoint)] ?? status,
    endpoint.successStatus ?? 200,
  )

/** The endpoint's own success headers as callers of the version get them. */
const successHeadersIn = (endpoint: EndpointContract, version: ApiVersion) => {
  const removed = new Set(
    changesSince(version).flatMap((change) => change.downgradeSuccessHeadersRemoved?.[endpointId(endpoint)] ?? []),
  )
  return Object.entries(endpoint.successHeaders ?? {}).filter(([name]) => !removed.has(name))
}

/** Each resource schema (by its `object`) as the changes newer than the version leave it, as the server renders it. */
const downgradeSchemas = (components: JsonObject, version: ApiVersion): void => {
  for (const change of changesSince(version))
    for (const [name, schema] of Object.entries(components)) {
      const object = ((schema as JsonObject).properties as JsonObject | undefined)?.object as JsonObject | undefined
      const kind = Array.isArray(object?.enum) && object.enum.length === 1 ? String(object.enum[0]) : undefined
      const downgrade = kind === undefined ? undefined : change.downgradeResourceSchema?.[kind]
      if (downgrade !== undefined) components[name] = downgrade(schema as JsonObject)
    }
}

/** The document's changelog: every version, newest first, with its breaking changes. */
const changelog = (version: ApiVersion): string =>
  [
    `This document describes API version ${version}${version === CURRENT_VERSION ? ' (the current one)' : ''}; \`GET /v1/openapi.json?version=...\` (or a \`Service-Version\` header) serves the document of another version: ${API_VERSIONS.join(', ')}.`,
    '',
    '## Version changes',
    '',
    ...[...API_VERSIONS].reverse().flatMap((each) => {
      const changes = VERSION_CHANGES.filter((change) => change.version === each)
      return [
        `- **${each}**${changes.length === 0 ? ': no breaking change.' : ':'}`,
        ...changes.map((change) => `  - ${change.description}`),
      ]
    }),
  ].join('\n')

/** The OpenAPI 3.1 document of the given endpoints, as callers of `version` see them (the current one by default). */
export const buildOpenApiDocument = (
  allEndpoints: readonly EndpointContract[],
  servers: readonly { url: string; description: string }[],
  version: ApiVersion = CURRENT_VERSION,
) => {
  const components: JsonObject = {}
  toComponent(ErrorEnvelope, components, 'response')
  const paths: Record<string, Record<string, unknown>> = {}
  // An endpoint added after the version is the unknown route's 404 there.
  const endpoints = allEndpoints.filter((endpoint) => (endpoint.sinceVersion ?? API_VERSIONS[0]) <= version)
  for (const endpoint of endpoints) {
    const pathParameters = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    const keyed = endpoint.authenticated !== false
    const success = String(successStatusIn(endpoint, version))
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
      ...(isRedirect(Number(success)) ? { Location: header('Location') } : {}),
      ...Object.fromEntries(
        successHeadersIn(endpoint, version).map(([name, { description, required }]) => [
          name,
          { description, ...(required === undefined ? {} : { required }), schema: { type: 'string' } },
        ]),
      ),
    }
    const example = endpoint.response === undefined ? undefined : responseExample(endpoint)
    const bodyExample = endpoint.body === undefined ? undefined : requestExample(endpoint)
    const successResponse =
      endpoint.response === undefined
        ? {
            description: endpoint.responseDescription ?? 'Success',
            headers: successHeaders,
            ...(endpoint.responseContentType === undefined ? {} : { content: { [endpoint.responseContentType]: {} } }),
          }
        : {
            description: 'Success',
            headers: successHeaders,
            content: {
              'application/json': {
                schema: toComponent(endpoint.response, components, 'response'),
                ...(example === undefined ? {} : { example }),
              },
            },
          }
    const operation: Record<string, unknown> = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: endpoint.description,
      tags: [endpoint.tag],
      parameters: [
        ...pathParameters,
        ...(endpoint.query === undefined ? [] : queryParameters(endpoint.query)),
        parameter('ServiceVersion'),
        ...(keyed ? [parameter('ServiceAccount')] : []),
        ...(keyed && MUTATING.has(endpoint.method) ? [parameter('IdempotencyKey')] : []),
      ],
      responses: {
        [success]: successResponse,
        ...(endpoint.existingStatus === undefined
          ? {}
          : {
              [String(endpoint.existingStatus.status)]: {
                ...successResponse,
                description: endpoint.existingStatus.description,
              },
            }),
        ...withOtherResponses(errorResponses(endpoint), endpoint, components),
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
    if (endpoint.formBody !== undefined) {
      operation.requestBody = {
        required: true,
        content: {
          // A form's other fields are ignored, not refused: its schema stays open.
          'application/x-www-form-urlencoded': { schema: toComponent(endpoint.formBody, components, 'response') },
        },
      }
    }
    if (endpoint.body !== undefined) {
      operation.requestBody = {
        required: false,
        content: {
          'application/json': {
            schema: toComponent(endpoint.body, components, 'request'),
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
  downgradeSchemas(components, version)
  const tagsInUse = [...new Set(endpoints.map((endpoint) => endpoint.tag))]
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scheduling and Departure API',
      version,
      description:
        'Managed users, calendars, events and live departure windows. Errors use one envelope; codes: ' +
        Object.keys(ERROR_CODES).join(', ') +
        '. The examples come from the sandbox, whose every account is seeded with Ada Lovelace, Grace Hopper and Katherine Johnson.\n\n' +
        changelog(version),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      // Where a reader of the document goes next: the reference page rendered from it, on the first server.
      ...(servers[0] === undefined ? {} : { contact: { name: 'API reference', url: `${servers[0].url}/docs` } }),
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
