import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OAUTH_LIFETIMES } from '../../core/oauth/oauth.js'
import type { Clock } from '../../core/ports/clock.js'
import { hiddenFields } from '../support/hosted-page.js'
import { api, LIVE_KEY, startTestService, type TestService } from '../support/service.js'

/** Real time, moved forward on demand (code and token expiry). */
class SteppingClock implements Clock {
  offsetMs = 0
  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }
}

const clock = new SteppingClock()
const REDIRECT = 'http://127.0.0.1:9/callback'
const insecure = { [oauth.allowInsecureRequests]: true } as const
let test: TestService
let as: oauth.AuthorizationServer
let client: oauth.Client
let clientAuth: oauth.ClientAuth
let bakery: string
let florist: string
let bakeryUser: string
let floristUser: string

const live = (
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; key?: string } = {},
) => api(test.live, method, path, { key: LIVE_KEY, ...options })

beforeAll(async () => {
  test = await startTestService({ RATE_LIMIT_REQUESTS: '1000', RATE_LIMIT_WINDOW_MS: '60000' }, clock)
  const make = async (name: string) => {
    const created = await live('POST', '/v1/connected_accounts', { body: { name } })
    expect(created.status).toBe(201)
    const id = created.body.id as string
    const user = await live('POST', '/v1/users', {
      body: { email: `owner@${name.toLowerCase()}.example`, timezone: 'Europe/Paris' },
      headers: { 'service-account': id },
    })
    expect(user.status, user.text).toBe(201)
    return { id, user: user.body.id as string }
  }
  ;({ id: bakery, user: bakeryUser } = await make('Bakery'))
  ;({ id: florist, user: floristUser } = await make('Florist'))
  const registered = await live('POST', '/v1/oauth_applications', {
    body: { name: 'Route Planner', client_type: 'confidential', redirect_uris: [REDIRECT] },
  })
  expect(registered.status, registered.text).toBe(201)
  expect(registered.body.client_secret).toMatch(/^ocs_/)
  client = { client_id: registered.body.id }
  clientAuth = oauth.ClientSecretPost(registered.body.client_secret)
  const issuer = new URL(test.live)
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  )
  // A service (on MongoDB, a test peer too) and a dozen calls: more than the default hook budget on a busy machine.
}, 120_000)
afterAll(() => test.stop())

/** The platform's ticket and an authorization request for it (not yet sent). */
const authorizationRequest = async (
  options: { scope?: string; account?: string; redirectUri?: string; ticket?: string } = {},
) => {
  const ticket =
    options.ticket ??
    (
      await live('POST', '/v1/oauth_consent_tickets', {
        body: { connected_account: options.account ?? bakery, client_id: client.client_id },
      })
    ).body.ticket
  expect(ticket).toEqual(expect.any(String))
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const url = new URL(as.authorization_endpoint!)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', client.client_id)
  url.searchParams.set('redirect_uri', options.redirectUri ?? REDIRECT)
  url.searchParams.set('scope', options.scope ?? 'users:read events:write')
  url.searchParams.set('state', state)
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier))
  url.searchParams.set('code_challenge_method', 'S256')
  url.searchParams.set('login_hint', ticket)
  return { url, verifier, state, ticket }
}

/** The authorization request sent: the consent page and the form it shows. */
const showPage = async (options: { scope?: string; account?: string; redirectUri?: string; ticket?: string } = {}) => {
  const request = await authorizationRequest(options)
  const page = await fetch(request.url, { redirect: 'manual' })
  const html = await page.text()
  // The form the page shows, with its hidden fields, as a browser would post it.
  const form = new URLSearchParams(hiddenFields(html))
  return { ...request, page, html, form }
}

/** Posts a consent form to the authorization endpoint, as the page's buttons do. */
const decide = (form: URLSearchParams, decision: 'allow' | 'deny' = 'allow') => {
  const body = new URLSearchParams(form)
  body.set('decision', decision)
  return fetch(new URL('/oauth/authorize', test.live), { method: 'POST', body, redirect: 'manual' })
}

/** The platform's ticket, the authorization request, the consent page submitted: the client's callback URL. */
const consent = async (
  options: { scope?: string; account?: string; redirectUri?: string; decision?: 'allow' | 'deny' } = {},
) => {
  const shown = await showPage(options)
  if (shown.page.status !== 200) return { ...shown, callback: null }
  const decided = await decide(shown.form, options.decision ?? 'allow')
  expect(decided.status).toBe(302)
  return { ...shown, callback: new URL(decided.headers.get('location')!) }
}

const exchange = async (callback: URL, state: string, verifier: string, redirectUri = REDIRECT) => {
  const params = oauth.validateAuthResponse(as, client, callback, state)
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuth,
    params,
    redirectUri,
    verifier,
    insecure,
  )
  return oauth.processAuthorizationCodeResponse(as, client, response)
}

const grant = async (scope?: string) => {
  const { callback, state, verifier } = await consent(scope === undefined ? {} : { scope })
  return exchange(callback!, state, verifier)
}

const withToken = (token: string, method: string, path: string, body?: unknown) =>
  api(test.live, method, path, { key: token, ...(body === undefined ? {} : { body }) })

const rejection = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return error.error
    throw error
  }
  throw new Error('expected an OAuth error response')
}

describe('OAuth 2.1 with PKCE: the whole flow with an independent client (oauth4webapi)', () => {
  it('discovers the metadata: code flow, S256 only, no implicit or password grant', () => {
    expect(as.response_types_supported).toEqual(['code'])
    expect(as.code_challenge_methods_supported).toEqual(['S256'])
    expect(as.grant_types_supported).toEqual(['authorization_code', 'refresh_token'])
  })

  it('consents, exchanges the code, acts for the connected account only, and refreshes with rotation', async () => {
    const { html, callback, state, verifier } = await consent()
    expect(html).toContain('Route Planner')
    expect(html).toContain('Bakery')
    expect(callback!.searchParams.get('state')).toBe(state)
    const tokens = await exchange(callback!, state, verifier)
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: OAUTH_LIFETIMES.accessTokenSeconds })
    expect(tokens.scope).toBe('users:read events:write')
    const listed = await withToken(tokens.access_token, 'GET', '/v1/users')
    expect(listed.status).toBe(200)
    const ids = (listed.body.data as { id: string }[]).map((user) => user.id)
    expect(ids).toContain(bakeryUser)
    expect(ids).not.toContain(floristUser)
    expect((await withToken(tokens.access_token, 'GET', `/v1/users/${floristUser}`)).status).toBe(404)
    // Another connected account named in Service-Account is unknown to this token.
    const other = await api(test.live, 'GET', '/v1/users', {
      key: tokens.access_token,
      headers: { 'service-account': florist },
    })
    expect(other.status).toBe(404)
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure),
    )
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token)
    expect((await withToken(refreshed.access_token, 'GET', `/v1/users/${bakeryUser}`)).status).toBe(200)
  })

  it('sends a denial back with access_denied and the state', async () => {
    const { callback, state } = await consent({ decision: 'deny' })
    expect(callback!.searchParams.get('error')).toBe('access_denied')
    expect(callback!.searchParams.get('state')).toBe(state)
  })
})

describe('Codes: PKCE verifier, single use, short life, exact redirect URI', () => {
  it('refuses a wrong verifier', async () => {
    const { callback, state } = await consent()
    expect(await rejection(exchange(callback!, state, oauth.generateRandomCodeVerifier()))).toBe('invalid_grant')
  })

  it('refuses a reused code, and revokes what its first use issued', async () => {
    const { callback, state, verifier } = await consent()
    const tokens = await exchange(callback!, state, verifier)
    expect(await rejection(exchange(callback!, state, verifier))).toBe('invalid_grant')
    expect((await withToken(tokens.access_token, 'GET', '/v1/users')).status).toBe(401)
  })

  it('refuses an expired code', async () => {
    const { callback, state, verifier } = await consent()
    clock.offsetMs += (OAUTH_LIFETIMES.codeSeconds + 1) * 1000
    expect(await rejection(exchange(callback!, state, verifier))).toBe('invalid_grant')
  })

  it('refuses a code exchanged at another redirect URI', async () => {
    const { callback, state, verifier } = await consent()
    expect(await rejection(exchange(callback!, state, verifier, 'http://127.0.0.1:9/other'))).toBe('invalid_grant')
  })

  it('never redirects to an unregistered redirect URI: a page says so', async () => {
    const { page, html } = await consent({ redirectUri: `${REDIRECT}/extra` })
    expect(page.status).toBe(400)
    expect(page.headers.get('location')).toBeNull()
    expect(html).toContain('redirect URI')
  })
})

describe('Consent: the decision is the one of the page shown, once per ticket', () => {
  const refused = async (response: Response) => {
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    return response.text()
  }

  it('refuses a decision posted without the page ever being shown, and issues no code', async () => {
    const { url } = await authorizationRequest()
    // Everything the application knows, posted straight to the form target.
    const skipped = await decide(new URLSearchParams(url.searchParams))
    expect(await refused(skipped)).toContain('consent page')
  })

  it('refuses a decision whose consent token the service never issued', async () => {
    const { form } = await showPage()
    form.set('consent', 'oct_forged0000000000000000000000000000000000')
    await refused(await decide(form))
  })

  it('a ticket decides once: the same form posted again is refused and yields no second code', async () => {
    const { form, callback } = await consent()
    expect(callback!.searchParams.get('code')).toEqual(expect.any(String))
    expect(await refused(await decide(form))).toContain('already')
  })

  it('a denial uses the ticket up too: allowing afterwards is refused', async () => {
    const { form, callback } = await consent({ decision: 'deny' })
    expect(callback!.searchParams.get('error')).toBe('access_denied')
    await refused(await decide(form, 'allow'))
  })

  it('a decided ticket shows no second page: the request goes back with access_denied', async () => {
    const { ticket } = await consent()
    const again = await showPage({ ticket })
    expect(again.page.status).toBe(302)
    const back = new URL(again.page.headers.get('location')!)
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('code')).toBeNull()
  })

  it('a second page of one ticket replaces the first: only the last page shown decides', async () => {
    const first = await showPage()
    const second = await showPage({ ticket: first.ticket })
    expect(second.page.status).toBe(200)
    await refused(await decide(first.form))
    const decided = await decide(second.form)
    expect(decided.status).toBe(302)
    expect(new URL(decided.headers.get('location')!).searchParams.get('code')).toEqual(expect.any(String))
  })

  it('refuses a scope, challenge, client or state the page did not show; the page shown still decides', async () => {
    const shown = await showPage({ scope: 'users:read' })
    expect(shown.page.status).toBe(200)
    const tampered: Record<string, string> = {
      scope: 'users:write events:write',
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      state: 'chosen-by-the-application',
    }
    for (const [name, value] of Object.entries(tampered)) {
      const form = new URLSearchParams(shown.form)
      form.set(name, value)
      expect(await refused(await decide(form)), name).toContain(name)
    }
    // Nothing was used up by the refusals: the page as shown decides, with the scope it showed.
    const decided = await decide(shown.form)
    expect(decided.status).toBe(302)
    const tokens = await exchange(new URL(decided.headers.get('location')!), shown.state, shown.verifier)
    expect(tokens.scope).toBe('users:read')
  })
})

describe('Refresh tokens rotate; a reuse revokes the whole family; revocation (RFC 7009)', () => {
  it('a refresh token used twice revokes every token of the family', async () => {
    const tokens = await grant()
    const first = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure),
    )
    const replay = oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure),
    )
    expect(await rejection(replay)).toBe('invalid_grant')
    expect((await withToken(first.access_token, 'GET', '/v1/users')).status).toBe(401)
    const successor = oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, first.refresh_token!, insecure),
    )
    expect(await rejection(successor)).toBe('invalid_grant')
  })

  it('a revoked token is refused with 401', async () => {
    const tokens = await grant()
    expect((await withToken(tokens.access_token, 'GET', '/v1/users')).status).toBe(200)
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, clientAuth, tokens.refresh_token!, insecure),
    )
    const refused = await withToken(tokens.access_token, 'GET', '/v1/users')
    expect(refused.status).toBe(401)
    expect(refused.body.error.code).toBe('authentication_failed')
  })

  it('an access token expires after its lifetime', async () => {
    const tokens = await grant()
    clock.offsetMs += (OAUTH_LIFETIMES.accessTokenSeconds + 1) * 1000
    expect((await withToken(tokens.access_token, 'GET', '/v1/users')).status).toBe(401)
  })
})

describe("Deleting a connected account revokes its applications' grants", () => {
  const grantFor = async (account: string) => {
    const { callback, state, verifier } = await consent({ account })
    return exchange(callback!, state, verifier)
  }
  const connectedAccount = async (name: string) => {
    const created = await live('POST', '/v1/connected_accounts', { body: { name } })
    expect(created.status).toBe(201)
    return created.body.id as string
  }

  it('its refresh token answers invalid_grant (400) from then on, and its access token 401', async () => {
    const cafe = await connectedAccount('Cafe')
    const tokens = await grantFor(cafe)
    expect((await withToken(tokens.access_token, 'GET', '/v1/users')).status).toBe(200)
    expect((await live('DELETE', `/v1/connected_accounts/${cafe}`)).status).toBe(200)
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure)
      expect(response.status).toBe(400)
      expect(await rejection(oauth.processRefreshTokenResponse(as, client, response))).toBe('invalid_grant')
    }
    expect((await withToken(tokens.access_token, 'GET', '/v1/users')).status).toBe(401)
  })

  it('a code issued before the deletion is not exchanged after it', async () => {
    const deli = await connectedAccount('Deli')
    const { callback, state, verifier } = await consent({ account: deli })
    expect((await live('DELETE', `/v1/connected_accounts/${deli}`)).status).toBe(200)
    expect(await rejection(exchange(callback!, state, verifier))).toBe('invalid_grant')
  })

  it("another connected account's grants stay", async () => {
    const kept = await grant()
    const gone = await connectedAccount('Bistro')
    await grantFor(gone)
    expect((await live('DELETE', `/v1/connected_accounts/${gone}`)).status).toBe(200)
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, kept.refresh_token!, insecure),
    )
    expect((await withToken(refreshed.access_token, 'GET', '/v1/users')).status).toBe(200)
  })
})

describe("A token's scopes are its permissions; its calls count against the connected account's pool", () => {
  it('refuses a call outside the scopes with 403 insufficient_permissions', async () => {
    const tokens = await grant('users:read')
    expect((await withToken(tokens.access_token, 'GET', '/v1/users')).status).toBe(200)
    const refused = await withToken(tokens.access_token, 'POST', '/v1/users', { email: 'x@bakery.example' })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ code: 'insufficient_permissions' })
    expect(refused.body.error.message).toContain('users:write')
    // Never a key-management or platform call.
    expect((await withToken(tokens.access_token, 'GET', '/v1/api_keys')).status).toBe(403)
  })

  it("shares the connected account's rate pool with the platform acting for it", async () => {
    const tokens = await grant()
    const viaToken = await withToken(tokens.access_token, 'GET', '/v1/users')
    const viaKey = await live('GET', '/v1/users', { headers: { 'service-account': bakery } })
    const remaining = (response: { headers: Headers }) => Number(response.headers.get('x-ratelimit-remaining'))
    expect(remaining(viaKey)).toBe(remaining(viaToken) - 1)
    const otherAccount = await live('GET', '/v1/users', { headers: { 'service-account': florist } })
    expect(remaining(otherAccount)).toBeGreaterThan(remaining(viaKey))
  })
})
