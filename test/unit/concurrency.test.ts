import { describe, expect, it } from 'vitest'
import { mapWithConcurrency } from '../../core/shared/concurrency.js'

describe('mapWithConcurrency', () => {
  it('keeps the input order with at most `limit` calls in flight', async () => {
    let inFlight = 0
    let most = 0
    const delays = [7, 1, 5, 3, 9, 2, 4, 6]
    const results = await mapWithConcurrency(delays, 3, async (delay) => {
      inFlight += 1
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, delay))
      inFlight -= 1
      return delay * 10
    })
    expect(results).toEqual(delays.map((delay) => delay * 10))
    expect(most).toBe(3)
  })

  it('maps one item and no items', async () => {
    expect(await mapWithConcurrency(['a'], 4, async (item) => `${item}!`)).toEqual(['a!'])
    expect(await mapWithConcurrency([], 4, async (item: string) => `${item}!`)).toEqual([])
  })

  it('fails with the first failure of one item as of many', async () => {
    await expect(mapWithConcurrency([1], 4, async () => Promise.reject(new Error('lookup failed')))).rejects.toThrow(
      'lookup failed',
    )
    await expect(
      mapWithConcurrency([1, 2], 4, async (n) => (n === 2 ? Promise.reject(new Error('lookup failed')) : n)),
    ).rejects.toThrow('lookup failed')
  })
})
