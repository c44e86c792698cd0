import { hash } from 'node:crypto'
import type { RandomSource } from '../ports/id-generator.js'
import type { KeyMode } from './account.js'
import type { KeyType } from './permissions.js'

const PREFIX: Record<KeyMode, string> = { live: 'sk_live_', test: 'sk_test_' }
const RESTRICTED_PREFIX: Record<KeyMode, string> = { live: 'rk_live_', test: 'rk_test_' }

export const keyPrefix = (mode: KeyMode, type: KeyType = 'secret'): string =>
  type === 'secret' ? PREFIX[mode] : RESTRICTED_PREFIX[mode]

/** A new key: the surface (and type) prefix and 24 random bytes. */
export const generateSecretKey = (mode: KeyMode, random: RandomSource, type: KeyType = 'secret'): string =>
  `${keyPrefix(mode, type)}${random.token(24)}`

/** The randomness a key must carry in its secret part (after `sk_live_` / `sk_test_`). */
export const MIN_SECRET_BITS = 128

/**
 * An upper estimate of the randomness in a key's secret part: its length times the
 * bits of the smallest alphabet its characters come from (digits 3.3, hexadecimal 4,
 * letters and digits 5.95 a character). A secret that one character dominates
 * (more than a third of it) is not random whatever its length: 0. Generated keys
 * (48 hexadecimal digits) carry 192 bits.
 */
export const estimatedSecretBits = (secretPart: string): number => {
  if (!/^[A-Za-z0-9]+$/.test(secretPart)) return 0
  const counts = new Map<string, number>()
  for (const character of secretPart) counts.set(character, (counts.get(character) ?? 0) + 1)
  if (Math.max(...counts.values()) * 3 > secretPart.length) return 0
  const alphabet = /^[0-9]+$/.test(secretPart)
    ? 10
    : /^[0-9a-f]+$/.test(secretPart) || /^[0-9A-F]+$/.test(secretPart)
      ? 16
      : 62
  return Math.floor(secretPart.length * Math.log2(alphabet))
}

/** The mode a secret claims by its prefix, or null for a malformed secret. */
export const modeOfSecret = (secret: string): KeyMode | null => {
  // `sk_live_` / `rk_live_` and `sk_test_` / `rk_test_`: the surface is the second part.
  if (secret.length <= 8 || secret[2] !== '_' || (secret[0] !== 's' && secret[0] !== 'r') || secret[1] !== 'k')
    return null
  if (secret.startsWith('live_', 3)) return 'live'
  if (secret.startsWith('test_', 3)) return 'test'
  return null
}

/**
 * Keys are high-entropy secrets, so a plain SHA-256 is enough to store them safely.
 * Every authenticated request hashes its key: the one-shot `hash` costs half of a
 * `createHash(...).update(...).digest(...)` (no Hash object per call).
 */
export const hashSecret = (secret: string): string => hash('sha256', secret, 'hex')
