import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DueIndex } from '../../../adapters/storage/memory/due-index.js'
import { dueEarliestFirst } from '../../../adapters/storage/memory/due-order.js'
import { MemoryEventRepository } from '../../../adapters/storage/memory/event-repository.js'
import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import type { CalendarEvent } from '../../../core/event/event.js'
import { paginateById } from '../../../core/shared/pagination.js'
import { expectOk } from '../../../core/shared/result.js'
import { makeEvent } from '../../contracts/event-repository.contract.js'

type Operation =
  | { readonly kind: 'set'; readonly id: number; readonly account: number; readonly at: number | null }
  | { readonly kind: 'delete'; readonly id: number }
  | { readonly kind: 'due'; readonly now: number; readonly account: number | null; readonly limit: number }

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    id: fc.integer({ min: 0, max: 15 }),
    account: fc.integer({ min: 0, max: 1 }),
    at: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 15 }) }),
  fc.record({
    kind: fc.constant('due' as const),
    now: fc.integer({ min: -1, max: 21 }),
    account: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }),
    limit: fc.integer({ min: 1, max: 20 }),
  }),
)

describe('memory due index', () => {
  it('answers every due query as the scan of the items in insertion order did', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 80 }), (operations) => {
        const index = new DueIndex()
        // The model: a Map (insertion order kept across updates, lost on delete) scanned as before.
        const items = new Map<string, { accountId: string; at: Date | null }>()
        for (const step of operations) {
          if (step.kind === 'set') {
            const at = step.at === null ? null : new Date(step.at)
            items.set(`e${step.id}`, { accountId: `a${step.account}`, at })
            index.set(`e${step.id}`, at)
          } else if (step.kind === 'delete') {
            items.delete(`e${step.id}`)
            index.delete(`e${step.id}`)
          } else {
            const accountId = step.account === null ? null : `a${step.account}`
            const expected = dueEarliestFirst(
              [...items].map(([id, item]) => ({ id, ...item })),
              accountId,
              (item) => item.at,
              new Date(step.now),
              step.limit,
            ).map((item) => item.id)
            const answered = index.due(
              step.now,
              (id) => accountId === null || items.get(id)?.accountId === accountId,
              step.limit,
            )
            expect(answered).toEqual(expected)
          }
        }
      }),
      { numRuns: 300 },
    )
  })

  it('keeps at most twice as many heap entries as items (plus a fixed slack) however often due times move', () => {
    const index = new DueIndex()
    for (let round = 0; round < 50; round++)
      for (let id = 0; id < 1_000; id++) index.set(`e${id}`, new Date(1_000_000 + round * 10 + (id % 7)))
    expect(index.entries).toBeLessThanOrEqual(2 * 1_000 + 1_024)
    expect(index.due(Number.POSITIVE_INFINITY, () => true, 5_000)).toHaveLength(1_000)
  })
})

describe('memory event repository: the first page of a user', () => {
  it('is the page paginateById gives, whatever order the ids were stored in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9_999 }), fc.integer({ min: 0, max: 48 })), { maxLength: 40 }),
        fc.integer({ min: 0, max: 48 }),
        fc.integer({ min: 0, max: 48 }),
        fc.integer({ min: 1, max: 12 }),
        async (stored, from, to, limit) => {
          const repository = new MemoryEventRepository(new MemoryOutbox())
          const events = stored.map(([id, hour]) =>
            makeEvent({
              id: `evt_${String(id).padStart(4, '0')}`,
              startTime: new Date(Date.UTC(2026, 5, 1, hour)),
            }),
          )
          for (const event of events) await repository.insert(event, [])
          const filter = {
            userId: 'usr_a',
            startFrom: new Date(Date.UTC(2026, 5, 1, from)),
            startBefore: new Date(Date.UTC(2026, 5, 1, to)),
          }
          const byId = new Map(events.map((event) => [event.id, event]))
          const expected = expectOk(
            paginateById(
              [...byId.values()].filter(
                (event) => event.startTime >= filter.startFrom && event.startTime < filter.startBefore,
              ),
              { limit },
            ),
          )
          const page = await repository.list('acct_a', filter, { limit })
          expect(page.data.map((event) => event.id)).toEqual(expected.data.map((event) => event.id))
          expect(page.hasMore).toBe(expected.hasMore)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('memory event repository: the span records of a user', () => {
  // Few distinct hours, so that many spans start together; ids stored in any order, so that start order and id order
  // differ; reads of any range with any limit.
  type Change =
    | { readonly kind: 'insert'; readonly id: number; readonly hour: number }
    | { readonly kind: 'remove'; readonly id: number }
    | { readonly kind: 'recompute'; readonly id: number }
    | { readonly kind: 'move'; readonly id: number; readonly hour: number }
    | { readonly kind: 'relabel'; readonly id: number }
  const hour = fc.integer({ min: 0, max: 5 })
  const id = fc.integer({ min: 0, max: 11 })
  const change: fc.Arbitrary<Change> = fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), id, hour }),
    fc.record({ kind: fc.constant('remove' as const), id }),
    fc.record({ kind: fc.constant('recompute' as const), id }),
    fc.record({ kind: fc.constant('move' as const), id, hour }),
    fc.record({ kind: fc.constant('relabel' as const), id }),
  )
  const read = fc.record({
    from: fc.integer({ min: 0, max: 6 }),
    length: fc.integer({ min: 0, max: 7 }),
    limit: fc.integer({ min: 1, max: 14 }),
  })
  const at = (hours: number) => new Date(Date.UTC(2026, 5, 1, hours))

  it('always read as the stored events: their times, their own place object, newest id first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(change, { maxLength: 60 }),
        fc.array(read, { maxLength: 4 }),
        async (changes, reads) => {
          const repository = new MemoryEventRepository(new MemoryOutbox())
          const current = new Map<string, CalendarEvent>()
          for (const step of changes) {
            const id = `evt_${String(step.id).padStart(2, '0')}`
            const stored = current.get(id)
            if (step.kind === 'insert') {
              if (stored !== undefined) continue
              const event = makeEvent({ id, startTime: at(step.hour), endTime: at(step.hour + 1) })
              await repository.insert(event, [])
              current.set(id, event)
              continue
            }
            if (stored === undefined) continue
            if (step.kind === 'remove') {
              expect(await repository.remove(stored.accountId, id, stored.version, [])).toBe('removed')
              current.delete(id)
              continue
            }
            const next: CalendarEvent =
              step.kind === 'recompute'
                ? { ...stored, version: stored.version + 1 }
                : step.kind === 'move'
                  ? { ...stored, startTime: at(step.hour), endTime: at(step.hour + 1), version: stored.version + 1 }
                  : // The same coordinates under another label: a new place object.
                    {
                      ...stored,
                      location: stored.location && { ...stored.location, name: `${id} again` },
                      version: stored.version + 1,
                    }
            expect(await repository.update(next, stored.version, [])).toBe('updated')
            current.set(id, next)
          }
          for (const { from, length, limit } of [{ from: 0, length: 7, limit: 100 }, ...reads]) {
            const spans = await repository.spansOfUser('acct_a', 'usr_a', at(from), at(from + length), limit)
            const expected = [...current.values()]
              .filter((event) => event.startTime >= at(from) && event.startTime < at(from + length))
              .sort((a, b) => (a.id < b.id ? 1 : -1))
              .slice(0, limit)
            expect(spans.map((span) => [span.id, span.startTime.getTime(), span.endTime.getTime()])).toEqual(
              expected.map((event) => [event.id, event.startTime.getTime(), event.endTime.getTime()]),
            )
            for (const [index, span] of spans.entries()) expect(span.location).toBe(expected[index]?.location)
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})
