import { describe, expect, it } from 'vitest'
import type { TokenCipherPort } from '../../core/ports/token-cipher.js'

/** What every TokenCipherPort adapter must do. `makeOther` builds one with a different key. */
export const tokenCipherContract = (
  name: string,
  make: () => TokenCipherPort,
  makeOther: () => TokenCipherPort,
): void => {
  describe(`${name} honours the TokenCipherPort contract`, () => {
    const secret = JSON.stringify({
      accessToken: 'ya29.a0-access',
      refreshToken: '1//refresh',
      expiresAt: '2026-06-01T09:00:00.000Z',
    })

    it('opens what it sealed', () => {
      const cipher = make()
      const opened = cipher.open(cipher.seal(secret))
      expect(opened).toEqual({ ok: true, value: secret })
    })

    it('never shows the plaintext in the sealed value, and seals the same text differently each time', () => {
      const cipher = make()
      const first = cipher.seal(secret)
      const second = cipher.seal(secret)
      expect(first).not.toContain('ya29')
      expect(first).not.toContain('refresh')
      expect(first).not.toBe(second)
    })

    it('refuses a sealed value with any character changed', () => {
      const cipher = make()
      const sealed = cipher.seal(secret)
      for (const index of [sealed.length - 1, Math.floor(sealed.length / 2), 5]) {
        const original = sealed[index]!
        const replacement = original === 'A' ? 'B' : 'A'
        const tampered = `${sealed.slice(0, index)}${replacement}${sealed.slice(index + 1)}`
        const opened = cipher.open(tampered)
        expect(opened.ok).toBe(false)
        if (!opened.ok) expect(opened.error._tag).toBe('TokenUnreadable')
      }
    })

    it('refuses what another key sealed, and garbage', () => {
      expect(make().open(makeOther().seal(secret)).ok).toBe(false)
      expect(make().open('not sealed at all').ok).toBe(false)
      expect(make().open('').ok).toBe(false)
    })

    it('round-trips empty and non-ASCII text', () => {
      const cipher = make()
      expect(cipher.open(cipher.seal(''))).toEqual({ ok: true, value: '' })
      expect(cipher.open(cipher.seal('jeton: été 🗓'))).toEqual({ ok: true, value: 'jeton: été 🗓' })
    })
  })
}
