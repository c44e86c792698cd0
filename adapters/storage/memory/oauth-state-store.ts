import type { OAuthState } from '../../../core/connection/connection.js'
import type { OAuthStateStorePort } from '../../../core/ports/oauth-state-store.js'

export class MemoryOAuthStateStore implements OAuthStateStorePort {
  private readonly states = new Map<string, OAuthState>()

  async save(state: OAuthState): Promise<void> {
    this.states.set(state.state, state)
  }

  async take(state: string, now: Date): Promise<OAuthState | null> {
    const found = await this.peek(state, now)
    // Taken or expired, it is gone either way (expired ones are dropped on sight).
    this.states.delete(state)
    return found
  }

  async peek(state: string, now: Date): Promise<OAuthState | null> {
    const found = this.states.get(state)
    if (found === undefined) return null
    if (found.expiresAt <= now) {
      this.states.delete(state)
      return null
    }
    return found
  }
}
