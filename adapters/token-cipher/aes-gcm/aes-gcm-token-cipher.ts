import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { TokenUnreadable } from '../../../core/connection/connection.errors.js'
import type { TokenCipherPort } from '../../../core/ports/token-cipher.js'
import { err, ok, type Result } from '../../../core/shared/result.js'

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * AES-256-GCM with a fresh 96-bit nonce per seal. Output: `v1.<iv>.<tag>.<ciphertext>`
 * (base64url). The authentication tag makes any change to a sealed value unreadable.
 */
export class AesGcmTokenCipher implements TokenCipherPort {
  private readonly key: Buffer

  constructor(key: Uint8Array) {
    if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key')
    this.key = Buffer.from(key)
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES })
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.')
  }

  open(sealed: string): Result<string, TokenUnreadable> {
    const [version, ivText, tagText, ciphertextText, ...rest] = sealed.split('.')
    if (
      version !== VERSION ||
      ivText === undefined ||
      tagText === undefined ||
      ciphertextText === undefined ||
      rest.length > 0
    )
      return err(new TokenUnreadable({ detail: 'not a sealed token' }))
    const iv = Buffer.from(ivText, 'base64url')
    const tag = Buffer.from(tagText, 'base64url')
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
      return err(new TokenUnreadable({ detail: 'malformed sealed token' }))
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES })
      decipher.setAuthTag(tag)
      return ok(
        Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8'),
      )
    } catch {
      return err(new TokenUnreadable({ detail: 'authentication failed (wrong key or altered token)' }))
    }
  }
}

/** The 32-byte key from its configured text: 64 hex digits or base64 of 32 bytes. */
export const parseTokenKey = (text: string): Uint8Array | null => {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex')
  const decoded = Buffer.from(text, 'base64')
  return decoded.length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(text) ? decoded : null
}
