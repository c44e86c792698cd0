import type { Collection, Db } from 'mongodb'
import type {
  AuthorizationCode,
  ConsentRecord,
  OAuthApplication,
  OAuthClientType,
  RefreshTokenRecord,
  TokenFamily,
} from '../../../core/oauth/oauth.js'
import type { OAuthStorePort } from '../../../core/ports/oauth-store.js'
import { isDuplicateKey } from './connection.js'
import { WRITE_OPTIONS } from './mongo-context.js'
import { isIdShaped } from './query-guard.js'

export const OAUTH_COLLECTIONS = {
  applications: 'oauth_applications',
  codes: 'oauth_codes',
  families: 'oauth_token_families',
  refreshTokens: 'oauth_refresh_tokens',
  consents: 'oauth_consents',
} as const

interface ApplicationDocument {
  readonly _id: string
  readonly platformId: string
  readonly livemode: boolean
  readonly name: string
  readonly clientType: OAuthClientType
  readonly redirectUris: string[]
  readonly secretHash: string | null
  readonly createdAt: Date
  readonly registration?: 'platform' | 'dynamic'
}

type CodeDocument = Omit<AuthorizationCode, 'hash'> & { readonly _id: string }
type FamilyDocument = Omit<TokenFamily, 'id'> & { readonly _id: string }
type RefreshTokenDocument = Omit<RefreshTokenRecord, 'hash'> & { readonly _id: string }
type ConsentDocument = Omit<ConsentRecord, 'ticketHash'> & { readonly _id: string }

const applicationOf = ({ _id, redirectUris, ...rest }: ApplicationDocument): OAuthApplication => ({
  id: _id,
  redirectUris,
  ...rest,
})
const codeOf = ({ _id, ...rest }: CodeDocument): AuthorizationCode => ({ hash: _id, ...rest })
const familyOf = ({ _id, ...rest }: FamilyDocument): TokenFamily => ({ id: _id, ...rest })
const refreshTokenOf = ({ _id, ...rest }: RefreshTokenDocument): RefreshTokenRecord => ({ hash: _id, ...rest })
const consentOf = ({ _id, ...rest }: ConsentDocument): ConsentRecord => ({ ticketHash: _id, ...rest })

/**
 * Connect's OAuth records in the platform database. Using a code or a refresh token is
 * one findOneAndUpdate returning the document as it was, so of two racing requests
 * exactly one sees it unused. Expired codes and refresh tokens are cleared by TTL
 * indexes a day after their expiry (the service decides expiry against its clock).
 */
export class MongoOAuthStore implements OAuthStorePort {
  private readonly applications: Collection<ApplicationDocument>
  private readonly codes: Collection<CodeDocument>
  private readonly families: Collection<FamilyDocument>
  private readonly refreshTokens: Collection<RefreshTokenDocument>
  private readonly consents: Collection<ConsentDocument>

  constructor(db: Db) {
    this.applications = db.collection(OAUTH_COLLECTIONS.applications)
    this.codes = db.collection(OAUTH_COLLECTIONS.codes)
    this.families = db.collection(OAUTH_COLLECTIONS.families)
    this.refreshTokens = db.collection(OAUTH_COLLECTIONS.refreshTokens)
    this.consents = db.collection(OAUTH_COLLECTIONS.consents)
  }

  async ensureIndexes(): Promise<void> {
    await this.applications.createIndexes([{ key: { platformId: 1, livemode: 1, _id: -1 }, name: 'by_platform' }])
    await this.codes.createIndexes([
      { key: { expiresAt: 1 }, name: 'expire_codes', expireAfterSeconds: 86_400 },
      { key: { connectedAccountId: 1 }, name: 'by_connected_account' },
    ])
    await this.families.createIndexes([{ key: { connectedAccountId: 1 }, name: 'by_connected_account' }])
    await this.refreshTokens.createIndexes([
      { key: { expiresAt: 1 }, name: 'expire_refresh_tokens', expireAfterSeconds: 86_400 },
    ])
    await this.consents.createIndexes([{ key: { expiresAt: 1 }, name: 'expire_consents', expireAfterSeconds: 86_400 }])
  }

  async insertApplication(application: OAuthApplication): Promise<void> {
    const { id, redirectUris, ...rest } = application
    await this.applications.insertOne({ _id: id, redirectUris: [...redirectUris], ...rest }, WRITE_OPTIONS)
  }

  async getApplication(id: string): Promise<OAuthApplication | null> {
    if (!isIdShaped(id)) return null
    const document = await this.applications.findOne({ _id: id })
    return document === null ? null : applicationOf(document)
  }

  async listApplications(platformId: string, livemode: boolean): Promise<OAuthApplication[]> {
    if (!isIdShaped(platformId)) return []
    const documents = await this.applications.find({ platformId, livemode }).sort({ _id: -1 }).toArray()
    return documents.map(applicationOf)
  }

  async showConsent(consent: ConsentRecord): Promise<boolean> {
    const { ticketHash, ...rest } = consent
    try {
      // Replaces an undecided page of the ticket; a decided one is not matched, and the upsert's insert then meets
      // its _id: the duplicate key says the ticket was decided.
      await this.consents.replaceOne({ _id: ticketHash, decidedAt: null }, rest, { ...WRITE_OPTIONS, upsert: true })
      return true
    } catch (error) {
      if (isDuplicateKey(error)) return false
      throw error
    }
  }

  async findConsent(ticketHash: string): Promise<ConsentRecord | null> {
    if (!isIdShaped(ticketHash)) return null
    const document = await this.consents.findOne({ _id: ticketHash })
    return document === null ? null : consentOf(document)
  }

  async decideConsent(ticketHash: string, tokenHash: string, at: Date): Promise<boolean> {
    if (!isIdShaped(ticketHash) || !isIdShaped(tokenHash)) return false
    // One update: of two racing decisions, exactly one matches the undecided page.
    const decided = await this.consents.updateOne(
      { _id: ticketHash, tokenHash, decidedAt: null },
      { $set: { decidedAt: at } },
      WRITE_OPTIONS,
    )
    return decided.modifiedCount === 1
  }

  async saveCode(code: AuthorizationCode): Promise<void> {
    const { hash, ...rest } = code
    await this.codes.insertOne({ _id: hash, ...rest }, WRITE_OPTIONS)
  }

  async useCode(hash: string, at: Date): Promise<AuthorizationCode | null> {
    if (!isIdShaped(hash)) return null
    // Only an unused one takes the time: the first of two racing requests gets it back unused.
    const first = await this.codes.findOneAndUpdate({ _id: hash, usedAt: null }, { $set: { usedAt: at } })
    if (first !== null) return codeOf(first)
    const used = await this.codes.findOne({ _id: hash })
    return used === null ? null : codeOf(used)
  }

  async insertFamily(family: TokenFamily): Promise<void> {
    const { id, ...rest } = family
    await this.families.insertOne({ _id: id, ...rest }, WRITE_OPTIONS)
  }

  async getFamily(id: string): Promise<TokenFamily | null> {
    if (!isIdShaped(id)) return null
    const document = await this.families.findOne({ _id: id })
    return document === null ? null : familyOf(document)
  }

  async revokeFamily(id: string, at: Date): Promise<void> {
    if (!isIdShaped(id)) return
    // An earlier revocation stays.
    await this.families.updateOne(
      { _id: id, $or: [{ revokedAt: null }, { revokedAt: { $gt: at } }] },
      { $set: { revokedAt: at } },
    )
  }

  async revokeConnectedAccount(connectedAccountId: string, at: Date): Promise<void> {
    if (!isIdShaped(connectedAccountId)) return
    // Families first: from this write on, every token of the account is refused; then the codes not yet exchanged.
    await this.families.updateMany(
      { connectedAccountId, $or: [{ revokedAt: null }, { revokedAt: { $gt: at } }] },
      { $set: { revokedAt: at } },
      WRITE_OPTIONS,
    )
    await this.codes.updateMany({ connectedAccountId, usedAt: null }, { $set: { usedAt: at } }, WRITE_OPTIONS)
  }

  async saveRefreshToken(token: RefreshTokenRecord): Promise<void> {
    const { hash, ...rest } = token
    await this.refreshTokens.insertOne({ _id: hash, ...rest }, WRITE_OPTIONS)
  }

  async findRefreshToken(hash: string): Promise<RefreshTokenRecord | null> {
    if (!isIdShaped(hash)) return null
    const document = await this.refreshTokens.findOne({ _id: hash })
    return document === null ? null : refreshTokenOf(document)
  }

  async useRefreshToken(hash: string, at: Date): Promise<RefreshTokenRecord | null> {
    if (!isIdShaped(hash)) return null
    // Only an unused one takes the time: the first of two racing requests gets it back unused.
    const first = await this.refreshTokens.findOneAndUpdate({ _id: hash, usedAt: null }, { $set: { usedAt: at } })
    if (first !== null) return refreshTokenOf(first)
    const used = await this.refreshTokens.findOne({ _id: hash })
    return used === null ? null : refreshTokenOf(used)
  }
}
