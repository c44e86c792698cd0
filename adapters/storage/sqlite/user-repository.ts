import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { UserFilter, UserRepositoryPort } from '../../../core/ports/user-repository.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import type { User } from '../../../core/user/user.js'
import { inTransaction, isUniqueViolation, ReadCache, type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import type { SqliteOutbox } from './outbox.js'
import { pageByIdDescending } from './paging.js'
import { type Columns, insertRow, oneRecord, replaceIfVersion } from './records.js'

const columnsOf = (user: User): Columns => ({
  id: user.id,
  account_id: user.accountId,
  email: user.email,
  doc: encodeJson(user),
})

/** Users of one surface; the unique (account, e-mail) index makes a second user with one e-mail a `duplicate`. */
export class SqliteUserRepository implements UserRepositoryPort {
  /** `get` is on the read path of most requests: decoded users, emptied by any other writer's commit. */
  private readonly cache: ReadCache<User>

  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {
    this.cache = new ReadCache(db)
  }

  async insert(user: User, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    this.cache.delete(user.id)
    try {
      inTransaction(this.db, () => {
        insertRow(this.db, 'users', columnsOf(user))
        this.outbox.appendIn(events)
      })
      return 'inserted'
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate'
      throw error
    }
  }

  /** Answers at once: the read path of every request that fetches a user runs without a promise. */
  get(accountId: string, id: string): User | null {
    const user = this.cache.get(id, () => oneRecord<User>(this.db, 'SELECT doc FROM users WHERE id = ?', id))
    return user !== null && user.accountId === accountId ? user : null
  }

  async findByEmail(accountId: string, email: string): Promise<User | null> {
    return oneRecord<User>(this.db, 'SELECT doc FROM users WHERE account_id = ? AND email = ?', accountId, email)
  }

  async list(accountId: string, filter: UserFilter, page: PageRequest): Promise<Page<User>> {
    return filter.email === undefined
      ? pageByIdDescending<User>(this.db, 'users', 'account_id = @accountId', { accountId }, page)
      : pageByIdDescending<User>(
          this.db,
          'users',
          'account_id = @accountId AND email = @email',
          { accountId, email: filter.email },
          page,
        )
  }

  async update(user: User, expectedVersion: number, events: readonly DomainEvent[]): Promise<'updated' | 'conflict'> {
    this.cache.delete(user.id)
    try {
      return inTransaction(this.db, () => {
        if (!replaceIfVersion(this.db, 'users', user, expectedVersion, columnsOf(user))) return 'conflict'
        this.outbox.appendIn(events)
        return 'updated'
      })
    } catch (error) {
      // The new e-mail belongs to another user of the account.
      if (isUniqueViolation(error)) return 'conflict'
      throw error
    }
  }

  async remove(
    accountId: string,
    id: string,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'removed' | 'conflict'> {
    this.cache.delete(id)
    return inTransaction(this.db, () => {
      const { changes } = statement(
        this.db,
        `DELETE FROM users WHERE id = ? AND account_id = ? AND json_extract(doc, '$.version') = ?`,
      ).run(id, accountId, expectedVersion)
      if (changes !== 1) return 'conflict'
      this.outbox.appendIn(events)
      return 'removed'
    })
  }
}
