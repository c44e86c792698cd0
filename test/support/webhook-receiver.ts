import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { constructWebhookEvent, type WebhookNotification } from '../../contracts/webhooks/verify.js'

export interface ReceivedWebhook {
  readonly rawBody: string
  readonly headers: IncomingHttpHeaders
  readonly path: string
}

/**
 * What the receiver does with the next request: answer with a status, redirect, hang until closed, or hold it until
 * `release` answers every held request.
 */
export type ReceiverBehaviour =
  | { readonly status: number; readonly location?: string }
  | { readonly hang: true }
  | { readonly hold: true }

/**
 * A real HTTP receiver on 127.0.0.1 that records each delivery's raw body, as
 * integrators' servers do, and answers as `behave` says (fault injection).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = []
  behave: (request: ReceivedWebhook) => ReceiverBehaviour = () => ({ status: 200 })
  inFlight = 0
  maxInFlight = 0
  /** Requests held (`{ hold: true }`), waiting for `release`. */
  private readonly held: ((status: number) => void)[] = []
  private readonly sockets = new Set<Socket>()
  private readonly waiters: { count: number; resolve: () => void }[] = []

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(path = '/webhooks'): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | undefined
    const server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const self = receiver!
        const delivery = {
          rawBody: Buffer.concat(chunks).toString('utf8'),
          headers: request.headers,
          path: request.url ?? '/',
        }
        self.received.push(delivery)
        self.inFlight += 1
        self.maxInFlight = Math.max(self.maxInFlight, self.inFlight)
        response.on('close', () => {
          self.inFlight -= 1
        })
        for (const waiter of self.waiters.filter((candidate) => self.received.length >= candidate.count)) {
          self.waiters.splice(self.waiters.indexOf(waiter), 1)
          waiter.resolve()
        }
        const behaviour = self.behave(delivery)
        if ('hang' in behaviour) return
        if ('hold' in behaviour) {
          self.held.push((status) => {
            response.writeHead(status)
            response.end('ok')
          })
          return
        }
        response.writeHead(behaviour.status, behaviour.location === undefined ? {} : { location: behaviour.location })
        response.end('ok')
      })
    })
    server.on('connection', (socket) => {
      receiver?.sockets.add(socket)
      socket.on('close', () => receiver?.sockets.delete(socket))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    receiver = new WebhookReceiver(server, `http://127.0.0.1:${port}${path}`)
    return receiver
  }

  get heldCount(): number {
    return this.held.length
  }

  /** Answers every held request with `status`. */
  release(status = 200): void {
    for (const answer of this.held.splice(0)) answer(status)
  }

  /** Verifies each delivery's signature over its raw body and returns the notifications. */
  verified(secret: string | readonly string[]): WebhookNotification[] {
    return this.received.map((delivery) =>
      constructWebhookEvent(delivery.rawBody, delivery.headers['service-signature'] as string, secret),
    )
  }

  ofType(secret: string, type: string): WebhookNotification[] {
    return this.verified(secret).filter((notification) => notification.type === type)
  }

  /**
   * Resolves once `count` deliveries have arrived (background delivery on a real clock); `timeoutMs` null waits on
   * the count alone (the test's own timeout then bounds it).
   */
  waitFor(count: number, timeoutMs: number | null = 5000): Promise<void> {
    if (this.received.length >= count) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs === null
          ? undefined
          : setTimeout(
              () => reject(new Error(`only ${this.received.length} of ${count} deliveries arrived`)),
              timeoutMs,
            )
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer)
          resolve()
        },
      })
    })
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}
