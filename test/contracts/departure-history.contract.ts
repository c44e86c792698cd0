import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DepartureHistoryEntry } from '../../core/departure/departure-history.js'
import type { DepartureHistoryPort } from '../../core/ports/departure-history.js'

export interface DepartureHistorySubject {
  readonly history: DepartureHistoryPort
  readonly teardown?: () => Promise<void>
}

const BASE = new Date('2026-06-01T08:00:00Z').getTime()
const at = (minutes: number) => new Date(BASE + minutes * 60_000)

let counter = 0
const entry = (overrides: Partial<DepartureHistoryEntry> = {}): DepartureHistoryEntry => {
  counter += 1
  return {
    id: `dph_${String(counter).padStart(8, '0')}`,
    accountId: 'acct_one',
    eventId: 'evt_one',
    computedAt: at(counter),
    earliestDeparture: at(100 + counter),
    latestDeparture: at(110 + counter),
    travelMinutes: 25,
    trafficLevel: 'moderate',
    confidence: 'high',
    dataQuality: 'live',
    trigger: 'scheduled',
    ...overrides,
  }
}

/** What every DepartureHistoryPort adapter must do. */
export const departureHistoryContract = (
  name: string,
  makeSubject: () => DepartureHistorySubject | Promise<DepartureHistorySubject>,
): void => {
  describe(`${name} honours the DepartureHistoryPort contract`, () => {
    let subject: DepartureHistorySubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('reads an event’s recomputes back, every field, newest first, of that event and account only', async () => {
      const first = entry({ trigger: 'event_created', dataQuality: null })
      const second = entry()
      const otherEvent = entry({ eventId: 'evt_two' })
      const otherAccount = entry({ accountId: 'acct_other' })
      for (const e of [first, second, otherEvent, otherAccount]) await subject.history.append(e, 10)
      expect(await subject.history.list('acct_one', 'evt_one', { limit: 10 })).toEqual({
        data: [second, first],
        hasMore: false,
      })
      expect((await subject.history.list('acct_other', 'evt_one', { limit: 10 })).data).toEqual([otherAccount])
    })

    it('keeps at most `keep` entries per event, dropping the oldest', async () => {
      const written = [entry(), entry(), entry(), entry()]
      const otherEvent = entry({ eventId: 'evt_two' })
      await subject.history.append(otherEvent, 3)
      for (const e of written) await subject.history.append(e, 3)
      const kept = await subject.history.list('acct_one', 'evt_one', { limit: 10 })
      expect(kept.data.map((e) => e.id)).toEqual([written[3]?.id, written[2]?.id, written[1]?.id])
      expect((await subject.history.list('acct_one', 'evt_two', { limit: 10 })).data).toEqual([otherEvent])
    })

    it('appends many as one append after another, each event’s bound kept', async () => {
      const written = [entry(), entry(), entry(), entry()]
      const otherEvent = entry({ eventId: 'evt_two' })
      await subject.history.appendMany([
        { entry: written[0]!, keep: 3 },
        { entry: otherEvent, keep: 3 },
        ...written.slice(1).map((e) => ({ entry: e, keep: 3 })),
      ])
      await subject.history.appendMany([])
      const kept = await subject.history.list('acct_one', 'evt_one', { limit: 10 })
      expect(kept.data).toEqual([written[3], written[2], written[1]])
      expect((await subject.history.list('acct_one', 'evt_two', { limit: 10 })).data).toEqual([otherEvent])
    })

    it('pages newest first', async () => {
      const written = [entry(), entry(), entry()]
      for (const e of written) await subject.history.append(e, 10)
      const first = await subject.history.list('acct_one', 'evt_one', { limit: 2 })
      expect(first.data.map((e) => e.id)).toEqual([written[2]?.id, written[1]?.id])
      expect(first.hasMore).toBe(true)
      const rest = await subject.history.list('acct_one', 'evt_one', { limit: 2, startingAfter: written[1]?.id })
      expect(rest).toEqual({ data: [written[0]], hasMore: false })
      expect(
        (await subject.history.list('acct_one', 'evt_one', { limit: 2, startingAfter: 'dph_unknown' })).data,
      ).toEqual([])
    })

    it('removes an event’s history, and only that event’s', async () => {
      await subject.history.append(entry(), 10)
      await subject.history.append(entry(), 10)
      const kept = entry({ eventId: 'evt_two' })
      await subject.history.append(kept, 10)
      expect(await subject.history.deleteOfEvent('acct_one', 'evt_one')).toBe(2)
      expect((await subject.history.list('acct_one', 'evt_one', { limit: 10 })).data).toEqual([])
      expect((await subject.history.list('acct_one', 'evt_two', { limit: 10 })).data).toEqual([kept])
    })
  })
}
