/**
 * A person who uses the dashboard for one account. Members are account-wide (the same member sees production and
 * the sandbox); what they may do there is their role's (see `dashboard-roles.ts`).
 */
export const MEMBER_ROLES = ['owner', 'admin', 'developer', 'viewer'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/** `invited` until the first sign-in, then `active`; `removed` members cannot sign in and have no session. */
export const MEMBER_STATUSES = ['invited', 'active', 'removed'] as const
export type MemberStatus = (typeof MEMBER_STATUSES)[number]

export interface Member {
  /** `mem_...` */
  readonly id: string
  readonly accountId: string
  /** Lower case, trimmed: one member per address and account. */
  readonly email: string
  readonly role: MemberRole
  readonly status: MemberStatus
  readonly createdAt: Date
  readonly updatedAt: Date
}

export const isMemberRole = (value: unknown): value is MemberRole =>
  typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value)

/** The form an address is stored and compared in. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/** A deliberately plain check (one `@`, a dot in the domain, no spaces): the link sent is the real proof. */
export const isEmailShaped = (email: string): boolean => email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
