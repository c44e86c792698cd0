import type { Member } from '../dashboard/member.js'

/**
 * The dashboard's members of every account (platform storage, shared by both surfaces). One member per account and
 * address (`email`, stored normalized): inserting a second, or an id already stored, is a bug and throws, leaving
 * the stored records as they were. Lists are oldest first; removed members stay (status `removed`).
 */
export interface MemberRepositoryPort {
  insert(member: Member): Promise<void>
  get(id: string): Promise<Member | null>
  findByEmail(accountId: string, email: string): Promise<Member | null>
  /** Every membership of an address, across accounts (sign-in by e-mail sends one link per membership). */
  listByEmail(email: string): Promise<Member[]>
  list(accountId: string): Promise<Member[]>
  /** Replaces a stored member (same id); an unknown id changes nothing. */
  update(member: Member): Promise<void>
}
