import type { AttemptOutcome } from '../webhooks/delivery.js'

export interface WebhookRequest {
  readonly url: URL
  /** Checked addresses of the URL's host: the transport connects to one of these and never looks the host up again (DNS rebinding). */
  readonly addresses: readonly string[]
  readonly body: string
  readonly headers: Readonly<Record<string, string>>
  readonly timeoutMs: number
}

export interface WebhookResponse {
  readonly outcome: AttemptOutcome
  readonly durationMs: number
  /** A short description of a failure (connection refused, timeout...), null on a response. */
  readonly error: string | null
}

/** Sends one signed webhook POST. Redirects are not followed; a response is whatever status came back. */
export interface WebhookTransportPort {
  send(request: WebhookRequest): Promise<WebhookResponse>
}
