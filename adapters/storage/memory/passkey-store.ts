import type { Passkey, PasskeyChallenge } from '../../../core/dashboard/passkey.js'
import type { PasskeyStorePort } from '../../../core/ports/passkey-store.js'

/** Passkeys and challenges in this process only (the memory storage: gone on restart). */
export class MemoryPasskeyStore implements PasskeyStorePort {
  /** In registration order. */
  private readonly passkeys = new Map<string, Passkey>()
  private readonly challenges = new Map<string, PasskeyChallenge>()

  async insertPasskey(passkey: Passkey): Promise<boolean> {
    if (this.passkeys.has(passkey.id)) return false
    this.passkeys.set(passkey.id, passkey)
    return true
  }

  async findPasskey(id: string): Promise<Passkey | null> {
    return this.passkeys.get(id) ?? null
  }

  async listPasskeys(memberId: string): Promise<Passkey[]> {
    return [...this.passkeys.values()].filter((passkey) => passkey.memberId === memberId)
  }

  async recordPasskeyUse(id: string, counter: number, usedAt: Date): Promise<void> {
    const passkey = this.passkeys.get(id)
    if (passkey !== undefined) this.passkeys.set(id, { ...passkey, counter, lastUsedAt: usedAt })
  }

  async deletePasskey(memberId: string, id: string): Promise<boolean> {
    if (this.passkeys.get(id)?.memberId !== memberId) return false
    return this.passkeys.delete(id)
  }

  async saveChallenge(challenge: PasskeyChallenge): Promise<void> {
    this.challenges.set(challenge.challenge, challenge)
  }

  async takeChallenge(challenge: string, now: Date): Promise<PasskeyChallenge | null> {
    const found = this.challenges.get(challenge)
    this.challenges.delete(challenge)
    for (const [key, stored] of this.challenges)
      if (stored.expiresAt.getTime() <= now.getTime()) this.challenges.delete(key)
    return found === undefined || found.expiresAt.getTime() <= now.getTime() ? null : found
  }
}
