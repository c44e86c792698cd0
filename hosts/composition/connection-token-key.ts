import { randomBytes } from 'node:crypto'
import type { Config } from '../config.js'
import { keyInDataDir } from './key-file.js'

export const CONNECTION_TOKEN_KEY_FILE = 'connection-token.key'

/**
 * The AES-256-GCM key sealing calendar providers' tokens at rest: `CONNECTION_TOKEN_KEY` when set (required with
 * MongoDB, `loadConfig` refuses to start without it); else generated once per data directory
 * (`<DATA_DIR>/connection-token.key`, mode 0600) so that stored tokens open after a restart; a random one per
 * process only for storage that dies with the process (the tests' ephemeral storage).
 */
export const connectionTokenKey = (config: Config, ephemeral: boolean): Uint8Array => {
  if (config.connections.tokenKey !== null) return config.connections.tokenKey
  if (ephemeral) return randomBytes(32)
  return keyInDataDir(config.dataDir, CONNECTION_TOKEN_KEY_FILE, 'tokens sealed with it')
}
