import { describe, expect, it } from 'vitest'
import { isIdShaped, literal, UnsafeQueryValue } from '../../../adapters/storage/mongodb/query-guard.js'

describe('Nothing from outside becomes a MongoDB query operator', () => {
  it('lets strings through as literal values, and refuses objects, arrays and numbers where a string belongs', () => {
    expect(literal('ada@example.com', 'email')).toBe('ada@example.com')
    expect(literal('$ne', 'email')).toBe('$ne')
    for (const value of [{ $ne: null }, ['a'], 1, null, undefined])
      expect(() => literal(value, 'email')).toThrow(UnsafeQueryValue)
  })

  it('takes only our id shape as an id: no `$`, no `.`, no NUL, not empty', () => {
    expect(isIdShaped('usr_01JABCDEF')).toBe(true)
    for (const value of ['$where', 'usr_a.b', 'usr\0', '', { $gt: '' }, 42]) expect(isIdShaped(value)).toBe(false)
  })
})
