/**
 * Generated from the service's webhook verification helper by `npm run client:generate`: do not edit.
 * A test fails when this file differs from what the contracts generate.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export type WebhookSignatureFailure =
  | 'missing_header'
  | 'malformed_header'
  | 'timestamp_outside_tolerance'
  | 'no_matching_signature'
  | 'invalid_payload'

/** Why a delivery was rejected; answer it with a 400. */
export class WebhookSignatureError extends Error {
  constructor(
    readonly reason: WebhookSignatureFailure,
    message: string,
  ) {
    super(message)
    this.name = 'WebhookSignatureError'
  }
}

export interface WebhookNotification {
  readonly id: string
  readonly object: 'event'
  readonly type: string
  readonly created: number
  readonly livemode: boolean
  readonly api_version: string
  /** Connect: the connected account (`cpa_`) the notification is about. */
  readonly account?: string
  readonly data: { readonly object: Record<string, unknown> }
}

export interface VerifyOptions {
  /** Seconds a signature stays acceptable; default 300 (5 minutes). */
  readonly toleranceSeconds?: number
  /** Current Unix time in seconds (tests). */
  readonly nowSeconds?: number
}

/**
 * For receivers: checks `Service-Signature` against the raw, unparsed body and
 * returns the parsed notification, or throws a `WebhookSignatureError`.
 * `secret` may list several secrets (yours during a rotation): any match passes.
 */
export const constructWebhookEvent = (
  rawBody: string | Buffer,
  header: string | undefined | null,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): WebhookNotification => {
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')
  if (header === undefined || header === null || header === '')
    throw new WebhookSignatureError('missing_header', 'No Service-Signature header.')
  let timestamp: number | null = null
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2)
    if (key === 't' && value !== undefined && /^\d+$/.test(value)) timestamp = Number(value)
    else if (key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value)) signatures.push(value)
  }
  if (timestamp === null || signatures.length === 0)
    throw new WebhookSignatureError(
      'malformed_header',
      'Service-Signature must carry t=<seconds> and at least one v1=<hex>.',
    )
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000)
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookSignatureError(
      'timestamp_outside_tolerance',
      'The signature timestamp is outside the tolerance: a replay, or a clock far off.',
    )
  }
  const secrets = typeof secret === 'string' ? [secret] : secret
  const matches = secrets.some((candidate) => {
    const expected = Buffer.from(createHmac('sha256', candidate).update(`${timestamp}.${body}`).digest('hex'))
    return signatures.some(
      (signature) => signature.length === expected.length && timingSafeEqual(Buffer.from(signature), expected),
    )
  })
  if (!matches)
    throw new WebhookSignatureError('no_matching_signature', 'No signature matches the body with this secret.')
  try {
    return JSON.parse(body) as WebhookNotification
  } catch {
    throw new WebhookSignatureError('invalid_payload', 'The body is not JSON.')
  }
}
