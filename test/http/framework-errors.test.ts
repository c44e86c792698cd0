import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES, type ErrorCodeName } from '../../contracts/errors.js'
import { parseRawResponse, parseRawResponses, type RawResponse, rawClient } from '../support/raw-http.js'
import { api, clients, LIVE_KEY, startTestService, TEST_KEY, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>

beforeAll(async () => {
  test = await startTestService()
  client = clients(test)
})
afterAll(() => test.stop())

interface Answer {
  readonly status: number
  readonly header: (name: string) => string | null | undefined
  // biome-ignore lint/suspicious/noExplicitAny: a JSON answer, checked field by field
  readonly body: any
}

/** The envelope, with the request id of the header, whatever produced the answer. */
const expectEnvelope = (answer: Answer, status: number, code: ErrorCodeName, rateLimited = true) => {
  expect(answer.status).toBe(status)
  expect(ERROR_CODES[code].status).toBe(status)
  expect(answer.header('content-type')).toMatch(/^application\/json/)
  expect(answer.body.error).toMatchObject({ type: ERROR_CODES[code].type, code })
  expect(typeof answer.body.error.message).toBe('string')
  expect(answer.body.request_id).toMatch(/^req_[0-9a-f]{24}$/)
  expect(answer.header('request-id')).toBe(answer.body.request_id)
  if (rateLimited) {
    expect(answer.header('x-ratelimit-limit')).toMatch(/^\d+$/)
    expect(answer.header('x-ratelimit-remaining')).toMatch(/^\d+$/)
    expect(answer.header('x-ratelimit-reset')).toMatch(/^\d+$/)
  }
}

const viaFetch = async (method: string, path: string, body?: unknown): Promise<Answer> => {
  const response = await client.sandbox(method, path, body === undefined ? {} : { body })
  return { status: response.status, header: (name) => response.headers.get(name), body: response.body }
}

const viaInject = async (method: 'GET' | 'POST' | 'DELETE', url: string): Promise<Answer> => {
  const response = await test.service.sandbox.inject({ method, url, headers: { authorization: `Bearer ${TEST_KEY}` } })
  return {
    status: response.statusCode,
    header: (name) => response.headers[name]?.toString(),
    body: response.json(),
  }
}

const viaRaw = (response: RawResponse): Answer => ({
  status: response.status,
  header: (name) => response.headers[name],
  body: response.body,
})

describe('Every answer carries the envelope, a request id and the rate-limit headers, whatever failed', () => {
  it('a path parameter longer than 100 characters reaches its route: 404 resource_missing, not a framework 414', async () => {
    for (const length of [101, 500, 5000]) {
      const id = `usr_${'a'.repeat(length)}`
      const fetched = await viaFetch('GET', `/v1/users/${id}`)
      expectEnvelope(fetched, 404, 'resource_missing')
      expect(fetched.body.error.param).toBe('id')
      expectEnvelope(await viaInject('DELETE', `/v1/users/${id}`), 404, 'resource_missing')
    }
    const event = `evt_${'b'.repeat(300)}`
    expectEnvelope(await viaFetch('GET', `/v1/events/${event}/departure`), 404, 'resource_missing')
  })

  it('a malformed percent-encoding in the path is 400 invalid_url', async () => {
    for (const path of ['/v1/users/%FF', '/v1/users/%E0%A4%A', '/v1/events/%C0%AF/departure', '/v1/users/abc%']) {
      expectEnvelope(await viaFetch('GET', path), 400, 'invalid_url')
      expectEnvelope(await viaInject('POST', path), 400, 'invalid_url')
    }
  })

  it('a malformed URL counts against the caller address, as an unauthenticated request does', async () => {
    const own = await startTestService({ RATE_LIMIT_REQUESTS: '2', RATE_LIMIT_WINDOW_MS: '600000' })
    try {
      const badUrl = async () => {
        const response = await api(own.sandbox, 'GET', '/v1/users/%FF')
        return { status: response.status, header: (name: string) => response.headers.get(name), body: response.body }
      }
      const first = await badUrl()
      expectEnvelope(first, 400, 'invalid_url')
      expect(first.header('x-ratelimit-remaining')).toBe('1')
      expectEnvelope(await badUrl(), 400, 'invalid_url')
      const refused = await badUrl()
      expectEnvelope(refused, 429, 'rate_limit_exceeded')
      expect(refused.header('retry-after')).toMatch(/^\d+$/)
    } finally {
      await own.stop()
    }
  })
})

describe('What the HTTP server refuses before there is a request is answered in the envelope, then the connection closes', () => {
  const exchange = async (bytes: string | Buffer) => {
    const raw = rawClient(test.sandbox)
    raw.socket.write(bytes)
    return raw.closed
  }

  it('headers over the 16 KiB limit: 431 headers_too_large', async () => {
    const text = await exchange(
      `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TEST_KEY}\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n`,
    )
    expectEnvelope(viaRaw(parseRawResponse(text)), 431, 'headers_too_large', false)
    expect(parseRawResponse(text).headers.connection).toBe('close')
  })

  it('a request line over the limit (a very long URL): 431 headers_too_large', async () => {
    const text = await exchange(`GET /v1/users/usr_${'u'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
    expectEnvelope(viaRaw(parseRawResponse(text)), 431, 'headers_too_large', false)
  })

  it('bytes that are not HTTP/1.1: 400 malformed_request', async () => {
    const broken = [
      'GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nNot a header line\r\n\r\n',
      'GET /v1/health HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n',
      'POST /v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]),
    ]
    for (const bytes of broken) {
      const text = await exchange(bytes)
      expectEnvelope(viaRaw(parseRawResponse(text)), 400, 'malformed_request', false)
    }
  })

  it('the connection of such a refusal is not reused, and other clients are served meanwhile', async () => {
    const refused = exchange('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nNot a header line\r\n\r\n')
    expect((await client.sandbox('GET', '/v1/health')).status).toBe(200)
    expect(parseRawResponses(await refused)).toHaveLength(1)
  })
})

describe('A request that arrives while the server closes is served, not answered with a framework 503', () => {
  it('serves a request pipelined behind one in flight when the close began, and closes the connection', async () => {
    const own = await startTestService()
    try {
      const server = own.service.live.server
      let closeBegan!: () => void
      const began = new Promise<void>((resolve) => (closeBegan = resolve))
      // Fastify stops accepting connections once its closing state is set: that moment is the one to wait for.
      const close = server.close.bind(server)
      server.close = ((callback?: (error?: Error) => void) => {
        closeBegan()
        return close(callback)
      }) as typeof server.close
      const raw = rawClient(own.live)
      const arrived = new Promise<void>((resolve) => server.once('request', () => resolve()))
      const body = JSON.stringify({ email: 'closing@example.com' })
      raw.socket.write(
        `POST /v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${LIVE_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      )
      await arrived
      const closed = own.service.live.close()
      await began
      raw.socket.write(
        `${body.slice(5)}GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${LIVE_KEY}\r\n\r\n`,
      )
      const [created, health] = parseRawResponses(await raw.closed)
      expect(created?.status).toBe(201)
      expect(health?.status).toBe(200)
      expect(health?.body).toMatchObject({ status: 'ok', request_id: health?.headers['request-id'] })
      expect(health?.headers.connection).toBe('close')
      await closed
    } finally {
      await own.stop()
    }
  })
})
