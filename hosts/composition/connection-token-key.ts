import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config.js'

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
  const path = join(config.dataDir, CONNECTION_TOKEN_KEY_FILE)
  try {
    const stored = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')
    if (stored.length === 32) return stored
    throw new Error(
      `${path} does not hold a 32-byte base64 key; restore it from a backup (tokens sealed with it are unreadable without it)`,
    )
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const key = randomBytes(32)
  mkdirSync(config.dataDir, { recursive: true })
  // `wx`: of two processes starting at once on one directory, the second reads the first one's key.
  try {
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return connectionTokenKey(config, ephemeral)
    throw error
  }
  return key
}
