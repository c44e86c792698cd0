import { Schema } from 'effect'
import type { OAuthApplication } from '../core/oauth/oauth.js'
import { boundedString, DateTime, ListQuery, listEnvelope, ResponseMeta } from './common.js'
import { type EndpointContract, FormFields, htmlPage, type OtherResponse, redirect } from './endpoint.js'

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

/** RFC 6749 5.2 (and RFC 7009): the token and revocation endpoints' own error body, which OAuth clients read. */
const OAuthProtocolError = Schema.Struct({
  error: Schema.String.annotate({ description: '`invalid_request`, `invalid_client`, `invalid_grant`, ...' }),
  error_description: Schema.optionalKey(Schema.String),
}).annotate({ identifier: 'OAuthProtocolError' })
const oauthErrors: readonly OtherResponse[] = [
  { status: 400, description: 'RFC 6749 5.2 error', contentType: 'application/json', schema: OAuthProtocolError },
  {
    status: 401,
    description: '`invalid_client`: the client authentication failed (RFC 6749 5.2)',
    contentType: 'application/json',
    schema: OAuthProtocolError,
    only: true,
  },
]

/** RFC 7591 3.2.2: a refused registration (`invalid_redirect_uri`, `invalid_client_metadata`), 400. */
const registrationErrors: readonly OtherResponse[] = [
  {
    status: 400,
    description: 'RFC 7591 3.2.2 error: `invalid_redirect_uri` or `invalid_client_metadata`',
    contentType: 'application/json',
    schema: OAuthProtocolError,
  },
]

/** RFC 7591 2: the client metadata of a registration. Fields not listed are ignored, so the object stays open. */
export const ClientRegistrationRequest = Schema.Record(Schema.String, Schema.Unknown).annotate({
  identifier: 'OAuthClientRegistrationRequest',
  description:
    'Client metadata (RFC 7591 2): `redirect_uris` (required, 1 to 10; https, or http on a loopback host; no fragment), `client_name` (at most 200 characters), `token_endpoint_auth_method` (`none` only: public clients), `grant_types` (`authorization_code`, and `refresh_token`), `response_types` (`code`), `scope`, and the informative `client_uri`, `logo_uri`, `tos_uri`, `policy_uri`, `contacts`, `software_id`, `software_version` (strings of at most 2000 characters). Other fields are ignored; the whole object is at most 16 KiB.',
})

export const ClientRegistrationResponse = Schema.Struct({
  client_id: Schema.String,
  client_id_issued_at: Schema.Int,
  client_name: Schema.String,
  redirect_uris: Schema.Array(Schema.String),
  grant_types: Schema.Array(Schema.String),
  response_types: Schema.Array(Schema.String),
  token_endpoint_auth_method: Schema.Literal('none'),
}).annotate({
  identifier: 'OAuthClientRegistration',
  description:
    'RFC 7591 3.2.1: the registered public client. No client_secret (PKCE S256 authenticates the code exchange) and no registration access token (a registration is not managed afterwards).',
})

export const renderClientRegistration = (application: OAuthApplication) => ({
  client_id: application.id,
  client_id_issued_at: Math.floor(application.createdAt.getTime() / 1000),
  client_name: application.name,
  redirect_uris: [...application.redirectUris],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none' as const,
})

/** The OAuth endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const OAuthEndpoints = {
  createOAuthApplication: {
    operationId: 'createOAuthApplication',
    permission: 'secret_key',
    method: 'POST',
    path: '/v1/oauth_applications',
    summary: 'Connect: register a third-party OAuth application (client_secret shown once)',
    description:
      'Connect: registers a third-party OAuth application that may act for your connected accounts with the scopes they grant. The `client_secret` is shown only in this answer. Needs a secret key.',
    tag: 'OAuth',
    body: CreateOAuthApplicationRequest,
    response: OAuthApplicationResource,
    successStatus: 201,
  },
  listOAuthApplications: {
    operationId: 'listOAuthApplications',
    permission: 'secret_key',
    method: 'GET',
    path: '/v1/oauth_applications',
    summary: "List the platform's OAuth applications on this surface, newest first",
    description:
      "Lists your platform's OAuth applications on this surface, newest first, without their secrets. Needs a secret key.",
    tag: 'OAuth',
    query: ListOAuthApplicationsQuery,
    response: listEnvelope(OAuthApplicationResource),
  },
  retrieveOAuthApplication: {
    operationId: 'retrieveOAuthApplication',
    permission: 'secret_key',
    method: 'GET',
    path: '/v1/oauth_applications/{id}',
    summary: 'Retrieve an OAuth application',
    description:
      'Returns one OAuth application: its name, redirect URIs and scopes, never its secret. Needs a secret key.',
    tag: 'OAuth',
    response: OAuthApplicationResource,
  },
  createOAuthConsentTicket: {
    operationId: 'createOAuthConsentTicket',
    permission: 'secret_key',
    method: 'POST',
    path: '/v1/oauth_consent_tickets',
    summary: "A consent ticket (the authorization request's login_hint) for one connected account and one application",
    description:
      "Creates a short-lived consent ticket for one connected account and one application, to pass as the authorization request's `login_hint`. Needs a secret key.",
    tag: 'OAuth',
    body: CreateConsentTicketRequest,
    response: ConsentTicketResource,
    successStatus: 201,
  },
  oauthServerMetadata: {
    operationId: 'oauthServerMetadata',
    permission: 'any_key',
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    summary: 'OAuth 2.0 authorization server metadata (RFC 8414)',
    description:
      "The authorization server's metadata (RFC 8414): its endpoints, grant types, scopes and PKCE method, for OAuth clients to discover. No key.",
    tag: 'OAuth',
    authenticated: false,
    responseDescription: 'The metadata document (JSON)',
    responseContentType: 'application/json',
  },
  mcpProtectedResourceMetadata: {
    operationId: 'mcpProtectedResourceMetadata',
    permission: 'any_key',
    method: 'GET',
    path: '/.well-known/oauth-protected-resource/mcp',
    summary: 'OAuth 2.0 protected resource metadata of /mcp (RFC 9728)',
    description:
      "The MCP endpoint's protected resource metadata (RFC 9728), named by the `WWW-Authenticate: Bearer resource_metadata` challenge of a 401 from `/mcp`: the resource's URL, this surface's authorization server, the scopes and the bearer method, for MCP clients to discover. No key.",
    tag: 'OAuth',
    authenticated: false,
    responseDescription: 'The metadata document (JSON)',
    responseContentType: 'application/json',
  },
  protectedResourceMetadata: {
    operationId: 'protectedResourceMetadata',
    permission: 'any_key',
    method: 'GET',
    path: '/.well-known/oauth-protected-resource',
    summary: 'OAuth 2.0 protected resource metadata at the bare well-known path (RFC 9728)',
    description:
      'The same document as `/.well-known/oauth-protected-resource/mcp`, for clients that look at the bare well-known path. No key.',
    tag: 'OAuth',
    authenticated: false,
    responseDescription: 'The metadata document (JSON)',
    responseContentType: 'application/json',
  },
  oauthRegisterClient: {
    operationId: 'oauthRegisterClient',
    permission: 'any_key',
    method: 'POST',
    path: '/oauth/register',
    summary:
      'Dynamic client registration (RFC 7591): a public client with PKCE registers itself (20 per hour per address)',
    description:
      "Registers a public OAuth client (no secret; PKCE S256 on every authorization) with its redirect URIs, as MCP clients do on first contact. The client belongs to no platform: it obtains tokens only through a platform's consent ticket for one of its connected accounts, and then acts for that connected account with the scopes its administrator allowed. No key; limited to 20 registrations per hour per client address. Errors follow RFC 7591.",
    tag: 'OAuth',
    authenticated: false,
    body: ClientRegistrationRequest,
    response: ClientRegistrationResponse,
    successStatus: 201,
    otherResponses: registrationErrors,
  },
  oauthAuthorize: {
    operationId: 'oauthAuthorize',
    permission: 'any_key',
    method: 'GET',
    path: '/oauth/authorize',
    summary:
      'Authorization endpoint: response_type=code, client_id, redirect_uri, scope, state, code_challenge (S256), login_hint (consent ticket); the consent page',
    description:
      'The OAuth authorization endpoint (code flow with PKCE S256): shows the consent page for the ticket in `login_hint`, or redirects back with an error. Without `login_hint` (a client that started the flow itself, such as an MCP client) a valid request shows a page asking for the consent code the platform gives its administrator, which sends the same request again with it. An unknown client or unregistered redirect URI gets a page and is never redirected.',
    tag: 'OAuth',
    authenticated: false,
    responseDescription:
      'The HTML consent page (recorded for its ticket, its form carrying a consent token), or without login_hint the page asking for the consent code; or a 302 to redirect_uri with error and state (access_denied for a ticket already decided)',
    responseContentType: 'text/html',
    otherResponses: [
      redirect('Back to redirect_uri with error and state'),
      htmlPage(400, 'An HTML page: an unknown client_id or an unregistered redirect_uri, never redirected.'),
    ],
  },
  oauthAuthorizeDecision: {
    operationId: 'oauthAuthorizeDecision',
    permission: 'any_key',
    method: 'POST',
    path: '/oauth/authorize',
    summary:
      "The consent page's form (application/x-www-form-urlencoded): the request's parameters, the page's consent token (consent) and decision; counts only as the decision of the page last shown for its ticket, with what it showed, once per ticket",
    description:
      "Target of the consent page's form: redirects to `redirect_uri` with a code (or an error) and the state. Only the decision of the page last shown for the ticket counts, once, with what that page showed.",
    tag: 'OAuth',
    authenticated: false,
    responseDescription:
      '302 to redirect_uri with code, state and iss (or error and state); a 400 HTML page, and no code, for a decision that is not the page shown, differs from it, or comes after the ticket was decided',
    successStatus: 302,
    formBody: FormFields,
    otherResponses: [
      htmlPage(
        400,
        'An HTML page, and no code: an unknown client_id or an unregistered redirect_uri, or a decision that is not the page last shown for its ticket, differs from what it showed, or comes after the ticket was decided.',
      ),
    ],
  },
  oauthToken: {
    operationId: 'oauthToken',
    permission: 'any_key',
    method: 'POST',
    path: '/oauth/token',
    summary:
      'Token endpoint (application/x-www-form-urlencoded): grant_type authorization_code (with code_verifier) or refresh_token',
    description:
      "The OAuth token endpoint: exchanges an authorization code (with its `code_verifier`) or a refresh token for an access token acting for one connected account. With `resource` (RFC 8707) the access token is bound to that protected resource (the surface's `/mcp` URL is the one there is; any other is `invalid_target`) and is valid there only. Errors follow RFC 6749.",
    tag: 'OAuth',
    authenticated: false,
    responseDescription: 'RFC 6749 token response, or { error, error_description }',
    responseContentType: 'application/json',
    formBody: FormFields,
    otherResponses: oauthErrors,
  },
  oauthRevoke: {
    operationId: 'oauthRevoke',
    permission: 'any_key',
    method: 'POST',
    path: '/oauth/revoke',
    summary: 'Token revocation (RFC 7009): revokes the grant the token belongs to',
    description:
      "Revokes an access or refresh token (RFC 7009), and with it the grant it belongs to: every token of the grant stops working. Authenticated by the client's credentials.",
    tag: 'OAuth',
    authenticated: false,
    responseDescription: '200 with an empty body, or { error, error_description }',
    formBody: FormFields,
    otherResponses: oauthErrors,
  },
} as const satisfies Record<string, EndpointContract>
