import { type Collection, type Db, ObjectId, type UpdateFilter } from 'mongodb'
import {
  type Account,
  type ApiKeyRecord,
  LEGACY_ACCOUNT_FIELDS,
  LEGACY_KEY_FIELDS,
} from '../../../core/account/account.js'
import type { Permissions } from '../../../core/account/permissions.js'
import type { AccountRepositoryPort } from '../../../core/ports/account-repository.js'
import type { MongoDocument } from './document.js'
import { isIdShaped, literal } from './query-guard.js'

/** `order` keeps lists oldest first in insertion order (ObjectIds follow the clock), whatever the ids look like. */
type AccountDocument = MongoDocument<Account> & { readonly order: ObjectId }
type LegacyKeyField = keyof typeof LEGACY_KEY_FIELDS
/** A key stored before restricted keys existed lacks the `LEGACY_KEY_FIELDS`: read as a secret key. */
type KeyDocument = Omit<MongoDocument<ApiKeyRecord>, LegacyKeyField> &
  Partial<Pick<ApiKeyRecord, LegacyKeyField>> & { readonly order: ObjectId }

const accountToDomain = ({ _id, order: _order, ...rest }: AccountDocument): Account => ({
  id: _id,
  ...LEGACY_ACCOUNT_FIELDS,
  ...rest,
})
const keyToDomain = ({ _id, order: _order, ...rest }: KeyDocument): ApiKeyRecord => ({
  id: _id,
  ...LEGACY_KEY_FIELDS,
  ...rest,
})

/** The optional fields of an account, every one of them (the type makes this list complete). */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T]
const OPTIONAL_ACCOUNT_FIELDS: Record<OptionalKeys<Account>, true> = { trackingEnabled: true, requestBodyLogging: true }

/**
 * Accounts and hashed API keys, shared by both surfaces: the `accounts` and
 * `api_keys` collections of the platform database.
 */
export class MongoAccountRepository implements AccountRepositoryPort {
  private readonly accounts: Collection<AccountDocument>
  private readonly keys: Collection<KeyDocument>

  constructor(db: Db) {
    this.accounts = db.collection<AccountDocument>('accounts')
    this.keys = db.collection<KeyDocument>('api_keys')
  }

  async ensureIndexes(): Promise<void> {
    await this.accounts.createIndexes([
      { key: { order: 1 }, name: 'oldest_first' },
      // A platform's connected accounts on one surface, newest first.
      { key: { platformId: 1, livemode: 1, order: -1 }, name: 'connected_accounts_newest_first' },
    ])
    await this.keys.createIndexes([
      // Authentication finds a key by the hash of its secret; a second key with one hash is refused.
      { key: { hash: 1 }, name: 'unique_hash', unique: true },
      // An account's keys, oldest first.
      { key: { accountId: 1, order: 1 }, name: 'account_oldest_first' },
    ])
  }

  async insertAccount(account: Account): Promise<void> {
    const { id, ...rest } = account
    // A duplicate id fails with E11000 and keeps the first: a bug, so it throws.
    await this.accounts.insertOne({ _id: id, ...rest, order: new ObjectId() })
  }

  async getAccount(id: string): Promise<Account | null> {
    if (!isIdShaped(id)) return null
    const document = await this.accounts.findOne({ _id: id })
    return document === null ? null : accountToDomain(document)
  }

  async listAccounts(): Promise<Account[]> {
    return (await this.accounts.find().sort({ order: 1 }).toArray()).map(accountToDomain)
  }

  async listConnectedAccounts(platformId: string, livemode: boolean): Promise<Account[]> {
    if (!isIdShaped(platformId)) return []
    const found = await this.accounts
      .find({ platformId: literal(platformId, 'platformId'), livemode })
      .sort({ order: -1 })
      .toArray()
    return found.map(accountToDomain)
  }

  async updateAccount(account: Account): Promise<void> {
    if (!isIdShaped(account.id)) return
    const { id, ...rest } = account
    // An optional field the account no longer has must not stay behind (`$set` alone would keep it).
    const unset = Object.fromEntries(
      Object.keys(OPTIONAL_ACCOUNT_FIELDS)
        .filter((field) => (rest as Record<string, unknown>)[field] === undefined)
        .map((field) => [field, '']),
    )
    await this.accounts.updateOne(
      { _id: id },
      (Object.keys(unset).length === 0
        ? { $set: rest }
        : { $set: rest, $unset: unset }) as UpdateFilter<AccountDocument>,
    )
  }

  async insertKey(key: ApiKeyRecord): Promise<void> {
    const { id, ...rest } = key
    await this.keys.insertOne({ _id: id, ...rest, order: new ObjectId() })
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const document = await this.keys.findOne({ hash: literal(hash, 'hash') })
    return document === null ? null : keyToDomain(document)
  }

  async findKeyById(id: string): Promise<ApiKeyRecord | null> {
    if (!isIdShaped(id)) return null
    const document = await this.keys.findOne({ _id: id })
    return document === null ? null : keyToDomain(document)
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return (
      await this.keys
        .find({ accountId: literal(accountId, 'accountId') })
        .sort({ order: 1 })
        .toArray()
    ).map(keyToDomain)
  }

  async updateKeyPermissions(id: string, permissions: Permissions): Promise<ApiKeyRecord | null> {
    if (!isIdShaped(id)) return null
    const updated = await this.keys.findOneAndUpdate(
      { _id: id },
      { $set: { permissions: { ...permissions } } },
      { returnDocument: 'after' },
    )
    return updated === null ? null : keyToDomain(updated)
  }

  async revokeKey(id: string, revokedAt: Date): Promise<ApiKeyRecord | null> {
    if (!isIdShaped(id)) return null
    // Only a key without an earlier time takes it: revoking never postpones (a rolled key's expiry may come forward).
    const revoked = await this.keys.findOneAndUpdate(
      { _id: id, $or: [{ revokedAt: null }, { revokedAt: { $gt: revokedAt } }] },
      { $set: { revokedAt } },
      { returnDocument: 'after' },
    )
    const document = revoked ?? (await this.keys.findOne({ _id: id }))
    return document === null ? null : keyToDomain(document)
  }
}
