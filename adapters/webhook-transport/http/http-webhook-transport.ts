import { isIP, type LookupFunction } from 'node:net'
import { Pool, type Dispatcher } from 'undici'
import type { WebhookRequest, WebhookResponse, WebhookTransportPort } from '../../../core/ports/webhook-transport.js'

/** How much of a receiver's answer is read before the connection is let go. */
const MAX_RESPONSE_BYTES = 64 * 1024

/** Keep-alive connections to one origin at one checked address (above the dispatcher's per-endpoint concurrency). */
const CONNECTIONS_PER_ORIGIN = 16

/** A lookup that answers with the one checked address, whatever the host name says (DNS rebinding). */
const pinnedLookup = (address: string): LookupFunction => {
  const family = isIP(address)
  return (_host, options, callback) => {
    if (options.all === true)
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ])
    else callback(null, address, family)
  }
}

/**
 * What the delivery log keeps of a failure: the system error's code as node reports it. undici names a connection
 * that the receiver closed before answering `UND_ERR_SOCKET` where node's http said `ECONNRESET` (socket hang up).
 */
const errorCode = (error: Error): string => {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'UND_ERR_SOCKET') return 'ECONNRESET'
  return code ?? error.message
}

/**
 * One attempt as undici's dispatch handler: the outcome is settled once, by the first of the answer's end, a
 * failure, or the deadline (the timer is the caller's).
 */
class Attempt implements Dispatcher.DispatchHandler {
  private statusCode = 0
  private read = 0
  private settled = false
  controller: Dispatcher.DispatchController | null = null
  timer: NodeJS.Timeout | undefined

  constructor(
    private readonly started: number,
    private readonly now: () => number,
    private readonly resolve: (response: WebhookResponse) => void,
  ) {}

  finish(response: WebhookResponse): void {
    if (this.settled) return
    this.settled = true
    clearTimeout(this.timer)
    this.resolve(response)
  }

  elapsed(): number {
    return Math.round(this.now() - this.started)
  }

  /** The receiver's answer counts from its status line on; what follows only ends the attempt. */
  private answered(): void {
    this.finish({ outcome: { kind: 'response', statusCode: this.statusCode }, durationMs: this.elapsed(), error: null })
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller
    if (this.settled) controller.abort(new Error('webhook attempt timed out'))
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    this.statusCode = statusCode
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.read += chunk.length
    if (this.read > MAX_RESPONSE_BYTES) {
      this.answered()
      controller.abort(new Error('webhook answer too large'))
    }
  }

  onResponseEnd(): void {
    this.answered()
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.statusCode !== 0) {
      this.answered()
      return
    }
    this.finish({
      outcome: { kind: 'connection_error' },
      durationMs: this.elapsed(),
      error: errorCode(error),
    })
  }
}

/**
 * POSTs with undici over keep-alive connections, one pool per origin and
 * checked address: it connects only to the addresses the URL policy approved
 * (the lookup is pinned, and a connection is reused only for the address it was
 * made to), follows no redirect, and gives up after the timeout, whatever the
 * receiver does.
 */
export class HttpWebhookTransport implements WebhookTransportPort {
  private readonly pools = new Map<string, Pool>()

  constructor(private readonly now: () => number = () => performance.now()) {}

  send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = this.now()
    const pinned = request.addresses[0]
    if (pinned === undefined)
      return Promise.resolve({
        outcome: { kind: 'connection_error' },
        durationMs: 0,
        error: 'No checked address to connect to.',
      })
    const url = request.url
    return new Promise((resolve) => {
      const attempt = new Attempt(started, this.now, resolve)
      attempt.timer = setTimeout(() => {
        attempt.finish({
          outcome: { kind: 'timeout' },
          durationMs: attempt.elapsed(),
          error: `No answer within ${request.timeoutMs} ms.`,
        })
        attempt.controller?.abort(new Error('webhook attempt timed out'))
      }, request.timeoutMs)
      try {
        this.poolFor(url.origin, pinned).dispatch(
          {
            origin: url.origin,
            path: `${url.pathname}${url.search}`,
            method: 'POST',
            headers: request.headers,
            body: request.body,
          },
          attempt,
        )
      } catch (error) {
        attempt.finish({
          outcome: { kind: 'connection_error' },
          durationMs: attempt.elapsed(),
          error: error instanceof Error ? error.message : String(error),
        })
      }
    })
  }

  /** The keep-alive pool of an origin at one address; dropped once its last connection closes. */
  private poolFor(origin: string, address: string): Pool {
    const key = `${address} ${origin}`
    const existing = this.pools.get(key)
    if (existing !== undefined) return existing
    // The attempt's own timer is its only deadline (connect, headers and body together), as with node's http.
    const pool = new Pool(origin, {
      connections: CONNECTIONS_PER_ORIGIN,
      connect: { lookup: pinnedLookup(address), timeout: 0 },
      headersTimeout: 0,
      bodyTimeout: 0,
    })
    let connected = 0
    const dropIfUnused = () => {
      if (connected > 0 || this.pools.get(key) !== pool) return
      this.pools.delete(key)
      void pool.close().catch(() => {})
    }
    pool.on('connect', () => {
      connected += 1
    })
    pool.on('disconnect', () => {
      connected -= 1
      dropIfUnused()
    })
    pool.on('connectionError', dropIfUnused)
    this.pools.set(key, pool)
    return pool
  }

  close(): void {
    for (const pool of this.pools.values()) void pool.destroy().catch(() => {})
    this.pools.clear()
  }
}
