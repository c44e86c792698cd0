import type { Member } from '../../../core/dashboard/member.js'
import type { MemberRepositoryPort } from '../../../core/ports/member-repository.js'

/** Members in this process only (the memory storage: gone on restart). */
export class MemoryMemberRepository implements MemberRepositoryPort {
  /** In insertion order, which the lists answer in. */
  private readonly members = new Map<string, Member>()

  async insert(member: Member): Promise<void> {
    if (this.members.has(member.id)) throw new Error(`member ${member.id} is already stored`)
    if (
      [...this.members.values()].some(
        (stored) => stored.accountId === member.accountId && stored.email === member.email,
      )
    )
      throw new Error(`account ${member.accountId} already has a member ${member.email}`)
    this.members.set(member.id, member)
  }

  async get(id: string): Promise<Member | null> {
    return this.members.get(id) ?? null
  }

  async findByEmail(accountId: string, email: string): Promise<Member | null> {
    return [...this.members.values()].find((member) => member.accountId === accountId && member.email === email) ?? null
  }

  async listByEmail(email: string): Promise<Member[]> {
    return [...this.members.values()].filter((member) => member.email === email)
  }

  async list(accountId: string): Promise<Member[]> {
    return [...this.members.values()].filter((member) => member.accountId === accountId)
  }

  async update(member: Member): Promise<void> {
    if (this.members.has(member.id)) this.members.set(member.id, member)
  }
}
