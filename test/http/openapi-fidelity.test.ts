import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_VERSIONS, CURRENT_VERSION } from '../../contracts/versions.js'
import { WEBHOOK_EVENT_TYPES } from '../../core/webhooks/event-types.js'
import { api, clients, type ResponseJson, startTestService, type TestService } from '../support/service.js'
import { VoiceClient } from '../support/voice-client.js'

/**
 * Issue 29: the OpenAPI document says exactly what the server does. Every exchange below also goes through the
 * independent validator of `api()` (test/support/openapi-validator.ts), which fails the test on an answer the
 * document does not describe; the assertions here name each gap the issue listed.
 */

let test: TestService
let client: ReturnType<typeof clients>
let document: ResponseJson

beforeAll(async () => {
  test = await startTestService({ WORKER: 'false', RATE_LIMIT_REQUESTS: '100000' })
  client = clients(test)
  document = (await api(test.sandbox, 'GET', '/v1/openapi.json', { key: null })).body
})
afterAll(() => test.stop())

const HOUR = 3_600_000
let serial = 0
const newUser = async () =>
  (await client.sandbox('POST', '/v1/users', { body: { email: `fidelity${++serial}@example.com` } })).body.id as string
const newEvent = async (userId: string) => {
  const start = Date.now() + 48 * HOUR + ++serial * 60_000
  const created = await client.sandbox('POST', '/v1/events', {
    body: {
      user_id: userId,
      title: 'Review',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + HOUR).toISOString(),
      location: { name: 'Office', lat: 48.87, lng: 2.33 },
    },
  })
  expect(created.status).toBe(201)
  return created.body as ResponseJson
}

const operations = (): { id: string; security?: unknown[]; operation: ResponseJson }[] =>
  Object.entries(document.paths as Record<string, Record<string, ResponseJson>>).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      id: `${method.toUpperCase()} ${path}`,
      security: operation.security,
      operation,
    })),
  )
const keyed = () => operations().filter(({ security }) => security === undefined || security.length > 0)
const schemaOf = (ref: string) => document.components.schemas[ref.replace('#/components/schemas/', '')]

describe('every status the server answers is declared', () => {
  it('POST /v1/users: 201 when it creates the user, 200 with the existing one for a known e-mail', async () => {
    const email = `twice${++serial}@example.com`
    const created = await client.sandbox('POST', '/v1/users', { body: { email } })
    const again = await client.sandbox('POST', '/v1/users', { body: { email } })
    expect([created.status, again.status]).toEqual([201, 200])
    expect(again.body.id).toBe(created.body.id)
    expect(Object.keys(document.paths['/v1/users'].post.responses)).toEqual(expect.arrayContaining(['200', '201']))
  })

  it('POST /v1/events/{id}/reminders: 201 for a new reminder, 200 for an existing one', async () => {
    const event = await newEvent(await newUser())
    const path = `/v1/events/${event.id}/reminders`
    const first = await client.sandbox('POST', path, { body: { offset_minutes: 15 } })
    const second = await client.sandbox('POST', path, { body: { offset_minutes: 15 } })
    expect([first.status, second.status]).toEqual([201, 200])
  })

  it('an unknown Service-Account is a declared 404 on every keyed operation', async () => {
    const missing = await client.sandbox('GET', '/v1/users', { headers: { 'Service-Account': 'cpa_unknown' } })
    expect(missing.status).toBe(404)
    expect(missing.body.error).toMatchObject({ code: 'resource_missing', param: 'Service-Account' })
    const without = keyed().filter(
      ({ operation }) =>
        !Object.keys(operation.responses['404']?.content['application/json'].examples ?? {}).includes(
          'resource_missing',
        ),
    )
    expect(without.map(({ id }) => id)).toEqual([])
  })

  it('a 404 for an id in the body is declared: POST /v1/events for an unknown user, POST /v1/invitations', async () => {
    const start = Date.now() + 48 * HOUR
    const event = await client.sandbox('POST', '/v1/events', {
      body: {
        user_id: 'usr_unknown',
        title: 'Nobody',
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + HOUR).toISOString(),
      },
    })
    expect(event.status).toBe(404)
    const invitation = await client.sandbox('POST', '/v1/invitations', {
      body: { event_id: 'evt_unknown', attendees: [{ email: 'a@example.com' }] },
    })
    expect(invitation.status).toBe(404)
  })

  it('403 (permissions, allowlist), 409 (idempotency) and 429 are declared wherever the hooks can answer them', () => {
    for (const { id, operation } of keyed()) {
      expect(Object.keys(operation.responses), id).toEqual(expect.arrayContaining(['401', '403', '404', '429']))
      if (/^(POST|PATCH|DELETE) /.test(id)) expect(Object.keys(operation.responses), id).toContain('409')
    }
  })
})

describe('answers match their own schemas', () => {
  it('list items carry livemode: connected accounts, upcoming event health, calendars', async () => {
    await client.sandbox('POST', '/v1/connected_accounts', { body: { name: 'Bakery', email: 'bakery@example.com' } })
    const accounts = await client.sandbox('GET', '/v1/connected_accounts')
    expect(accounts.body.data.length).toBeGreaterThan(0)
    for (const item of accounts.body.data) expect(item.livemode).toBe(false)
    const user = await newUser()
    const start = Date.now() + 2 * HOUR
    await client.sandbox('POST', '/v1/events', {
      body: {
        user_id: user,
        title: 'Soon',
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + HOUR).toISOString(),
      },
    })
    const upcoming = await client.sandbox('GET', `/v1/events/health/upcoming?user_id=${user}`)
    expect(upcoming.body.data.length).toBe(1)
    expect(upcoming.body.data[0].livemode).toBe(false)
  })
})

describe('headers the server sends are declared', () => {
  it("POST /v1/events: the 201's Location names the new event, and the document declares it (required)", async () => {
    const event = await newEvent(await newUser())
    const again = await client.sandbox('GET', `/v1/events/${event.id}`)
    expect(again.status).toBe(200)
    const created = document.paths['/v1/events'].post.responses['201'].headers.Location
    expect(created).toMatchObject({ required: true, schema: { type: 'string' } })
    const answer = await client.sandbox('POST', '/v1/events', {
      body: { user_id: event.user_id, title: 'Another', start_time: event.start_time, end_time: event.end_time },
    })
    expect(answer.headers.get('location')).toBe(`/v1/events/${answer.body.id}`)
  })

  it('GET /v1/openapi.json: ETag and Cache-Control on 200, and the 304 of a current If-None-Match', async () => {
    const operation = document.paths['/v1/openapi.json'].get
    expect(Object.keys(operation.responses['200'].headers)).toEqual(expect.arrayContaining(['ETag', 'Cache-Control']))
    const first = await api(test.sandbox, 'GET', '/v1/openapi.json', { key: null })
    const etag = first.headers.get('etag')!
    const unchanged = await api(test.sandbox, 'GET', '/v1/openapi.json', {
      key: null,
      headers: { 'if-none-match': etag },
    })
    expect(unchanged.status).toBe(304)
    expect(Object.keys(operation.responses)).toContain('304')
  })

  it('every redirect declares its Location', () => {
    const redirects = operations().flatMap(({ id, operation }) =>
      Object.entries(operation.responses as Record<string, ResponseJson>)
        .filter(([status]) => ['301', '302', '303', '307'].includes(status))
        .map(([status, response]) => ({ at: `${id} ${status}`, location: response.headers?.Location })),
    )
    expect(redirects.length).toBeGreaterThan(5)
    expect(redirects.filter(({ location }) => location === undefined).map(({ at }) => at)).toEqual([])
  })
})

describe('request schemas are exactly as strict as the server', () => {
  const objectsOf = (schema: ResponseJson, seen = new Set<unknown>()): ResponseJson[] => {
    if (schema === null || typeof schema !== 'object' || seen.has(schema)) return []
    seen.add(schema)
    const resolved = typeof schema.$ref === 'string' ? schemaOf(schema.$ref) : schema
    const own = resolved.type === 'object' ? [resolved] : []
    return [...own, ...Object.values(resolved).flatMap((child) => objectsOf(child, seen))]
  }

  it('every object of every JSON request body refuses unknown properties, as the server does', async () => {
    // Two open bodies, each a protocol's own: Microsoft Graph's change notifications (Graph adds fields over time and
    // the server takes them) and an OAuth client's registration metadata (RFC 7591 2: metadata the server does not
    // use is ignored). The document says so (an object of any properties) instead of refusing them.
    const open = new Set(['POST /v1/connections/push/microsoft', 'POST /oauth/register'])
    const bodies = operations().flatMap(({ id, operation }) => {
      const schema = operation.requestBody?.content['application/json']?.schema
      return schema === undefined || open.has(id) ? [] : [{ id, schema }]
    })
    expect(
      operations()
        .filter(({ id }) => open.has(id))
        .map(({ id }) => id),
    ).toEqual([...open])
    expect(bodies.length).toBeGreaterThanOrEqual(49)
    for (const { id, schema } of bodies)
      for (const object of objectsOf(schema)) expect(object.additionalProperties, id).toBe(false)
    const refused = await client.sandbox('POST', '/v1/users', { body: { email: 'x@example.com', nickname: 'x' } })
    expect(refused.body.error).toMatchObject({ code: 'parameter_unknown', param: 'nickname' })
  })

  it('a body without fields is an empty JSON object, as its schema says; null, arrays and scalars are refused', async () => {
    const deactivate = document.paths['/v1/users/{id}/deactivate'].post.requestBody.content['application/json']
    expect(deactivate.schema).toEqual({ type: 'object', properties: {}, additionalProperties: false })
    const user = await newUser()
    for (const rawBody of ['null', '[]', '5']) {
      const refused = await client.sandbox('POST', `/v1/users/${user}/deactivate`, {
        rawBody,
        headers: { 'content-type': 'application/json' },
      })
      expect(refused.status, rawBody).toBe(400)
    }
    expect((await client.sandbox('POST', `/v1/users/${user}/deactivate`, { body: {} })).status).toBe(200)
  })

  it('fields say their format: date-time, email, uri', () => {
    const user = schemaOf('#/components/schemas/CreateUserRequest')
    expect(user.properties.email).toMatchObject({ type: 'string', format: 'email' })
    expect(schemaOf('#/components/schemas/User').properties.created_at).toMatchObject({ format: 'date-time' })
    const event = schemaOf('#/components/schemas/CreateEventRequest')
    expect(event.properties.start_time).toMatchObject({ type: 'string', format: 'date-time' })
    expect(JSON.stringify(document.components.schemas)).toContain('"format":"uri"')
  })

  it('a datetime without seconds or on a day the calendar lacks is refused, as date-time says', async () => {
    const user = await newUser()
    for (const start_time of ['2030-06-01T09:00Z', '2030-02-30T09:00:00Z']) {
      const refused = await client.sandbox('POST', '/v1/events', {
        body: { user_id: user, title: 'x', start_time, end_time: '2030-06-01T10:00:00Z' },
      })
      expect(refused.status, start_time).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'start_time' })
    }
  })

  it('limit is an integer in every list operation', async () => {
    const limits = operations().flatMap(({ id, operation }) =>
      (operation.parameters ?? [])
        .filter((parameter: ResponseJson) => parameter.name === 'limit')
        .map((parameter: ResponseJson) => ({ id, schema: parameter.schema })),
    )
    expect(limits.length).toBeGreaterThanOrEqual(12)
    for (const { id, schema } of limits) expect(schema, id).toMatchObject({ type: 'integer', minimum: 1 })
    expect((await client.sandbox('GET', '/v1/users?limit=2')).body.data.length).toBeLessThanOrEqual(2)
  })
})

describe('hosted pages', () => {
  it('declare their form bodies, and a wrong token answers the HTML page the document declares', async () => {
    for (const path of ['/hosted/invitations/{id}/respond', '/hosted/invitations/{id}/unsubscribe']) {
      const post = document.paths[path].post
      expect(Object.keys(post.requestBody.content)).toEqual(['application/x-www-form-urlencoded'])
      expect(schemaOf(post.requestBody.content['application/x-www-form-urlencoded'].schema.$ref).required).toContain(
        'token',
      )
      expect(Object.keys(post.responses['404'].content)).toEqual(['text/html'])
      expect(Object.keys(document.paths[path].get.responses['404'].content)).toEqual(['text/html'])
    }
    const page = await api(test.sandbox, 'POST', '/hosted/invitations/inv_unknown/respond', {
      key: null,
      rawBody: 'token=wrong&status=accepted',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(page.status).toBe(404)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const link = await api(test.sandbox, 'GET', '/hosted/invitations/inv_unknown/unsubscribe?token=wrong', {
      key: null,
    })
    expect([link.status, link.headers.get('content-type')?.split(';')[0]]).toEqual([404, 'text/html'])
  })
})

describe('older versions are described', () => {
  it('serves the document of a pinned version, by ?version= or Service-Version, with the changelog', async () => {
    const older = await api(test.sandbox, 'GET', '/v1/openapi.json?version=2026-03-04', { key: null })
    expect(older.body.info.version).toBe('2026-03-04')
    expect(older.headers.get('service-version')).toBe('2026-03-04')
    const monitoring = older.body.components.schemas.Event.properties.monitoring
    expect(Object.keys(monitoring.properties)).not.toContain('traffic_level')
    expect(Object.keys(document.components.schemas.Event.properties.monitoring.properties)).toContain('traffic_level')
    const byHeader = await api(test.sandbox, 'GET', '/v1/openapi.json', {
      key: null,
      headers: { 'Service-Version': '2025-12-09' },
    })
    expect(byHeader.body.info.version).toBe('2025-12-09')
    expect(Object.keys(byHeader.body.paths['/v1/events'].post.responses)).toContain('200')
    expect(Object.keys(byHeader.body.paths['/v1/events'].post.responses)).not.toContain('201')
    expect(document.info.version).toBe(CURRENT_VERSION)
    for (const version of API_VERSIONS) expect(document.info.description).toContain(version)
    expect(document.info.description).toContain('traffic_level')
    const unknown = await api(test.sandbox, 'GET', '/v1/openapi.json?version=1999-01-01', { key: null })
    expect(unknown.status).toBe(400)
  })

  it('a caller pinned to an older version gets answers its document describes', async () => {
    const user = await newUser()
    const start = Date.now() + 48 * HOUR
    const created = await client.sandbox('POST', '/v1/events', {
      headers: { 'Service-Version': '2025-12-09' },
      body: {
        user_id: user,
        title: 'Old client',
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + HOUR).toISOString(),
        location: { name: 'Office', lat: 48.87, lng: 2.33 },
      },
    })
    expect(created.status).toBe(200)
    expect(created.body.monitoring).not.toHaveProperty('traffic_level')
  })
})

describe('discovery and browser requests outside the API', () => {
  it('/.well-known/openid-configuration and /favicon.ico answer 404 without a key', async () => {
    for (const path of ['/.well-known/openid-configuration', '/favicon.ico']) {
      const response = await api(test.sandbox, 'GET', path, { key: null })
      expect(response.status, path).toBe(404)
      expect(response.body.error.code).toBe('route_not_found')
    }
    // Inside the API, an unknown route still wants a key first.
    expect((await api(test.sandbox, 'GET', '/v1/nothing_here', { key: null })).status).toBe(401)
  })

  it('docs/connect.md says discovery is RFC 8414', () => {
    const connect = readFileSync(new URL('../../docs/connect.md', import.meta.url), 'utf8')
    expect(connect).toContain('/.well-known/openid-configuration')
    expect(connect).toMatch(/Discovery is RFC 8414/)
  })
})

describe('docs/webhooks.md lists every event type the service delivers, once', () => {
  it('names each type in exactly one row of its table', () => {
    const text = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8')
    const table = text.slice(text.indexOf('## Event types'), text.indexOf('## The notification'))
    const listed = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((match) => match[1]))
    expect([...listed].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort())
  })
})

describe('the voice channel', () => {
  /** A handshake to the voice WebSocket, answered in HTTP (a refusal): its status, Request-Id and body. */
  const handshake = (url: string) =>
    new Promise<{ status: number; requestId: string | undefined; body: ResponseJson }>((resolve, reject) => {
      const request = httpRequest(url, {
        headers: {
          Connection: 'Upgrade',
          Upgrade: 'websocket',
          'Sec-WebSocket-Version': '13',
          'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      })
      request.on('response', (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString()
        })
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            requestId: response.headers['request-id'] as string | undefined,
            body: JSON.parse(text),
          }),
        )
      })
      request.on('upgrade', () => reject(new Error('the handshake was accepted')))
      request.on('error', reject)
      request.end()
    })

  it('a refused handshake carries a request id, in the body and as Request-Id', async () => {
    const base = test.sandbox
    for (const path of ['/v1/voice/ws?token=not-a-token', '/v1/voice/ws', '/v1/voice/elsewhere']) {
      const refused = await handshake(`${base}${path}`)
      expect(refused.status, path).toBeGreaterThanOrEqual(400)
      expect(refused.requestId, path).toMatch(/^req_\w+$/)
      expect(refused.body.request_id, path).toBe(refused.requestId)
    }
  })

  it("a session's tool_calls are counted when it ends by session.end or by the API", async () => {
    const user = await newUser()
    for (const how of ['session.end', 'api'] as const) {
      const created = await client.sandbox('POST', '/v1/voice/sessions', { body: { user_id: user } })
      const voice = await VoiceClient.connect(created.body.websocket_url, created.body.client_secret.value)
      await voice.nextOfType('session.ready')
      expect((await voice.call('get_user')).type).toBe('tool.result')
      expect((await voice.call('get_user')).type).toBe('tool.result')
      if (how === 'session.end') voice.send({ type: 'session.end' })
      else await client.sandbox('POST', `/v1/voice/sessions/${created.body.id}/end`, { body: {} })
      await voice.closed
      // The count is written as the connection closes: read until it is there (a bounded wait on real work).
      let session: ResponseJson
      for (let attempt = 0; attempt < 100; attempt++) {
        session = (await client.sandbox('GET', `/v1/voice/sessions/${created.body.id}`)).body
        if (session.tool_calls > 0) break
        await new Promise((resolve) => setImmediate(resolve))
      }
      expect(session!.status, how).toBe('ended')
      expect(session!.tool_calls, how).toBe(2)
    }
  })
})
