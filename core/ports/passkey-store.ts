import type { Passkey, PasskeyChallenge } from '../dashboard/passkey.js'

/** The members' passkeys and the WebAuthn challenges under way (platform storage, shared by every host). */
export interface PasskeyStorePort {
  /** Stores a new passkey; false (nothing stored) when its credential id is already registered. */
  insertPasskey(passkey: Passkey): Promise<boolean>
  findPasskey(id: string): Promise<Passkey | null>
  /** A member's passkeys, oldest first. */
  listPasskeys(memberId: string): Promise<Passkey[]>
  /** Records a use: the authenticator's new counter and the time. */
  recordPasskeyUse(id: string, counter: number, usedAt: Date): Promise<void>
  /** Removes a passkey of that member; false when the member has none of that id. */
  deletePasskey(memberId: string, id: string): Promise<boolean>
  saveChallenge(challenge: PasskeyChallenge): Promise<void>
  /** The challenge, removed in the same step (used once); null when unknown, taken, or expired at `now`. */
  takeChallenge(challenge: string, now: Date): Promise<PasskeyChallenge | null>
}
