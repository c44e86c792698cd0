import { earlierRevocation } from '../../../core/account/account.js'
import type {
  AuthorizationCode,
  ConsentRecord,
  OAuthApplication,
  RefreshTokenRecord,
  TokenFamily,
} from '../../../core/oauth/oauth.js'
import type { OAuthStorePort } from '../../../core/ports/oauth-store.js'

/** Connect's OAuth records in process memory (`STORAGE=memory`: gone on restart, like its surfaces' data). */
export class MemoryOAuthStore implements OAuthStorePort {
  private readonly applications = new Map<string, OAuthApplication>()
  private readonly codes = new Map<string, AuthorizationCode>()
  private readonly families = new Map<string, TokenFamily>()
  private readonly refreshTokens = new Map<string, RefreshTokenRecord>()
  private readonly consents = new Map<string, ConsentRecord>()

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

  async showConsent(consent: ConsentRecord): Promise<boolean> {
    const shown = this.consents.get(consent.ticketHash)
    if (shown !== undefined && shown.decidedAt !== null) return false
    this.consents.set(consent.ticketHash, consent)
    return true
  }

  async findConsent(ticketHash: string): Promise<ConsentRecord | null> {
    return this.consents.get(ticketHash) ?? null
  }

  async decideConsent(ticketHash: string, tokenHash: string, at: Date): Promise<boolean> {
    const consent = this.consents.get(ticketHash)
    if (consent === undefined || consent.tokenHash !== tokenHash || consent.decidedAt !== null) return false
    this.consents.set(ticketHash, { ...consent, decidedAt: at })
    return true
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

  async getFamily(id: string): Promise<TokenFamily | null> {
    return this.families.get(id) ?? null
  }

  async revokeFamily(id: string, at: Date): Promise<void> {
    const family = this.families.get(id)
    if (family !== undefined) this.families.set(id, { ...family, revokedAt: earlierRevocation(family.revokedAt, at) })
  }

  async revokeConnectedAccount(connectedAccountId: string, at: Date): Promise<void> {
    for (const family of this.families.values())
      if (family.connectedAccountId === connectedAccountId) await this.revokeFamily(family.id, at)
    for (const code of this.codes.values())
      if (code.connectedAccountId === connectedAccountId && code.usedAt === null)
        this.codes.set(code.hash, { ...code, usedAt: at })
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
