import { createECDH, type ECDH, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decrypt } from 'http_ece'
import type { Device } from '../../../core/device/device.js'

export interface PushRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
}

/**
 * A Web Push service on 127.0.0.1: records each request whole and answers by
 * path, like a real one: `/gone/...` 410, `/missing/...` 404, `/broken/...` 500,
 * `/slow/...` after two seconds, anything else 201 Created.
 */
export class FakePushService {
  readonly requests: PushRequest[] = []

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<FakePushService> {
    let fake: FakePushService | undefined
    const server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const path = request.url ?? '/'
        fake?.requests.push({
          method: request.method ?? '',
          path,
          headers: request.headers,
          body: Buffer.concat(chunks),
        })
        const status = path.startsWith('/gone/')
          ? 410
          : path.startsWith('/missing/')
            ? 404
            : path.startsWith('/broken/')
              ? 500
              : 201
        const answer = () => {
          if (!response.destroyed) response.writeHead(status).end()
        }
        if (path.startsWith('/slow/')) setTimeout(answer, 2000)
        else answer()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    fake = new FakePushService(server, `http://127.0.0.1:${port}`)
    return fake
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

/** A browser's side of a subscription: its key pair and auth secret, to decrypt what it receives. */
export class FakeBrowser {
  private readonly ecdh: ECDH
  readonly auth: string

  constructor() {
    this.ecdh = createECDH('prime256v1')
    this.ecdh.generateKeys()
    this.auth = randomBytes(16).toString('base64url')
  }

  get p256dh(): string {
    return this.ecdh.getPublicKey().toString('base64url')
  }

  device(endpoint: string, id = `dev_${randomBytes(6).toString('hex')}`): Device {
    return {
      id,
      accountId: 'acct_push',
      livemode: true,
      userId: 'usr_push',
      endpoint,
      keys: { p256dh: this.p256dh, auth: this.auth },
      expiresAt: null,
      createdAt: new Date('2026-06-01T00:00:00Z'),
    }
  }

  /** Decrypts an aes128gcm body (RFC 8291) as the browser's push service worker would see it. */
  read(body: Buffer): unknown {
    return JSON.parse(
      decrypt(body, { version: 'aes128gcm', privateKey: this.ecdh, authSecret: this.auth }).toString('utf8'),
    )
  }
}
