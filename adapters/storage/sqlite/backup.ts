import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'

/**
 * Copies each database file of `names` in `dataDir` into `targetDir` with SQLite's online backup API: each copy
 * is one consistent snapshot of its file, taken page by page while the service goes on writing (a plain file copy
 * of a database in WAL mode may miss the commits still in its `-wal` file, or tear a page). Missing files are
 * skipped. Returns the files written.
 */
export const backupDatabases = async (
  dataDir: string,
  targetDir: string,
  names: readonly string[],
): Promise<string[]> => {
  mkdirSync(targetDir, { recursive: true })
  const written: string[] = []
  for (const name of names) {
    const source = join(dataDir, name)
    if (!existsSync(source)) continue
    const db = new Database(source, { readonly: true, fileMustExist: true })
    try {
      const target = join(targetDir, name)
      await db.backup(target)
      written.push(target)
    } finally {
      db.close()
    }
  }
  return written
}
