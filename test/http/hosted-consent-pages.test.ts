// The hosted consent pages of calendar connections (the iCloud sign-in page, the sandbox provider's consent page)
// are reached by a browser redirect, which carries no API key: their credential is the pending consent's `state`.
// The OpenAPI document says so (no security, no key error codes), and the server agrees: a key, secret or
// restricted, or none, changes nothing, also where the page is not offered (404 route_not_found, in the envelope).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Endpoints } from '../../contracts/endpoints.js'
import { api, clients, LIVE_KEY, startTestService, TEST_KEY, type TestService } from '../support/service.js'

let test: TestService
const keys: { live: Record<string, string | null>; sandbox: Record<string, string | null> } = {
  live: {},
  sandbox: {},
}

beforeAll(async () => {
  // The embedded default: no ICLOUD_CALDAV_URL, so iCloud is offered on neither surface.
  test = await startTestService({ RATE_LIMIT_REQUESTS: '1000', RATE_LIMIT_WINDOW_MS: '60000' })
  const { live, sandbox } = clients(test)
  const restricted = async (call: typeof live) => {
    const created = await call('POST', '/v1/api_keys', { body: { name: 'pages', permissions: { users: 'read' } } })
    expect(created.status, created.text).toBe(201)
    return created.body.secret as string
  }
  keys.live = { none: null, secret: LIVE_KEY, restricted: await restricted(live) }
  keys.sandbox = { none: null, secret: TEST_KEY, restricted: await restricted(sandbox) }
}, 120_000)
afterAll(() => test.stop())

const PAGES = [
  Endpoints.icloudSignInPage,
  Endpoints.icloudSignIn,
  Endpoints.sandboxConsentPage,
  Endpoints.sandboxConsentDecision,
]

/** The page's answer with each key (none, secret, restricted): status, error code or content type. */
const answers = async (surface: 'live' | 'sandbox', method: string, path: string) => {
  const base = surface === 'live' ? test.live : test.sandbox
  const seen: Record<string, { status: number; code: string | undefined; type: string | null }> = {}
  for (const [name, key] of Object.entries(keys[surface])) {
    const response = await api(base, method, `${path}?state=unknown`, {
      key,
      ...(method === 'POST'
        ? { rawBody: 'state=unknown', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
        : {}),
    })
    seen[name] = {
      status: response.status,
      code: response.body?.error?.code,
      type: response.headers.get('content-type'),
    }
  }
  return seen
}

describe('The hosted consent pages authenticate by their state, never by a key', () => {
  it('the OpenAPI document marks each open (no security) and lists no key error for it', async () => {
    const document = (await api(test.sandbox, 'GET', '/v1/openapi.json', { key: null })).body
    for (const endpoint of PAGES) {
      const operation = document.paths[endpoint.path][endpoint.method.toLowerCase()]
      expect(operation.security, endpoint.operationId).toEqual([])
      const codes = JSON.stringify(operation.responses)
      for (const keyError of ['authentication_failed', 'insufficient_permissions', 'ip_not_allowed'])
        expect(codes, `${endpoint.operationId} ${keyError}`).not.toContain(keyError)
      expect(codes, endpoint.operationId).toContain('route_not_found')
    }
  })

  it('where a page is not offered (iCloud without ICLOUD_CALDAV_URL, the sandbox page on production), every caller gets the same 404 route_not_found', async () => {
    const notOffered = [
      ['live', Endpoints.icloudSignInPage],
      ['live', Endpoints.icloudSignIn],
      ['sandbox', Endpoints.icloudSignInPage],
      ['sandbox', Endpoints.icloudSignIn],
      ['live', Endpoints.sandboxConsentPage],
      ['live', Endpoints.sandboxConsentDecision],
    ] as const
    for (const [surface, endpoint] of notOffered) {
      const seen = await answers(surface, endpoint.method, endpoint.path)
      for (const [key, answer] of Object.entries(seen))
        expect(answer, `${surface} ${endpoint.operationId} with key ${key}`).toMatchObject({
          status: 404,
          code: 'route_not_found',
        })
    }
  })

  it('where a page is offered (the sandbox provider on the sandbox), a key changes nothing: an unknown state is its 400 page', async () => {
    for (const endpoint of [Endpoints.sandboxConsentPage, Endpoints.sandboxConsentDecision]) {
      const seen = await answers('sandbox', endpoint.method, endpoint.path)
      for (const [key, answer] of Object.entries(seen))
        expect(answer, `${endpoint.operationId} with key ${key}`).toMatchObject({ status: 400, code: undefined })
      expect(seen.none!.type).toMatch(/^text\/html/)
    }
  })
})
