import { afterEach, describe, expect, it } from 'vitest'
import { BufferedDepartureHistory } from '../../../adapters/storage/buffered/departure-history.js'
import { MemoryDepartureHistory } from '../../../adapters/storage/memory/departure-history.js'
import type { DepartureHistoryEntry } from '../../../core/departure/departure-history.js'
import { departureHistoryContract } from '../../contracts/departure-history.contract.js'

const opened: BufferedDepartureHistory[] = []
const buffered = (store = new MemoryDepartureHistory(), onError: (error: unknown, lost: number) => void = () => {}) => {
  const history = new BufferedDepartureHistory(store, onError)
  opened.push(history)
  return history
}
afterEach(async () => {
  for (const history of opened.splice(0)) await history.close()
})

// Reads and removals see every append made before them: the decorator honours the port's contract.
departureHistoryContract('BufferedDepartureHistory over MemoryDepartureHistory', () => ({ history: buffered() }))

const entry: DepartureHistoryEntry = {
  id: 'dph_1',
  accountId: 'acct_one',
  eventId: 'evt_one',
  computedAt: new Date('2026-06-01T08:00:00Z'),
  earliestDeparture: new Date('2026-06-01T09:00:00Z'),
  latestDeparture: new Date('2026-06-01T09:05:00Z'),
  travelMinutes: 20,
  trafficLevel: 'light',
  confidence: 'medium',
  dataQuality: 'estimate',
  trigger: 'scheduled',
}

describe('the departure history is written off the request path', () => {
  it('an append writes nothing until the buffer is flushed', async () => {
    const store = new MemoryDepartureHistory()
    const history = buffered(store)
    await history.append(entry, 10)
    expect((await store.list('acct_one', 'evt_one', { limit: 10 })).data).toEqual([])
    await history.flush()
    expect((await store.list('acct_one', 'evt_one', { limit: 10 })).data).toEqual([entry])
  })

  it('a store that fails loses the batch and reports it, never failing the append', async () => {
    const store = new MemoryDepartureHistory()
    store.append = async () => {
      throw new Error('down')
    }
    const reported: number[] = []
    const history = buffered(store, (_error, lost) => reported.push(lost))
    await history.append(entry, 10)
    await history.flush()
    expect(reported).toEqual([1])
  })
})
