import { Schema } from 'effect'
import type { Account } from '../core/account/account.js'
import { boundedString, DateTime, deleted, Email, ListQuery, listEnvelope, ResponseMeta } from './common.js'
import type { EndpointContract } from './endpoint.js'

export const ConnectedAccountResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('connected_account'),
  name: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  created_at: DateTime,
  ...ResponseMeta,
}).annotate({
  identifier: 'ConnectedAccount',
  description: 'Connect: a business the platform serves, with its own users, events, connections and webhooks.',
})

export const CreateConnectedAccountRequest = Schema.Struct({
  name: Schema.optionalKey(Schema.NullOr(boundedString(200))),
  email: Schema.optionalKey(Schema.NullOr(Email)),
}).annotate({ identifier: 'CreateConnectedAccountRequest' })

export const UpdateConnectedAccountRequest = Schema.Struct({
  name: Schema.optionalKey(Schema.NullOr(boundedString(200))),
  email: Schema.optionalKey(Schema.NullOr(Email)),
}).annotate({ identifier: 'UpdateConnectedAccountRequest' })

export const ListConnectedAccountsQuery = Schema.Struct({ ...ListQuery })

export const renderConnectedAccount = (account: Account): Record<string, unknown> => ({
  id: account.id,
  object: 'connected_account',
  name: account.name,
  email: account.email,
  created_at: account.createdAt.toISOString(),
})

/** The ConnectedAccount endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const ConnectedAccountEndpoints = {
  createConnectedAccount: {
    operationId: 'createConnectedAccount',
    permission: { resource: 'connected_accounts', access: 'write' },
    method: 'POST',
    path: '/v1/connected_accounts',
    summary: 'Connect: create a connected account (cpa_) on this surface; act for it with Service-Account',
    description:
      'Connect: creates an account (`cpa_`) that your platform manages on this surface. Act for it by sending its id in `Service-Account` with your key.',
    tag: 'Connected accounts',
    body: CreateConnectedAccountRequest,
    response: ConnectedAccountResource,
    successStatus: 201,
  },
  listConnectedAccounts: {
    operationId: 'listConnectedAccounts',
    permission: { resource: 'connected_accounts', access: 'read' },
    method: 'GET',
    path: '/v1/connected_accounts',
    summary: "List the platform's connected accounts on this surface, newest first",
    description:
      "Lists your platform's connected accounts on this surface, newest first. Pages with `limit` and a cursor.",
    tag: 'Connected accounts',
    query: ListConnectedAccountsQuery,
    response: listEnvelope(ConnectedAccountResource),
  },
  retrieveConnectedAccount: {
    operationId: 'retrieveConnectedAccount',
    permission: { resource: 'connected_accounts', access: 'read' },
    method: 'GET',
    path: '/v1/connected_accounts/{id}',
    summary: 'Retrieve a connected account',
    description: 'Returns one connected account of your platform.',
    tag: 'Connected accounts',
    response: ConnectedAccountResource,
  },
  updateConnectedAccount: {
    operationId: 'updateConnectedAccount',
    permission: { resource: 'connected_accounts', access: 'write' },
    method: 'PATCH',
    path: '/v1/connected_accounts/{id}',
    summary: "Update a connected account's name or e-mail",
    description: "Changes a connected account's name or e-mail.",
    tag: 'Connected accounts',
    body: UpdateConnectedAccountRequest,
    response: ConnectedAccountResource,
  },
  deleteConnectedAccount: {
    operationId: 'deleteConnectedAccount',
    permission: { resource: 'connected_accounts', access: 'write' },
    method: 'DELETE',
    path: '/v1/connected_accounts/{id}',
    summary: 'Delete a connected account and all its data (users through their delete cascade, webhook endpoints)',
    description:
      'Deletes a connected account and all its data: its users (through their deletion cascade) and its webhook endpoints. Irreversible.',
    tag: 'Connected accounts',
    response: deleted(ConnectedAccountResource),
  },
} as const satisfies Record<string, EndpointContract>
