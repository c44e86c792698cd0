import { describe, expect, it } from 'vitest'
import { err, expectOk, ok } from '../../core/shared/result.js'

describe('Result', () => {
  it('unwraps Ok and throws on Err', () => {
    expect(expectOk(ok(3))).toBe(3)
    expect(() => expectOk(err({ _tag: 'Nope' }))).toThrow(/Nope/)
  })
})
