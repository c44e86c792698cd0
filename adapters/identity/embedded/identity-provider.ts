import type { IdentityProviderPort } from '../../../core/ports/identity-provider.js'

/**
 * Embedded identity tenant: remembers which platforms each identity uses and
 * records deletions, so the deletion rule is observable without a real provider.
 */
export class EmbeddedIdentityProvider implements IdentityProviderPort {
  private readonly platforms = new Map<string, Set<string>>()
  readonly deleted: string[] = []

  async link(email: string, platformId: string): Promise<void> {
    const set = this.platforms.get(email) ?? new Set<string>()
    set.add(platformId)
    this.platforms.set(email, set)
  }

  async unlink(email: string, platformId: string): Promise<readonly string[]> {
    const set = this.platforms.get(email)
    set?.delete(platformId)
    return set === undefined ? [] : [...set]
  }

  async deleteIdentity(email: string): Promise<void> {
    this.platforms.delete(email)
    this.deleted.push(email)
  }

  has(email: string): boolean {
    return this.platforms.has(email)
  }
}
