import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import type { WebhookRequest, WebhookResponse, WebhookTransportPort } from '../../../core/ports/webhook-transport.js'

/** How much of a receiver's answer is read before the connection is let go. */
const MAX_RESPONSE_BYTES = 64 * 1024

/**
 * POSTs over node's http/https with keep-alive. It connects only to the
 * addresses the URL policy approved (the lookup is pinned), follows no
 * redirect, and gives up after the timeout, whatever the receiver does.
 */
export class HttpWebhookTransport implements WebhookTransportPort {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 16 })
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 16 })

  constructor(private readonly now: () => number = () => performance.now()) {}

  send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = this.now()
    const elapsed = () => Math.round(this.now() - started)
    const secure = request.url.protocol === 'https:'
    const pinned = request.addresses[0]
    if (pinned === undefined)
      return Promise.resolve({
        outcome: { kind: 'connection_error' },
        durationMs: 0,
        error: 'No checked address to connect to.',
      })
    const family = isIP(pinned)
    const lookupPinned: LookupFunction = (_host, options, callback) => {
      if (options.all === true)
        (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
          { address: pinned, family },
        ])
      else callback(null, pinned, family)
    }
    return new Promise((resolve) => {
      let settled = false
      const finish = (response: WebhookResponse) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve(response)
      }
      const outgoing = (secure ? https : http).request(request.url, {
        method: 'POST',
        agent: secure ? this.httpsAgent : this.httpAgent,
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
        lookup: lookupPinned,
      })
      const timer = setTimeout(() => {
        outgoing.destroy()
        finish({
          outcome: { kind: 'timeout' },
          durationMs: elapsed(),
          error: `No answer within ${request.timeoutMs} ms.`,
        })
      }, request.timeoutMs)
      outgoing.on('response', (incoming) => {
        let read = 0
        incoming.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > MAX_RESPONSE_BYTES) incoming.destroy()
        })
        const done = () =>
          finish({
            outcome: { kind: 'response', statusCode: incoming.statusCode ?? 0 },
            durationMs: elapsed(),
            error: null,
          })
        incoming.on('end', done)
        incoming.on('close', done)
        incoming.on('error', done)
      })
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        finish({ outcome: { kind: 'connection_error' }, durationMs: elapsed(), error: error.code ?? error.message })
      })
      outgoing.end(request.body)
    })
  }

  close(): void {
    this.httpAgent.destroy()
    this.httpsAgent.destroy()
  }
}
