import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A 32-byte secret kept in a file of the data directory (base64, mode 0600): read when the file exists, generated
 * and written once when it does not. Of two processes starting at once on one directory, the second reads the
 * first one's key (`wx`). A file that holds no 32-byte key is refused with a message naming it: whatever it sealed
 * or signed cannot be opened without the original, so it is never replaced silently.
 */
export const keyInDataDir = (dataDir: string, fileName: string, whatItGuards: string): Uint8Array => {
  const path = join(dataDir, fileName)
  try {
    const stored = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')
    if (stored.length === 32) return stored
    throw new Error(
      `${path} does not hold a 32-byte base64 key; restore it from a backup (${whatItGuards} cannot be opened without it)`,
    )
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const key = randomBytes(32)
  mkdirSync(dataDir, { recursive: true })
  try {
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return keyInDataDir(dataDir, fileName, whatItGuards)
    throw error
  }
  return key
}
