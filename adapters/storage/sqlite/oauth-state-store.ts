import type { OAuthState } from '../../../core/connection/connection.js'
import type { OAuthStateStorePort } from '../../../core/ports/oauth-state-store.js'
import { inTransaction, type SqliteDatabase, statement } from './database.js'
import { decodeJson, encodeJson } from './json.js'

/** Pending consents; a state is taken once (read and delete in one transaction), expired ones are dropped on sight. */
export class SqliteOAuthStateStore implements OAuthStateStorePort {
  constructor(private readonly db: SqliteDatabase) {}

  async save(state: OAuthState): Promise<void> {
    statement(this.db, 'INSERT OR REPLACE INTO oauth_states (state, expires_at, doc) VALUES (?, ?, ?)').run(
      state.state,
      state.expiresAt.getTime(),
      encodeJson(state),
    )
  }

  async take(state: string, now: Date): Promise<OAuthState | null> {
    return inTransaction(this.db, () => {
      const found = this.live(state, now)
      statement(this.db, 'DELETE FROM oauth_states WHERE state = ?').run(state)
      return found
    })
  }

  async peek(state: string, now: Date): Promise<OAuthState | null> {
    return inTransaction(this.db, () => this.live(state, now))
  }

  /** The state unless expired at `now`; an expired one is gone either way. */
  private live(state: string, now: Date): OAuthState | null {
    const row = statement(this.db, 'SELECT doc, expires_at FROM oauth_states WHERE state = ?').get(state) as
      | { doc: string; expires_at: number }
      | undefined
    if (row === undefined) return null
    if (row.expires_at > now.getTime()) return decodeJson<OAuthState>(row.doc)
    statement(this.db, 'DELETE FROM oauth_states WHERE state = ?').run(state)
    return null
  }
}
