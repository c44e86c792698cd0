import { resolve } from 'node:path'
import { backupDatabases } from '../../adapters/storage/sqlite/backup.js'
import { SQLITE_FILES } from '../composition/storage-sqlite.js'
import { loadConfigOrExit } from '../config.js'

/** `npm run backup -- TARGET_DIR`: an online, consistent copy of the SQLite databases in `DATA_DIR`, beside a running server. */
const main = async (): Promise<void> => {
  const target = process.argv[2]
  if (target === undefined) {
    console.error('usage: npm run backup -- TARGET_DIR   (copies the SQLite databases of DATA_DIR into TARGET_DIR)')
    process.exit(2)
  }
  const config = loadConfigOrExit(process.env)
  const written = await backupDatabases(resolve(config.dataDir), resolve(target), Object.values(SQLITE_FILES))
  if (written.length === 0) {
    console.error(`no SQLite database in ${resolve(config.dataDir)}`)
    process.exit(1)
  }
  for (const file of written) console.log(`backed up ${file}`)
}

await main()
