import { type Collection, type Db, ObjectId } from 'mongodb'
import type { Passkey, PasskeyChallenge } from '../../../core/dashboard/passkey.js'
import type { PasskeyStorePort } from '../../../core/ports/passkey-store.js'
import type { MongoDocument } from './document.js'
import { WRITE_OPTIONS } from './mongo-context.js'

export const PASSKEY_COLLECTIONS = {
  passkeys: 'dashboard_passkeys',
  challenges: 'dashboard_passkey_challenges',
} as const

type PasskeyDocument = MongoDocument<Passkey> & { readonly order: ObjectId }
type ChallengeDocument = MongoDocument<PasskeyChallenge, 'challenge'>

const fromDocument = ({ _id, order: _order, ...fields }: PasskeyDocument): Passkey => ({ id: _id, ...fields })
// A string is never read as an operator; anything else (an object from a crafted body) finds nothing.
const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''
const DUPLICATE_KEY = 11000

/**
 * Passkeys and WebAuthn challenges in the platform database, shared by every host. A take is one
 * findOneAndDelete (a challenge is answered once); a TTL index clears the challenges nobody answered.
 */
export class MongoPasskeyStore implements PasskeyStorePort {
  private readonly passkeys: Collection<PasskeyDocument>
  private readonly challenges: Collection<ChallengeDocument>

  constructor(db: Db) {
    this.passkeys = db.collection<PasskeyDocument>(PASSKEY_COLLECTIONS.passkeys)
    this.challenges = db.collection<ChallengeDocument>(PASSKEY_COLLECTIONS.challenges)
  }

  async ensureIndexes(): Promise<void> {
    await this.passkeys.createIndexes([{ key: { memberId: 1, order: 1 }, name: 'member_order' }])
    await this.challenges.createIndexes([{ key: { expiresAt: 1 }, name: 'expire_challenges', expireAfterSeconds: 0 }])
  }

  async insertPasskey(passkey: Passkey): Promise<boolean> {
    const { id, ...fields } = passkey
    try {
      await this.passkeys.insertOne({ _id: id, ...fields, order: new ObjectId() }, WRITE_OPTIONS)
      return true
    } catch (error) {
      if ((error as { code?: unknown }).code === DUPLICATE_KEY) return false
      throw error
    }
  }

  async findPasskey(id: string): Promise<Passkey | null> {
    if (!isText(id)) return null
    const document = await this.passkeys.findOne({ _id: id })
    return document === null ? null : fromDocument(document)
  }

  async listPasskeys(memberId: string): Promise<Passkey[]> {
    if (!isText(memberId)) return []
    return (await this.passkeys.find({ memberId }).sort({ order: 1 }).toArray()).map(fromDocument)
  }

  async recordPasskeyUse(id: string, counter: number, usedAt: Date): Promise<void> {
    if (!isText(id)) return
    await this.passkeys.updateOne({ _id: id }, { $set: { counter, lastUsedAt: usedAt } }, WRITE_OPTIONS)
  }

  async deletePasskey(memberId: string, id: string): Promise<boolean> {
    if (!isText(id) || !isText(memberId)) return false
    return (await this.passkeys.deleteOne({ _id: id, memberId }, WRITE_OPTIONS)).deletedCount > 0
  }

  async saveChallenge(challenge: PasskeyChallenge): Promise<void> {
    const { challenge: id, ...fields } = challenge
    await this.challenges.replaceOne({ _id: id }, fields, { ...WRITE_OPTIONS, upsert: true })
  }

  async takeChallenge(challenge: string, now: Date): Promise<PasskeyChallenge | null> {
    if (!isText(challenge)) return null
    const document = await this.challenges.findOneAndDelete({ _id: challenge })
    if (document === null || document.expiresAt.getTime() <= now.getTime()) return null
    const { _id, ...fields } = document
    return { challenge: _id, ...fields }
  }
}
