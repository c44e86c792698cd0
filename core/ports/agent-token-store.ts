import type { AgentToken } from '../agent/agent-token.js'

/** User-scoped agent tokens (`uat_...`), in the platform's storage beside API keys; secrets stored as hashes only. */
export interface AgentTokenStorePort {
  insert(token: AgentToken): Promise<void>
  /** The token whose secret hashes to `hash` (revoked and expired ones included), or null. */
  findByHash(hash: string): Promise<AgentToken | null>
  get(id: string): Promise<AgentToken | null>
  /** Every token of one user of one account on one surface (revoked and expired ones included). */
  listByUser(accountId: string, livemode: boolean, userId: string): Promise<AgentToken[]>
  /** Revokes the token at `at` (an earlier revocation stays) and returns it as stored then; null when unknown. */
  revoke(id: string, at: Date): Promise<AgentToken | null>
  /** Removes every token of one user of one account on one surface (the user's deletion); answers how many. */
  removeByUser(accountId: string, livemode: boolean, userId: string): Promise<number>
}
