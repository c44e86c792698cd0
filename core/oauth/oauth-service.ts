import type { Account } from '../account/account.js'
import { hashSecret } from '../account/api-key.js'
import type { ConnectedAccountService } from '../account/connected-account-service.js'
import type { Permissions } from '../account/permissions.js'
import type { AccountRepositoryPort } from '../ports/account-repository.js'
import type { Clock } from '../ports/clock.js'
import type { ConsentTicketLogPort } from '../ports/consent-ticket-log.js'
import type { IdGenerator, RandomSource } from '../ports/id-generator.js'
import type { OAuthStorePort } from '../ports/oauth-store.js'
import type { TokenSignerPort } from '../ports/token-signer.js'
import { InvalidParameter, ResourceNotFound } from '../shared/errors.js'
import { type Page, type PageRequest, paginateById, validatePageRequest } from '../shared/pagination.js'
import { err, ok, type Result } from '../shared/result.js'
import type { ClientRegistration } from './client-registration.js'
import {
  CONSENT_TICKET_RETENTION_MS,
  type ConsentTicketRecord,
  type ConsentTicketStatus,
  consentTicketStatus,
} from './consent-ticket.js'
import {
  isDynamicClient,
  isS256ChallengeShaped,
  OAUTH_LIFETIMES,
  type OAuthApplication,
  type OAuthClientType,
  type OAuthProtocolError,
  oauthError,
  parseScope,
  redirectUriProblem,
  renderScope,
  scopeWithin,
  type TokenFamily,
  verifierMatches,
} from './oauth.js'

export interface OAuthServiceDeps {
  readonly store: OAuthStorePort
  /** The records of the consent tickets issued (what the dashboard lists); never the tickets. */
  readonly consentTickets: ConsentTicketLogPort
  readonly signer: TokenSignerPort
  readonly accounts: AccountRepositoryPort
  readonly connectedAccounts: ConnectedAccountService
  readonly ids: IdGenerator
  readonly random: RandomSource
  readonly clock: Clock
  /** The issuer of a surface: its public base URL (`iss` of tokens, the metadata's `issuer`). */
  readonly issuerOf: (livemode: boolean) => string
  /**
   * The protected resources of a surface (RFC 8707 `resource` values, such as its MCP endpoint's URL): an access
   * token asked for one of them has it as its audience, and is valid there only.
   */
  readonly protectedResourcesOf?: (livemode: boolean) => readonly string[]
}

/** A platform on one surface. */
export interface PlatformScope {
  readonly platformId: string
  readonly livemode: boolean
}

export interface ApplicationInput {
  readonly name: string
  readonly clientType: OAuthClientType
  readonly redirectUris: readonly string[]
}

/** The authorization request's parameters, as the browser sent them (query or consent form). */
export interface AuthorizationParams {
  readonly response_type?: string | undefined
  readonly client_id?: string | undefined
  readonly redirect_uri?: string | undefined
  readonly scope?: string | undefined
  readonly state?: string | undefined
  readonly code_challenge?: string | undefined
  readonly code_challenge_method?: string | undefined
  readonly login_hint?: string | undefined
}

/** A valid authorization request: what the consent page shows and what approving it grants. */
export interface PendingAuthorization {
  readonly application: OAuthApplication
  /** The platform whose consent ticket vouches for the consent (the application's own, unless it registered itself). */
  readonly platformId: string
  readonly connectedAccount: Account
  readonly redirectUri: string
  readonly scope: string
  readonly permissions: Permissions
  readonly state: string | undefined
  readonly codeChallenge: string
  /** SHA-256 of the consent ticket (`login_hint`): its consent page is recorded under it, and decided once. */
  readonly ticketHash: string
  readonly ticketExpiresAt: Date
}

/** The consent page to show: the authorization request, and the token its form carries back with the decision. */
export interface ConsentPage {
  readonly pending: PendingAuthorization
  readonly consentToken: string
}

/** The consent form as posted: the authorization request's parameters and the page's consent token. */
export interface ConsentDecisionParams extends AuthorizationParams {
  readonly consent?: string | undefined
  /** The button pressed: `allow`; anything else denies. */
  readonly decision?: string | undefined
}

/**
 * How an authorization request fails: before the redirect URI is known to be the
 * client's (shown on a page, never redirected: RFC 6749 4.1.2.1), or after (sent back
 * to the client's redirect URI with `error` and `state`).
 */
export type AuthorizationFailure =
  | { readonly kind: 'page'; readonly message: string }
  | {
      readonly kind: 'redirect'
      readonly redirectUri: string
      readonly error: string
      readonly description: string
      readonly state: string | undefined
    }

export interface ClientCredentials {
  readonly clientId: string | undefined
  readonly clientSecret: string | undefined
}

export interface TokenResponse {
  readonly access_token: string
  readonly token_type: 'Bearer'
  readonly expires_in: number
  readonly refresh_token: string
  readonly scope: string
}

/** Who an access token acts for: the connected account, its platform, and the token's grants. */
export interface TokenAuthentication {
  readonly platform: Account
  readonly connectedAccount: Account
  readonly permissions: Permissions
  readonly familyId: string
  readonly clientId: string
}

const ACCESS_AUDIENCE = 'urn:service:api'
const CONSENT_AUDIENCE = 'urn:service:oauth-consent'

const MAX_REDIRECT_URIS = 10

/**
 * Connect's OAuth 2.1 authorization server: applications registered by platforms,
 * consent by a connected account's administrator (identified by a consent ticket the
 * platform obtains), the authorization code grant with PKCE S256, refresh tokens that
 * rotate with reuse detection, revocation, and the access tokens the API accepts.
 */
export class OAuthService {
  /** When the consent tickets' records were last pruned (at most hourly, on issuing one). */
  private ticketsPrunedAt = Number.NEGATIVE_INFINITY

  constructor(private readonly deps: OAuthServiceDeps) {}

  issuer(livemode: boolean): string {
    return this.deps.issuerOf(livemode)
  }

  async registerApplication(
    scope: PlatformScope,
    input: ApplicationInput,
  ): Promise<Result<{ application: OAuthApplication; clientSecret: string | null }, InvalidParameter>> {
    if (input.redirectUris.length === 0 || input.redirectUris.length > MAX_REDIRECT_URIS)
      return err(
        new InvalidParameter({
          param: 'redirect_uris',
          message: `Give from 1 to ${MAX_REDIRECT_URIS} redirect URIs.`,
        }),
      )
    for (const [index, uri] of input.redirectUris.entries()) {
      const problem = redirectUriProblem(uri)
      if (problem !== null)
        return err(new InvalidParameter({ param: `redirect_uris[${index}]`, message: `The redirect URI ${problem}.` }))
    }
    const clientSecret = input.clientType === 'confidential' ? `ocs_${this.deps.random.token(32)}` : null
    const application: OAuthApplication = {
      id: this.deps.ids.next('oapp'),
      platformId: scope.platformId,
      livemode: scope.livemode,
      name: input.name,
      clientType: input.clientType,
      redirectUris: [...new Set(input.redirectUris)],
      secretHash: clientSecret === null ? null : hashSecret(clientSecret),
      createdAt: this.deps.clock.now(),
    }
    await this.deps.store.insertApplication(application)
    return ok({ application, clientSecret })
  }

  /**
   * RFC 7591: a public client registers itself on a surface, with metadata `checkRegistration` accepted. It belongs to no platform: it obtains tokens only through
   * a consent ticket a platform issues for one of its connected accounts, and then acts for that connected account
   * with the scopes its administrator allowed, as any application of the platform would.
   */
  async registerDynamicClient(livemode: boolean, registration: ClientRegistration): Promise<OAuthApplication> {
    const application: OAuthApplication = {
      id: this.deps.ids.next('oapp'),
      platformId: '',
      livemode,
      name: registration.clientName,
      clientType: 'public',
      redirectUris: registration.redirectUris,
      secretHash: null,
      createdAt: this.deps.clock.now(),
      registration: 'dynamic',
    }
    await this.deps.store.insertApplication(application)
    return application
  }

  async listApplications(
    scope: PlatformScope,
    page: PageRequest,
  ): Promise<Result<Page<OAuthApplication>, InvalidParameter>> {
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    return paginateById(await this.deps.store.listApplications(scope.platformId, scope.livemode), page)
  }

  async retrieveApplication(scope: PlatformScope, id: string): Promise<Result<OAuthApplication, ResourceNotFound>> {
    const application = await this.deps.store.getApplication(id)
    return application === null ||
      application.platformId !== scope.platformId ||
      application.livemode !== scope.livemode
      ? err(new ResourceNotFound({ resource: 'oauth_application', id }))
      : ok(application)
  }

  /**
   * A consent ticket: the platform says "the administrator of this connected account is
   * signed in with me and may consent to this application". Signed, short-lived, bound to
   * the application; it travels as the authorization request's `login_hint`.
   */
  async issueConsentTicket(
    scope: PlatformScope,
    input: { readonly connectedAccountId: string; readonly clientId: string },
  ): Promise<Result<{ ticket: string; expiresAt: Date }, ResourceNotFound>> {
    // The platform's own application, or a client that registered itself on this surface (RFC 7591).
    const own = await this.retrieveApplication(scope, input.clientId)
    const dynamic = own.ok ? null : await this.deps.store.getApplication(input.clientId)
    const known = own.ok || (dynamic !== null && isDynamicClient(dynamic) && dynamic.livemode === scope.livemode)
    if (!known)
      return err(new ResourceNotFound({ resource: 'oauth_application', id: input.clientId, param: 'client_id' }))
    const connected = await this.deps.connectedAccounts.resolve(scope, input.connectedAccountId)
    if (!connected.ok)
      return err(
        new ResourceNotFound({
          resource: 'connected_account',
          id: input.connectedAccountId,
          param: 'connected_account',
        }),
      )
    const now = this.deps.clock.now()
    const expiresAt = new Date(now.getTime() + OAUTH_LIFETIMES.consentTicketSeconds * 1000)
    // A jti of its own: two tickets issued in the same second are two tickets, each decided once.
    const id = this.deps.ids.next('octk')
    const ticket = await this.deps.signer.sign({
      issuer: this.issuer(scope.livemode),
      audience: CONSENT_AUDIENCE,
      subject: connected.value.id,
      issuedAt: now,
      expiresAt,
      claims: { client_id: input.clientId, platform: scope.platformId, jti: id },
    })
    await this.deps.consentTickets.record({
      id,
      platformId: scope.platformId,
      livemode: scope.livemode,
      applicationId: input.clientId,
      connectedAccountId: connected.value.id,
      ticketHash: hashSecret(ticket),
      createdAt: now,
      expiresAt,
      usedAt: null,
      decision: null,
      scopes: null,
    })
    if (now.getTime() - this.ticketsPrunedAt >= 3_600_000) {
      this.ticketsPrunedAt = now.getTime()
      await this.deps.consentTickets.prune(new Date(now.getTime() - CONSENT_TICKET_RETENTION_MS))
    }
    return ok({ ticket, expiresAt })
  }

  /**
   * The records of the consent tickets a platform issued on a surface, newest first (never the tickets), each with
   * its status now (the service's clock, the one that decides a ticket's expiry).
   */
  async listConsentTickets(
    scope: PlatformScope,
    page: PageRequest,
  ): Promise<Result<Page<ConsentTicketRecord & { readonly status: ConsentTicketStatus }>, InvalidParameter>> {
    if (page.endingBefore !== undefined)
      return err(new InvalidParameter({ param: 'ending_before', message: 'Consent tickets page with starting_after.' }))
    const found = await this.deps.consentTickets.list(scope.platformId, scope.livemode, {
      limit: page.limit,
      ...(page.startingAfter === undefined ? {} : { startingAfter: page.startingAfter }),
    })
    const now = this.deps.clock.now()
    return ok({
      data: found.data.map((ticket) => ({ ...ticket, status: consentTicketStatus(ticket, now) })),
      hasMore: found.hasMore,
    })
  }

  /** Checks an authorization request (RFC 6749 4.1.1 with the OAuth 2.1 rules) on one surface. */
  async validateAuthorization(
    livemode: boolean,
    params: AuthorizationParams,
  ): Promise<Result<PendingAuthorization, AuthorizationFailure>> {
    const request = await this.validateRequest(livemode, params)
    if (!request.ok) return request
    const { application, redirectUri, permissions } = request.value
    const back = (error: string, description: string) =>
      err<AuthorizationFailure>({ kind: 'redirect', redirectUri, error, description, state: params.state })
    const ticket =
      params.login_hint === undefined
        ? null
        : await this.deps.signer.verify(params.login_hint, {
            issuer: this.issuer(livemode),
            audience: CONSENT_AUDIENCE,
            now: this.deps.clock.now(),
          })
    // A platform's application takes its own platform's tickets; a client that registered itself, any platform's.
    const platformId = typeof ticket?.claims.platform === 'string' ? ticket.claims.platform : null
    if (
      ticket === null ||
      platformId === null ||
      ticket.claims.client_id !== application.id ||
      (!isDynamicClient(application) && platformId !== application.platformId)
    )
      return back('access_denied', 'Consent starts from the platform: login_hint must be a valid consent ticket.')
    const connected = await this.deps.connectedAccounts.resolve({ platformId, livemode }, ticket.subject)
    if (!connected.ok) return back('access_denied', 'The connected account no longer exists.')
    return ok({
      application,
      platformId,
      connectedAccount: connected.value,
      redirectUri,
      scope: renderScope(permissions),
      permissions,
      state: params.state,
      codeChallenge: params.code_challenge ?? '',
      ticketHash: hashSecret(params.login_hint ?? ''),
      ticketExpiresAt: ticket.expiresAt,
    })
  }

  /**
   * The authorization request without its consent ticket: the client, its redirect URI, the response type, PKCE
   * and the scope. A request valid so far but carrying no ticket is shown the page that asks for one.
   */
  async validateRequest(
    livemode: boolean,
    params: AuthorizationParams,
  ): Promise<
    Result<
      { readonly application: OAuthApplication; readonly redirectUri: string; readonly permissions: Permissions },
      AuthorizationFailure
    >
  > {
    const application =
      params.client_id === undefined || params.client_id === ''
        ? null
        : await this.deps.store.getApplication(params.client_id)
    if (application === null || application.livemode !== livemode)
      return err({ kind: 'page', message: 'This application is not known here (client_id).' })
    // Exact matching: the URI must be one registered, character for character.
    const redirectUri = params.redirect_uri
    if (redirectUri === undefined || !application.redirectUris.includes(redirectUri))
      return err({ kind: 'page', message: 'The redirect URI is not one registered for this application.' })
    const back = (error: string, description: string) =>
      err<AuthorizationFailure>({ kind: 'redirect', redirectUri, error, description, state: params.state })
    if (params.response_type !== 'code')
      return back('unsupported_response_type', 'Only response_type=code is supported.')
    if (params.code_challenge_method !== 'S256' || params.code_challenge === undefined)
      return back('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256.')
    if (!isS256ChallengeShaped(params.code_challenge))
      return back('invalid_request', 'code_challenge is not an S256 challenge (43 base64url characters).')
    const permissions = parseScope(params.scope ?? '')
    if (permissions === null) return back('invalid_scope', 'scope lists permissions such as "users:read events:write".')
    return ok({ application, redirectUri, permissions })
  }

  /**
   * A valid authorization request, about to be shown: the page is recorded for its ticket with a fresh token for
   * its form (a page shown again for the same ticket replaces the earlier one). A ticket already decided shows no
   * page: the request goes back to the client with `access_denied`.
   */
  async presentConsent(
    livemode: boolean,
    params: AuthorizationParams,
  ): Promise<Result<ConsentPage, AuthorizationFailure>> {
    const valid = await this.validateAuthorization(livemode, params)
    if (!valid.ok) return valid
    const pending = valid.value
    const consentToken = `ocn_${this.deps.random.token(32)}`
    const shown = await this.deps.store.showConsent({
      ticketHash: pending.ticketHash,
      tokenHash: hashSecret(consentToken),
      applicationId: pending.application.id,
      platformId: pending.platformId,
      connectedAccountId: pending.connectedAccount.id,
      livemode,
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
      scope: pending.scope,
      state: pending.state ?? null,
      shownAt: this.deps.clock.now(),
      expiresAt: pending.ticketExpiresAt,
      decidedAt: null,
    })
    if (!shown)
      return err({
        kind: 'redirect',
        redirectUri: pending.redirectUri,
        error: 'access_denied',
        description: 'This consent ticket was already used: the platform issues a new one for each consent.',
        state: pending.state,
      })
    return ok({ pending, consentToken })
  }

  /**
   * The administrator's decision, posted by the consent page's form. It counts only as the decision of the page
   * last shown for its ticket (the consent token of its form), with exactly what that page showed (client,
   * redirect URI, PKCE challenge, scopes, state), and only once per ticket, allow or deny. Anything else is a
   * page (never a redirect with a code), and is refused before anything is written: the page shown still decides.
   */
  async decideConsent(
    livemode: boolean,
    params: ConsentDecisionParams,
  ): Promise<Result<PendingAuthorization, AuthorizationFailure>> {
    const valid = await this.validateAuthorization(livemode, params)
    if (!valid.ok) return valid
    const pending = valid.value
    const refuse = (message: string) => err<AuthorizationFailure>({ kind: 'page', message })
    const notShown =
      'This decision does not come from the consent page shown for this request: return to the application and start again.'
    if (params.consent === undefined || params.consent === '') return refuse(notShown)
    const tokenHash = hashSecret(params.consent)
    const shown = await this.deps.store.findConsent(pending.ticketHash)
    if (shown !== null && shown.decidedAt !== null)
      return refuse('This consent was already decided: return to the application and start again.')
    if (shown === null || shown.tokenHash !== tokenHash) return refuse(notShown)
    const differs = (
      [
        ['client_id', shown.applicationId, pending.application.id],
        ['redirect_uri', shown.redirectUri, pending.redirectUri],
        ['code_challenge', shown.codeChallenge, pending.codeChallenge],
        ['scope', shown.scope, pending.scope],
        ['state', shown.state, pending.state ?? null],
      ] as const
    ).find(([, showed, posted]) => showed !== posted)
    if (differs !== undefined)
      return refuse(`The decision's ${differs[0]} differs from what the consent page showed: nothing was granted.`)
    const now = this.deps.clock.now()
    if (!(await this.deps.store.decideConsent(pending.ticketHash, tokenHash, now)))
      return refuse('This consent was already decided: return to the application and start again.')
    await this.deps.consentTickets.markUsed(pending.ticketHash, {
      at: now,
      decision: params.decision === 'allow' ? 'allow' : 'deny',
      scopes: pending.scope.split(' ').filter((value) => value !== ''),
    })
    return ok(pending)
  }

  /** The administrator approved: a single-use, short-lived code for the client's redirect URI. */
  async approve(pending: PendingAuthorization): Promise<string> {
    const code = this.deps.random.token(32)
    const now = this.deps.clock.now()
    await this.deps.store.saveCode({
      hash: hashSecret(code),
      applicationId: pending.application.id,
      platformId: pending.platformId,
      connectedAccountId: pending.connectedAccount.id,
      livemode: pending.application.livemode,
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
      scope: pending.scope,
      familyId: this.deps.ids.next('otf'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES.codeSeconds * 1000),
      usedAt: null,
    })
    return code
  }

  /** RFC 6749 2.3: a confidential client authenticates with its secret; a public one only names itself. */
  async authenticateClient(
    livemode: boolean,
    credentials: ClientCredentials,
  ): Promise<Result<OAuthApplication, OAuthProtocolError>> {
    const invalid = err(oauthError('invalid_client', 'Client authentication failed.'))
    if (credentials.clientId === undefined || credentials.clientId === '') return invalid
    const application = await this.deps.store.getApplication(credentials.clientId)
    if (application === null || application.livemode !== livemode) return invalid
    if (application.secretHash === null) return credentials.clientSecret === undefined ? ok(application) : invalid
    if (credentials.clientSecret === undefined || hashSecret(credentials.clientSecret) !== application.secretHash)
      return invalid
    return ok(application)
  }

  /** `grant_type=authorization_code`: the code, once, with its verifier, at the URI it was issued for. */
  async exchangeCode(
    application: OAuthApplication,
    input: {
      readonly code: string | undefined
      readonly redirectUri: string | undefined
      readonly codeVerifier: string | undefined
      /** RFC 8707: the protected resource the access token is for (its audience); none: the API. */
      readonly resource?: string | undefined
    },
  ): Promise<Result<TokenResponse, OAuthProtocolError>> {
    if (input.code === undefined || input.code === '') return err(oauthError('invalid_request', 'code is required.'))
    const audience = this.audienceOf(application.livemode, input.resource)
    if (!audience.ok) return audience
    if (input.codeVerifier === undefined) return err(oauthError('invalid_request', 'code_verifier is required (PKCE).'))
    const now = this.deps.clock.now()
    const code = await this.deps.store.useCode(hashSecret(input.code), now)
    const invalid = (description: string) => err(oauthError('invalid_grant', description))
    if (code === null || code.applicationId !== application.id) return invalid('The code is not valid.')
    if (code.usedAt !== null) {
      // A code presented twice: whoever holds it may be an attacker, so what it issued is revoked (RFC 6749 4.1.2).
      await this.deps.store.revokeFamily(code.familyId, now)
      return invalid('The code was already used.')
    }
    if (code.expiresAt.getTime() <= now.getTime()) return invalid('The code has expired.')
    if (input.redirectUri !== code.redirectUri)
      return invalid('redirect_uri differs from the one of the authorization request.')
    if (!verifierMatches(input.codeVerifier, code.codeChallenge))
      return invalid('code_verifier does not match the code_challenge.')
    if (!(await this.connectedAccountExists(code))) return invalid('The connected account no longer exists.')
    const family: TokenFamily = {
      id: code.familyId,
      applicationId: application.id,
      platformId: code.platformId,
      connectedAccountId: code.connectedAccountId,
      livemode: code.livemode,
      scope: code.scope,
      createdAt: now,
      revokedAt: null,
    }
    await this.deps.store.insertFamily(family)
    return ok(await this.issueTokens(family, code.scope, now, audience.value))
  }

  /**
   * `grant_type=refresh_token`: rotation. The token is exchanged once for a new pair; a
   * token that comes back after its exchange means two parties hold it, and the whole
   * family (every refresh token and access token of this consent) is revoked.
   */
  async refresh(
    application: OAuthApplication,
    input: {
      readonly refreshToken: string | undefined
      readonly scope: string | undefined
      readonly resource?: string | undefined
    },
  ): Promise<Result<TokenResponse, OAuthProtocolError>> {
    if (input.refreshToken === undefined || input.refreshToken === '')
      return err(oauthError('invalid_request', 'refresh_token is required.'))
    const audience = this.audienceOf(application.livemode, input.resource)
    if (!audience.ok) return audience
    const now = this.deps.clock.now()
    const invalid = err(oauthError('invalid_grant', 'The refresh token is not valid.'))
    const hash = hashSecret(input.refreshToken)
    const found = await this.deps.store.findRefreshToken(hash)
    if (found === null) return invalid
    const family = await this.deps.store.getFamily(found.familyId)
    if (family === null || family.applicationId !== application.id) return invalid
    let scope = family.scope
    if (input.scope !== undefined) {
      const requested = parseScope(input.scope)
      const granted = parseScope(family.scope)
      if (requested === null || granted === null || !scopeWithin(requested, granted))
        return err(oauthError('invalid_scope', 'A refresh may narrow the scope, never widen it.'))
      scope = renderScope(requested)
    }
    // Deleting the account revoked the family; this also holds while another host's account cache catches up.
    if (family.revokedAt !== null || !(await this.connectedAccountExists(family))) return invalid
    const used = await this.deps.store.useRefreshToken(hash, now)
    if (used === null) return invalid
    if (used.usedAt !== null) {
      await this.deps.store.revokeFamily(family.id, now)
      return err(oauthError('invalid_grant', 'The refresh token was already used: the grant is revoked.'))
    }
    if (family.revokedAt !== null || used.expiresAt.getTime() <= now.getTime()) return invalid
    return ok(await this.issueTokens(family, scope, now, audience.value))
  }

  /**
   * A connected account is being deleted: every grant of it ends at once, on every host (its token families are
   * revoked in the store, and codes not yet exchanged are used up), before its data goes.
   */
  async revokeConnectedAccount(connectedAccountId: string): Promise<void> {
    await this.deps.store.revokeConnectedAccount(connectedAccountId, this.deps.clock.now())
  }

  /**
   * RFC 7009: revokes the grant a refresh or access token belongs to (its whole family).
   * An unknown, invalid or another client's token is answered alike (200) and changes nothing.
   */
  async revoke(application: OAuthApplication, token: string | undefined): Promise<Result<void, OAuthProtocolError>> {
    if (token === undefined || token === '') return err(oauthError('invalid_request', 'token is required.'))
    const now = this.deps.clock.now()
    let familyId: string | null = null
    const refresh = await this.deps.store.findRefreshToken(hashSecret(token))
    if (refresh !== null) familyId = refresh.familyId
    else {
      for (const audience of [ACCESS_AUDIENCE, ...this.protectedResources(application.livemode)]) {
        const claims = await this.deps.signer.verify(token, {
          issuer: this.issuer(application.livemode),
          audience,
          now,
        })
        if (claims !== null && typeof claims.claims.family === 'string') familyId = claims.claims.family
        if (familyId !== null) break
      }
    }
    if (familyId === null) return ok(undefined)
    const family = await this.deps.store.getFamily(familyId)
    if (family !== null && family.applicationId === application.id) await this.deps.store.revokeFamily(familyId, now)
    return ok(undefined)
  }

  /**
   * The API's side: whom an access token acts for, on this surface. Null when the token
   * does not verify, has expired, its grant was revoked, or its connected account is gone.
   */
  async authenticateAccessToken(
    livemode: boolean,
    token: string,
    /** The protected resource asked (RFC 8707): its own tokens are valid there besides the API's; elsewhere not. */
    resource?: string,
  ): Promise<TokenAuthentication | null> {
    const expected = { issuer: this.issuer(livemode), now: this.deps.clock.now() }
    const bound =
      resource !== undefined && this.protectedResources(livemode).includes(resource)
        ? await this.deps.signer.verify(token, { ...expected, audience: resource })
        : null
    const claims = bound ?? (await this.deps.signer.verify(token, { ...expected, audience: ACCESS_AUDIENCE }))
    if (claims === null) return null
    const { family: familyId, platform: platformId, scope, client_id: clientId } = claims.claims
    if (typeof familyId !== 'string' || typeof platformId !== 'string' || typeof scope !== 'string') return null
    const family = await this.deps.store.getFamily(familyId)
    if (family === null || family.revokedAt !== null) return null
    const permissions = parseScope(scope)
    const platform = await this.deps.accounts.getAccount(platformId)
    if (permissions === null || platform === null) return null
    const connected = await this.deps.connectedAccounts.resolve({ platformId, livemode }, claims.subject)
    if (!connected.ok) return null
    return { platform, connectedAccount: connected.value, permissions, familyId, clientId: String(clientId) }
  }

  private async connectedAccountExists(grant: {
    readonly platformId: string
    readonly livemode: boolean
    readonly connectedAccountId: string
  }): Promise<boolean> {
    const scope = { platformId: grant.platformId, livemode: grant.livemode }
    return (await this.deps.connectedAccounts.resolve(scope, grant.connectedAccountId)).ok
  }

  /** RFC 8707: whether `resource` names a protected resource of the surface (absent: the API, always valid). */
  knowsResource(livemode: boolean, resource: string | undefined): boolean {
    return this.audienceOf(livemode, resource).ok
  }

  private protectedResources(livemode: boolean): readonly string[] {
    return this.deps.protectedResourcesOf?.(livemode) ?? []
  }

  /** RFC 8707 2: no `resource` is the API; one of the surface's protected resources is that audience; else refused. */
  private audienceOf(livemode: boolean, resource: string | undefined): Result<string, OAuthProtocolError> {
    if (resource === undefined) return ok(ACCESS_AUDIENCE)
    if (this.protectedResources(livemode).includes(resource)) return ok(resource)
    return err(
      oauthError(
        'invalid_target',
        `resource is not a protected resource of this server; known: ${this.protectedResources(livemode).join(', ') || 'none'}.`,
      ),
    )
  }

  private async issueTokens(family: TokenFamily, scope: string, now: Date, audience: string): Promise<TokenResponse> {
    const refreshToken = `ort_${this.deps.random.token(32)}`
    await this.deps.store.saveRefreshToken({
      hash: hashSecret(refreshToken),
      familyId: family.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES.refreshTokenSeconds * 1000),
      usedAt: null,
    })
    const accessToken = await this.deps.signer.sign({
      issuer: this.issuer(family.livemode),
      audience,
      subject: family.connectedAccountId,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES.accessTokenSeconds * 1000),
      claims: {
        client_id: family.applicationId,
        platform: family.platformId,
        scope,
        family: family.id,
        jti: this.deps.ids.next('oat'),
      },
    })
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: OAUTH_LIFETIMES.accessTokenSeconds,
      refresh_token: refreshToken,
      scope,
    }
  }
}
