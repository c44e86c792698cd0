import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { MetricsPort } from '../core/ports/metrics.js'

/** What a scrape reads: the Prometheus adapter's text exposition. */
interface Exposition {
  exposition(): Promise<string>
  readonly contentType: string
}
const exposes = (metrics: MetricsPort): metrics is MetricsPort & Exposition =>
  'exposition' in metrics && typeof metrics.exposition === 'function'

export interface MetricsServer {
  readonly url: string
  close(): Promise<void>
}

/**
 * `GET /metrics` on a listener of its own (`METRICS_PORT`, on `HOST`), apart from both API surfaces: the figures
 * are the whole process's, so no account's key may read them; the operator keeps the port off the public network
 * (docs/operations.md). Everything else on it is a 404.
 */
export const startMetricsServer = async (metrics: MetricsPort, host: string, port: number): Promise<MetricsServer> => {
  if (!exposes(metrics)) throw new Error('METRICS_PORT is set but the metrics adapter has no exposition')
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n')
      return
    }
    metrics.exposition().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n'),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const address = server.address() as AddressInfo
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${shown}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
