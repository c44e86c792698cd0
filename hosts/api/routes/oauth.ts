import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { pageRequestOf } from '../../../contracts/common.js'
import { type EndpointContract, routerPath } from '../../../contracts/endpoint.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderClientRegistration, renderOAuthApplication } from '../../../contracts/oauth.js'
import { checkRegistration, REGISTRATION_BOUNDS } from '../../../core/oauth/client-registration.js'
import { type OAuthProtocolError, SUPPORTED_SCOPES } from '../../../core/oauth/oauth.js'
import type { AuthorizationFailure, AuthorizationParams, OAuthService } from '../../../core/oauth/oauth-service.js'
import { InvalidParameter } from '../../../core/shared/errors.js'
import { err, mapResult } from '../../../core/shared/result.js'
import { acceptForms, sendHostedPage } from '../pages/hosted-page.js'
import { authorizationErrorPage, CONSENT_FIELDS, consentCodePage, consentPage } from '../pages/oauth-pages.js'
import { requireAuth } from '../request-context.js'
import { defineRoute, listBody, type RouteInput, type RouteOptions, withLivemode } from '../route.js'

export interface OAuthRouteOptions extends RouteOptions {
  readonly oauth: OAuthService
}

type Fields = Record<string, string | undefined>

/** A form or query object's string fields only (a repeated field is not a value: it is left out). */
const stringFields = (source: unknown): Fields => {
  const fields: Fields = {}
  if (source === null || typeof source !== 'object') return fields
  for (const [name, value] of Object.entries(source)) if (typeof value === 'string') fields[name] = value
  return fields
}

const authorizationParams = (fields: Fields): AuthorizationParams =>
  Object.fromEntries(CONSENT_FIELDS.map((name) => [name, fields[name]]))

const redirectWith = (reply: FastifyReply, uri: string, params: Record<string, string | undefined>) => {
  const url = new URL(uri)
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value)
  return reply.code(302).header('Location', url.toString()).header('Cache-Control', 'no-store').send()
}

/** RFC 6749 5.1/5.2: JSON, never cached; `invalid_client` is 401. */
const sendProtocol = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
  reply.code(status).headers({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).type('application/json').send(body)

const sendProtocolError = (reply: FastifyReply, error: OAuthProtocolError, basic: boolean) => {
  if (error.error === 'invalid_client' && basic) reply.header('WWW-Authenticate', 'Basic realm="oauth"')
  return sendProtocol(reply, error.error === 'invalid_client' ? 401 : 400, {
    error: error.error,
    error_description: error.description,
  })
}

/** RFC 6749 2.3.1: `client_secret_basic` (form-encoded id and secret in Basic) or `client_secret_post`, or none. */
const clientCredentials = (request: FastifyRequest, form: Fields) => {
  const header = request.headers.authorization
  if (header !== undefined && /^Basic\s+/i.test(header)) {
    const decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon < 0) return { basic: true, credentials: { clientId: undefined, clientSecret: undefined } }
    const decode = (value: string) => {
      try {
        return decodeURIComponent(value.replaceAll('+', ' '))
      } catch {
        return undefined
      }
    }
    return {
      basic: true,
      credentials: { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)) },
    }
  }
  return { basic: false, credentials: { clientId: form.client_id, clientSecret: form.client_secret } }
}

/** OAuth applications and consent tickets are the platform's own business: not while acting for a connected account. */
const asPlatform = <E extends EndpointContract>({ request }: RouteInput<E>) =>
  request.connectedAccount === null
    ? null
    : err(
        new InvalidParameter({
          param: 'Service-Account',
          message: 'OAuth applications are managed by their platform: send this request without Service-Account.',
        }),
      )

/** Connect's OAuth 2.1 authorization server on one surface (`docs/connect.md`). */
export const oauthRoutes = async (app: FastifyInstance, options: OAuthRouteOptions): Promise<void> => {
  const { oauth, livemode } = options
  const platformOf = (input: RouteInput<EndpointContract>) => ({
    platformId: requireAuth(input.request.auth).account.id,
    livemode,
  })

  defineRoute(app, Endpoints.createOAuthApplication, options, async (input) => {
    const refused = asPlatform(input)
    if (refused !== null) return refused
    const registered = await oauth.registerApplication(platformOf(input), {
      name: input.body.name,
      clientType: input.body.client_type,
      redirectUris: input.body.redirect_uris,
    })
    return mapResult(registered, ({ application, clientSecret }) => ({
      body: renderOAuthApplication(application, clientSecret),
    }))
  })

  defineRoute(app, Endpoints.listOAuthApplications, options, async (input) => {
    const refused = asPlatform(input)
    if (refused !== null) return refused
    const { query, request } = input
    const page = pageRequestOf(query)
    return mapResult(await oauth.listApplications(platformOf(input), page), (listed) => ({
      body: listBody(
        request,
        listed.data.map((application) => withLivemode(request)(renderOAuthApplication(application))),
        listed.hasMore,
      ),
    }))
  })

  defineRoute(app, Endpoints.retrieveOAuthApplication, options, async (input) => {
    const refused = asPlatform(input)
    if (refused !== null) return refused
    return mapResult(await oauth.retrieveApplication(platformOf(input), input.params.id), (application) => ({
      body: renderOAuthApplication(application),
    }))
  })

  defineRoute(app, Endpoints.createOAuthConsentTicket, options, async (input) => {
    const refused = asPlatform(input)
    if (refused !== null) return refused
    const issued = await oauth.issueConsentTicket(platformOf(input), {
      connectedAccountId: input.body.connected_account,
      clientId: input.body.client_id,
    })
    return mapResult(issued, ({ ticket, expiresAt }) => ({
      body: {
        object: 'oauth_consent_ticket',
        ticket,
        connected_account: input.body.connected_account,
        client_id: input.body.client_id,
        expires_at: expiresAt.toISOString(),
      },
    }))
  })

  // The protocol's own endpoints: no key, forms in, RFC 6749 JSON or a redirect out; rate limited per address.
  await app.register(async (scope) => {
    acceptForms(scope)
    scope.addHook('onRequest', async (request, reply) => {
      if (!(await options.rateLimit.admitAnonymous(request, reply))) return reply
    })
    const publicRoute = { config: { public: true } }

    scope.get(routerPath(Endpoints.oauthServerMetadata.path), publicRoute, async (_request, reply) => {
      const issuer = oauth.issuer(livemode)
      return sendProtocol(reply, 200, {
        issuer,
        authorization_endpoint: `${issuer}${Endpoints.oauthAuthorize.path}`,
        token_endpoint: `${issuer}${Endpoints.oauthToken.path}`,
        revocation_endpoint: `${issuer}${Endpoints.oauthRevoke.path}`,
        registration_endpoint: `${issuer}${Endpoints.oauthRegisterClient.path}`,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        scopes_supported: SUPPORTED_SCOPES,
        authorization_response_iss_parameter_supported: true,
      })
    })

    // RFC 7591: open registration of public clients, counted per client address beyond the protocol's own pool.
    const registrationPool = {
      name: 'oauth_register',
      requests: REGISTRATION_BOUNDS.perAddressPerHour,
      windowMs: 3_600_000,
    }
    scope.post(routerPath(Endpoints.oauthRegisterClient.path), publicRoute, async (request, reply) => {
      const checked = checkRegistration(request.body)
      if (!checked.ok)
        return sendProtocol(reply, 400, { error: checked.error.error, error_description: checked.error.description })
      // Only what would be stored counts: a refused registration writes nothing.
      if (!(await options.rateLimit.admitPerAddress(request, reply, registrationPool))) return reply
      return sendProtocol(
        reply,
        201,
        renderClientRegistration(await oauth.registerDynamicClient(livemode, checked.value)),
      )
    })

    const failAuthorization = (reply: FastifyReply, failure: AuthorizationFailure) =>
      failure.kind === 'page'
        ? sendHostedPage(reply, 400, authorizationErrorPage(failure.message))
        : redirectWith(reply, failure.redirectUri, {
            error: failure.error,
            error_description: failure.description,
            state: failure.state,
            iss: oauth.issuer(livemode),
          })

    scope.get(routerPath(Endpoints.oauthAuthorize.path), publicRoute, async (request, reply) => {
      const fields = stringFields(request.query)
      if (fields.login_hint === undefined || fields.login_hint === '') {
        // A client that started the flow itself (an MCP client): the page asks for the platform's consent code.
        const valid = await oauth.validateRequest(livemode, authorizationParams(fields))
        if (!valid.ok) return failAuthorization(reply, valid.error)
        return sendHostedPage(reply, 200, consentCodePage(valid.value.application.name, fields))
      }
      const shown = await oauth.presentConsent(livemode, authorizationParams(fields))
      if (!shown.ok) return failAuthorization(reply, shown.error)
      // RFC 8707 2: a `resource` this server does not protect goes back to the client (the token endpoint binds it).
      if (!oauth.knowsResource(livemode, fields.resource))
        return redirectWith(reply, shown.value.pending.redirectUri, {
          error: 'invalid_target',
          error_description: 'resource is not a protected resource of this server.',
          state: shown.value.pending.state,
          iss: oauth.issuer(livemode),
        })
      // The form posts here and the answer is a redirect to the client's URI.
      return sendHostedPage(reply, 200, consentPage(shown.value, fields), { formAction: '*' })
    })

    scope.post(routerPath(Endpoints.oauthAuthorizeDecision.path), publicRoute, async (request, reply) => {
      const fields = stringFields(request.body)
      // The decision of the page shown, once: its consent token, and the request it showed checked again.
      const decided = await oauth.decideConsent(livemode, {
        ...authorizationParams(fields),
        consent: fields.consent,
        decision: fields.decision,
      })
      if (!decided.ok) return failAuthorization(reply, decided.error)
      const { redirectUri, state } = decided.value
      const iss = oauth.issuer(livemode)
      if (fields.decision !== 'allow')
        return redirectWith(reply, redirectUri, {
          error: 'access_denied',
          error_description: 'The administrator declined.',
          state,
          iss,
        })
      const code = await oauth.approve(decided.value)
      return redirectWith(reply, redirectUri, { code, state, iss })
    })

    scope.post(routerPath(Endpoints.oauthToken.path), publicRoute, async (request, reply) => {
      const form = stringFields(request.body)
      const { basic, credentials } = clientCredentials(request, form)
      const client = await oauth.authenticateClient(livemode, credentials)
      if (!client.ok) return sendProtocolError(reply, client.error, basic)
      const grant = form.grant_type
      const issued =
        grant === 'authorization_code'
          ? await oauth.exchangeCode(client.value, {
              code: form.code,
              redirectUri: form.redirect_uri,
              codeVerifier: form.code_verifier,
              resource: form.resource,
            })
          : grant === 'refresh_token'
            ? await oauth.refresh(client.value, {
                refreshToken: form.refresh_token,
                scope: form.scope,
                resource: form.resource,
              })
            : err<OAuthProtocolError>({
                error: grant === undefined ? 'invalid_request' : 'unsupported_grant_type',
                description: 'grant_type is authorization_code or refresh_token.',
              })
      if (!issued.ok) return sendProtocolError(reply, issued.error, basic)
      return sendProtocol(reply, 200, { ...issued.value })
    })

    scope.post(routerPath(Endpoints.oauthRevoke.path), publicRoute, async (request, reply) => {
      const form = stringFields(request.body)
      const { basic, credentials } = clientCredentials(request, form)
      const client = await oauth.authenticateClient(livemode, credentials)
      if (!client.ok) return sendProtocolError(reply, client.error, basic)
      const revoked = await oauth.revoke(client.value, form.token)
      if (!revoked.ok) return sendProtocolError(reply, revoked.error, basic)
      return reply.code(200).header('Cache-Control', 'no-store').send()
    })
  })
}
