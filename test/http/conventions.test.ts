import { Agent, request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../contracts/errors.js'
import { API_VERSIONS } from '../../contracts/versions.js'
import {
  api,
  clients,
  LIVE_KEY,
  type ResponseJson,
  startTestService,
  TEST_KEY,
  type TestService,
} from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>

beforeAll(async () => {
  test = await startTestService()
  client = clients(test)
})
afterAll(() => test.stop())

const expectEnvelope = (body: ResponseJson, code: keyof typeof ERROR_CODES, param?: string) => {
  expect(body.error.code).toBe(code)
  expect(body.error.type).toBe(ERROR_CODES[code].type)
  expect(typeof body.error.message).toBe('string')
  expect(body.request_id).toMatch(/^req_/)
  if (param !== undefined) expect(body.error.param).toBe(param)
}

describe('Authentication: invalid or wrong-surface key gives 401 authentication_failed', () => {
  it('refuses a request without a key', async () => {
    const response = await api(test.sandbox, 'GET', '/v1/health', { key: null })
    expect(response.status).toBe(401)
    expectEnvelope(response.body, 'authentication_failed')
  })

  it('refuses an unknown key and a malformed one', async () => {
    for (const key of ['sk_test_doesnotexist123', 'pk_test_abc', 'garbage']) {
      const response = await api(test.sandbox, 'GET', '/v1/health', { key })
      expect(response.status).toBe(401)
      expectEnvelope(response.body, 'authentication_failed')
    }
  })

  it('refuses a test key on production and a live key on the sandbox', async () => {
    expect((await api(test.live, 'GET', '/v1/health', { key: TEST_KEY })).status).toBe(401)
    expect((await api(test.sandbox, 'GET', '/v1/health', { key: LIVE_KEY })).status).toBe(401)
    expect((await api(test.live, 'GET', '/v1/health', { key: LIVE_KEY })).status).toBe(200)
  })

  it('refuses a revoked key', async () => {
    const { accounts, accountRepository } = test.service.application
    const [account] = await accountRepository.listAccounts()
    const issued = await accounts.issueKey(account!.id, 'test')
    if (!issued.ok) throw new Error('issue failed')
    expect((await api(test.sandbox, 'GET', '/v1/health', { key: issued.value.secret })).status).toBe(200)
    await accounts.revokeKey(issued.value.record.id)
    expect((await api(test.sandbox, 'GET', '/v1/health', { key: issued.value.secret })).status).toBe(401)
  })

  it('checks every request of a keep-alive connection: another key, a revoked key and a bad key are each told apart', async () => {
    const { accounts, accountRepository } = test.service.application
    const [account] = await accountRepository.listAccounts()
    const first = await accounts.issueKey(account!.id, 'test')
    const second = await accounts.issueKey(account!.id, 'test')
    if (!first.ok || !second.ok) throw new Error('issue failed')
    // One socket for every request, so that whatever the server remembers per connection is exercised.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const sockets = new Set<unknown>()
    const status = (secret: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          `${test.sandbox}/v1/health`,
          { agent, headers: { authorization: `Bearer ${secret}` } },
          (response) => {
            response.resume()
            response.on('end', () => resolve(response.statusCode ?? 0))
          },
        )
        request.on('socket', (socket) => sockets.add(socket))
        request.on('error', reject)
        request.end()
      })
    try {
      expect(await status(first.value.secret)).toBe(200)
      expect(await status(second.value.secret)).toBe(200)
      expect(await status(first.value.secret)).toBe(200)
      await accounts.revokeKey(first.value.record.id)
      expect(await status(first.value.secret)).toBe(401)
      expect(await status(second.value.secret)).toBe(200)
      expect(await status(`${second.value.secret}x`)).toBe(401)
      expect(await status(first.value.secret)).toBe(401)
      expect(sockets.size).toBe(1)
    } finally {
      agent.destroy()
    }
  })

  it('stores keys hashed, never in clear', async () => {
    const keys = await test.service.application.accountRepository.listKeys(
      (await test.service.application.accountRepository.listAccounts())[0]!.id,
    )
    expect(JSON.stringify(keys)).not.toContain(TEST_KEY)
    expect(keys.every((key) => /^[0-9a-f]{64}$/.test(key.hash))).toBe(true)
  })
})

describe('Request ids: every response carries Request-Id; bodies carry request_id and livemode', () => {
  it('adds them to successes and errors alike', async () => {
    const ok = await client.sandbox('GET', '/v1/health')
    expect(ok.headers.get('request-id')).toMatch(/^req_/)
    expect(ok.body.request_id).toBe(ok.headers.get('request-id'))
    expect(ok.body.livemode).toBe(false)
    const live = await client.live('GET', '/v1/health')
    expect(live.body.livemode).toBe(true)
    const error = await client.sandbox('GET', '/v1/nowhere')
    expect(error.headers.get('request-id')).toBe(error.body.request_id)
  })
})

describe('Health: GET /v1/health', () => {
  it('answers status and the current version', async () => {
    const response = await client.sandbox('GET', '/v1/health')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ status: 'ok', version: '2026-05-20' })
  })
})

describe('Error envelope: malformed input is a 4xx envelope, never a 5xx', () => {
  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await client.sandbox('POST', '/v1/users', {
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status).toBe(400)
    expectEnvelope(response.body, 'invalid_json')
  })

  it('answers a non-JSON content type with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await client.sandbox('POST', '/v1/users', {
        rawBody: 'email=a@b.c',
        headers: { 'content-type': type },
      })
      expect(response.status).toBe(415)
      expectEnvelope(response.body, 'unsupported_media_type')
    }
  })

  it('answers an oversized body with 413', async () => {
    const response = await client.sandbox('POST', '/v1/users', {
      body: { email: 'big@example.com', display_name: 'x'.repeat(1_100_000) },
    })
    expect(response.status).toBe(413)
    expectEnvelope(response.body, 'body_too_large')
  })

  it('answers an unknown route with 404 route_not_found and a wrong method with 405 and Allow', async () => {
    const missing = await client.sandbox('GET', '/v1/nothing/here')
    expect(missing.status).toBe(404)
    expectEnvelope(missing.body, 'route_not_found')
    const wrongMethod = await client.sandbox('PUT', '/v1/users/usr_123')
    expect(wrongMethod.status).toBe(405)
    expectEnvelope(wrongMethod.body, 'method_not_allowed')
    expect(wrongMethod.headers.get('allow')).toContain('PATCH')
  })

  it('answers a JSON array or scalar body with 400 naming the body', async () => {
    const response = await client.sandbox('POST', '/v1/users', { body: [1, 2] })
    expect(response.status).toBe(400)
    expectEnvelope(response.body, 'parameter_invalid')
  })
})

describe('Versioning: Service-Version selects a dated version', () => {
  it('echoes the account pinned version when the header is absent', async () => {
    const response = await client.sandbox('GET', '/v1/health')
    expect(response.headers.get('service-version')).toBe('2026-05-20')
  })

  it('accepts every version of the change history and echoes it', async () => {
    for (const version of API_VERSIONS) {
      const response = await client.sandbox('GET', '/v1/health', { headers: { 'service-version': version } })
      expect(response.status).toBe(200)
      expect(response.headers.get('service-version')).toBe(version)
    }
  })

  it('refuses an unknown date with 400 naming Service-Version', async () => {
    for (const version of ['2024-01-01', 'latest', '2026-05-21']) {
      const response = await client.sandbox('GET', '/v1/health', { headers: { 'service-version': version } })
      expect(response.status).toBe(400)
      expectEnvelope(response.body, 'invalid_api_version', 'Service-Version')
    }
  })
})

describe('OpenAPI document and reference page', () => {
  it('serves an OpenAPI 3.1 document generated from the contracts', async () => {
    const response = await api(test.sandbox, 'GET', '/v1/openapi.json', { key: null })
    expect(response.status).toBe(200)
    expect(response.body.openapi).toBe('3.1.0')
    const create = response.body.paths['/v1/users'].post
    const ref: string = create.requestBody.content['application/json'].schema.$ref
    const requestSchema = response.body.components.schemas[ref.replace('#/components/schemas/', '')]
    expect(requestSchema.required).toEqual(['email'])
    expect(requestSchema.properties.default_travel_mode.enum).toEqual(['drive', 'walk', 'transit'])
    expect(Object.keys(response.body.components.schemas)).toContain('User')
  })

  it('describes list items as they are sent (request_id on the list, not on each item) and delete answers with deleted', async () => {
    const { paths, components } = (await api(test.sandbox, 'GET', '/v1/openapi.json', { key: null })).body
    const list = paths['/v1/users'].get.responses['200'].content['application/json'].schema
    expect(list.required).toContain('request_id')
    const item = components.schemas[list.properties.data.items.$ref.replace('#/components/schemas/', '')]
    expect(item.properties.request_id).toBeUndefined()
    expect(item.required).toContain('livemode')
    expect(components.schemas.User.required).toContain('request_id')
    const sent = (await client.sandbox('GET', '/v1/users?limit=1')).body
    expect(sent.data[0].request_id).toBeUndefined()
    expect(Object.keys(sent.data[0]).sort()).toEqual(Object.keys(item.properties).sort())
    const deleted = paths['/v1/users/{id}'].delete.responses['200'].content['application/json'].schema
    expect(deleted.properties.deleted.enum).toEqual([true])
    expect(deleted.required).toContain('deleted')
  })

  it('renders the reference at /docs as HTML from this process, its script included', async () => {
    const response = await fetch(`${test.sandbox}/docs`)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    expect(html).toContain('/v1/openapi.json')
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/)
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    const script = await fetch(`${test.sandbox}/docs/js/scalar.js`)
    expect(script.status).toBe(200)
  })
})
