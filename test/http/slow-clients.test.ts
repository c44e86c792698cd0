import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseRawResponse, parseRawResponses, type RawClient, rawClient } from '../support/raw-http.js'
import { api, startTestService, TEST_KEY, type TestService } from '../support/service.js'

// Shorter limits than the defaults (10 s, 30 s, 5 s) so that the suite waits less, yet long enough that a normal
// client is never cut off when the event loop of the test process (which also runs the MongoDB test peer) stalls.
let test: TestService
beforeAll(async () => {
  test = await startTestService({
    HTTP_HEADERS_TIMEOUT_MS: '2000',
    HTTP_REQUEST_TIMEOUT_MS: '4000',
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
  })
})
afterAll(() => test.stop())

/** Writes `chunk` every 50 ms until the connection closes: a client that is slow, not silent (no idle timeout fires). */
const trickle = (raw: RawClient, chunk: string): void => {
  const timer = setInterval(() => raw.socket.write(chunk), 50)
  raw.socket.once('close', () => clearInterval(timer))
}

const expectTimedOut = (text: string) => {
  const response = parseRawResponse(text)
  expect(response.status).toBe(408)
  expect(response.body?.error).toMatchObject({ type: 'invalid_request_error', code: 'request_timeout' })
  expect(response.body?.request_id).toMatch(/^req_/)
  expect(response.headers['request-id']).toBe(response.body?.request_id)
  expect(response.headers.connection).toBe('close')
}

const health = () => api(test.sandbox, 'GET', '/v1/health')

describe('Slow clients: headers and the whole request are due within their timeouts, then the connection is closed', () => {
  it('cuts off a client sending its headers a byte at a time, while another client is served', async () => {
    const slow = rawClient(test.sandbox)
    await slow.connected
    slow.socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
    trickle(slow, 'a')
    expect((await health()).status).toBe(200)
    expectTimedOut(await slow.closed)
  })

  it('cuts off a client that never finishes its body, while another client is served', async () => {
    const slow = rawClient(test.sandbox)
    await slow.connected
    slow.socket.write(
      `POST /v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TEST_KEY}\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"email":`,
    )
    trickle(slow, ' ')
    expect((await health()).status).toBe(200)
    expectTimedOut(await slow.closed)
  })

  it('cuts off a client that connects and sends nothing', async () => {
    const silent = rawClient(test.sandbox)
    await silent.connected
    expect((await health()).status).toBe(200)
    expectTimedOut(await silent.closed)
  })

  it('closes a keep-alive connection left idle after its answer', async () => {
    const idle = rawClient(test.sandbox)
    idle.socket.write(`GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`)
    const text = await idle.closed
    const responses = parseRawResponses(text)
    expect(responses).toHaveLength(1)
    expect(responses[0]?.status).toBe(200)
    expect(responses[0]?.headers.connection).toBe('keep-alive')
  })
})

describe('Connections: each surface holds at most HTTP_MAX_CONNECTIONS at once', () => {
  it('closes connections beyond the cap as they arrive; those within it are served', async () => {
    const capped = await startTestService({ HTTP_MAX_CONNECTIONS: '2' })
    const open: RawClient[] = []
    try {
      const request = `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`
      // Two keep-alive connections, each answered: both are held by the server.
      for (let index = 0; index < 2; index++) {
        const raw = rawClient(capped.sandbox)
        open.push(raw)
        raw.socket.write(request)
        expect(parseRawResponse(await raw.until('"status":"ok"')).status).toBe(200)
      }
      const beyond = rawClient(capped.sandbox)
      open.push(beyond)
      beyond.socket.write(request)
      expect(await beyond.closed).toBe('')
      // The two within the cap are still served.
      const [first] = open
      if (first === undefined) throw new Error('no connection within the cap')
      const before = first.received().length
      first.socket.write(request)
      const again = await first.until('"status":"ok"', before)
      expect(parseRawResponse(again.slice(before)).status).toBe(200)
    } finally {
      for (const raw of open) raw.socket.destroy()
      await capped.stop()
    }
  })
})

describe('Connections per address: one address holds at most HTTP_MAX_CONNECTIONS_PER_ADDRESS, everyone else is served', () => {
  const request = `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`

  /** Resolves once `count` of the clients are closed. */
  const closedCount = (clients: readonly RawClient[], count: number): Promise<void> =>
    new Promise((resolve) => {
      let closed = 0
      for (const client of clients)
        void client.closed.then(() => {
          closed++
          if (closed === count) resolve()
        })
    })

  it('one address opening 20 idle connections keeps 5; another client is served meanwhile, and so are the 5', async () => {
    // The held connections stay silent until the end: a headers timeout far longer than the test.
    const capped = await startTestService({
      HTTP_MAX_CONNECTIONS: '20',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '5',
      HTTP_HEADERS_TIMEOUT_MS: '120000',
      HTTP_REQUEST_TIMEOUT_MS: '120000',
    })
    expect((await api(capped.sandbox, 'GET', '/v1/health')).status).toBe(200)
    const flood = Array.from({ length: 20 }, () => rawClient(capped.sandbox, { localAddress: '127.0.0.2' }))
    try {
      const beyondClosed = closedCount(flood, 15)
      await Promise.all(flood.map((raw) => raw.connected))
      // Another address (127.0.0.1) connects after the 20 and is served while 127.0.0.2 holds its five.
      for (let index = 0; index < 3; index++) {
        const served = await api(capped.sandbox, 'GET', '/v1/health')
        expect(served.status).toBe(200)
      }
      await beyondClosed
      const held = flood.filter((raw) => !raw.socket.destroyed)
      expect(held).toHaveLength(5)
      for (const raw of held) {
        raw.socket.write(request)
        expect(parseRawResponse(await raw.until('"status":"ok"')).status).toBe(200)
      }
      // Closed as they arrived: nothing was read from them, nothing answered.
      for (const raw of flood.filter((candidate) => !held.includes(candidate))) expect(await raw.closed).toBe('')
    } finally {
      for (const raw of flood) raw.socket.destroy()
      await capped.stop()
    }
  })

  it('does not limit a trusted proxy (TRUST_PROXY) by its socket address: its connections carry many clients', async () => {
    const proxied = await startTestService({
      HTTP_MAX_CONNECTIONS: '20',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2',
      TRUST_PROXY: '127.0.0.2',
    })
    const proxy = Array.from({ length: 4 }, () => rawClient(proxied.sandbox, { localAddress: '127.0.0.2' }))
    try {
      for (const [index, raw] of proxy.entries()) {
        raw.socket.write(request.replace('\r\n\r\n', `\r\nX-Forwarded-For: 203.0.113.${index + 1}\r\n\r\n`))
        expect(parseRawResponse(await raw.until('"status":"ok"')).status).toBe(200)
      }
    } finally {
      for (const raw of proxy) raw.socket.destroy()
      await proxied.stop()
    }
  })
})
