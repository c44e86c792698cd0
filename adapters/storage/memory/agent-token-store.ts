import { earlierRevocation } from '../../../core/account/account.js'
import type { AgentToken } from '../../../core/agent/agent-token.js'
import type { AgentTokenStorePort } from '../../../core/ports/agent-token-store.js'

/** Agent tokens in process memory (`STORAGE=memory`: gone on restart, like its surfaces' data). */
export class MemoryAgentTokenStore implements AgentTokenStorePort {
  private readonly tokens = new Map<string, AgentToken>()
  private readonly byHash = new Map<string, string>()

  async insert(token: AgentToken): Promise<void> {
    this.tokens.set(token.id, token)
    this.byHash.set(token.hash, token.id)
  }

  async findByHash(hash: string): Promise<AgentToken | null> {
    const id = this.byHash.get(hash)
    return id === undefined ? null : (this.tokens.get(id) ?? null)
  }

  async get(id: string): Promise<AgentToken | null> {
    return this.tokens.get(id) ?? null
  }

  async listByUser(accountId: string, livemode: boolean, userId: string): Promise<AgentToken[]> {
    return [...this.tokens.values()].filter(
      (token) => token.accountId === accountId && token.livemode === livemode && token.userId === userId,
    )
  }

  async revoke(id: string, at: Date): Promise<AgentToken | null> {
    const token = this.tokens.get(id)
    if (token === undefined) return null
    const revoked = { ...token, revokedAt: earlierRevocation(token.revokedAt, at) }
    this.tokens.set(id, revoked)
    return revoked
  }

  async removeByUser(accountId: string, livemode: boolean, userId: string): Promise<number> {
    const removed = await this.listByUser(accountId, livemode, userId)
    for (const token of removed) {
      this.tokens.delete(token.id)
      this.byHash.delete(token.hash)
    }
    return removed.length
  }
}
