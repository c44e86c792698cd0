import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config.js'

const KEY_FILE = 'oauth-signing.key'

/**
 * The key signing Connect's access tokens: `OAUTH_SIGNING_KEY` when set (required for several
 * hosts sharing one MongoDB: each must verify the others' tokens); else generated once per data
 * directory (`<DATA_DIR>/oauth-signing.key`, mode 0600) so that tokens outlive a restart; in
 * memory only for the tests' ephemeral accounts.
 */
export const oauthSigningKey = (config: Config, ephemeral: boolean): Uint8Array => {
  if (config.oauthSigningKey !== null) return config.oauthSigningKey
  if (ephemeral) return randomBytes(32)
  const path = join(config.dataDir, KEY_FILE)
  try {
    const stored = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')
    if (stored.length >= 32) return stored
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const key = randomBytes(32)
  mkdirSync(config.dataDir, { recursive: true })
  // `wx`: two processes starting at once on one directory do not overwrite each other's key.
  try {
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return oauthSigningKey(config, ephemeral)
    throw error
  }
  return key
}
