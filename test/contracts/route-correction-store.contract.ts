import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { correctionFrom } from '../../core/departure/route-correction.js'
import { type RouteCorrectionStorePort, routeCorrectionId } from '../../core/ports/route-correction-store.js'

export interface RouteCorrectionStoreSubject {
  readonly store: RouteCorrectionStorePort
  readonly teardown?: () => Promise<void>
}

const at = (iso: string) => new Date(iso)
const commute = { accountId: 'acct_a', bucket: 'drive|52.5,13.4>52.45,13.3|2@08' }
const otherBucket = { accountId: 'acct_a', bucket: 'drive|52.5,13.4>52.45,13.3|2@17' }
const otherAccount = { accountId: 'acct_b', bucket: commute.bucket }

/** What every RouteCorrectionStorePort adapter must do; call it from the adapter's own test file. */
export const routeCorrectionStoreContract = (
  name: string,
  makeSubject: () => RouteCorrectionStoreSubject | Promise<RouteCorrectionStoreSubject>,
): void => {
  describe(`${name} honours the RouteCorrectionStorePort contract`, () => {
    let subject: RouteCorrectionStoreSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('knows nothing of a bucket no trip has taught', async () => {
      expect((await subject.store.statsOf([commute])).size).toBe(0)
      expect(await subject.store.statsOf([])).toEqual(new Map())
    })

    it('sums the log ratios of each trip, keeps the latest update, and reads several keys at once', async () => {
      const { store } = subject
      await store.record(commute, Math.log(1.2), at('2026-06-02T08:00:00Z'))
      await store.record(commute, Math.log(1.1), at('2026-06-09T08:00:00Z'))
      // An arrival recorded late (an older trip) does not move the last update back.
      await store.record(commute, Math.log(1.3), at('2026-06-05T08:00:00Z'))
      await store.record(otherBucket, Math.log(0.9), at('2026-06-02T17:00:00Z'))
      const stats = await store.statsOf([commute, otherBucket, otherAccount])
      expect([...stats.keys()].sort()).toEqual([routeCorrectionId(commute), routeCorrectionId(otherBucket)].sort())
      const taught = stats.get(routeCorrectionId(commute))!
      expect(taught.samples).toBe(3)
      expect(taught.sumLogRatio).toBeCloseTo(Math.log(1.2) + Math.log(1.1) + Math.log(1.3), 12)
      expect(taught.sumSquaredLogRatio).toBeCloseTo(Math.log(1.2) ** 2 + Math.log(1.1) ** 2 + Math.log(1.3) ** 2, 12)
      expect(taught.updatedAt).toEqual(at('2026-06-09T08:00:00Z'))
      // Three trips about 20% slow, shrunk towards no bias by a prior of two: x1.12.
      expect(correctionFrom(taught).factor).toBeCloseTo(Math.exp((Math.log(1.2 * 1.1 * 1.3) / 3) * (3 / 5)), 10)
    })

    it('counts arrivals recorded at the same time', async () => {
      const { store } = subject
      await Promise.all(
        Array.from({ length: 10 }, () => store.record(commute, Math.log(1.1), at('2026-06-02T08:00:00Z'))),
      )
      expect((await store.statsOf([commute])).get(routeCorrectionId(commute))?.samples).toBe(10)
    })

    it('keeps each account apart, and forgets one account whole', async () => {
      const { store } = subject
      await store.record(commute, Math.log(1.2), at('2026-06-02T08:00:00Z'))
      await store.record(otherBucket, Math.log(1.2), at('2026-06-02T08:00:00Z'))
      await store.record(otherAccount, Math.log(0.8), at('2026-06-02T08:00:00Z'))
      expect((await store.statsOf([otherAccount])).get(routeCorrectionId(otherAccount))?.samples).toBe(1)
      expect(await store.removeByAccount('acct_a')).toBe(2)
      expect((await store.statsOf([commute, otherBucket, otherAccount])).size).toBe(1)
    })

    it('forgets the buckets not updated since the retention limit, and only those', async () => {
      const { store } = subject
      await store.record(commute, Math.log(1.2), at('2026-03-01T08:00:00Z'))
      await store.record(otherBucket, Math.log(1.2), at('2026-03-01T08:00:00Z'))
      await store.record(otherBucket, Math.log(1.2), at('2026-06-01T08:00:00Z'))
      expect(await store.removeUpdatedBefore(at('2026-05-01T00:00:00Z'))).toBe(1)
      expect([...(await store.statsOf([commute, otherBucket])).keys()]).toEqual([routeCorrectionId(otherBucket)])
    })
  })
}
