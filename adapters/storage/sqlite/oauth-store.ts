import { earlierRevocation } from '../../../core/account/account.js'
import type {
  AuthorizationCode,
  ConsentRecord,
  OAuthApplication,
  RefreshTokenRecord,
  TokenFamily,
} from '../../../core/oauth/oauth.js'
import type { OAuthStorePort } from '../../../core/ports/oauth-store.js'
import { inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { allRecords, oneRecord } from './records.js'

/** How long the consent page of an expired ticket is kept (a decision after the expiry is refused anyway). */
const EXPIRED_CONSENTS_KEPT_MS = 86_400_000

/**
 * Connect's OAuth records in the platform database. A code, refresh token or consent ticket is used by a read and a write in
 * one immediate transaction: of two requests presenting it, exactly one sees it unused.
 */
export class SqliteOAuthStore implements OAuthStorePort {
  constructor(private readonly db: SqliteDatabase) {}

  async insertApplication(application: OAuthApplication): Promise<void> {
    statement(
      this.db,
      'INSERT OR REPLACE INTO oauth_applications (id, platform_id, livemode, doc) VALUES (?, ?, ?, ?)',
    ).run(application.id, application.platformId, application.livemode ? 1 : 0, encodeJson(application))
  }

  async getApplication(id: string): Promise<OAuthApplication | null> {
    return oneRecord(this.db, 'SELECT doc FROM oauth_applications WHERE id = ?', id)
  }

  async listApplications(platformId: string, livemode: boolean): Promise<OAuthApplication[]> {
    return allRecords(
      this.db,
      'SELECT doc FROM oauth_applications WHERE platform_id = ? AND livemode = ? ORDER BY rowid',
      platformId,
      livemode ? 1 : 0,
    )
  }

  async showConsent(consent: ConsentRecord): Promise<boolean> {
    return inTransaction(this.db, () => {
      const shown = this.consentOf(consent.ticketHash)
      if (shown !== null && shown.decidedAt !== null) return false
      // Pages of tickets expired a day ago are of no use any more: each new page clears them.
      statement(this.db, 'DELETE FROM oauth_consents WHERE expires_at < ?').run(
        consent.shownAt.getTime() - EXPIRED_CONSENTS_KEPT_MS,
      )
      statement(this.db, 'INSERT OR REPLACE INTO oauth_consents (ticket_hash, expires_at, doc) VALUES (?, ?, ?)').run(
        consent.ticketHash,
        consent.expiresAt.getTime(),
        encodeJson(consent),
      )
      return true
    })
  }

  async findConsent(ticketHash: string): Promise<ConsentRecord | null> {
    return this.consentOf(ticketHash)
  }

  async decideConsent(ticketHash: string, tokenHash: string, at: Date): Promise<boolean> {
    return inTransaction(this.db, () => {
      const consent = this.consentOf(ticketHash)
      if (consent === null || consent.tokenHash !== tokenHash || consent.decidedAt !== null) return false
      statement(this.db, 'UPDATE oauth_consents SET doc = ? WHERE ticket_hash = ?').run(
        encodeJson({ ...consent, decidedAt: at }),
        ticketHash,
      )
      return true
    })
  }

  async saveCode(code: AuthorizationCode): Promise<void> {
    statement(this.db, 'INSERT OR REPLACE INTO oauth_codes (hash, connected_account_id, doc) VALUES (?, ?, ?)').run(
      code.hash,
      code.connectedAccountId,
      encodeJson(code),
    )
  }

  async useCode(hash: string, at: Date): Promise<AuthorizationCode | null> {
    return this.use<AuthorizationCode>('oauth_codes', hash, at)
  }

  async insertFamily(family: TokenFamily): Promise<void> {
    statement(
      this.db,
      'INSERT OR REPLACE INTO oauth_token_families (id, connected_account_id, doc) VALUES (?, ?, ?)',
    ).run(family.id, family.connectedAccountId, encodeJson(family))
  }

  async getFamily(id: string): Promise<TokenFamily | null> {
    return this.familyOf(id)
  }

  private familyOf(id: string): TokenFamily | null {
    return oneRecord(this.db, 'SELECT doc FROM oauth_token_families WHERE id = ?', id)
  }

  async revokeFamily(id: string, at: Date): Promise<void> {
    inTransaction(this.db, () => {
      const family = this.familyOf(id)
      if (family === null) return
      statement(this.db, 'UPDATE oauth_token_families SET doc = ? WHERE id = ?').run(
        encodeJson({ ...family, revokedAt: earlierRevocation(family.revokedAt, at) }),
        id,
      )
    })
  }

  async revokeConnectedAccount(connectedAccountId: string, at: Date): Promise<void> {
    inTransaction(this.db, () => {
      const families = allRecords<TokenFamily>(
        this.db,
        'SELECT doc FROM oauth_token_families WHERE connected_account_id = ?',
        connectedAccountId,
      )
      for (const family of families)
        statement(this.db, 'UPDATE oauth_token_families SET doc = ? WHERE id = ?').run(
          encodeJson({ ...family, revokedAt: earlierRevocation(family.revokedAt, at) }),
          family.id,
        )
      const codes = allRecords<AuthorizationCode>(
        this.db,
        'SELECT doc FROM oauth_codes WHERE connected_account_id = ?',
        connectedAccountId,
      )
      for (const code of codes)
        if (code.usedAt === null)
          statement(this.db, 'UPDATE oauth_codes SET doc = ? WHERE hash = ?').run(
            encodeJson({ ...code, usedAt: at }),
            code.hash,
          )
    })
  }

  async saveRefreshToken(token: RefreshTokenRecord): Promise<void> {
    statement(this.db, 'INSERT OR REPLACE INTO oauth_refresh_tokens (hash, doc) VALUES (?, ?)').run(
      token.hash,
      encodeJson(token),
    )
  }

  async findRefreshToken(hash: string): Promise<RefreshTokenRecord | null> {
    return oneRecord(this.db, 'SELECT doc FROM oauth_refresh_tokens WHERE hash = ?', hash)
  }

  async useRefreshToken(hash: string, at: Date): Promise<RefreshTokenRecord | null> {
    return this.use<RefreshTokenRecord>('oauth_refresh_tokens', hash, at)
  }

  private consentOf(ticketHash: string): ConsentRecord | null {
    return oneRecord(this.db, 'SELECT doc FROM oauth_consents WHERE ticket_hash = ?', ticketHash)
  }

  /** Marks a single-use record used at `at` (the first use only) and returns it as it was before. */
  private use<T extends { readonly usedAt: Date | null }>(table: string, hash: string, at: Date): T | null {
    return inTransaction(this.db, () => {
      const found = oneRecord<T>(this.db, `SELECT doc FROM ${table} WHERE hash = ?`, hash)
      if (found !== null && found.usedAt === null)
        statement(this.db, `UPDATE ${table} SET doc = ? WHERE hash = ?`).run(encodeJson({ ...found, usedAt: at }), hash)
      return found
    })
  }
}
