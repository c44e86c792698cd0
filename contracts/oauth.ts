import { Schema } from 'effect'
import type { OAuthApplication } from '../core/oauth/oauth.js'
import { boundedString, DateTime, ListQuery, ResponseMeta } from './common.js'

export const OAuthApplicationResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('oauth_application'),
  name: Schema.String,
  client_type: Schema.Literals(['confidential', 'public']),
  redirect_uris: Schema.Array(Schema.String),
  client_secret: Schema.optionalKey(Schema.NullOr(Schema.String)),
  created_at: DateTime,
  ...ResponseMeta,
}).annotate({
  identifier: 'OAuthApplication',
  description:
    'Connect: a third-party application the platform registered; its id is the OAuth client_id. client_secret (confidential clients) is shown once, when created.',
})

export const CreateOAuthApplicationRequest = Schema.Struct({
  name: boundedString(200),
  client_type: Schema.Literals(['confidential', 'public']),
  redirect_uris: Schema.Array(boundedString(2000)),
}).annotate({ identifier: 'CreateOAuthApplicationRequest' })

export const ListOAuthApplicationsQuery = Schema.Struct({ ...ListQuery })

export const CreateConsentTicketRequest = Schema.Struct({
  connected_account: boundedString(100),
  client_id: boundedString(100),
}).annotate({ identifier: 'CreateOAuthConsentTicketRequest' })

export const ConsentTicketResource = Schema.Struct({
  object: Schema.Literal('oauth_consent_ticket'),
  ticket: Schema.String,
  connected_account: Schema.String,
  client_id: Schema.String,
  expires_at: DateTime,
  ...ResponseMeta,
}).annotate({
  identifier: 'OAuthConsentTicket',
  description:
    "Signed, short-lived: the platform vouches that the connected account's administrator may consent to this application. Sent as login_hint of the authorization request.",
})

export const renderOAuthApplication = (
  application: OAuthApplication,
  clientSecret?: string | null,
): Record<string, unknown> => ({
  id: application.id,
  object: 'oauth_application',
  name: application.name,
  client_type: application.clientType,
  redirect_uris: [...application.redirectUris],
  ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
  created_at: application.createdAt.toISOString(),
})
