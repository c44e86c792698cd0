import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decideConsent, hiddenFields } from '../support/hosted-page.js'
import { api, startTestService, TEST_KEY, type TestService } from '../support/service.js'

const REDIRECT = 'http://127.0.0.1:9/callback'

let test: TestService
beforeAll(async () => {
  test = await startTestService()
}, 60_000)
afterAll(async () => {
  await test?.stop()
})

const sandbox = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api(test.sandbox, method, path, { key: TEST_KEY, headers, ...(body === undefined ? {} : { body }) })

/**
 * The SDK's OAuth client provider, as an MCP client implements it: a public client, pre-registered by the platform
 * or registering itself (RFC 7591) when it has no client information yet, PKCE verifier and tokens kept in memory.
 * Its "browser" is the platform's part of Connect: it adds the consent ticket (`login_hint`) to the authorization URL
 * the SDK built, shows the consent page and allows it, and keeps the code of the redirect.
 */
class TestProvider implements OAuthClientProvider {
  verifier: string | undefined
  stored: OAuthTokens | undefined
  authorizationUrl: URL | undefined
  consentPage: string | undefined
  code: string | undefined
  registered: OAuthClientInformationMixed | undefined
  codePage: string | undefined
  constructor(
    private readonly clientId: string | undefined,
    private readonly ticket: (clientId: string) => Promise<string>,
    /** Open the URL as the client built it (no ticket), and enter the ticket on the page that asks for it. */
    private readonly enterCode = false,
  ) {}
  get redirectUrl() {
    return REDIRECT
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'MCP test client', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }
  }
  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.clientId === undefined ? this.registered : { client_id: this.clientId }
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.registered = information
  }
  get currentClientId(): string {
    const id = this.clientInformation()?.client_id
    if (id === undefined) throw new Error('no client information')
    return id
  }
  tokens() {
    return this.stored
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    if (this.verifier === undefined) throw new Error('no code verifier')
    return this.verifier
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrl = new URL(url)
    const withTicket = new URL(url)
    if (this.enterCode) {
      const asked = await fetch(url, { redirect: 'manual' })
      expect(asked.status).toBe(200)
      this.codePage = await asked.text()
      withTicket.search = new URLSearchParams(hiddenFields(this.codePage)).toString()
    }
    withTicket.searchParams.set('login_hint', await this.ticket(this.currentClientId))
    const page = await fetch(withTicket, { redirect: 'manual' })
    expect(page.status, await page.clone().text()).toBe(200)
    this.consentPage = await page.text()
    const decided = await decideConsent(test.sandbox, this.consentPage)
    expect(decided.status).toBe(302)
    this.code = new URL(decided.headers.get('location') ?? '').searchParams.get('code') ?? undefined
  }
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'))

describe('the SDK client’s OAuth provider against /mcp and our authorization server', () => {
  it('discovers, authorizes with PKCE and the resource parameter, and calls tools with a token bound to /mcp', async () => {
    const account = (await sandbox('POST', '/v1/connected_accounts', { name: 'Agent Bakery' })).body
    const user = (
      await sandbox('POST', '/v1/users', { email: 'owner@agent-bakery.example' }, { 'service-account': account.id })
    ).body
    const application = await sandbox('POST', '/v1/oauth_applications', {
      name: 'MCP agent',
      client_type: 'public',
      redirect_uris: [REDIRECT],
    })
    expect(application.status, application.text).toBe(201)
    const clientId = application.body.id as string
    const provider = new TestProvider(clientId, async () => {
      const ticket = await sandbox('POST', '/v1/oauth_consent_tickets', {
        connected_account: account.id,
        client_id: clientId,
      })
      return ticket.body.ticket as string
    })
    const mcpUrl = new URL('/mcp', test.sandbox)
    const transport = new StreamableHTTPClientTransport(mcpUrl, {
      authProvider: provider,
      requestInit: { headers: { connection: 'close' } },
    })
    // No token yet: the 401's challenge leads the SDK through discovery to the authorization endpoint.
    await expect(new Client({ name: 'departure-tests', version: '1.0.0' }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
    const asked = provider.authorizationUrl
    expect(asked?.pathname).toBe('/oauth/authorize')
    expect(asked?.searchParams.get('client_id')).toBe(clientId)
    expect(asked?.searchParams.get('code_challenge_method')).toBe('S256')
    expect(asked?.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(asked?.searchParams.get('resource')).toBe(mcpUrl.href)
    expect(provider.code).toEqual(expect.any(String))

    // The code exchanged by the SDK (verifier and resource): the access token's audience is the /mcp resource.
    await transport.finishAuth(provider.code ?? '')
    const token = provider.stored?.access_token ?? ''
    expect(claimsOf(token).aud).toBe(mcpUrl.href)
    const client = new Client({ name: 'departure-tests', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(mcpUrl, {
        authProvider: provider,
        requestInit: { headers: { connection: 'close' } },
      }),
    )
    const me = await client.callTool({ name: 'get_user', arguments: { user_id: user.id } })
    expect(me.structuredContent).toMatchObject({ id: user.id, object: 'user' })
    await client.close()

    // A token for /mcp is for /mcp only: the REST API refuses it.
    const rest = await api(test.sandbox, 'GET', `/v1/users/${user.id}`, { key: token })
    expect(rest.status).toBe(401)
    // A token for another resource is not issued (RFC 8707 invalid_target), and the refresh token is not spent.
    const refresh = (resource: string) =>
      fetch(new URL('/oauth/token', test.sandbox), {
        method: 'POST',
        headers: { connection: 'close' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: clientId,
          refresh_token: provider.stored?.refresh_token ?? '',
          resource,
        }),
      })
    const elsewhere = await refresh('https://elsewhere.example/mcp')
    expect(elsewhere.status).toBe(400)
    expect(await elsewhere.json()).toMatchObject({ error: 'invalid_target' })
    // The authorization endpoint sends an unknown resource back to the client as well.
    const unknown = new URL(asked?.href ?? '')
    unknown.searchParams.set('resource', 'https://elsewhere.example/mcp')
    unknown.searchParams.set(
      'login_hint',
      (await sandbox('POST', '/v1/oauth_consent_tickets', { connected_account: account.id, client_id: clientId })).body
        .ticket,
    )
    const sentBack = await fetch(unknown, { redirect: 'manual', headers: { connection: 'close' } })
    expect(sentBack.status).toBe(302)
    const back = new URL(sentBack.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT)
    expect(back.searchParams.get('error')).toBe('invalid_target')
    expect(back.searchParams.get('state')).toBe(asked?.searchParams.get('state'))

    const again = await refresh(mcpUrl.href)
    expect(again.status).toBe(200)
    expect(claimsOf((await again.json()).access_token).aud).toBe(mcpUrl.href)
  })
})

describe('an MCP client that registers itself (RFC 7591), with the SDK’s OAuth provider', () => {
  it('discovers (RFC 9728, then RFC 8414), registers, authorizes with PKCE and resource, then lists and calls tools', async () => {
    const account = (await sandbox('POST', '/v1/connected_accounts', { name: 'Self-registered Bakery' })).body
    const user = (
      await sandbox('POST', '/v1/users', { email: 'owner@self-registered.example' }, { 'service-account': account.id })
    ).body
    const tickets: string[] = []
    // No client id: the SDK registers one. The platform then vouches for its administrator with a consent ticket
    // naming that client, as for its own applications.
    const provider = new TestProvider(
      undefined,
      async (clientId) => {
        tickets.push(clientId)
        const ticket = await sandbox('POST', '/v1/oauth_consent_tickets', {
          connected_account: account.id,
          client_id: clientId,
        })
        expect(ticket.status, ticket.text).toBe(201)
        return ticket.body.ticket as string
      },
      true,
    )
    const requested: string[] = []
    const recording: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      requested.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url.pathname}`)
      return fetch(input, init)
    }
    const mcpUrl = new URL('/mcp', test.sandbox)
    const transport = new StreamableHTTPClientTransport(mcpUrl, {
      authProvider: provider,
      fetch: recording,
      requestInit: { headers: { connection: 'close' } },
    })
    await expect(new Client({ name: 'departure-tests', version: '1.0.0' }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
    // The SDK's own path: the 401's challenge, the resource's metadata, the authorization server's, the registration.
    expect(requested).toEqual(
      expect.arrayContaining([
        'POST /mcp',
        'GET /.well-known/oauth-protected-resource/mcp',
        'GET /.well-known/oauth-authorization-server',
        'POST /oauth/register',
      ]),
    )
    expect(requested.indexOf('POST /oauth/register')).toBeGreaterThan(
      requested.indexOf('GET /.well-known/oauth-authorization-server'),
    )
    const registered = provider.registered as Record<string, unknown>
    expect(registered.client_id).toMatch(/^oapp_/)
    expect(registered).toMatchObject({ token_endpoint_auth_method: 'none', redirect_uris: [REDIRECT] })
    expect(registered.client_secret).toBeUndefined()
    expect(tickets).toEqual([registered.client_id])
    // The client opened the authorization URL without a ticket: the page asked for the platform's consent code, and
    // carried the request on unchanged (resource included).
    expect(provider.codePage).toContain('Consent code')
    expect(provider.codePage).toContain(`name="resource" value="${mcpUrl.href}"`)
    // The consent page says the name is the client's own claim.
    expect(provider.consentPage).toContain('Unverified application')
    expect(provider.consentPage).toContain('MCP test client')
    const asked = provider.authorizationUrl
    expect(asked?.searchParams.get('client_id')).toBe(registered.client_id)
    expect(asked?.searchParams.get('code_challenge_method')).toBe('S256')
    expect(asked?.searchParams.get('resource')).toBe(mcpUrl.href)

    await transport.finishAuth(provider.code ?? '')
    const token = provider.stored?.access_token ?? ''
    expect(claimsOf(token)).toMatchObject({ aud: mcpUrl.href, sub: account.id, client_id: registered.client_id })
    const client = new Client({ name: 'departure-tests', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(mcpUrl, {
        authProvider: provider,
        requestInit: { headers: { connection: 'close' } },
      }),
    )
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['get_user', 'list_events', 'confirm_action']),
    )
    const me = await client.callTool({ name: 'get_user', arguments: { user_id: user.id } })
    expect(me.structuredContent).toMatchObject({ id: user.id, object: 'user' })
    // The grant is the connected account's: a user of the platform itself is not reachable.
    const own = (await sandbox('POST', '/v1/users', { email: 'platform-user@self-registered.example' })).body
    const foreign = await client.callTool({ name: 'get_user', arguments: { user_id: own.id } })
    expect(foreign.isError).toBe(true)
    expect(JSON.stringify(foreign.content)).toContain('resource_missing')
    await client.close()
  })
})
