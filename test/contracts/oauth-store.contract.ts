import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type {
  AuthorizationCode,
  ConsentRecord,
  OAuthApplication,
  RefreshTokenRecord,
  TokenFamily,
} from '../../core/oauth/oauth.js'
import type { OAuthStorePort } from '../../core/ports/oauth-store.js'

export interface OAuthStoreSubject {
  readonly store: OAuthStorePort
  readonly teardown?: () => Promise<void>
}

// Ahead of the wall clock: a store that clears expired records by TTL (MongoDB's monitor, which the test peer runs
// every second against the real time) must not clear a record of the case under way. A fixed date that fell
// behind the wall clock made the MongoDB cases flaky: codes and refresh tokens vanished between write and read.
const BASE = new Date(Math.ceil(Date.now() / 1000) * 1000 + 86_400_000)
const at = (seconds: number) => new Date(BASE.getTime() + seconds * 1000)
let serial = 0
const next = (prefix: string) => `${prefix}_${String(++serial).padStart(6, '0')}`

const application = (overrides: Partial<OAuthApplication> = {}): OAuthApplication => ({
  id: next('oapp'),
  platformId: 'acct_platform',
  livemode: true,
  name: 'Reporting',
  clientType: 'confidential',
  redirectUris: ['https://app.example/callback'],
  secretHash: 'a'.repeat(64),
  createdAt: BASE,
  ...overrides,
})

const code = (overrides: Partial<AuthorizationCode> = {}): AuthorizationCode => ({
  hash: next('h').padEnd(64, '0'),
  applicationId: 'oapp_1',
  platformId: 'acct_platform',
  connectedAccountId: 'cpa_1',
  livemode: true,
  redirectUri: 'https://app.example/callback',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  scope: 'users:read',
  familyId: next('otf'),
  createdAt: BASE,
  expiresAt: at(60),
  usedAt: null,
  ...overrides,
})

const family = (overrides: Partial<TokenFamily> = {}): TokenFamily => ({
  id: next('otf'),
  applicationId: 'oapp_1',
  platformId: 'acct_platform',
  connectedAccountId: 'cpa_1',
  livemode: true,
  scope: 'users:read',
  createdAt: BASE,
  revokedAt: null,
  ...overrides,
})

const refreshToken = (familyId: string): RefreshTokenRecord => ({
  hash: next('r').padEnd(64, '0'),
  familyId,
  createdAt: BASE,
  expiresAt: at(3600),
  usedAt: null,
})

const consent = (overrides: Partial<ConsentRecord> = {}): ConsentRecord => ({
  ticketHash: next('t').padEnd(64, '0'),
  tokenHash: next('k').padEnd(64, '0'),
  applicationId: 'oapp_1',
  platformId: 'acct_platform',
  connectedAccountId: 'cpa_1',
  livemode: true,
  redirectUri: 'https://app.example/callback',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  scope: 'users:read',
  state: 'xyz',
  shownAt: BASE,
  expiresAt: at(600),
  decidedAt: null,
  ...overrides,
})

/** What every OAuthStorePort adapter must do. */
export const oauthStoreContract = (
  name: string,
  makeSubject: () => OAuthStoreSubject | Promise<OAuthStoreSubject>,
): void => {
  describe(`${name} honours the OAuthStorePort contract`, () => {
    let subject: OAuthStoreSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('keeps applications, and lists one platform’s on one surface only', async () => {
      const mine = application()
      const otherSurface = application({ livemode: false })
      const otherPlatform = application({ platformId: 'acct_other' })
      for (const one of [mine, otherSurface, otherPlatform]) await subject.store.insertApplication(one)
      expect(await subject.store.getApplication(mine.id)).toEqual(mine)
      expect(await subject.store.getApplication('oapp_unknown')).toBeNull()
      expect((await subject.store.listApplications('acct_platform', true)).map((one) => one.id)).toEqual([mine.id])
    })

    it('keeps a client that registered itself (RFC 7591): no platform, in no platform’s list', async () => {
      const registered = application({
        platformId: '',
        registration: 'dynamic',
        clientType: 'public',
        secretHash: null,
      })
      await subject.store.insertApplication(registered)
      expect(await subject.store.getApplication(registered.id)).toEqual(registered)
      expect((await subject.store.listApplications('acct_platform', true)).map((one) => one.id)).not.toContain(
        registered.id,
      )
    })

    it('gives a code back unused once, then as used (a reuse), and nothing for an unknown code', async () => {
      const saved = code()
      await subject.store.saveCode(saved)
      expect(await subject.store.useCode(saved.hash, at(1))).toEqual(saved)
      expect(await subject.store.useCode(saved.hash, at(2))).toEqual({ ...saved, usedAt: at(1) })
      expect(await subject.store.useCode('f'.repeat(64), at(1))).toBeNull()
    })

    it('of racing uses of one code, exactly one is first', async () => {
      const saved = code()
      await subject.store.saveCode(saved)
      const uses = await Promise.all(Array.from({ length: 5 }, () => subject.store.useCode(saved.hash, at(1))))
      expect(uses.filter((use) => use?.usedAt === null)).toHaveLength(1)
    })

    it('revokes a family once: an earlier revocation stays', async () => {
      const saved = family()
      await subject.store.insertFamily(saved)
      expect(await subject.store.getFamily(saved.id)).toEqual(saved)
      await subject.store.revokeFamily(saved.id, at(10))
      await subject.store.revokeFamily(saved.id, at(20))
      expect((await subject.store.getFamily(saved.id))?.revokedAt).toEqual(at(10))
      expect(await subject.store.getFamily('otf_unknown')).toBeNull()
    })

    it('uses a refresh token once; the second use sees the first', async () => {
      const saved = family()
      await subject.store.insertFamily(saved)
      const token = refreshToken(saved.id)
      await subject.store.saveRefreshToken(token)
      expect(await subject.store.findRefreshToken(token.hash)).toEqual(token)
      const uses = await Promise.all(Array.from({ length: 4 }, () => subject.store.useRefreshToken(token.hash, at(5))))
      expect(uses.filter((use) => use?.usedAt === null)).toHaveLength(1)
      expect(await subject.store.useRefreshToken(token.hash, at(6))).toEqual({ ...token, usedAt: at(5) })
      expect(await subject.store.findRefreshToken('e'.repeat(64))).toBeNull()
      expect(await subject.store.useRefreshToken('e'.repeat(64), at(6))).toBeNull()
    })

    it('keeps the consent page shown for a ticket; a later page of the same ticket replaces it', async () => {
      const shown = consent({ state: null })
      expect(await subject.store.findConsent(shown.ticketHash)).toBeNull()
      expect(await subject.store.showConsent(shown)).toBe(true)
      expect(await subject.store.findConsent(shown.ticketHash)).toEqual(shown)
      const again = { ...shown, tokenHash: 'c'.repeat(64), shownAt: at(5) }
      expect(await subject.store.showConsent(again)).toBe(true)
      expect(await subject.store.findConsent(shown.ticketHash)).toEqual(again)
      // Only the last page's token decides.
      expect(await subject.store.decideConsent(shown.ticketHash, shown.tokenHash, at(6))).toBe(false)
      expect(await subject.store.decideConsent(shown.ticketHash, again.tokenHash, at(6))).toBe(true)
      expect(await subject.store.findConsent(shown.ticketHash)).toEqual({ ...again, decidedAt: at(6) })
    })

    it('decides a ticket once: racing decisions have one winner, and a decided ticket shows no page again', async () => {
      const shown = consent()
      await subject.store.showConsent(shown)
      const decisions = await Promise.all(
        Array.from({ length: 5 }, () => subject.store.decideConsent(shown.ticketHash, shown.tokenHash, at(1))),
      )
      expect(decisions.filter((won) => won)).toHaveLength(1)
      expect(await subject.store.decideConsent(shown.ticketHash, shown.tokenHash, at(2))).toBe(false)
      const later = { ...shown, tokenHash: 'd'.repeat(64), shownAt: at(3) }
      expect(await subject.store.showConsent(later)).toBe(false)
      expect(await subject.store.findConsent(shown.ticketHash)).toEqual({ ...shown, decidedAt: at(1) })
      expect(await subject.store.decideConsent('f'.repeat(64), shown.tokenHash, at(1))).toBe(false)
    })

    it("revokes a deleted connected account's families and uses up its codes, and nobody else's", async () => {
      const theirs = family({ connectedAccountId: 'cpa_gone' })
      const revokedBefore = family({ connectedAccountId: 'cpa_gone', revokedAt: at(1) })
      const others = family({ connectedAccountId: 'cpa_kept' })
      for (const one of [theirs, revokedBefore, others]) await subject.store.insertFamily(one)
      const unused = code({ connectedAccountId: 'cpa_gone' })
      const otherCode = code({ connectedAccountId: 'cpa_kept' })
      for (const one of [unused, otherCode]) await subject.store.saveCode(one)
      await subject.store.revokeConnectedAccount('cpa_gone', at(10))
      expect((await subject.store.getFamily(theirs.id))?.revokedAt).toEqual(at(10))
      expect((await subject.store.getFamily(revokedBefore.id))?.revokedAt).toEqual(at(1))
      expect((await subject.store.getFamily(others.id))?.revokedAt).toBeNull()
      expect((await subject.store.useCode(unused.hash, at(11)))?.usedAt).toEqual(at(10))
      expect((await subject.store.useCode(otherCode.hash, at(11)))?.usedAt).toBeNull()
    })
  })
}
