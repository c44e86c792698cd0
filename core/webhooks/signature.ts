import { createHmac, createSecretKey, type KeyObject } from 'node:crypto'

/** HMAC keys made once per secret (a secret's key object is the same for every delivery signed with it). */
const keys = new Map<string, KeyObject>()
const MAX_KEYS = 4096

const keyOf = (secret: string): KeyObject => {
  let key = keys.get(secret)
  if (key === undefined) {
    if (keys.size >= MAX_KEYS) keys.clear()
    key = createSecretKey(Buffer.from(secret, 'utf8'))
    keys.set(secret, key)
  }
  return key
}

/**
 * `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * one `v1=` per active secret (two during a rotation).
 */
export const signatureHeader = (rawBody: string, secrets: readonly string[], timestampSeconds: number): string => {
  let header = `t=${timestampSeconds}`
  for (const secret of secrets) header += `,v1=${signPayload(rawBody, secret, timestampSeconds)}`
  return header
}

export const signPayload = (rawBody: string, secret: string, timestampSeconds: number): string =>
  createHmac('sha256', keyOf(secret)).update(`${timestampSeconds}.`).update(rawBody).digest('hex')
