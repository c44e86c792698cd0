/**
 * A member's passkey (a WebAuthn credential): after a first sign-in by link, a member may register one and sign in
 * with it from then on. The store keeps the public key only; the private key never leaves the authenticator.
 */
export interface Passkey {
  /** The credential id, base64url (the authenticator's). */
  readonly id: string
  readonly memberId: string
  readonly accountId: string
  /** The COSE public key, base64url. */
  readonly publicKey: string
  /** The authenticator's signature counter at the last use (a counter going back betrays a cloned authenticator). */
  readonly counter: number
  readonly transports: readonly string[]
  /** What the member called it (`Work laptop`). */
  readonly name: string
  readonly createdAt: Date
  readonly lastUsedAt: Date | null
}

/**
 * A WebAuthn challenge handed out and not yet answered: registering needs the member who asked; signing in is
 * asked by nobody yet (the passkey names its member). Used once, within `PASSKEY_CHALLENGE_TTL_MS`.
 */
export interface PasskeyChallenge {
  /** base64url, as in the options sent and in the answer's client data. */
  readonly challenge: string
  readonly purpose: 'register' | 'sign_in'
  readonly memberId: string | null
  readonly expiresAt: Date
}

export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000
/** A member has at most this many passkeys. */
export const MAX_PASSKEYS_PER_MEMBER = 10
