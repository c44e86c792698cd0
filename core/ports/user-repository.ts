import type { MaybePromise } from '../shared/maybe-promise.js'
import type { Page, PageRequest } from '../shared/pagination.js'
import type { User } from '../user/user.js'
import type { DomainEvent } from './outbox.js'

export interface UserFilter {
  readonly email?: string | undefined
}

/**
 * Users of one surface (each surface has its own repository instance, so
 * sandbox and production data never mix). Every write carries the domain
 * events it produced; an adapter stores both in one atomic write (outbox).
 * Writes of an existing user compare `expectedVersion` (optimistic concurrency).
 */
export interface UserRepositoryPort {
  /** `duplicate` when the account already has a user with that (normalized) e-mail. */
  insert(user: User, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'>
  /**
   * Reads are scoped to the account: another account's user is null. May answer at once (`MaybePromise`, on the
   * measured authenticated GET: docs/decisions/0001-synchronous-path-for-embedded-ports.md).
   */
  get(accountId: string, id: string): MaybePromise<User | null>
  findByEmail(accountId: string, email: string): Promise<User | null>
  /** Newest first (by id), paged by `startingAfter` / `endingBefore` (see core/shared/pagination.ts). */
  list(accountId: string, filter: UserFilter, page: PageRequest): Promise<Page<User>>
  /**
   * `conflict` when the stored version is not `expectedVersion`, the user is not
   * the account's, or the new e-mail belongs to another user of the account (nothing written).
   */
  update(user: User, expectedVersion: number, events: readonly DomainEvent[]): Promise<'updated' | 'conflict'>
  remove(
    accountId: string,
    id: string,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'removed' | 'conflict'>
}
