import { Schema } from 'effect'
import { ACCESS_LEVELS } from '../core/account/permissions.js'
import { AGENT_TOKEN_MAX_SECONDS, type AgentToken, agentTokenPrefix } from '../core/agent/agent-token.js'
import { CONFIRMATION_POLICIES } from '../core/voice/voice-session.js'
import { DateTime, intBetween, ListQuery, listEnvelope, ResponseMeta } from './common.js'
import type { EndpointContract } from './endpoint.js'

const AccessLevel = Schema.Literals(ACCESS_LEVELS)

/** The families the agent tools use; any other is refused (400 `parameter_unknown` naming it). */
const AgentTokenPermissions = Schema.Struct({
  users: Schema.optionalKey(AccessLevel),
  events: Schema.optionalKey(AccessLevel),
  departure: Schema.optionalKey(AccessLevel),
  reminders: Schema.optionalKey(AccessLevel),
  invitations: Schema.optionalKey(AccessLevel),
  connections: Schema.optionalKey(AccessLevel),
  scheduling: Schema.optionalKey(AccessLevel),
  tracking: Schema.optionalKey(AccessLevel),
}).annotate({
  description:
    'Per family the agent tools use: `none`, `read` or `write` (write implies read); at least one granted, none beyond what the calling key has.',
})

export const CreateAgentTokenRequest = Schema.Struct({
  permissions: AgentTokenPermissions,
  expires_in: Schema.optionalKey(
    intBetween(60, AGENT_TOKEN_MAX_SECONDS).annotate({
      description: 'Lifetime in seconds: from 60 to 2592000 (30 days); 604800 (7 days) when absent.',
    }),
  ),
  confirmation_policy: Schema.optionalKey(
    Schema.Literals(CONFIRMATION_POLICIES).annotate({
      description:
        '`always` (default): every change waits for the user’s confirmation; `low_risk_direct`: low-risk changes (a snooze) execute at once, as the voice channel’s policy.',
    }),
  ),
}).annotate({ identifier: 'CreateAgentTokenRequest' })

export const ListAgentTokensQuery = Schema.Struct({ ...ListQuery })

export const AgentTokenResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('agent_token'),
  user_id: Schema.String,
  status: Schema.Literals(['active', 'expired', 'revoked']),
  permissions: AgentTokenPermissions,
  confirmation_policy: Schema.Literals(CONFIRMATION_POLICIES),
  redacted_token: Schema.String.annotate({
    description: 'The prefix and the last four characters: `uat_live_...abcd`.',
  }),
  secret: Schema.optionalKey(
    Schema.String.annotate({
      description: 'The token (`uat_live_...`, `uat_test_...`): only in the answer of create.',
    }),
  ),
  created_at: DateTime,
  expires_at: DateTime,
  revoked_at: Schema.NullOr(DateTime),
  ...ResponseMeta,
}).annotate({
  identifier: 'AgentToken',
  description:
    'A user-scoped agent token: `Authorization: Bearer` at `/mcp`, where every tool acts for this user only. The secret is shown once, when created.',
})

export const renderAgentToken = (token: AgentToken, now: Date, secret?: string): Record<string, unknown> => ({
  id: token.id,
  object: 'agent_token',
  user_id: token.userId,
  status: token.revokedAt !== null ? 'revoked' : token.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active',
  permissions: { ...token.permissions },
  confirmation_policy: token.confirmationPolicy,
  redacted_token: `${agentTokenPrefix(token.livemode)}...${token.last4}`,
  ...(secret === undefined ? {} : { secret }),
  created_at: token.createdAt.toISOString(),
  expires_at: token.expiresAt.toISOString(),
  revoked_at: token.revokedAt === null ? null : token.revokedAt.toISOString(),
})

/** The agent token endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const AgentTokenEndpoints = {
  createAgentToken: {
    operationId: 'createAgentToken',
    permission: { resource: 'users', access: 'write' },
    method: 'POST',
    path: '/v1/users/{id}/agent_tokens',
    summary: 'Mint a user-scoped agent token for /mcp (secret shown once; 30 days at most)',
    description:
      "Mints a bearer token for this user's AI agent at `/mcp`: every tool acts for this user only, with the token's permissions (never more than the calling key's) and confirmation policy. The secret is shown only in this answer. A paused user is 403 `account_deactivated`.",
    tag: 'Agent tokens',
    body: CreateAgentTokenRequest,
    response: AgentTokenResource,
    successStatus: 201,
    errors: ['account_deactivated'],
  },
  listAgentTokens: {
    operationId: 'listAgentTokens',
    permission: { resource: 'users', access: 'read' },
    method: 'GET',
    path: '/v1/users/{id}/agent_tokens',
    summary: "List a user's agent tokens, newest first, never their secrets",
    description:
      "Lists the user's agent tokens, newest first, with their status (`active`, `expired`, `revoked`), never their secrets.",
    tag: 'Agent tokens',
    query: ListAgentTokensQuery,
    response: listEnvelope(AgentTokenResource),
  },
  revokeAgentToken: {
    operationId: 'revokeAgentToken',
    permission: { resource: 'users', access: 'write' },
    method: 'DELETE',
    path: '/v1/users/{id}/agent_tokens/{token_id}',
    summary: 'Revoke an agent token at once',
    description:
      'Revokes the token: from now on it is 401 `authentication_failed` at `/mcp`, and its open MCP sessions end at their next request. Revoking it again keeps the first time.',
    tag: 'Agent tokens',
    response: AgentTokenResource,
  },
} as const satisfies Record<string, EndpointContract>
