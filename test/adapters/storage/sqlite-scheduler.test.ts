import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { InProcessScheduler } from '../../../adapters/scheduler/in-process/in-process-scheduler.js'
import { openSqlite } from '../../../adapters/storage/sqlite/database.js'
import { SqliteTaskStateStore } from '../../../adapters/storage/sqlite/scheduled-task-state.js'
import { PLATFORM_SCHEMA } from '../../../adapters/storage/sqlite/schema.js'
import { schedulerContract } from '../../contracts/scheduler.contract.js'
import { freshPlatformDatabase } from './sqlite-fixture.js'

const LEASE_MS = 30_000

schedulerContract('InProcessScheduler with its task state in SQLite', (reportError) => {
  const { db, teardown } = freshPlatformDatabase()
  return {
    scheduler: new InProcessScheduler(reportError, { store: new SqliteTaskStateStore(db), leaseMs: LEASE_MS }),
    teardown,
  }
})

describe('The in-process scheduler keeps its tasks’ cadence in SQLite across restarts', () => {
  let dir: string
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-06-01T08:00:00Z') })
    dir = mkdtempSync(join(tmpdir(), 'sqlite-scheduler-'))
  })
  afterEach(() => {
    vi.useRealTimers()
    rmSync(dir, { recursive: true, force: true })
  })

  /** One process's scheduler on the platform file of `dir`, with a task counting its runs. */
  const host = (intervalMs: number, run: () => Promise<void> = async () => {}) => {
    const db = openSqlite(join(dir, 'platform.db'), PLATFORM_SCHEMA)
    const errors: unknown[] = []
    const scheduler = new InProcessScheduler((_task, error) => errors.push(error), {
      store: new SqliteTaskStateStore(db),
      leaseMs: LEASE_MS,
    })
    const runs: number[] = []
    scheduler.register({
      name: 'sweep',
      intervalMs,
      run: async () => {
        runs.push(Date.now())
        await run()
      },
    })
    const close = async () => {
      await scheduler.stop()
      db.close()
    }
    return { db, scheduler, runs, errors, close }
  }

  it('a task overdue when the process comes back runs at once, then on its cadence', async () => {
    const first = host(60_000)
    await first.scheduler.start()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(first.runs).toHaveLength(1)
    await first.close()
    // Down for five minutes: the sweep is overdue on restart.
    vi.setSystemTime(Date.now() + 300_000)
    const second = host(60_000)
    await second.scheduler.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(second.runs).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(second.runs).toHaveLength(2)
    await second.close()
  })

  it('a task not yet due on restart runs when its interval since the last start has passed, not a full interval later', async () => {
    const first = host(60_000)
    await first.scheduler.start()
    await vi.advanceTimersByTimeAsync(60_000)
    const lastRun = first.runs[0]!
    await first.close()
    vi.setSystemTime(lastRun + 20_000)
    const second = host(60_000)
    await second.scheduler.start()
    await vi.advanceTimersByTimeAsync(39_999)
    expect(second.runs).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(second.runs).toEqual([lastRun + 60_000])
    await second.close()
  })

  it('a second process on the same data does not run a task while the first holds its lease', async () => {
    let finish = () => {}
    let blocked = false
    // The first run of `one` lasts until `finish`, its later runs end at once.
    const one = host(1_000, () => {
      if (blocked) return Promise.resolve()
      blocked = true
      return new Promise<void>((resolve) => {
        finish = resolve
      })
    })
    const two = host(1_000)
    await one.scheduler.start()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(one.runs).toHaveLength(1)
    await two.scheduler.start()
    await vi.advanceTimersByTimeAsync(3_000)
    expect(two.runs).toHaveLength(0)
    finish()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(two.runs.length).toBeGreaterThan(0)
    await one.close()
    await two.close()
  })

  it('records each run’s start, end and failure', async () => {
    const failing = host(1_000, async () => {
      throw new Error('sweep failed')
    })
    await failing.scheduler.start()
    await vi.advanceTimersByTimeAsync(1_000)
    const row = failing.db.prepare('SELECT * FROM scheduled_tasks WHERE name = ?').get('sweep') as Record<
      string,
      unknown
    >
    expect(row).toMatchObject({ interval_ms: 1_000, runs: 1, last_error: 'Error: sweep failed', lease_owner: null })
    expect(row.last_finished_at).toBe(Date.now())
    expect(failing.errors).toHaveLength(1)
    await failing.close()
  })
})
