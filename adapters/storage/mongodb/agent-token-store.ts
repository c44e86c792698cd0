import type { Collection, Db } from 'mongodb'
import type { AgentToken } from '../../../core/agent/agent-token.js'
import type { AgentTokenStorePort } from '../../../core/ports/agent-token-store.js'
import { WRITE_OPTIONS } from './mongo-context.js'
import { isIdShaped } from './query-guard.js'

export const AGENT_TOKENS_COLLECTION = 'agent_tokens'

type AgentTokenDocument = Omit<AgentToken, 'id' | 'permissions'> & {
  readonly _id: string
  readonly permissions: Record<string, string>
}

const tokenOf = ({ _id, ...rest }: AgentTokenDocument): AgentToken => ({ id: _id, ...rest }) as AgentToken

/**
 * Agent tokens in the platform database, looked up by the hash of their secret (a unique index). A revocation is one
 * update keeping an earlier revocation (`$min`), so two racing revocations keep the first time.
 */
export class MongoAgentTokenStore implements AgentTokenStorePort {
  private readonly tokens: Collection<AgentTokenDocument>

  constructor(db: Db) {
    this.tokens = db.collection(AGENT_TOKENS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.tokens.createIndexes([
      { key: { hash: 1 }, name: 'by_hash', unique: true },
      { key: { accountId: 1, livemode: 1, userId: 1 }, name: 'by_user' },
    ])
  }

  async insert(token: AgentToken): Promise<void> {
    const { id, permissions, ...rest } = token
    await this.tokens.insertOne({ _id: id, permissions: { ...permissions }, ...rest }, WRITE_OPTIONS)
  }

  async findByHash(hash: string): Promise<AgentToken | null> {
    if (typeof hash !== 'string') return null
    const document = await this.tokens.findOne({ hash: { $eq: hash } })
    return document === null ? null : tokenOf(document)
  }

  async get(id: string): Promise<AgentToken | null> {
    if (!isIdShaped(id)) return null
    const document = await this.tokens.findOne({ _id: id })
    return document === null ? null : tokenOf(document)
  }

  async listByUser(accountId: string, livemode: boolean, userId: string): Promise<AgentToken[]> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return []
    const documents = await this.tokens.find({ accountId, livemode, userId }).sort({ _id: 1 }).toArray()
    return documents.map(tokenOf)
  }

  async revoke(id: string, at: Date): Promise<AgentToken | null> {
    if (!isIdShaped(id)) return null
    // `$min` keeps an earlier revocation; null compares lower than a date in BSON order, so set it when unset.
    const unset = await this.tokens.findOneAndUpdate(
      { _id: id, revokedAt: null },
      { $set: { revokedAt: at } },
      { ...WRITE_OPTIONS, returnDocument: 'after' },
    )
    if (unset !== null) return tokenOf(unset)
    const earlier = await this.tokens.findOneAndUpdate(
      { _id: id },
      { $min: { revokedAt: at } },
      { ...WRITE_OPTIONS, returnDocument: 'after' },
    )
    return earlier === null ? null : tokenOf(earlier)
  }

  async removeByUser(accountId: string, livemode: boolean, userId: string): Promise<number> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return 0
    const { deletedCount } = await this.tokens.deleteMany({ accountId, livemode, userId }, WRITE_OPTIONS)
    return deletedCount
  }
}
