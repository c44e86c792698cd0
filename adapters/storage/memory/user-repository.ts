import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { UserFilter, UserRepositoryPort } from '../../../core/ports/user-repository.js'
import { type Page, type PageRequest, paginateById } from '../../../core/shared/pagination.js'
import { expectOk } from '../../../core/shared/result.js'
import type { User } from '../../../core/user/user.js'
import type { MemoryOutbox } from './outbox.js'

export class MemoryUserRepository implements UserRepositoryPort {
  private readonly users = new Map<string, User>()

  constructor(private readonly outbox: MemoryOutbox) {}

  async insert(user: User, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    if (this.byEmail(user.accountId, user.email) !== undefined) return 'duplicate'
    this.users.set(user.id, user)
    this.outbox.appendNow(events)
    return 'inserted'
  }

  /** Answers at once: the read path of every request that fetches a user runs without a promise. */
  get(accountId: string, id: string): User | null {
    const user = this.users.get(id)
    return user !== undefined && user.accountId === accountId ? user : null
  }

  async findByEmail(accountId: string, email: string): Promise<User | null> {
    return this.byEmail(accountId, email) ?? null
  }

  async list(accountId: string, filter: UserFilter, page: PageRequest): Promise<Page<User>> {
    const matching = [...this.users.values()].filter(
      (user) => user.accountId === accountId && (filter.email === undefined || user.email === filter.email),
    )
    return expectOk(paginateById(matching, page))
  }

  async update(user: User, expectedVersion: number, events: readonly DomainEvent[]): Promise<'updated' | 'conflict'> {
    const stored = this.users.get(user.id)
    if (stored === undefined || stored.version !== expectedVersion || stored.accountId !== user.accountId)
      return 'conflict'
    const holder = this.byEmail(user.accountId, user.email)
    if (holder !== undefined && holder.id !== user.id) return 'conflict'
    this.users.set(user.id, user)
    this.outbox.appendNow(events)
    return 'updated'
  }

  async remove(
    accountId: string,
    id: string,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'removed' | 'conflict'> {
    const stored = this.users.get(id)
    if (stored === undefined || stored.accountId !== accountId || stored.version !== expectedVersion) return 'conflict'
    this.users.delete(id)
    this.outbox.appendNow(events)
    return 'removed'
  }

  private byEmail(accountId: string, email: string): User | undefined {
    for (const user of this.users.values()) if (user.accountId === accountId && user.email === email) return user
    return undefined
  }
}
