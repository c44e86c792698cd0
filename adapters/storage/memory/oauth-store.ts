import type { OAuthStorePort } from '../../../core/ports/oauth-store.js'
import type { AuthorizationCode, OAuthApplication, RefreshTokenRecord, TokenFamily } from '../../../core/oauth/oauth.js'
import { earlierRevocation } from '../../../core/account/account.js'

/** Connect's OAuth records in process memory (the embedded storage; gone on restart, like its surfaces' data). */
export class MemoryOAuthStore implements OAuthStorePort {
  private readonly applications = new Map<string, OAuthApplication>()
  private readonly codes = new Map<string, AuthorizationCode>()
  private readonly families = new Map<string, TokenFamily>()
  private readonly refreshTokens = new Map<string, RefreshTokenRecord>()

  async insertApplication(application: OAuthApplication): Promise<void> {
    this.applications.set(application.id, application)
  }

  async getApplication(id: string): Promise<OAuthApplication | null> {
    return this.applications.get(id) ?? null
  }

  async listApplications(platformId: string, livemode: boolean): Promise<OAuthApplication[]> {
    return [...this.applications.values()].filter(
      (application) => application.platformId === platformId && application.livemode === livemode,
    )
  }

  async saveCode(code: AuthorizationCode): Promise<void> {
    this.codes.set(code.hash, code)
  }

  async useCode(hash: string, at: Date): Promise<AuthorizationCode | null> {
    const code = this.codes.get(hash)
    if (code === undefined) return null
    if (code.usedAt === null) this.codes.set(hash, { ...code, usedAt: at })
    return code
  }

  async insertFamily(family: TokenFamily): Promise<void> {
    this.families.set(family.id, family)
  }

  getFamily(id: string): TokenFamily | null {
    return this.families.get(id) ?? null
  }

  async revokeFamily(id: string, at: Date): Promise<void> {
    const family = this.families.get(id)
    if (family !== undefined) this.families.set(id, { ...family, revokedAt: earlierRevocation(family.revokedAt, at) })
  }

  async saveRefreshToken(token: RefreshTokenRecord): Promise<void> {
    this.refreshTokens.set(token.hash, token)
  }

  async findRefreshToken(hash: string): Promise<RefreshTokenRecord | null> {
    return this.refreshTokens.get(hash) ?? null
  }

  async useRefreshToken(hash: string, at: Date): Promise<RefreshTokenRecord | null> {
    const token = this.refreshTokens.get(hash)
    if (token === undefined) return null
    if (token.usedAt === null) this.refreshTokens.set(hash, { ...token, usedAt: at })
    return token
  }
}
