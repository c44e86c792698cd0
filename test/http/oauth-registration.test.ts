import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REGISTRATION_BOUNDS } from '../../core/oauth/client-registration.js'
import { decideConsent } from '../support/hosted-page.js'
import { api, LIVE_KEY, startTestService, TEST_KEY, type TestService } from '../support/service.js'

/**
 * Dynamic Client Registration (RFC 7591) on Connect's authorization server: driven by an independent client
 * (oauth4webapi) for the registration and the flow after it, and by hand for the refusals.
 */

const REDIRECT = 'http://127.0.0.1:9/callback'
const insecure = { [oauth.allowInsecureRequests]: true } as const
let test: TestService
let as: oauth.AuthorizationServer

beforeAll(async () => {
  test = await startTestService({ RATE_LIMIT_REQUESTS: '1000', RATE_LIMIT_WINDOW_MS: '60000' })
  const issuer = new URL(test.sandbox)
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  )
}, 60_000)
afterAll(async () => {
  await test?.stop()
})

const register = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(new URL('/oauth/register', test.sandbox), {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close', ...headers },
    body: JSON.stringify(body),
  })

const refusal = async (body: unknown) => {
  const response = await register(body)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const sandbox = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api(test.sandbox, method, path, { key: TEST_KEY, headers, ...(body === undefined ? {} : { body }) })

describe('the registration endpoint is advertised and registers public clients with PKCE', () => {
  it('the authorization server metadata names it', () => {
    expect(as.registration_endpoint).toBe(new URL('/oauth/register', test.sandbox).href)
    expect(as.code_challenge_methods_supported).toEqual(['S256'])
  })

  it('registers a public client (no secret), which then obtains tokens through a consent ticket, with PKCE', async () => {
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      { client_name: 'Pocket agent', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' },
      insecure,
    )
    const client = await oauth.processDynamicClientRegistrationResponse(response)
    expect(client.client_id).toMatch(/^oapp_/)
    expect(client.client_secret).toBeUndefined()
    expect(client).toMatchObject({
      client_name: 'Pocket agent',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    })
    expect(response.headers.get('cache-control')).toBe('no-store')

    const account = (await sandbox('POST', '/v1/connected_accounts', { name: 'Pocket Bakery' })).body
    const user = (
      await sandbox('POST', '/v1/users', { email: 'owner@pocket.example' }, { 'service-account': account.id })
    ).body
    const ticket = await sandbox('POST', '/v1/oauth_consent_tickets', {
      connected_account: account.id,
      client_id: client.client_id,
    })
    expect(ticket.status, ticket.text).toBe(201)
    const verifier = oauth.generateRandomCodeVerifier()
    const url = new URL(as.authorization_endpoint ?? '')
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: 'users:read',
      state: 's1',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      login_hint: ticket.body.ticket,
    }).toString()
    const page = await fetch(url, { headers: { connection: 'close' } })
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain('Unverified application')
    expect(html).toContain('127.0.0.1:9')
    const decided = await decideConsent(test.sandbox, html)
    expect(decided.status).toBe(302)
    const params = oauth.validateAuthResponse(as, client, new URL(decided.headers.get('location') ?? ''), 's1')
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure),
    )
    expect(tokens.scope).toBe('users:read')
    // The token acts for the ticket's connected account, with the scope its administrator allowed, and no more.
    const me = await api(test.sandbox, 'GET', `/v1/users/${user.id}`, { key: tokens.access_token })
    expect(me.status).toBe(200)
    const write = await api(test.sandbox, 'POST', '/v1/users', {
      key: tokens.access_token,
      body: { email: 'x@pocket.example' },
    })
    expect(write.status).toBe(403)
    expect(write.body.error.code).toBe('insufficient_permissions')
  })

  it('a registered client is no platform’s application: it is not listed and not retrievable by any', async () => {
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(as, { redirect_uris: ['https://agent.example/cb'] }, insecure),
    )
    expect(client.client_name).toBe('Client at agent.example')
    expect((await sandbox('GET', `/v1/oauth_applications/${client.client_id}`)).status).toBe(404)
    const listed = await sandbox('GET', '/v1/oauth_applications')
    expect(listed.body.data.map((each: { id: string }) => each.id)).not.toContain(client.client_id)
  })

  it('a client registered on one surface is unknown on the other', async () => {
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(as, { redirect_uris: [REDIRECT] }, insecure),
    )
    const onLive = await api(test.live, 'POST', '/v1/connected_accounts', { key: LIVE_KEY, body: { name: 'L' } })
    expect(onLive.status).toBe(201)
    const liveTicket = await api(test.live, 'POST', '/v1/oauth_consent_tickets', {
      key: LIVE_KEY,
      body: { connected_account: onLive.body.id, client_id: client.client_id },
    })
    expect(liveTicket.status).toBe(404)
    expect(liveTicket.body.error.param).toBe('client_id')
  })
})

describe('refusals follow RFC 7591 3.2.2 and register nothing', () => {
  it.each([
    ['no redirect_uris', {}, 'invalid_redirect_uri'],
    ['an empty redirect_uris', { redirect_uris: [] }, 'invalid_redirect_uri'],
    ['http on a public host', { redirect_uris: ['http://agent.example/cb'] }, 'invalid_redirect_uri'],
    ['a fragment', { redirect_uris: ['https://agent.example/cb#x'] }, 'invalid_redirect_uri'],
    ['a relative URI', { redirect_uris: ['/cb'] }, 'invalid_redirect_uri'],
    ['a custom scheme', { redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    [
      'more redirect URIs than allowed',
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://agent.example/${i}`) },
      'invalid_redirect_uri',
    ],
    [
      'a confidential client',
      { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' },
      'invalid_client_metadata',
    ],
    ['the implicit grant', { redirect_uris: [REDIRECT], grant_types: ['implicit'] }, 'invalid_client_metadata'],
    ['a refresh-only client', { redirect_uris: [REDIRECT], grant_types: ['refresh_token'] }, 'invalid_client_metadata'],
    ['response_type token', { redirect_uris: [REDIRECT], response_types: ['token'] }, 'invalid_client_metadata'],
    ['an unknown scope', { redirect_uris: [REDIRECT], scope: 'admin:write' }, 'invalid_client_metadata'],
    ['a name that is not a string', { redirect_uris: [REDIRECT], client_name: 7 }, 'invalid_client_metadata'],
    [
      'an overlong name',
      { redirect_uris: [REDIRECT], client_name: 'n'.repeat(REGISTRATION_BOUNDS.clientNameLength + 1) },
      'invalid_client_metadata',
    ],
    [
      'an overlong logo_uri',
      { redirect_uris: [REDIRECT], logo_uri: `https://agent.example/${'l'.repeat(REGISTRATION_BOUNDS.stringLength)}` },
      'invalid_client_metadata',
    ],
    [
      'metadata over 16 KiB',
      { redirect_uris: [REDIRECT], extension: 'x'.repeat(REGISTRATION_BOUNDS.metadataBytes) },
      'invalid_client_metadata',
    ],
    ['an array body', [REDIRECT], 'invalid_client_metadata'],
  ])('%s: 400', async (_case, body, error) => {
    const answered = await refusal(body)
    expect(answered.status).toBe(400)
    expect(answered.body.error).toBe(error)
    expect(answered.body.error_description).toEqual(expect.any(String))
  })

  it('ignores metadata it does not use (RFC 7591 2)', async () => {
    const response = await register({ redirect_uris: [REDIRECT], software_statement: 'eyJ...', custom: { a: 1 } })
    expect(response.status).toBe(201)
    const body = (await response.json()) as Record<string, unknown>
    expect(body.custom).toBeUndefined()
    expect(body.software_statement).toBeUndefined()
  })

  it('is limited per client address: the 21st registration of an hour is 429 (refusals do not count)', async () => {
    const limitedService = await startTestService()
    try {
      const from = () =>
        fetch(new URL('/oauth/register', limitedService.sandbox), {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ redirect_uris: [REDIRECT] }),
        })
      const statuses: number[] = []
      const invalid = await fetch(new URL('/oauth/register', limitedService.sandbox), {
        method: 'POST',
        headers: { 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ redirect_uris: ['http://agent.example/cb'] }),
      })
      expect(invalid.status).toBe(400)
      for (let i = 0; i < REGISTRATION_BOUNDS.perAddressPerHour; i++) statuses.push((await from()).status)
      expect(statuses).toEqual(statuses.map(() => 201))
      const refused = await from()
      expect(refused.status).toBe(429)
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded')
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    } finally {
      await limitedService.stop()
    }
  })
})
