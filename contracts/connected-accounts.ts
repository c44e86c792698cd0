import { Schema } from 'effect'
import type { Account } from '../core/account/account.js'
import { boundedString, DateTime, Email, ListQuery, ResponseMeta } from './common.js'

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
