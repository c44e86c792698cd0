import { createHmac } from 'node:crypto'

/**
 * `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * one `v1=` per active secret (two during a rotation).
 */
export const signatureHeader = (rawBody: string, secrets: readonly string[], timestampSeconds: number): string =>
  [`t=${timestampSeconds}`, ...secrets.map((secret) => `v1=${signPayload(rawBody, secret, timestampSeconds)}`)].join(
    ',',
  )

export const signPayload = (rawBody: string, secret: string, timestampSeconds: number): string =>
  createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex')
