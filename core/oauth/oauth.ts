import { createHash, timingSafeEqual } from 'node:crypto'
import {
  ACCESS_LEVELS,
  type AccessLevel,
  normalizePermissions,
  PERMISSION_RESOURCES,
  type PermissionResource,
  type Permissions,
} from '../account/permissions.js'

/** Lifetimes of the Connect OAuth credentials (`docs/connect.md`). */
export const OAUTH_LIFETIMES = {
  /** An authorization code: exchanged at once by the client's callback. */
  codeSeconds: 60,
  /** An access token (a JWT): short, so that a revocation or a deleted connected account ends it soon anyway. */
  accessTokenSeconds: 900,
  /** A refresh token: each use rotates it; an unused one ends after 30 days. */
  refreshTokenSeconds: 30 * 24 * 3600,
  /** A consent ticket the platform obtains for one connected account and one application. */
  consentTicketSeconds: 600,
} as const

export type OAuthClientType = 'confidential' | 'public'

/** A third-party application registered by a platform, on one surface. Its id is the OAuth `client_id`. */
export interface OAuthApplication {
  readonly id: string
  /** The platform that registered it; '' for a client registered dynamically (RFC 7591), which no platform owns. */
  readonly platformId: string
  readonly livemode: boolean
  readonly name: string
  readonly clientType: OAuthClientType
  /** Exact redirect URIs: an authorization request must name one of them character for character. */
  readonly redirectUris: readonly string[]
  /** SHA-256 of the client secret (confidential clients); null for a public client. */
  readonly secretHash: string | null
  readonly createdAt: Date
  /**
   * How it was registered: by a platform (`POST /v1/oauth_applications`; absent on records of earlier builds), or
   * by the client itself at the registration endpoint (RFC 7591): a public client with PKCE that any platform's
   * consent ticket may name, and that acts only with what that consent grants.
   */
  readonly registration?: 'platform' | 'dynamic'
}

/** Whether a client registered itself (RFC 7591) rather than being registered by a platform. */
export const isDynamicClient = (application: OAuthApplication): boolean => application.registration === 'dynamic'

/** An authorization code as stored: only its hash, single-use (`usedAt`), and what the exchange must match. */
export interface AuthorizationCode {
  readonly hash: string
  readonly applicationId: string
  readonly platformId: string
  readonly connectedAccountId: string
  readonly livemode: boolean
  readonly redirectUri: string
  /** BASE64URL(SHA-256(code_verifier)): only S256 is accepted. */
  readonly codeChallenge: string
  readonly scope: string
  /** The token family the exchange creates: a second use of the code revokes it. */
  readonly familyId: string
  readonly createdAt: Date
  readonly expiresAt: Date
  readonly usedAt: Date | null
}

/**
 * The consent page shown for one consent ticket: what it showed, and the hash of the token its form carries, so
 * that a decision is the one of that page (the application holding the ticket cannot post one of its own), with
 * what it showed, once per ticket. One record per ticket: a page shown again for the same ticket replaces it.
 */
export interface ConsentRecord {
  /** SHA-256 of the consent ticket. */
  readonly ticketHash: string
  /** SHA-256 of the token in the page's form (the last page shown for the ticket). */
  readonly tokenHash: string
  readonly applicationId: string
  readonly platformId: string
  readonly connectedAccountId: string
  readonly livemode: boolean
  readonly redirectUri: string
  readonly codeChallenge: string
  /** The scopes the page listed, in their normal form. */
  readonly scope: string
  readonly state: string | null
  readonly shownAt: Date
  /** The ticket's expiry: no decision after it. */
  readonly expiresAt: Date
  /** When the administrator decided (allow or deny): a ticket decides once. */
  readonly decidedAt: Date | null
}

/** The grant one consent made: every refresh token of one chain, and the access tokens they issued. */
export interface TokenFamily {
  readonly id: string
  readonly applicationId: string
  readonly platformId: string
  readonly connectedAccountId: string
  readonly livemode: boolean
  readonly scope: string
  readonly createdAt: Date
  /** Set on revocation (RFC 7009) or when a used refresh token or code comes back (reuse detection). */
  readonly revokedAt: Date | null
}

export interface RefreshTokenRecord {
  /** SHA-256 of the token. */
  readonly hash: string
  readonly familyId: string
  readonly createdAt: Date
  readonly expiresAt: Date
  /** When it was exchanged for its successor; a second exchange is a reuse. */
  readonly usedAt: Date | null
}

/** An RFC 6749 error of the token and revocation endpoints (rendered as `{ error, error_description }`). */
export interface OAuthProtocolError {
  readonly error:
    | 'invalid_request'
    | 'invalid_client'
    | 'invalid_grant'
    | 'unauthorized_client'
    | 'unsupported_grant_type'
    | 'invalid_scope'
    | 'unsupported_token_type'
    | 'invalid_target'
  readonly description: string
}

export const oauthError = (error: OAuthProtocolError['error'], description: string): OAuthProtocolError => ({
  error,
  description,
})

/** Families a token may be granted: every restricted-key family but Connect's own management. */
export const OAUTH_SCOPE_RESOURCES: readonly PermissionResource[] = PERMISSION_RESOURCES.filter(
  (resource) => resource !== 'connected_accounts',
)

/** Every scope value the server knows (`users:read`, `users:write`, ...), for the metadata. */
export const SUPPORTED_SCOPES: readonly string[] = OAUTH_SCOPE_RESOURCES.flatMap((resource) => [
  `${resource}:read`,
  `${resource}:write`,
])

/**
 * `users:read events:write` -> the permissions a token carries, or null when a value is not
 * `<family>:<read|write>` of a family a token may have. The same family twice keeps the wider.
 */
export const parseScope = (scope: string): Permissions | null => {
  const values = scope.split(' ').filter((value) => value !== '')
  if (values.length === 0) return null
  const granted: Partial<Record<PermissionResource, AccessLevel>> = {}
  for (const value of values) {
    const [resource, level, ...rest] = value.split(':')
    if (rest.length > 0 || resource === undefined || level === undefined) return null
    if (!(OAUTH_SCOPE_RESOURCES as readonly string[]).includes(resource)) return null
    if (level === 'none' || !(ACCESS_LEVELS as readonly string[]).includes(level)) return null
    const family = resource as PermissionResource
    if (granted[family] !== 'write') granted[family] = level as AccessLevel
  }
  return normalizePermissions(granted)
}

/** The normal form of granted permissions: `users:read events:write`, in the families' order. */
export const renderScope = (permissions: Permissions): string =>
  Object.entries(normalizePermissions(permissions))
    .map(([resource, level]) => `${resource}:${level}`)
    .join(' ')

/** Whether `requested` asks for nothing beyond `granted` (a refresh may narrow, never widen). */
export const scopeWithin = (requested: Permissions, granted: Permissions): boolean =>
  Object.entries(requested).every(([resource, level]) => {
    const has = granted[resource as PermissionResource] ?? 'none'
    return has === 'write' || (has === 'read' && level === 'read')
  })

/** RFC 7636: 43 to 128 characters of the unreserved set. */
export const isCodeVerifierShaped = (value: string): boolean => /^[A-Za-z0-9._~-]{43,128}$/.test(value)

/** A challenge is BASE64URL of a SHA-256: 43 characters. */
export const isS256ChallengeShaped = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value)

/** PKCE S256: BASE64URL(SHA-256(ASCII(code_verifier))) == code_challenge, compared in constant time. */
export const verifierMatches = (verifier: string, challenge: string): boolean => {
  if (!isCodeVerifierShaped(verifier)) return false
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'))
  const expected = Buffer.from(challenge)
  return computed.length === expected.length && timingSafeEqual(computed, expected)
}

/**
 * A registered redirect URI: absolute, no fragment, https, or http on a loopback host (native
 * apps and development, RFC 8252). Null when acceptable, else why not.
 */
export const redirectUriProblem = (uri: string): string | null => {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return 'is not an absolute URL'
  }
  if (url.hash !== '' || uri.includes('#')) return 'must not have a fragment'
  if (url.username !== '' || url.password !== '') return 'must not carry credentials'
  if (url.protocol === 'https:') return null
  const loopback = url.hostname === '127.0.0.1' || url.hostname === '[::1]' || url.hostname === 'localhost'
  if (url.protocol === 'http:' && loopback) return null
  return 'must use https (http only on a loopback host)'
}
