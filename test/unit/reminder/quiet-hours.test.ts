import { describe, expect, it } from 'vitest'
import { isWithinQuietHours } from '../../../core/reminder/quiet-hours.js'

const quiet = (start: string | null, end: string | null, timezone = 'Europe/Berlin') => ({ start, end, timezone })

describe('quiet hours: [start, end) on the user’s wall clock', () => {
  it('a same-day window', () => {
    const window = quiet('13:00', '14:30')
    expect(isWithinQuietHours(new Date('2026-06-02T10:59:00Z'), window)).toBe(false) // 12:59 Berlin (CEST)
    expect(isWithinQuietHours(new Date('2026-06-02T11:00:00Z'), window)).toBe(true) // 13:00
    expect(isWithinQuietHours(new Date('2026-06-02T12:29:00Z'), window)).toBe(true) // 14:29
    expect(isWithinQuietHours(new Date('2026-06-02T12:30:00Z'), window)).toBe(false) // 14:30: end excluded
  })

  it('a window wrapping past midnight', () => {
    const window = quiet('22:00', '07:00')
    expect(isWithinQuietHours(new Date('2026-06-02T19:59:00Z'), window)).toBe(false) // 21:59
    expect(isWithinQuietHours(new Date('2026-06-02T20:00:00Z'), window)).toBe(true) // 22:00
    expect(isWithinQuietHours(new Date('2026-06-02T23:30:00Z'), window)).toBe(true) // 01:30
    expect(isWithinQuietHours(new Date('2026-06-03T04:59:00Z'), window)).toBe(true) // 06:59
    expect(isWithinQuietHours(new Date('2026-06-03T05:00:00Z'), window)).toBe(false) // 07:00
  })

  it('reads the user’s timezone, across a DST change', () => {
    const window = quiet('22:00', '07:00')
    // 06:30 local: UTC+1 in winter, UTC+2 in summer.
    expect(isWithinQuietHours(new Date('2026-01-15T05:30:00Z'), window)).toBe(true)
    expect(isWithinQuietHours(new Date('2026-07-15T04:30:00Z'), window)).toBe(true)
    expect(isWithinQuietHours(new Date('2026-07-15T05:30:00Z'), window)).toBe(false) // 07:30 CEST
    expect(isWithinQuietHours(new Date('2026-06-02T13:30:00Z'), quiet('22:00', '07:00', 'Asia/Tokyo'))).toBe(true) // 22:30 Tokyo
  })

  it('no quiet hours when unset, or when start equals end', () => {
    expect(isWithinQuietHours(new Date('2026-06-02T23:00:00Z'), quiet(null, null))).toBe(false)
    expect(isWithinQuietHours(new Date('2026-06-02T23:00:00Z'), quiet('23:00', '23:00', 'UTC'))).toBe(false)
  })
})
