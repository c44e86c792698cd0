import type { TokenUnreadable } from '../connection/connection.errors.js'
import type { Result } from '../shared/result.js'

/**
 * Seals provider tokens before they are stored, opens them right before a
 * provider call. Sealing the same text twice gives different outputs (fresh
 * nonce); anything changed in a sealed value makes it unreadable.
 */
export interface TokenCipherPort {
  seal(plaintext: string): string
  open(sealed: string): Result<string, TokenUnreadable>
}
