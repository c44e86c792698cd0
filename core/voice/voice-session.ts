import type { KeyType, Permissions } from '../account/permissions.js'
import { AUTHORITY_LOSSES, type SessionGrant } from '../account/session-authority.js'

/**
 * A voice session: one user's conversation, reached through one WebSocket connection. Created by
 * `POST /v1/voice/sessions` with a connect token; `active` once a connection used that token (once); `ended` by
 * `POST .../end`, by the client, or by its expiry.
 */
export const VOICE_SESSION_STATUSES = ['created', 'active', 'ended'] as const
export type VoiceSessionStatus = (typeof VOICE_SESSION_STATUSES)[number]

export const CONFIRMATION_POLICIES = ['always', 'low_risk_direct'] as const
/** `always`: every change waits for `action.confirm`; `low_risk_direct`: low-risk ones (a snooze) execute at once. */
export type ConfirmationPolicy = (typeof CONFIRMATION_POLICIES)[number]

export const SPEECH_MODELS = ['embedded', 'realtime_relay'] as const
export type SpeechModelKind = (typeof SPEECH_MODELS)[number]

/** The last ones: the authority the session acted with is gone (`core/account/session-authority.ts`). */
export const END_REASONS = ['ended_by_api', 'ended_by_client', 'expired', ...AUTHORITY_LOSSES] as const
export type EndReason = (typeof END_REASONS)[number]

/** How long the connect token is valid: the client connects within this time of the session's creation. */
export const CONNECT_TOKEN_LIFETIME_MS = 5 * 60_000
/** A session's default and longest lifetime. */
export const DEFAULT_SESSION_LIFETIME_MS = 30 * 60_000
export const MAX_SESSION_LIFETIME_MS = 2 * 3600_000
/** Voice sessions per user per rolling hour (the spec's sub-limit). */
export const SESSIONS_PER_USER_PER_HOUR = 60
/** Open voice connections per API key (the spec's Limits table). */
export const CONCURRENT_SESSIONS_PER_KEY = 10

/** Who created the session: the key (and through it the permissions the session acts with). */
export interface VoiceCaller {
  readonly keyId: string
  readonly keyType: KeyType
  /** A restricted key's grants; null for a secret key (everything). */
  readonly permissions: Permissions | null
  /** The platform account of the key; differs from the session's account under Connect. */
  readonly platformAccountId: string
}

export interface VoiceSession {
  readonly id: string
  /** The account whose data the session reaches (a connected account under Connect). */
  readonly accountId: string
  readonly livemode: boolean
  readonly userId: string
  readonly caller: VoiceCaller
  readonly tools: readonly string[]
  readonly confirmationPolicy: ConfirmationPolicy
  readonly locale: string
  readonly model: SpeechModelKind
  readonly status: VoiceSessionStatus
  /** The connect token's id (`jti`): a token connects once. */
  readonly tokenId: string
  readonly createdAt: Date
  readonly connectBy: Date
  readonly expiresAt: Date
  readonly connectedAt: Date | null
  readonly endedAt: Date | null
  readonly endReason: EndReason | null
  readonly toolCalls: number
  readonly actionsExecuted: number
  readonly version: number
}

/** What a voice session acts with: its key's grants, for its user, in its account. */
export const grantOf = (session: VoiceSession): SessionGrant => ({
  ...session.caller,
  accountId: session.accountId,
  livemode: session.livemode,
  userId: session.userId,
})

/** The status a reader sees: an unended session past its expiry is `ended` (reason `expired`). */
export const effectiveStatus = (session: VoiceSession, now: Date): VoiceSessionStatus =>
  session.status !== 'ended' && now.getTime() >= session.expiresAt.getTime() ? 'ended' : session.status
