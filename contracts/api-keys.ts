import { Schema } from 'effect'
import type { ApiKeyRecord } from '../core/account/account.js'
import { MAX_ROLL_EXPIRY_SECONDS } from '../core/account/account-service.js'
import { keyPrefix } from '../core/account/api-key.js'
import { MAX_ALLOWLIST_ENTRIES } from '../core/account/ip-allowlist.js'
import { ACCESS_LEVELS, KEY_TYPES, type PermissionResource, type Permissions } from '../core/account/permissions.js'
import { boundedString, DateTime, intBetween, ListQuery, listEnvelope, ResponseMeta } from './common.js'
import type { EndpointContract } from './endpoint.js'

const AccessLevel = Schema.Literals(ACCESS_LEVELS)

/** `{ events: 'write', users: 'read' }`: a family not named is `none`; an unknown family is refused. */
export const PermissionsSchema = Schema.Struct({
  users: Schema.optionalKey(AccessLevel),
  events: Schema.optionalKey(AccessLevel),
  departure: Schema.optionalKey(AccessLevel),
  connections: Schema.optionalKey(AccessLevel),
  invitations: Schema.optionalKey(AccessLevel),
  reminders: Schema.optionalKey(AccessLevel),
  devices: Schema.optionalKey(AccessLevel),
  webhook_endpoints: Schema.optionalKey(AccessLevel),
  voice: Schema.optionalKey(AccessLevel),
  scheduling: Schema.optionalKey(AccessLevel),
  tracking: Schema.optionalKey(AccessLevel),
  connected_accounts: Schema.optionalKey(AccessLevel),
  test_helpers: Schema.optionalKey(AccessLevel),
} satisfies Record<PermissionResource, unknown>).annotate({
  // No identifier: inlined where used, so that the compiled response serializer needs no reference.
  description: 'Per resource family: `none`, `read` or `write` (write implies read); a family not named is `none`.',
})

const Allowlist = Schema.Array(boundedString(64)).check(
  Schema.makeFilter((entries: readonly string[]) =>
    entries.length <= MAX_ALLOWLIST_ENTRIES ? undefined : `at most ${MAX_ALLOWLIST_ENTRIES} entries`,
  ),
)

export const CreateApiKeyRequest = Schema.Struct({
  name: Schema.optionalKey(Schema.NullOr(boundedString(100))),
  permissions: PermissionsSchema,
  allowed_ips: Schema.optionalKey(Schema.NullOr(Allowlist)).annotate({
    description:
      'IPv4 and IPv6 addresses and CIDR ranges the key may be used from (since 2026-05-20), at least one; null or absent for anywhere. An empty list is refused (400 naming allowed_ips): revoke a key to stop it.',
  }),
}).annotate({ identifier: 'CreateApiKeyRequest' })

export const RollApiKeyRequest = Schema.Struct({
  expires_in_seconds: Schema.optionalKey(intBetween(0, MAX_ROLL_EXPIRY_SECONDS)).annotate({
    description: 'How long the old key keeps working beside the new one: 0 (default, it stops now) to 7 days.',
  }),
}).annotate({ identifier: 'RollApiKeyRequest' })

export const ListApiKeysQuery = Schema.Struct({ ...ListQuery })

export const ApiKeyResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('api_key'),
  type: Schema.Literals(KEY_TYPES),
  name: Schema.NullOr(Schema.String),
  redacted_key: Schema.String.annotate({ description: 'The prefix and the last four characters: `rk_live_...abcd`.' }),
  permissions: Schema.NullOr(PermissionsSchema),
  allowed_ips: Schema.NullOr(Schema.Array(Schema.String)),
  created_at: DateTime,
  expires_at: Schema.NullOr(DateTime).annotate({ description: 'When a rolled key stops working; null otherwise.' }),
  revoked_at: Schema.NullOr(DateTime),
  secret: Schema.optionalKey(Schema.String).annotate({
    description: 'The full key: returned only by create and roll, once. Store it now.',
  }),
  ...ResponseMeta,
}).annotate({ identifier: 'ApiKey', description: 'A secret (`sk_`) or restricted (`rk_`) API key of this surface.' })

export const renderApiKey = (key: ApiKeyRecord, now: Date, secret?: string): Record<string, unknown> => {
  const stopped = key.revokedAt !== null && key.revokedAt.getTime() <= now.getTime()
  return {
    id: key.id,
    object: 'api_key',
    type: key.type,
    name: key.name,
    redacted_key: `${keyPrefix(key.mode, key.type)}...${key.last4}`,
    permissions: key.permissions === null ? null : ({ ...key.permissions } satisfies Permissions),
    allowed_ips: key.allowedIps === null ? null : [...key.allowedIps],
    created_at: key.createdAt.toISOString(),
    expires_at: key.revokedAt !== null && !stopped ? key.revokedAt.toISOString() : null,
    revoked_at: stopped ? key.revokedAt.toISOString() : null,
    ...(secret === undefined ? {} : { secret }),
  }
}

/** The ApiKey endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const ApiKeyEndpoints = {
  createApiKey: {
    operationId: 'createApiKey',
    permission: 'secret_key',
    method: 'POST',
    path: '/v1/api_keys',
    summary: 'Create a restricted key (rk_) of this surface; the answer carries the full key, shown only here',
    description:
      'Creates a restricted key (`rk_`) of this surface with the given permissions and an optional IP allowlist. The answer carries the full key, shown only here. Needs a secret key.',
    tag: 'API keys',
    body: CreateApiKeyRequest,
    response: ApiKeyResource,
    successStatus: 201,
  },
  listApiKeys: {
    operationId: 'listApiKeys',
    permission: 'secret_key',
    method: 'GET',
    path: '/v1/api_keys',
    summary: 'List the secret and restricted keys of this surface, newest first',
    description:
      'Lists the secret and restricted keys of this surface, newest first, with their permissions but never the secrets. Needs a secret key.',
    tag: 'API keys',
    query: ListApiKeysQuery,
    response: listEnvelope(ApiKeyResource),
  },
  retrieveApiKey: {
    operationId: 'retrieveApiKey',
    permission: 'secret_key',
    method: 'GET',
    path: '/v1/api_keys/{id}',
    summary: 'Retrieve a key (never its secret)',
    description:
      "Returns one key's metadata (type, permissions, allowlist, status), never its secret. Needs a secret key.",
    tag: 'API keys',
    response: ApiKeyResource,
  },
  revokeApiKey: {
    operationId: 'revokeApiKey',
    errors: ['invalid_state_transition'],
    permission: 'secret_key',
    method: 'POST',
    path: '/v1/api_keys/{id}/revoke',
    summary: 'Revoke a key now (a rolled key still within its expiry too)',
    description:
      'Revokes a key now: requests with it answer 401 from then on. A rolled key still within its expiry can be revoked too. Needs a secret key.',
    tag: 'API keys',
    response: ApiKeyResource,
  },
  rollApiKey: {
    operationId: 'rollApiKey',
    errors: ['invalid_state_transition'],
    permission: 'secret_key',
    method: 'POST',
    path: '/v1/api_keys/{id}/roll',
    summary: 'Roll a key: a new key with the same grants; the old one works on for expires_in_seconds (0 to 7 days)',
    description:
      'Replaces a key with a new one with the same grants, answered once; the old key keeps working for `expires_in_seconds` (0 to 7 days) so deployments can switch. Needs a secret key.',
    tag: 'API keys',
    body: RollApiKeyRequest,
    response: ApiKeyResource,
  },
} as const satisfies Record<string, EndpointContract>
