import { randomBytes } from 'node:crypto'
import type { Config } from '../config.js'
import { keyInDataDir } from './key-file.js'

export const OAUTH_SIGNING_KEY_FILE = 'oauth-signing.key'

/**
 * The key signing Connect's access tokens: `OAUTH_SIGNING_KEY` when set (required for several
 * hosts sharing one MongoDB: each must verify the others' tokens); else generated once per data
 * directory (`<DATA_DIR>/oauth-signing.key`, mode 0600) so that tokens outlive a restart; in
 * memory only for the tests' ephemeral accounts.
 */
export const oauthSigningKey = (config: Config, ephemeral: boolean): Uint8Array => {
  if (config.oauthSigningKey !== null) return config.oauthSigningKey
  if (ephemeral) return randomBytes(32)
  return keyInDataDir(config.dataDir, OAUTH_SIGNING_KEY_FILE, 'access tokens signed with it')
}
