import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
} from '@modelcontextprotocol/sdk/client/auth.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../support/service.js'

let test: TestService
beforeAll(async () => {
  test = await startTestService()
}, 60_000)
afterAll(async () => {
  await test?.stop()
})

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'departure-tests', version: '1' } },
}

const postMcp = (base: string, headers: Record<string, string> = {}) =>
  fetch(new URL('/mcp', base), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      connection: 'close',
      ...headers,
    },
    body: JSON.stringify(initialize),
  })

const getJson = async (url: string | URL) => {
  const response = await fetch(url, { headers: { connection: 'close' } })
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() }
}

describe('MCP authorization discovery (RFC 9728 protected resource metadata)', () => {
  for (const surface of ['sandbox', 'live'] as const)
    it(`the ${surface} surface's /mcp names its metadata in a 401's challenge, and the metadata its authorization server`, async () => {
      const base = test[surface]
      const refused = await postMcp(base)
      expect(refused.status).toBe(401)
      expect((await refused.json()).error).toMatchObject({ code: 'authentication_failed' })
      const challenge = refused.headers.get('www-authenticate')
      expect(challenge).toMatch(/^Bearer resource_metadata="[^"]+"$/)
      // The SDK's own parser finds the document's URL in the challenge, where RFC 9728 3.1 puts it.
      const { resourceMetadataUrl } = extractWWWAuthenticateParams(refused)
      expect(resourceMetadataUrl?.pathname).toBe('/.well-known/oauth-protected-resource/mcp')

      const document = await getJson(new URL(resourceMetadataUrl?.pathname ?? '', base))
      expect(document.status).toBe(200)
      expect(document.type).toMatch(/^application\/json/)
      expect(new URL(document.body.resource).pathname).toBe('/mcp')
      expect(document.body.resource).toBe(`${resourceMetadataUrl?.origin}/mcp`)
      expect(document.body.bearer_methods_supported).toEqual(['header'])
      expect(document.body.scopes_supported).toEqual(expect.arrayContaining(['events:read', 'events:write']))
      // The bare well-known path answers the same document (clients try it when no challenge named one).
      expect((await getJson(new URL('/.well-known/oauth-protected-resource', base))).body).toEqual(document.body)

      // The authorization server it names is this surface's own (RFC 8414 metadata, issuer equal to the name).
      const [issuer] = document.body.authorization_servers
      expect(document.body.authorization_servers).toHaveLength(1)
      const server = await getJson(new URL('/.well-known/oauth-authorization-server', base))
      expect(server.body.issuer).toBe(issuer)
      expect(server.body.code_challenge_methods_supported).toContain('S256')
    })

  it('a refused credential gets the same challenge; GET and DELETE without one too', async () => {
    const wrong = await postMcp(test.sandbox, { authorization: 'Bearer sk_test_not_a_key' })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('www-authenticate')).toMatch(
      /resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp"/,
    )
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(new URL('/mcp', test.sandbox), { method, headers: { connection: 'close' } })
      expect(response.status, method).toBe(401)
      expect(response.headers.get('www-authenticate'), method).toMatch(/^Bearer resource_metadata="/)
    }
    // A 401 elsewhere in the API is not a protected-resource challenge of /mcp.
    const elsewhere = await fetch(new URL('/v1/users', test.sandbox), { headers: { connection: 'close' } })
    expect(elsewhere.status).toBe(401)
    expect(elsewhere.headers.get('www-authenticate')).toBeNull()
  })

  it('the official SDK discovers both documents the way its OAuth provider does', async () => {
    // The SDK keeps discovery within the server's origin: the test service's public base is where it listens.
    const refused = await postMcp(test.sandbox)
    const { resourceMetadataUrl } = extractWWWAuthenticateParams(refused)
    const resource = await discoverOAuthProtectedResourceMetadata(new URL('/mcp', test.sandbox), {
      ...(resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl }),
    })
    expect(new URL(resource.resource).pathname).toBe('/mcp')
    const issuer = resource.authorization_servers?.[0]
    expect(issuer).toBeDefined()
    const server = await discoverAuthorizationServerMetadata(issuer ?? '')
    expect(server?.issuer).toBe(issuer)
    expect(server?.token_endpoint).toBe(`${issuer}/oauth/token`)
  })
})
