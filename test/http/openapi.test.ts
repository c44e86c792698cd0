import { createConfig, lintFromString } from '@redocly/openapi-core'
import spectralCore from '@stoplight/spectral-core'
import { Json as SpectralJson } from '@stoplight/spectral-parsers'
import { oas } from '@stoplight/spectral-rulesets'
import { Schema } from 'effect'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EndpointContract, routerPath } from '../../contracts/endpoint.js'
import { Endpoints } from '../../contracts/endpoints.js'
import { ERROR_CODES } from '../../contracts/errors.js'
import { OPERATION_EXAMPLES } from '../../contracts/openapi-examples.js'
import { WEBHOOK_EVENT_TYPES } from '../../core/webhooks/event-types.js'
import { OPENAPI_DOCUMENT_LIMIT } from '../../hosts/api/routes/reference.js'
import { api, type ResponseJson, startTestService, type TestService } from '../support/service.js'

let test: TestService
let document: {
  paths: Record<
    string,
    Record<string, { operationId: string; tags: string[]; responses: Record<string, ResponseJson> }>
  >
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>
  components: { schemas: Record<string, ResponseJson>; securitySchemes: Record<string, unknown> }
  tags: { name: string }[]
}

beforeAll(async () => {
  test = await startTestService()
  document = (await api(test.sandbox, 'GET', '/v1/openapi.json', { key: null })).body
})
afterAll(() => test.stop())

const endpointAt = (path: string, method: string) =>
  Object.values(Endpoints as Record<string, EndpointContract>).find(
    (endpoint) => endpoint.path === path && endpoint.method === method,
  )

const operations = () =>
  Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  )

/** Every route a surface serves, from Fastify's own route tree (HEAD routes are GET's). */
const servedRoutes = (app: FastifyInstance): string[] => {
  const stack: string[] = []
  return app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line)
      if (match === null) return []
      const depth = match[1]!.length / 4
      const path = (depth === 0 ? '' : stack[depth - 1]!) + match[2]!
      stack[depth] = path
      return (match[3] ?? '')
        .split(', ')
        .filter((method) => method !== '' && method !== 'HEAD')
        .map((method) => `${method} ${path}`)
    })
}

describe('the OpenAPI document', () => {
  it('passes the Redocly recommended ruleset with zero errors', async () => {
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: `${test.sandbox}/v1/openapi.json`,
      config,
    })
    const errors = problems.filter((problem) => problem.severity === 'error')
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual(
      [],
    )
  })

  it("passes Stoplight Spectral's spectral:oas ruleset with zero errors and zero warnings", async () => {
    // The ruleset platforms lint an API's document with: among others, every operation has a description, an id, a
    // tag that is declared, and examples that match their schemas.
    const spectral = new spectralCore.Spectral()
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] })
    const results = await spectral.run(new spectralCore.Document(JSON.stringify(document), SpectralJson))
    const problems = results.filter((result) => result.severity <= 1)
    expect(problems.map((result) => `${result.code}: ${result.message} at ${result.path.join('.')}`)).toEqual([])
    // Spectral checks each of the document's examples against its schema: tens of seconds on a loaded machine.
  }, 180_000)

  it('documents every route each surface serves, and the sandbox serves every documented route', () => {
    const documented = operations().map(({ path, method }) => `${method} ${routerPath(path)}`)
    // The reference page's own assets: the page and its script, below /docs/ (the document lists /docs).
    const assets = ['GET /docs/', 'GET /docs/js/scalar.js']
    // The dashboard's pages and its own data (`/dashboard/...`, production only) are not part of the public API.
    const dashboard = (route: string) => route.split(' ')[1]?.startsWith('/dashboard') === true
    // MCP (`/mcp`) speaks JSON-RPC, described by its own protocol and docs/mcp.md rather than by REST operations.
    const mcp = (route: string) => route.split(' ')[1] === '/mcp'
    const served = (app: FastifyInstance) => [
      ...new Set(servedRoutes(app).filter((route) => !assets.includes(route) && !dashboard(route) && !mcp(route))),
    ]
    const endpoints = Object.values(Endpoints as Record<string, EndpointContract>)
    const endpointOf = (route: string) =>
      endpoints.find((candidate) => `${candidate.method} ${routerPath(candidate.path)}` === route)!
    // The iCloud sign-in pages are registered only when iCloud is configured (not in this test service).
    const iCloud = (route: string) => endpointOf(route).path.startsWith('/v1/connections/icloud/')
    const sandbox = served(test.service.sandbox)
    expect(sandbox.filter((route) => !documented.includes(route))).toEqual([])
    expect(documented.filter((route) => !sandbox.includes(route) && !iCloud(route))).toEqual([])
    // Production registers no sandbox-provider routes either.
    const live = served(test.service.live)
    expect(live.filter((route) => !documented.includes(route))).toEqual([])
    expect(
      documented.filter((route) => !live.includes(route) && !iCloud(route) && endpointOf(route).sandboxOnly !== true),
    ).toEqual([])
    expect(live.length).toBeGreaterThan(80)
  })

  it('names every operation with its camelCase operationId, the key of its endpoint', () => {
    const ids = operations().map(({ operation }) => operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/)
    for (const [name, endpoint] of Object.entries(Endpoints as Record<string, EndpointContract>)) {
      expect(endpoint.operationId, name).toBe(name)
      expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]?.operationId).toBe(name)
    }
  })

  it('groups operations under declared tags and answers errors in the envelope with their codes', () => {
    const tags = document.tags.map((tag) => tag.name)
    for (const { path, method, operation } of operations()) {
      expect(
        operation.tags.every((tag) => tags.includes(tag)),
        `${method} ${path}`,
      ).toBe(true)
      const errors = Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status))
      expect(errors.length, `${method} ${path}`).toBeGreaterThan(0)
      for (const [status, response] of errors) {
        const content = response.content?.['application/json']
        // The handler's own answer at that status (an HTML page, a protocol's error, no body), declared as such by
        // the endpoint when no envelope code reaches it.
        const own = endpointAt(path, method)?.otherResponses?.find((other) => String(other.status) === status)
        if (own?.only === true) continue
        if (content === undefined) {
          expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).toEqual(['text/html'])
          continue
        }
        if (content.schema.anyOf !== undefined) {
          expect(content.schema.anyOf[0].$ref).toBe('#/components/schemas/Error')
          continue
        }
        expect(content.schema.$ref).toBe('#/components/schemas/Error')
        for (const [code, example] of Object.entries(content.examples as Record<string, { value: ResponseJson }>)) {
          expect(String(ERROR_CODES[code as keyof typeof ERROR_CODES].status)).toBe(status)
          expect(example.value.error.code).toBe(code)
        }
      }
      // Every operation a rate limit counts declares its 429 (the few public ones none counts say rateLimited: false).
      if (endpointAt(path, method)?.rateLimited === false) {
        expect(Object.keys(operation.responses), `${method} ${path}`).not.toContain('429')
        continue
      }
      expect(Object.keys(operation.responses)).toContain('429')
      expect(operation.responses['429'].headers['Retry-After']).toBeDefined()
    }
    // Use-case codes come from the endpoint's declaration: the departure of an event may be unavailable.
    const departure = document.paths['/v1/events/{id}/departure']!.get!.responses['409']
    expect(Object.keys(departure.content['application/json'].examples)).toContain('departure_unavailable')
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['bearerAuth', 'oauth2'])
  })

  it('lists one webhook per event type with its payload schema', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort())
    const ref = document.webhooks['reminder.sent']!.post.requestBody.content['application/json']!.schema.$ref
    const payload = document.components.schemas[ref.replace('#/components/schemas/', '')]
    expect(payload.properties.type.enum).toEqual(['reminder.sent'])
    const object = payload.properties.data.properties.object.$ref.replace('#/components/schemas/', '')
    expect(document.components.schemas[object].properties.object.enum).toEqual(['reminder'])
  })

  it('carries examples captured on the sandbox that decode with the contracts', async () => {
    const endpoints = Endpoints as Record<string, EndpointContract>
    expect(Object.keys(OPERATION_EXAMPLES).length).toBeGreaterThanOrEqual(25)
    for (const [operationId, example] of Object.entries(OPERATION_EXAMPLES)) {
      const endpoint = endpoints[operationId]!
      if (endpoint.body !== undefined && example.request !== undefined)
        expect(Schema.decodeUnknownExit(endpoint.body as never)(example.request)._tag, operationId).toBe('Success')
      expect(Schema.decodeUnknownExit(endpoint.response as never)(example.response)._tag, operationId).toBe('Success')
    }
    // The wire answers as documented: each listed key carries livemode, like every list item.
    const keys = await api(test.sandbox, 'GET', '/v1/api_keys')
    expect(Schema.decodeUnknownExit(Endpoints.listApiKeys.response as never)(keys.body)._tag).toBe('Success')
    // The seeded users are the examples' people.
    const users = document.paths['/v1/users']!.get!.responses['200'].content['application/json'].example
    expect(users.data.map((user: { email: string }) => user.email)).toContain('ada.lovelace@sandbox.example')
  })
})

describe('GET /v1/openapi.json: cacheable (ETag, Cache-Control, 304) and limited per client address', () => {
  it('answers an ETag and Cache-Control; If-None-Match with it (strong, weak or *) is 304 without a body', async () => {
    const full = await fetch(`${test.sandbox}/v1/openapi.json`)
    expect(full.status).toBe(200)
    const etag = full.headers.get('etag')
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{16,}"$/)
    expect(full.headers.get('cache-control')).toMatch(/max-age=\d+/)
    expect((await full.json()).openapi).toMatch(/^3\.1/)
    for (const tag of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await fetch(`${test.sandbox}/v1/openapi.json`, { headers: { 'if-none-match': tag } })
      expect(cached.status, tag).toBe(304)
      expect(await cached.text()).toBe('')
      expect(cached.headers.get('etag')).toBe(etag)
      expect(cached.headers.get('cache-control')).toBe(full.headers.get('cache-control'))
    }
    const stale = await fetch(`${test.sandbox}/v1/openapi.json`, { headers: { 'if-none-match': '"stale"' } })
    expect(stale.status).toBe(200)
    expect(stale.headers.get('etag')).toBe(etag)
    await stale.arrayBuffer()
  })

  it('refuses an address beyond its limit with 429 in the envelope (Retry-After); another address is still served', async () => {
    // The proxy on loopback is trusted, so that X-Forwarded-For names two clients.
    const proxied = await startTestService({ TRUST_PROXY: '127.0.0.1' })
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address, 'if-none-match': '*' })
      let refused: Response | null = null
      for (let count = 0; count <= OPENAPI_DOCUMENT_LIMIT.requests && refused === null; count++) {
        const response = await fetch(`${proxied.sandbox}/v1/openapi.json`, { headers: from('203.0.113.1') })
        if (response.status === 429) refused = response
        else expect(response.status).toBe(304)
        expect(response.headers.get('x-ratelimit-limit')).toBe(String(OPENAPI_DOCUMENT_LIMIT.requests))
      }
      expect(refused).not.toBeNull()
      const body = await refused!.json()
      expect(body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' })
      expect(body.error.retry_after_seconds).toBeGreaterThan(0)
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(body.request_id).toMatch(/^req_/)
      const other = await fetch(`${proxied.sandbox}/v1/openapi.json`, { headers: from('203.0.113.2') })
      expect(other.status).toBe(304)
    } finally {
      await proxied.stop()
    }
  })
})
