import { describe, expect, it } from 'vitest'
import { retryOnConflict, WRITE_ATTEMPTS, written } from '../../core/shared/optimistic.js'
import { err, ok } from '../../core/shared/result.js'

/** A record behind a version, with writers that lose the first `losses` races. */
const store = (losses: number) => {
  const state = { version: 1, value: 'a', reads: 0, writes: 0 }
  return {
    state,
    read: () => {
      state.reads++
      return { version: state.version, value: state.value }
    },
    write: (value: string, expectedVersion: number): 'updated' | 'conflict' => {
      state.writes++
      if (state.writes <= losses || expectedVersion !== state.version) return 'conflict'
      state.version++
      state.value = value
      return 'updated'
    },
  }
}

describe('a read-modify-write retries a lost race from a fresh read', () => {
  it('writes once the race is won, reading again after each loss', async () => {
    const records = store(2)
    const result = await retryOnConflict({
      target: { resource: 'thing', id: 't1' },
      read: () => records.read(),
      attempt: (current) => written(records.write(`${current.value}b`, current.version), `${current.value}b`),
    })
    expect(result).toEqual(ok('ab'))
    expect(records.state).toMatchObject({ reads: 3, writes: 3, value: 'ab' })
  })

  it('gives up with ConcurrentModification naming the record after the attempts', async () => {
    const records = store(Number.POSITIVE_INFINITY)
    const result = await retryOnConflict({
      target: { resource: 'thing', id: 't1' },
      attempts: 4,
      read: () => records.read(),
      attempt: (current) => written(records.write('b', current.version), 'b'),
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toMatchObject({ _tag: 'ConcurrentModification', resource: 'thing', id: 't1' })
    expect(records.state.writes).toBe(4)
  })

  it('tries WRITE_ATTEMPTS times by default', async () => {
    const records = store(Number.POSITIVE_INFINITY)
    await retryOnConflict({
      target: { resource: 'thing', id: 't1' },
      read: () => records.read(),
      attempt: (current) => written(records.write('b', current.version), 'b'),
    })
    expect(records.state.writes).toBe(WRITE_ATTEMPTS)
  })

  it('uses the record in hand for the first attempt and reads only after a loss', async () => {
    const records = store(1)
    const result = await retryOnConflict({
      target: { resource: 'thing', id: 't1' },
      first: { version: 1, value: 'held' },
      read: () => records.read(),
      attempt: (current) => written(records.write(`${current.value}!`, current.version), `${current.value}!`),
    })
    expect(result).toEqual(ok('a!'))
    expect(records.state.reads).toBe(1)
  })

  it('ends at once on a refusal, a missing record or a failed load, without writing', async () => {
    const records = store(0)
    const refused = await retryOnConflict({
      target: { resource: 'thing', id: 't1' },
      read: () => records.read(),
      attempt: () => err('refused' as const),
    })
    expect(refused).toEqual(err('refused'))
    const missing = await retryOnConflict({
      target: { resource: 'thing', id: 't2' },
      read: () => null,
      attempt: () => ok('never'),
    })
    expect(missing.ok ? null : missing.error).toMatchObject({ _tag: 'ResourceNotFound', resource: 'thing', id: 't2' })
    const unloaded = await retryOnConflict({
      target: { resource: 'thing', id: 't3' },
      load: () => err('wrong token' as const),
      attempt: () => ok('never'),
    })
    expect(unloaded).toEqual(err('wrong token'))
    expect(records.state.writes).toBe(0)
  })
})
