import {
  AccessTokenRejected,
  AuthorizationCodeRejected,
  GrantRevoked,
  ProviderObjectMissing,
} from '../../../core/connection/connection.errors.js'
import type { ProviderTokens } from '../../../core/connection/connection.js'
import type { ProviderCallError } from '../../../core/ports/calendar-provider.js'
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { type ProviderHttpRequest, type ProviderHttpResponse, sendProviderHttp } from './provider-http.js'

/** How one provider's REST API words its refusals: all that differs between Google's and Graph's mapping. */
export interface ProviderErrorDialect {
  readonly provider: string
  /** The provider's code in an error body (Google's first `reason`, Graph's `error.code`). */
  readonly errorCode: (body: Record<string, unknown> | null) => string | null
  /** Whether a refusal is the provider's rate limit rather than an answer about the object. */
  readonly isRateLimited: (status: number, code: string | null) => boolean
  /** What a 403 without a code is called. */
  readonly forbiddenByDefault: string
  /** A string field of a body as the provider means it (Graph sends empty strings for absent values). */
  readonly text: (value: unknown) => string | null
  /** The human part of an OAuth error answer (`error_description`). */
  readonly oauthErrorDescription: (body: Record<string, unknown> | null) => string | null
  /** The OAuth `error` codes of a refresh that say the grant is gone. */
  readonly revokedGrantErrors: readonly string[]
}

/** The app's registration at the provider, sent to its token endpoint. */
export interface OAuthClientCredentials {
  readonly clientId: string
  readonly clientSecret: string
}

/** The token endpoint's form for an authorization code (with its PKCE verifier). */
export const codeGrantForm = (
  client: OAuthClientCredentials,
  input: { readonly code: string; readonly codeVerifier: string; readonly redirectUri: string },
) => ({
  grant_type: 'authorization_code',
  code: input.code,
  code_verifier: input.codeVerifier,
  redirect_uri: input.redirectUri,
  client_id: client.clientId,
  client_secret: client.clientSecret,
})

/** The token endpoint's form for a refresh. */
export const refreshGrantForm = (client: OAuthClientCredentials, refreshToken: string) => ({
  grant_type: 'refresh_token',
  refresh_token: refreshToken,
  client_id: client.clientId,
  client_secret: client.clientSecret,
})

/**
 * The HTTP side shared by the OAuth REST providers: a call whose transport
 * failures are `ProviderUnavailable`, and the mapping of non-2xx answers onto
 * the port's failures (401: the access token; 404/410: the object is gone;
 * rate limits; 403: this object is out of reach, not the whole grant; anything
 * else unexpected).
 */
export class ProviderHttpClient {
  constructor(
    private readonly dialect: ProviderErrorDialect,
    private readonly options: { readonly timeoutMs: number; readonly userAgent: string },
  ) {}

  async call(request: ProviderHttpRequest): Promise<Result<ProviderHttpResponse, ProviderUnavailable>> {
    const exchange = await sendProviderHttp(request, this.options)
    if (exchange.kind === 'transport_failure')
      return err(
        new ProviderUnavailable({ provider: this.dialect.provider, reason: exchange.reason, detail: exchange.detail }),
      )
    return ok(exchange.response)
  }

  /** A call whose non-2xx answers map onto the port's failures. */
  async authorized(
    request: ProviderHttpRequest,
    what: string,
    id: string,
  ): Promise<Result<ProviderHttpResponse, ProviderCallError>> {
    const answered = await this.call(request)
    if (!answered.ok) return answered
    const failure = this.failureOf(answered.value, what, id)
    return failure === null ? answered : err(failure)
  }

  failureOf(response: ProviderHttpResponse, what: string, id: string): ProviderCallError | null {
    const { status, body } = response
    const { provider } = this.dialect
    if (status >= 200 && status < 300) return null
    if (status === 401) return new AccessTokenRejected({ provider })
    if (status === 404 || status === 410) return new ProviderObjectMissing({ provider, what, id })
    const code = this.dialect.errorCode(body)
    if (this.dialect.isRateLimited(status, code))
      return new ProviderUnavailable({
        provider,
        reason: 'rate_limited',
        detail: code ?? String(status),
        ...(typeof response.retryAfterMs === 'number' ? { retryAfterMs: response.retryAfterMs } : {}),
      })
    // Forbidden for this calendar or event (read-only, not shared): not a reason to drop the whole grant.
    if (status === 403)
      return new ProviderObjectMissing({
        provider,
        what: `${what} (forbidden: ${code ?? this.dialect.forbiddenByDefault})`,
        id,
      })
    return this.unexpected(response)
  }

  /**
   * Any other answer: a 5xx is the provider's trouble; a 4xx is a refusal of what we sent (`bad_request`), with the
   * provider's own words (its error message) so that the mirror can say why.
   */
  unexpected(response: ProviderHttpResponse): ProviderUnavailable {
    const message = this.dialect.text((response.body?.error as { message?: unknown } | undefined)?.message)
    const refused = response.status >= 400 && response.status < 500
    return new ProviderUnavailable({
      provider: this.dialect.provider,
      reason: response.status >= 500 ? 'server_error' : refused ? 'bad_request' : 'bad_response',
      detail: `HTTP ${response.status}: ${this.dialect.errorCode(response.body) ?? 'unexpected answer'}${
        refused && message !== null ? ` (${message})` : ''
      }`,
    })
  }

  /** An answer that breaks the provider's own protocol (a last page without its cursor, endless pages). */
  badResponse(detail: string): ProviderUnavailable {
    return new ProviderUnavailable({ provider: this.dialect.provider, reason: 'bad_response', detail })
  }

  /** The token endpoint refused the authorization code (400, 401): the code is at fault, not the provider. */
  codeRejected(response: ProviderHttpResponse): AuthorizationCodeRejected | null {
    const { status, body } = response
    if (status !== 400 && status !== 401) return null
    return new AuthorizationCodeRejected({
      provider: this.dialect.provider,
      detail: `${this.dialect.text(body?.error) ?? status}: ${this.dialect.oauthErrorDescription(body) ?? ''}`,
    })
  }

  /** The token endpoint refused a refresh because the grant is gone (revoked, expired, consent withdrawn). */
  grantRevoked(response: ProviderHttpResponse): GrantRevoked | null {
    const { status, body } = response
    const error = this.dialect.text(body?.error)
    if (status !== 400 || error === null || !this.dialect.revokedGrantErrors.includes(error)) return null
    return new GrantRevoked({
      provider: this.dialect.provider,
      detail: this.dialect.oauthErrorDescription(body) ?? 'invalid_grant',
    })
  }

  /**
   * The tokens of a token answer (`access_token`, `refresh_token`, `expires_in`),
   * null without an access token. An answer without a new refresh token keeps the one we had.
   */
  tokensOf(
    body: Record<string, unknown> | null,
    previousRefreshToken: string | null,
    now: Date,
  ): ProviderTokens | null {
    const accessToken = this.dialect.text(body?.access_token)
    if (accessToken === null) return null
    const expiresIn = Number(body?.expires_in)
    return {
      accessToken,
      refreshToken: this.dialect.text(body?.refresh_token) ?? previousRefreshToken,
      expiresAt: Number.isFinite(expiresIn) ? new Date(now.getTime() + expiresIn * 1000) : null,
    }
  }

  /** Stopping a push channel: 404 (unknown or already stopped) and 401 (the grant, and the channel with it, is gone) are done too. */
  stopped(response: ProviderHttpResponse): Result<void, ProviderUnavailable> {
    const { status } = response
    return status < 300 || status === 404 || status === 401 ? ok(undefined) : err(this.unexpected(response))
  }
}
