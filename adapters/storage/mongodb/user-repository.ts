import type { Collection, Db, MongoClient } from 'mongodb'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { UserFilter, UserRepositoryPort } from '../../../core/ports/user-repository.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import type { User } from '../../../core/user/user.js'
import { inTransaction, isDuplicateKey } from './connection.js'
import type { MongoDocument } from './document.js'
import type { MongoOutbox } from './outbox.js'
import { pageByIdDescending } from './pagination.js'
import { isIdShaped, literal } from './query-guard.js'

type UserDocument = MongoDocument<User>

const toDocument = ({ id, ...rest }: User): UserDocument => ({ _id: id, ...rest })
const toDomain = ({ _id, ...rest }: UserDocument): User => ({ id: _id, ...rest })

/** The users of one surface (the `users` collection of its database); writes and their events in one transaction. */
export class MongoUserRepository implements UserRepositoryPort {
  private readonly collection: Collection<UserDocument>

  constructor(
    private readonly client: MongoClient,
    db: Db,
    private readonly outbox: MongoOutbox,
  ) {
    this.collection = db.collection<UserDocument>('users')
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndexes([
      // One user per (normalized) e-mail within an account: the duplicate and the e-mail conflict come from here.
      { key: { accountId: 1, email: 1 }, name: 'unique_email_per_account', unique: true },
      // An account's users newest first (list, paging by id).
      { key: { accountId: 1, _id: -1 }, name: 'account_newest_first' },
    ])
  }

  async insert(user: User, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    try {
      await inTransaction(this.client, async (session) => {
        await this.collection.insertOne(toDocument(user), { session })
        await this.outbox.appendIn(session, events)
      })
      return 'inserted'
    } catch (error) {
      if (isDuplicateKey(error, 'email')) return 'duplicate'
      throw error
    }
  }

  async get(accountId: string, id: string): Promise<User | null> {
    if (!isIdShaped(id)) return null
    const document = await this.collection.findOne({ _id: id, accountId: literal(accountId, 'accountId') })
    return document === null ? null : toDomain(document)
  }

  async findByEmail(accountId: string, email: string): Promise<User | null> {
    const document = await this.collection.findOne({
      accountId: literal(accountId, 'accountId'),
      email: literal(email, 'email'),
    })
    return document === null ? null : toDomain(document)
  }

  async list(accountId: string, filter: UserFilter, page: PageRequest): Promise<Page<User>> {
    const query = {
      accountId: literal(accountId, 'accountId'),
      ...(filter.email === undefined ? {} : { email: literal(filter.email, 'email') }),
    }
    return pageByIdDescending(this.collection, query, page, toDomain)
  }

  async update(user: User, expectedVersion: number, events: readonly DomainEvent[]): Promise<'updated' | 'conflict'> {
    if (!isIdShaped(user.id)) return 'conflict'
    try {
      return await inTransaction(this.client, async (session) => {
        const result = await this.collection.replaceOne(
          { _id: user.id, accountId: literal(user.accountId, 'accountId'), version: expectedVersion },
          toDocument(user),
          { session },
        )
        if (result.matchedCount === 0) return 'conflict'
        await this.outbox.appendIn(session, events)
        return 'updated'
      })
    } catch (error) {
      // The new e-mail belongs to another user of the account.
      if (isDuplicateKey(error, 'email')) return 'conflict'
      throw error
    }
  }

  async remove(
    accountId: string,
    id: string,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'removed' | 'conflict'> {
    if (!isIdShaped(id)) return 'conflict'
    return inTransaction(this.client, async (session) => {
      const result = await this.collection.deleteOne(
        { _id: id, accountId: literal(accountId, 'accountId'), version: expectedVersion },
        { session },
      )
      if (result.deletedCount === 0) return 'conflict'
      await this.outbox.appendIn(session, events)
      return 'removed'
    })
  }
}
