import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { MCP_PATH } from '../../../contracts/mcp.js'
import { CURRENT_VERSION } from '../../../contracts/versions.js'
import type { AuthenticationFailed } from '../../../core/account/account.errors.js'
import { AuthenticationFailed as AuthenticationFailedError } from '../../../core/account/account.errors.js'
import type { Account } from '../../../core/account/account.js'
import { type AccountService, type Authenticated, authorize } from '../../../core/account/account-service.js'
import { hashSecret } from '../../../core/account/api-key.js'
import type { ConnectedAccountService } from '../../../core/account/connected-account-service.js'
import { clockOfAccount } from '../../../core/account/sandbox-time.js'
import { AGENT_TOKEN_KEY_PREFIX } from '../../../core/account/session-authority.js'
import { isAgentTokenSecret } from '../../../core/agent/agent-token.js'
import type { AgentTokenAuthentication, AgentTokenService } from '../../../core/agent/agent-token-service.js'
import type { OAuthService, TokenAuthentication } from '../../../core/oauth/oauth-service.js'
import type { Clock } from '../../../core/ports/clock.js'
import { ResourceNotFound } from '../../../core/shared/errors.js'
import { type MaybePromise, whenReady } from '../../../core/shared/maybe-promise.js'
import type { Result } from '../../../core/shared/result.js'
import { domainErrorToApi, sendError } from '../errors.js'
import { maybeAsyncHook } from '../hook.js'
import { routeConfigOf } from '../request-context.js'
import type { RateLimitGate } from './rate-limit.js'

/** A JWT (three base64url parts, a JSON header): a Connect access token, never an API key (`sk_`, `rk_`). */
const JWT_SHAPE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

/**
 * An access token acts like a restricted key of the platform whose grants are the token's
 * scopes, fixed to the token's connected account: the same permission check, the
 * connected account's rate pool and idempotency scope.
 */
const TOKEN_KEY_PREFIX = 'oauth_'
const tokenAsKey = (token: TokenAuthentication, livemode: boolean): Authenticated => ({
  account: token.platform,
  key: {
    id: `${TOKEN_KEY_PREFIX}${token.familyId}`,
    accountId: token.platform.id,
    mode: livemode ? 'live' : 'test',
    hash: '',
    last4: '',
    createdAt: token.connectedAccount.createdAt,
    revokedAt: null,
    type: 'restricted',
    name: token.clientId,
    permissions: token.permissions,
    allowedIps: null,
  },
})

/**
 * A user-scoped agent token acts like a restricted key of the account that minted it, whose grants are the token's
 * permissions, fixed to the token's account and user (`request.agentToken`): valid at `/mcp` only.
 */
const agentTokenAsKey = ({ token, platform }: AgentTokenAuthentication): Authenticated => ({
  account: platform,
  key: {
    id: `${AGENT_TOKEN_KEY_PREFIX}${token.id}`,
    accountId: platform.id,
    mode: token.livemode ? 'live' : 'test',
    hash: '',
    last4: token.last4,
    createdAt: token.createdAt,
    revokedAt: token.revokedAt,
    type: 'restricted',
    name: null,
    permissions: token.permissions,
    allowedIps: null,
  },
})

export interface AuthenticationOptions {
  readonly livemode: boolean
  readonly accounts: AccountService
  readonly connectedAccounts: ConnectedAccountService
  /** Connect: access tokens of third-party applications, acting for one connected account. */
  readonly oauth: OAuthService
  /** User-scoped agent tokens (`uat_...`), accepted at `/mcp` only. */
  readonly agentTokens: AgentTokenService
  readonly clock: Clock
  readonly rateLimit: RateLimitGate
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

/** The secret of `Authorization: Bearer <key>`; '' for another scheme or shape, undefined without the header. */
const bearer = (header: string | undefined): string | undefined => {
  if (header === undefined) return undefined
  // The usual spelling, without the regular expression: `Bearer ` and a key of printable characters.
  if (header.startsWith('Bearer ') && header.length > 7 && /^[!-~]+$/.test(header.slice(7))) return header.slice(7)
  return BEARER.exec(header)?.[1] ?? ''
}

const kHashOf = Symbol('hashOf')
type RememberingSocket = Socket & { [kHashOf]?: (secret: string) => string }

/**
 * `hashSecret`, remembered for the last secret of a connection: a keep-alive client
 * sends the same key on every request, and hashing it was the largest single cost
 * of authentication. The key and its account are still looked up on every request,
 * so a revocation applies as before. The secret is kept only with its own
 * connection's socket, for as long as that connection is open (it held the
 * secret's bytes anyway), never in a cache shared between connections. One
 * function per connection, made on its first authenticated request.
 */
const hashOnConnection = (socket: RememberingSocket): ((secret: string) => string) => {
  const known = socket[kHashOf]
  if (known !== undefined) return known
  let lastSecret: string | undefined
  let lastHash = ''
  const hashOf = (secret: string): string => {
    if (secret === lastSecret) return lastHash
    lastHash = hashSecret(secret)
    lastSecret = secret
    return lastHash
  }
  socket[kHashOf] = hashOf
  return hashOf
}

/**
 * Resolves `Authorization: Bearer <key>` for this surface. A failure is answered
 * 401 `authentication_failed` after counting the request against the caller's
 * address, so that guessing keys is rate limited too.
 */
export const authenticationPlugin = fp(async (app: FastifyInstance, options: AuthenticationOptions) => {
  app.decorateRequest('auth', null)
  app.decorateRequest('connectedAccount', null)
  app.decorateRequest('agentToken', null)
  app.decorateRequest('scope', null as never)
  app.decorateRequest('routeConfig', null)
  const anonymousScope = () => ({ accountId: '', livemode: options.livemode, clock: options.clock })
  const surfaceMode = options.livemode ? 'live' : 'test'

  const refuse = async (
    request: FastifyRequest,
    reply: FastifyReply,
    failure: AuthenticationFailed,
  ): Promise<FastifyReply> => {
    if (!(await options.rateLimit.admitAnonymous(request, reply))) return reply
    return sendError(request, reply, domainErrorToApi(failure))
  }

  /** The reply when the request was refused (see `maybeAsyncHook`), undefined when it goes on. */
  const admitted = (
    request: FastifyRequest,
    reply: FastifyReply,
    result: Result<Authenticated, AuthenticationFailed>,
  ): MaybePromise<FastifyReply | undefined> => {
    if (!result.ok) return refuse(request, reply, result.error)
    request.auth = result.value
    const header = request.headers['service-account']
    if (header === undefined) return actFor(request, reply, result.value, result.value.account)
    // Connect: the platform acts for one of its connected accounts. Any other id (unknown, another platform's, the
    // other surface's, deleted) is the same 404 as a wrong id: nothing tells them apart.
    const id = (Array.isArray(header) ? header[0] : header) ?? ''
    return whenReady(
      options.connectedAccounts.resolve({ platformId: result.value.account.id, livemode: options.livemode }, id),
      (found) =>
        found.ok
          ? actFor(request, reply, result.value, found.value)
          : sendError(request, reply, domainErrorToApi(found.error)),
    )
  }

  /** Sets the scope the use cases act in (the account, or the connected account), then the rate and key rules. */
  const actFor = (
    request: FastifyRequest,
    reply: FastifyReply,
    authenticated: Authenticated,
    acting: Account,
  ): MaybePromise<FastifyReply | undefined> => {
    request.connectedAccount = acting.id === authenticated.account.id ? null : acting
    // The sandbox clock of an account runs ahead of real time once it has been advanced.
    request.scope = {
      accountId: acting.id,
      livemode: options.livemode,
      clock: clockOfAccount(acting, options.clock, options.livemode),
    }
    const allowed = options.rateLimit.admit(request, reply)
    // No closure per request when the limiter answered at once (the embedded adapters).
    return allowed instanceof Promise
      ? allowed.then((settled) => afterAdmission(request, reply, authenticated, settled))
      : afterAdmission(request, reply, authenticated, allowed)
  }

  /** A refusal has answered: hand the reply back (see `maybeAsyncHook`). Undefined: the request goes on. */
  const afterAdmission = (
    request: FastifyRequest,
    reply: FastifyReply,
    authenticated: Authenticated,
    allowed: boolean,
  ): FastifyReply | undefined => {
    if (!allowed) return reply
    const { key } = authenticated
    if (key.type === 'secret') return undefined
    // A restricted key: from an address on its allowlist, to a route its grants cover. Nothing runs otherwise. No
    // route matched: nothing can run, and the 404 is the answer every key gets (not a demand for a secret key).
    const required = request.is404 ? 'any_key' : (routeConfigOf(request).permission ?? 'secret_key')
    const verdict = authorize(key, request.ip, required)
    if (verdict.ok) return undefined
    const refusal = domainErrorToApi(verdict.error)
    // An access token is checked as a restricted key would be, but it is not one: the message names what it is.
    return sendError(
      request,
      reply,
      key.id.startsWith(TOKEN_KEY_PREFIX) && verdict.error._tag === 'PermissionDenied'
        ? {
            ...refusal,
            message: `This OAuth access token's scopes do not grant the permission '${verdict.error.permission}' this request needs.`,
          }
        : refusal,
    )
  }

  /**
   * On the embedded adapters the key, the account and the limiter answer at once,
   * so an authenticated request passes this hook without a promise; on MongoDB
   * each step continues when its answer arrives.
   */
  /** A Connect access token: its connected account is the scope; `Service-Account`, if sent, must name it. */
  const authenticateToken = async (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
  ): Promise<FastifyReply | undefined> => {
    // At /mcp a token bound to that resource (RFC 8707) is valid besides the API's; a token bound to it is not
    // valid anywhere else.
    const resource =
      request.routeOptions.url === MCP_PATH ? `${options.oauth.issuer(options.livemode)}${MCP_PATH}` : undefined
    const found = await options.oauth.authenticateAccessToken(options.livemode, token, resource)
    if (found === null) return refuse(request, reply, new AuthenticationFailedError({ reason: 'unknown' }))
    const authenticated = tokenAsKey(found, options.livemode)
    request.auth = authenticated
    const header = request.headers['service-account']
    const named = Array.isArray(header) ? header[0] : header
    if (named !== undefined && named !== found.connectedAccount.id)
      return sendError(
        request,
        reply,
        domainErrorToApi(new ResourceNotFound({ resource: 'connected_account', id: named, param: 'Service-Account' })),
      )
    return actFor(request, reply, authenticated, found.connectedAccount)
  }

  /**
   * A user-scoped agent token: at `/mcp` only (any other route answers it as an unknown key); a paused user is 403
   * `account_deactivated`; its account (or connected account) is the scope; `Service-Account`, if sent, must name it.
   */
  const authenticateAgentToken = async (
    request: FastifyRequest,
    reply: FastifyReply,
    secret: string,
  ): Promise<FastifyReply | undefined> => {
    if (request.routeOptions.url !== MCP_PATH)
      return refuse(request, reply, new AuthenticationFailedError({ reason: 'unknown' }))
    const found = await options.agentTokens.authenticate(secret)
    if (!found.ok)
      return found.error._tag === 'AuthenticationFailed'
        ? refuse(request, reply, found.error)
        : sendError(request, reply, domainErrorToApi(found.error))
    const authenticated = agentTokenAsKey(found.value)
    request.auth = authenticated
    request.agentToken = found.value.token
    const header = request.headers['service-account']
    const named = Array.isArray(header) ? header[0] : header
    const { account } = found.value
    if (named !== undefined && (account.id === authenticated.account.id || named !== account.id))
      return sendError(
        request,
        reply,
        domainErrorToApi(new ResourceNotFound({ resource: 'connected_account', id: named, param: 'Service-Account' })),
      )
    return actFor(request, reply, authenticated, account)
  }

  const authenticate = (request: FastifyRequest, reply: FastifyReply): MaybePromise<FastifyReply | undefined> => {
    const secret = bearer(request.headers.authorization)
    if (secret !== undefined && isAgentTokenSecret(secret)) return authenticateAgentToken(request, reply, secret)
    if (secret?.startsWith('eyJ') && JWT_SHAPE.test(secret)) return authenticateToken(request, reply, secret)
    const socket = request.raw.socket as RememberingSocket | null
    const hashOf = socket === null ? hashSecret : hashOnConnection(socket)
    const result = options.accounts.authenticate(secret, surfaceMode, hashOf)
    return result instanceof Promise
      ? result.then((settled) => admitted(request, reply, settled))
      : admitted(request, reply, result)
  }

  const admitAnonymous = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    if (!(await options.rateLimit.admitAnonymous(request, reply))) return reply
    return undefined
  }

  // Public routes finish synchronously; the others wait for the key lookup and the rate limiter.
  app.addHook(
    'onRequest',
    maybeAsyncHook((request, reply) => {
      request.apiVersion = CURRENT_VERSION
      // Read once: Fastify's `routeOptions` getter builds a new object on every read.
      const { config } = request.routeOptions
      request.routeConfig = config
      // An unknown path outside the API (`/.well-known/openid-configuration`, `/favicon.ico`) is asked for by
      // browsers and discovery clients without a key: it answers the unknown route's 404, not a 401.
      if (config.public === true || (request.is404 && !request.url.startsWith('/v1/'))) {
        request.scope = anonymousScope()
        return undefined
      }
      if (config.optionalAuth === true && request.headers.authorization === undefined) {
        // No key: the handler checks the other credential; the caller's address is rate limited instead.
        request.scope = anonymousScope()
        return admitAnonymous(request, reply)
      }
      return authenticate(request, reply)
    }),
  )
})
