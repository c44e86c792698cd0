import { PermissionDenied } from '../account/account.errors.js'
import type { Clock } from '../ports/clock.js'
import type { DashboardSessionStorePort } from '../ports/dashboard-session-store.js'
import type { IdGenerator } from '../ports/id-generator.js'
import type { MemberRepositoryPort } from '../ports/member-repository.js'
import { InvalidParameter, InvalidTransition, ResourceNotFound } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import { isEmailShaped, type Member, type MemberRole, normalizeEmail } from './member.js'

export interface MemberServiceDeps {
  readonly members: MemberRepositoryPort
  readonly sessions: DashboardSessionStorePort
  readonly ids: IdGenerator
  readonly clock: Clock
}

type MemberChangeError = ResourceNotFound | InvalidParameter | InvalidTransition | PermissionDenied

/**
 * The members of an account. Who may call what is the host's check (`roleAllows(..., 'manage_members')`); the
 * rules about owners are here, because they depend on the records: only an owner makes, changes or removes an
 * owner, and an account always keeps one active owner.
 */
export class MemberService {
  constructor(private readonly deps: MemberServiceDeps) {}

  list(accountId: string): Promise<Member[]> {
    return this.deps.members.list(accountId)
  }

  /** A member of the account who may sign in (invited or active), or null. */
  async current(accountId: string, memberId: string): Promise<Member | null> {
    const member = await this.deps.members.get(memberId)
    return member === null || member.accountId !== accountId || member.status === 'removed' ? null : member
  }

  /**
   * The CLI's way in (`dashboard-link`): the member of that address, made if needed (as `role`, or the account's
   * owner when it has no active owner yet, else a viewer). A removed member comes back as invited; `role`, when
   * given, replaces the member's role.
   */
  async ensure(
    accountId: string,
    email: string,
    role: MemberRole | null,
  ): Promise<Result<Member, InvalidParameter | InvalidTransition>> {
    const address = normalizeEmail(email)
    if (!isEmailShaped(address))
      return err(new InvalidParameter({ param: 'email', message: `'${email}' is not an e-mail address.` }))
    const now = this.deps.clock.now()
    const existing = await this.deps.members.findByEmail(accountId, address)
    if (existing === null) {
      const chosen = role ?? ((await this.hasActiveOwner(accountId, null)) ? 'viewer' : 'owner')
      return ok(await this.insert(accountId, address, chosen, now))
    }
    if (existing.status !== 'removed' && (role === null || role === existing.role)) return ok(existing)
    if (
      existing.role === 'owner' &&
      role !== null &&
      role !== 'owner' &&
      !(await this.hasActiveOwner(accountId, existing.id))
    )
      return err(new InvalidTransition({ resource: 'member', from: 'owner', command: 'change_role' }))
    const updated: Member = {
      ...existing,
      role: role ?? existing.role,
      status: existing.status === 'removed' ? 'invited' : existing.status,
      updatedAt: now,
    }
    await this.deps.members.update(updated)
    return ok(updated)
  }

  /** Invites an address as `role` (a removed member comes back); refused for an address already a member. */
  async invite(actor: Member, email: string, role: MemberRole): Promise<Result<Member, MemberChangeError>> {
    const address = normalizeEmail(email)
    if (!isEmailShaped(address))
      return err(new InvalidParameter({ param: 'email', message: `'${email}' is not an e-mail address.` }))
    if (role === 'owner' && actor.role !== 'owner') return err(new PermissionDenied({ permission: 'owner' }))
    const now = this.deps.clock.now()
    const existing = await this.deps.members.findByEmail(actor.accountId, address)
    if (existing === null) return ok(await this.insert(actor.accountId, address, role, now))
    if (existing.status !== 'removed')
      return err(new InvalidParameter({ param: 'email', message: `${address} is already a member of this account.` }))
    const reinstated: Member = { ...existing, role, status: 'invited', updatedAt: now }
    await this.deps.members.update(reinstated)
    return ok(reinstated)
  }

  async changeRole(actor: Member, memberId: string, role: MemberRole): Promise<Result<Member, MemberChangeError>> {
    const target = await this.current(actor.accountId, memberId)
    if (target === null) return err(new ResourceNotFound({ resource: 'member', id: memberId }))
    if (target.role === role) return ok(target)
    if ((role === 'owner' || target.role === 'owner') && actor.role !== 'owner')
      return err(new PermissionDenied({ permission: 'owner' }))
    if (target.role === 'owner' && !(await this.hasActiveOwner(actor.accountId, target.id)))
      return err(new InvalidTransition({ resource: 'member', from: 'owner', command: 'change_role' }))
    const changed: Member = { ...target, role, updatedAt: this.deps.clock.now() }
    await this.deps.members.update(changed)
    return ok(changed)
  }

  /** Removes a member and ends every session of theirs at once. */
  async remove(actor: Member, memberId: string): Promise<Result<Member, MemberChangeError>> {
    const target = await this.current(actor.accountId, memberId)
    if (target === null) return err(new ResourceNotFound({ resource: 'member', id: memberId }))
    if (target.role === 'owner' && actor.role !== 'owner') return err(new PermissionDenied({ permission: 'owner' }))
    if (target.role === 'owner' && !(await this.hasActiveOwner(actor.accountId, target.id)))
      return err(new InvalidTransition({ resource: 'member', from: 'owner', command: 'remove' }))
    const removed: Member = { ...target, status: 'removed', updatedAt: this.deps.clock.now() }
    // A session is refused as soon as its member reads as removed (`SignInService.resume`); the sessions are then
    // deleted too, so none is left behind.
    await this.deps.members.update(removed)
    await this.deps.sessions.deleteSessionsOfMember(target.id)
    return ok(removed)
  }

  private async insert(accountId: string, email: string, role: MemberRole, now: Date): Promise<Member> {
    const member: Member = {
      id: this.deps.ids.next('mem'),
      accountId,
      email,
      role,
      status: 'invited',
      createdAt: now,
      updatedAt: now,
    }
    await this.deps.members.insert(member)
    return member
  }

  /** Whether the account has an owner who may sign in, other than `except`. */
  private async hasActiveOwner(accountId: string, except: string | null): Promise<boolean> {
    return (await this.deps.members.list(accountId)).some(
      (member) => member.role === 'owner' && member.status !== 'removed' && member.id !== except,
    )
  }
}
