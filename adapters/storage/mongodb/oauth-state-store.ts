import type { Collection } from 'mongodb'
import type { OAuthState } from '../../../core/connection/connection.js'
import type { OAuthStateStorePort } from '../../../core/ports/oauth-state-store.js'
import type { MongoDocument } from './document.js'
import { type MongoContext, WRITE_OPTIONS } from './mongo-context.js'

export const OAUTH_STATES_COLLECTION = 'oauth_states'

/** Keyed by the `state` parameter. */
type OAuthStateDocument = MongoDocument<OAuthState, 'state'>

const toDocument = (state: OAuthState): OAuthStateDocument => ({
  _id: state.state,
  accountId: state.accountId,
  livemode: state.livemode,
  userId: state.userId,
  provider: state.provider,
  scopes: [...state.scopes],
  returnUrl: state.returnUrl,
  callback: state.callback,
  redirectUri: state.redirectUri,
  codeVerifier: state.codeVerifier,
  createdAt: state.createdAt,
  expiresAt: state.expiresAt,
})

const fromDocument = (document: OAuthStateDocument): OAuthState => ({
  state: document._id,
  accountId: document.accountId,
  livemode: document.livemode,
  userId: document.userId,
  provider: document.provider,
  scopes: document.scopes,
  returnUrl: document.returnUrl,
  callback: document.callback,
  redirectUri: document.redirectUri,
  codeVerifier: document.codeVerifier,
  createdAt: document.createdAt,
  expiresAt: document.expiresAt,
})

// A string is never read as an operator; anything else (an object from a crafted body) finds nothing.
const isStateShaped = (value: unknown): value is string => typeof value === 'string' && value !== ''

/**
 * Pending consents of one surface in `oauth_states`, keyed by `state`. A take is
 * one findOneAndDelete, so two callbacks racing with one state cannot both
 * have it. Expiry is decided here against `now`; the TTL index only clears
 * what nobody came back for (its monitor runs about once a minute).
 */
export class MongoOAuthStateStore implements OAuthStateStorePort {
  private readonly states: Collection<OAuthStateDocument>

  constructor(context: MongoContext) {
    this.states = context.db.collection<OAuthStateDocument>(OAUTH_STATES_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.states.createIndexes([{ key: { expiresAt: 1 }, name: 'expire_at_expiry', expireAfterSeconds: 0 }])
  }

  async save(state: OAuthState): Promise<void> {
    await this.states.replaceOne({ _id: state.state }, toDocument(state), { ...WRITE_OPTIONS, upsert: true })
  }

  async take(state: string, now: Date): Promise<OAuthState | null> {
    if (!isStateShaped(state)) return null
    // Taken or expired, it is gone either way (as an expired one is dropped on sight).
    const document = await this.states.findOneAndDelete({ _id: state })
    if (document === null || document.expiresAt <= now) return null
    return fromDocument(document)
  }

  async peek(state: string, now: Date): Promise<OAuthState | null> {
    if (!isStateShaped(state)) return null
    const document = await this.states.findOne({ _id: state })
    if (document === null) return null
    if (document.expiresAt <= now) {
      await this.states.deleteOne({ _id: state, expiresAt: { $lte: now } })
      return null
    }
    return fromDocument(document)
  }
}
