import { afterEach, describe, expect, it, vi } from 'vitest'
import { SystemClock } from '../../../adapters/clock/system/system-clock.js'
import { OffsetClock } from '../../../core/account/sandbox-time.js'
import { clockContract } from '../../contracts/clock.contract.js'

clockContract('SystemClock', () => ({ clock: new SystemClock() }))
clockContract('OffsetClock over the system clock', () => ({ clock: new OffsetClock(new SystemClock(), 3 * 3_600_000) }))

describe('SystemClock and OffsetClock', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('the system clock tells the system time', () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T08:00:00Z') })
    expect(new SystemClock().now()).toEqual(new Date('2026-06-01T08:00:00Z'))
  })

  it('an offset clock runs its offset ahead of its base, following the base as it moves', () => {
    const base = {
      at: new Date('2026-06-01T08:00:00Z'),
      now() {
        return new Date(this.at)
      },
    }
    const sandbox = new OffsetClock(base, 90 * 60_000)
    expect(sandbox.now()).toEqual(new Date('2026-06-01T09:30:00Z'))
    base.at = new Date('2026-06-01T08:00:05Z')
    expect(sandbox.now()).toEqual(new Date('2026-06-01T09:30:05Z'))
  })

  it('an offset clock with no offset is its base', () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T08:00:00Z') })
    expect(new OffsetClock(new SystemClock(), 0).now()).toEqual(new SystemClock().now())
  })
})
