import { hash } from 'node:crypto'
import type { RandomSource } from '../ports/id-generator.js'
import type { KeyMode } from './account.js'

const PREFIX: Record<KeyMode, string> = { live: 'sk_live_', test: 'sk_test_' }

export const keyPrefix = (mode: KeyMode): string => PREFIX[mode]

/** A new secret key: the surface prefix and 24 random bytes. */
export const generateSecretKey = (mode: KeyMode, random: RandomSource): string => `${PREFIX[mode]}${random.token(24)}`

/** The mode a secret claims by its prefix, or null for a malformed secret. */
export const modeOfSecret = (secret: string): KeyMode | null => {
  if (secret.startsWith(PREFIX.live) && secret.length > PREFIX.live.length) return 'live'
  if (secret.startsWith(PREFIX.test) && secret.length > PREFIX.test.length) return 'test'
  return null
}

/**
 * Keys are high-entropy secrets, so a plain SHA-256 is enough to store them safely.
 * Every authenticated request hashes its key: the one-shot `hash` costs half of a
 * `createHash(...).update(...).digest(...)` (no Hash object per call).
 */
export const hashSecret = (secret: string): string => hash('sha256', secret, 'hex')
