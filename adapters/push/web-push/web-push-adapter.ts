import webpush from 'web-push'
import type { Device } from '../../../core/device/device.js'
import type { PushMessage, PushOutcome, PushPort } from '../../../core/ports/push.js'

export interface VapidKeys {
  /** base64url P-256 public key (the one the browser subscribed with as applicationServerKey). */
  readonly publicKey: string
  readonly privateKey: string
  /** `mailto:` or `https:` contact for the push service operators. */
  readonly subject: string
}

export interface WebPushOptions {
  readonly vapid: VapidKeys
  readonly timeoutMs: number
}

/** The JSON the service worker receives in its `push` event (docs/reminders.md). */
export const pushPayload = (message: PushMessage) => ({
  title: message.title,
  body: message.body,
  silent: message.silent,
  data: message.data,
  created_at: message.createdAt.toISOString(),
})

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm-encrypted payload
 * (RFC 8291). The `web-push` package builds the request (encryption, signed JWT,
 * headers); we send it with fetch so that it shares our timeout and never throws.
 */
export class WebPushAdapter implements PushPort {
  constructor(private readonly options: WebPushOptions) {}

  async send(device: Device, message: PushMessage): Promise<PushOutcome> {
    let request: ReturnType<typeof webpush.generateRequestDetails>
    try {
      request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { ...device.keys } },
        JSON.stringify(pushPayload(message)),
        {
          vapidDetails: { ...this.options.vapid },
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          contentEncoding: 'aes128gcm',
        },
      )
    } catch (error) {
      return {
        status: 'failed',
        reason: `could not build the push request: ${error instanceof Error ? error.message : String(error)}`,
      }
    }
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body === null ? null : new Uint8Array(request.body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      })
      await response.arrayBuffer().catch(() => undefined)
      if (response.ok) return { status: 'delivered' }
      // RFC 8030: 404 and 410 mean the subscription is gone for good.
      if (response.status === 404 || response.status === 410) return { status: 'expired' }
      return { status: 'failed', reason: `push service answered ${response.status}` }
    } catch (error) {
      return {
        status: 'failed',
        reason:
          error instanceof Error && error.name === 'TimeoutError'
            ? 'push service timed out'
            : 'push service unreachable',
      }
    }
  }
}
