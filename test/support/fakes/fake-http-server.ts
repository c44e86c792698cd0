import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeReply {
  readonly status: number
  /** JSON body; ignored when `rawBody` is set. */
  readonly body?: unknown
  readonly rawBody?: string
  readonly headers?: Readonly<Record<string, string>>
  /** Wait this long before answering (to provoke client timeouts). */
  readonly delayMs?: number
}

export interface RecordedRequest {
  readonly url: URL
  readonly headers: IncomingHttpHeaders
  readonly method: string
  /** The request body as text ('' for a GET). */
  readonly body: string
}

export type FakeHandler = (request: RecordedRequest) => FakeReply

/**
 * A local HTTP server on 127.0.0.1 (port 0) standing in for a provider.
 * `handler` answers like the real service; `replyNext` queues scripted replies
 * (errors, throttling, slow answers) that go out before the handler's.
 */
export class FakeHttpServer {
  readonly requests: RecordedRequest[] = []
  private readonly scripted: FakeReply[] = []
  private readonly pendingTimers = new Set<NodeJS.Timeout>()

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(handler: FakeHandler): Promise<FakeHttpServer> {
    let fake: FakeHttpServer | undefined
    const server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const recorded = {
          url: new URL(request.url ?? '/', 'http://127.0.0.1'),
          headers: request.headers,
          method: request.method ?? 'GET',
          body: Buffer.concat(chunks).toString('utf8'),
        }
        fake?.requests.push(recorded)
        const reply = fake?.scripted.shift() ?? handler(recorded)
        fake?.send(response, reply)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    fake = new FakeHttpServer(server, `http://127.0.0.1:${port}`)
    return fake
  }

  replyNext(...replies: FakeReply[]): void {
    this.scripted.push(...replies)
  }

  async close(): Promise<void> {
    for (const timer of this.pendingTimers) clearTimeout(timer)
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private send(response: ServerResponse, reply: FakeReply): void {
    const write = () => {
      const text = reply.rawBody ?? JSON.stringify(reply.body ?? null)
      response.writeHead(reply.status, {
        'content-type': reply.rawBody === undefined ? 'application/json; charset=utf-8' : 'text/plain',
        ...reply.headers,
      })
      response.end(text)
    }
    if (reply.delayMs === undefined) {
      write()
      return
    }
    const timer = setTimeout(() => {
      this.pendingTimers.delete(timer)
      if (!response.destroyed) write()
    }, reply.delayMs)
    this.pendingTimers.add(timer)
  }
}
