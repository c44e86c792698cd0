// Fresh SQLite databases for the adapter tests: in memory (same engine, same schema and migrations as a file).
import { openSqlite, type SqliteDatabase } from '../../../adapters/storage/sqlite/database.js'
import { PLATFORM_SCHEMA, SURFACE_SCHEMA } from '../../../adapters/storage/sqlite/schema.js'

export const freshSurfaceDatabase = (): { db: SqliteDatabase; teardown: () => Promise<void> } => {
  const db = openSqlite(':memory:', SURFACE_SCHEMA)
  return { db, teardown: async () => void db.close() }
}

export const freshPlatformDatabase = (): { db: SqliteDatabase; teardown: () => Promise<void> } => {
  const db = openSqlite(':memory:', PLATFORM_SCHEMA)
  return { db, teardown: async () => void db.close() }
}
