import { describe, expect, it } from 'vitest'
import type { TokenClaims, TokenSignerPort } from '../../core/ports/token-signer.js'

const ISSUED = new Date('2026-06-01T10:00:00.000Z')
const at = (seconds: number) => new Date(ISSUED.getTime() + seconds * 1000)

const token = (overrides: Partial<TokenClaims> = {}): TokenClaims => ({
  issuer: 'https://api.example',
  audience: 'urn:service:api',
  subject: 'cpa_1',
  issuedAt: ISSUED,
  expiresAt: at(900),
  claims: { scope: 'users:read', family: 'otf_1' },
  ...overrides,
})

/** What every TokenSignerPort adapter must do. `makeOther` builds one with a different key. */
export const tokenSignerContract = (
  name: string,
  make: () => TokenSignerPort,
  makeOther: () => TokenSignerPort,
): void => {
  describe(`${name} honours the TokenSignerPort contract`, () => {
    const expected = { issuer: 'https://api.example', audience: 'urn:service:api', now: at(10) }

    it('verifies what it signed, with its claims', async () => {
      const signer = make()
      const verified = await signer.verify(await signer.sign(token()), expected)
      expect(verified).toMatchObject({ subject: 'cpa_1', expiresAt: at(900), claims: { scope: 'users:read' } })
    })

    it('refuses a token at or after its expiry, of another issuer or audience, or signed with another key', async () => {
      const signer = make()
      const signed = await signer.sign(token())
      expect(await signer.verify(signed, { ...expected, now: at(900) })).toBeNull()
      expect(await signer.verify(signed, { ...expected, issuer: 'https://sandbox.example' })).toBeNull()
      expect(await signer.verify(signed, { ...expected, audience: 'urn:service:oauth-consent' })).toBeNull()
      expect(await makeOther().verify(signed, expected)).toBeNull()
    })

    it('a token verified once is still refused at or after its expiry, or for another issuer or audience', async () => {
      const signer = make()
      const signed = await signer.sign(token())
      for (let round = 0; round < 2; round++) expect(await signer.verify(signed, expected)).not.toBeNull()
      expect(await signer.verify(signed, { ...expected, now: at(899) })).toMatchObject({ subject: 'cpa_1' })
      expect(await signer.verify(signed, { ...expected, now: at(900) })).toBeNull()
      expect(await signer.verify(signed, { ...expected, issuer: 'https://sandbox.example' })).toBeNull()
      expect(await signer.verify(signed, { ...expected, audience: 'urn:service:oauth-consent' })).toBeNull()
      expect(await makeOther().verify(signed, expected)).toBeNull()
      expect(await signer.verify(signed, expected)).toMatchObject({ subject: 'cpa_1', claims: { family: 'otf_1' } })
    })

    it('refuses a tampered or malformed token', async () => {
      const signer = make()
      const [header, payload, signature] = (await signer.sign(token())).split('.')
      const widened = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), scope: 'users:write' }),
      ).toString('base64url')
      expect(await signer.verify(`${header}.${widened}.${signature}`, expected)).toBeNull()
      expect(await signer.verify('not-a-token', expected)).toBeNull()
    })
  })
}
