import { describe, expect, it } from 'vitest'
import { CryptoRandomSource } from '../../../adapters/ids/ulid/ulid-ids.js'

describe('crypto random source', () => {
  it('gives hex tokens of the asked length, never twice the same, across refills of its pool', () => {
    const random = new CryptoRandomSource()
    const tokens = new Set<string>()
    // 12 bytes x 2000 = 24 KB: several refills of the 4 KiB pool.
    for (let i = 0; i < 2_000; i++) {
      const token = random.token(12)
      expect(token).toMatch(/^[0-9a-f]{24}$/)
      tokens.add(token)
    }
    expect(tokens.size).toBe(2_000)
    expect(random.token(24)).toMatch(/^[0-9a-f]{48}$/)
    expect(random.token(5_000)).toHaveLength(10_000)
  })

  it('gives floats in [0, 1) spread over the range', () => {
    const random = new CryptoRandomSource()
    const floats = Array.from({ length: 2_000 }, () => random.float())
    expect(floats.every((value) => value >= 0 && value < 1)).toBe(true)
    expect(floats.filter((value) => value < 0.5).length).toBeGreaterThan(800)
    expect(floats.filter((value) => value >= 0.5).length).toBeGreaterThan(800)
  })
})
