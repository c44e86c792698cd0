import type { PermissionResource, Permissions } from '../account/permissions.js'
import type { ConfirmationPolicy } from '../voice/voice-session.js'

/**
 * A user-scoped agent token: a bearer credential a platform mints for one of its users, for that user's AI agent at
 * `/mcp`. Every tool call made with it acts for that user only, with the token's permissions (never more than the
 * credential that minted it had) and its confirmation policy. Stored as a SHA-256 hash; the secret is shown once.
 */
export interface AgentToken {
  /** `agt_...`: what the list shows and what `DELETE` names. */
  readonly id: string
  /** The account whose user it acts for (a connected account `cpa_...` under Connect). */
  readonly accountId: string
  /** The account of the credential that minted it (the platform under Connect): its deletion ends the token too. */
  readonly platformAccountId: string
  readonly livemode: boolean
  readonly userId: string
  readonly permissions: Permissions
  readonly confirmationPolicy: ConfirmationPolicy
  /** SHA-256 of the secret. */
  readonly hash: string
  /** The secret's last four characters, to recognise it in a list. */
  readonly last4: string
  /** The key (`key_...`) or token family (`oauth_...`) that minted it. */
  readonly createdBy: string
  readonly createdAt: Date
  readonly expiresAt: Date
  readonly revokedAt: Date | null
}

/** The secret's prefix: `uat_live_` on production, `uat_test_` on the sandbox ("user agent token"). */
export const agentTokenPrefix = (livemode: boolean): string => (livemode ? 'uat_live_' : 'uat_test_')

/** Whether a bearer secret is shaped as an agent token (of either surface). */
export const isAgentTokenSecret = (secret: string): boolean =>
  secret.startsWith('uat_live_') || secret.startsWith('uat_test_')

/** The longest an agent token lives: 30 days. */
export const AGENT_TOKEN_MAX_SECONDS = 30 * 24 * 3600
/** Without `expires_in`: 7 days. */
export const AGENT_TOKEN_DEFAULT_SECONDS = 7 * 24 * 3600

/** The permission families the agent tools use: a token grants nothing else. */
export const AGENT_TOKEN_FAMILIES: readonly PermissionResource[] = [
  'users',
  'events',
  'departure',
  'reminders',
  'invitations',
  'connections',
  'scheduling',
  'tracking',
]

/** Whether a token works at `now`: not revoked, not expired. */
export const agentTokenLive = (token: AgentToken, now: Date): boolean =>
  token.revokedAt === null && token.expiresAt.getTime() > now.getTime()
