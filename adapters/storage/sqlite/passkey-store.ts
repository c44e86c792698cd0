import type { Passkey, PasskeyChallenge } from '../../../core/dashboard/passkey.js'
import type { PasskeyStorePort } from '../../../core/ports/passkey-store.js'
import { inTransaction, isUniqueViolation, type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { allRecords, oneRecord } from './records.js'

/**
 * Passkeys and WebAuthn challenges in the platform database; `seq` keeps the registration order. A take clears the
 * challenges that expired before `now` too, so that table holds only those under way.
 */
export class SqlitePasskeyStore implements PasskeyStorePort {
  constructor(private readonly db: SqliteDatabase) {}

  async insertPasskey(passkey: Passkey): Promise<boolean> {
    try {
      statement(this.db, 'INSERT INTO dashboard_passkeys (id, member_id, doc) VALUES (?, ?, ?)').run(
        passkey.id,
        passkey.memberId,
        encodeJson(passkey),
      )
      return true
    } catch (error) {
      if (isUniqueViolation(error)) return false
      throw error
    }
  }

  async findPasskey(id: string): Promise<Passkey | null> {
    return oneRecord(this.db, 'SELECT doc FROM dashboard_passkeys WHERE id = ?', id)
  }

  async listPasskeys(memberId: string): Promise<Passkey[]> {
    return allRecords(this.db, 'SELECT doc FROM dashboard_passkeys WHERE member_id = ? ORDER BY seq', memberId)
  }

  async recordPasskeyUse(id: string, counter: number, usedAt: Date): Promise<void> {
    inTransaction(this.db, () => {
      const passkey = oneRecord<Passkey>(this.db, 'SELECT doc FROM dashboard_passkeys WHERE id = ?', id)
      if (passkey === null) return
      statement(this.db, 'UPDATE dashboard_passkeys SET doc = ? WHERE id = ?').run(
        encodeJson({ ...passkey, counter, lastUsedAt: usedAt }),
        id,
      )
    })
  }

  async deletePasskey(memberId: string, id: string): Promise<boolean> {
    return (
      statement(this.db, 'DELETE FROM dashboard_passkeys WHERE id = ? AND member_id = ?').run(id, memberId).changes > 0
    )
  }

  async saveChallenge(challenge: PasskeyChallenge): Promise<void> {
    statement(
      this.db,
      'INSERT OR REPLACE INTO dashboard_passkey_challenges (challenge, expires_at, doc) VALUES (?, ?, ?)',
    ).run(challenge.challenge, challenge.expiresAt.getTime(), encodeJson(challenge))
  }

  async takeChallenge(challenge: string, now: Date): Promise<PasskeyChallenge | null> {
    return inTransaction(this.db, () => {
      const found = oneRecord<PasskeyChallenge>(
        this.db,
        'SELECT doc FROM dashboard_passkey_challenges WHERE challenge = ?',
        challenge,
      )
      statement(this.db, 'DELETE FROM dashboard_passkey_challenges WHERE challenge = ? OR expires_at <= ?').run(
        challenge,
        now.getTime(),
      )
      return found === null || found.expiresAt.getTime() <= now.getTime() ? null : found
    })
  }
}
