import { earlierRevocation } from '../../../core/account/account.js'
import type { AgentToken } from '../../../core/agent/agent-token.js'
import type { AgentTokenStorePort } from '../../../core/ports/agent-token-store.js'
import { inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { allRecords, oneRecord } from './records.js'

/** Agent tokens in the platform database (table `agent_tokens`), looked up by the hash of their secret. */
export class SqliteAgentTokenStore implements AgentTokenStorePort {
  constructor(private readonly db: SqliteDatabase) {}

  async insert(token: AgentToken): Promise<void> {
    statement(
      this.db,
      'INSERT INTO agent_tokens (id, hash, account_id, livemode, user_id, doc) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(token.id, token.hash, token.accountId, token.livemode ? 1 : 0, token.userId, encodeJson(token))
  }

  async findByHash(hash: string): Promise<AgentToken | null> {
    return oneRecord(this.db, 'SELECT doc FROM agent_tokens WHERE hash = ?', hash)
  }

  async get(id: string): Promise<AgentToken | null> {
    return oneRecord(this.db, 'SELECT doc FROM agent_tokens WHERE id = ?', id)
  }

  async listByUser(accountId: string, livemode: boolean, userId: string): Promise<AgentToken[]> {
    return allRecords(
      this.db,
      'SELECT doc FROM agent_tokens WHERE account_id = ? AND livemode = ? AND user_id = ? ORDER BY rowid',
      accountId,
      livemode ? 1 : 0,
      userId,
    )
  }

  async revoke(id: string, at: Date): Promise<AgentToken | null> {
    return inTransaction(this.db, () => {
      const token = oneRecord<AgentToken>(this.db, 'SELECT doc FROM agent_tokens WHERE id = ?', id)
      if (token === null) return null
      const revoked = { ...token, revokedAt: earlierRevocation(token.revokedAt, at) }
      statement(this.db, 'UPDATE agent_tokens SET doc = ? WHERE id = ?').run(encodeJson(revoked), id)
      return revoked
    })
  }

  async removeByUser(accountId: string, livemode: boolean, userId: string): Promise<number> {
    const { changes } = statement(
      this.db,
      'DELETE FROM agent_tokens WHERE account_id = ? AND livemode = ? AND user_id = ?',
    ).run(accountId, livemode ? 1 : 0, userId)
    return Number(changes)
  }
}
