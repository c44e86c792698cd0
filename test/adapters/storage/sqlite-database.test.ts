import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SqliteAccountRepository } from '../../../adapters/storage/sqlite/account-repository.js'
import { SqliteConnectionRepository } from '../../../adapters/storage/sqlite/connection-repository.js'
import {
  inGroupCommit,
  openSqlite,
  type SqliteDatabase,
  schemaVersion,
} from '../../../adapters/storage/sqlite/database.js'
import { SqliteEventRepository } from '../../../adapters/storage/sqlite/event-repository.js'
import { decodeJson, encodeJson } from '../../../adapters/storage/sqlite/json.js'
import { KeptSpans } from '../../../adapters/storage/sqlite/kept-spans.js'
import { SqliteOAuthStore } from '../../../adapters/storage/sqlite/oauth-store.js'
import { SqliteOutbox } from '../../../adapters/storage/sqlite/outbox.js'
import { SqliteTaskStateStore } from '../../../adapters/storage/sqlite/scheduled-task-state.js'
import {
  PLATFORM_MIGRATIONS,
  PLATFORM_SCHEMA,
  SURFACE_MIGRATIONS,
  SURFACE_SCHEMA,
} from '../../../adapters/storage/sqlite/schema.js'
import type { CalendarEvent } from '../../../core/event/event.js'
import { makeEvent } from '../../contracts/event-repository.contract.js'
import { makeConnection } from '../../support/connection-fixtures.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-database-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** An event row as the adapters before surface v7 wrote it: the columns of v3 to v6, the version in the document only. */
const insertEventAsBefore = (db: SqliteDatabase, event: CalendarEvent): void => {
  db.prepare(
    `INSERT INTO events (id, account_id, user_id, start_time, end_time, due_at, mirror_due_at, source_calendar_id, doc)
     VALUES (?, ?, ?, ?, ?, NULL, NULL, NULL, ?)`,
  ).run(event.id, event.accountId, event.userId, event.startTime.getTime(), event.endTime.getTime(), encodeJson(event))
}

describe('SQLite files: WAL, foreign keys, and the schema version the file is at', () => {
  it('opens a new file in WAL mode with foreign keys on, at the latest schema version', () => {
    const db = openSqlite(join(dir, 'nested', 'platform.db'), PLATFORM_SCHEMA)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(schemaVersion(db)).toBe(PLATFORM_MIGRATIONS.at(-1)!.version)
    db.close()
  })

  it('refuses a file written by a newer build, naming both versions', () => {
    const db = openSqlite(join(dir, 'live.db'), SURFACE_SCHEMA)
    db.pragma('user_version = 99')
    db.close()
    expect(() => openSqlite(join(dir, 'live.db'), SURFACE_SCHEMA)).toThrow(
      new RegExp(`schema version 99.*\\(${SURFACE_MIGRATIONS.at(-1)!.version}\\)`),
    )
  })

  it('a migration that fails leaves the file at its previous version, with nothing of the step applied', () => {
    const file = join(dir, 'platform.db')
    openSqlite(file, PLATFORM_SCHEMA, { upToVersion: 1 }).close()
    const broken = {
      name: 'platform',
      migrations: [
        ...PLATFORM_MIGRATIONS.slice(0, 1),
        {
          version: 2,
          description: 'fails halfway',
          up: (db: Parameters<(typeof PLATFORM_MIGRATIONS)[number]['up']>[0]) => {
            db.exec('CREATE TABLE half_done (x)')
            throw new Error('disk on fire')
          },
        },
      ],
    }
    expect(() => openSqlite(file, broken)).toThrow(/disk on fire/)
    const db = openSqlite(file, PLATFORM_SCHEMA, { upToVersion: 1 })
    expect(schemaVersion(db)).toBe(1)
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined()
    db.close()
  })
})

describe('Schema migrations run at start, from a file of the previous version', () => {
  it('platform v1 -> v2: accounts and keys stay, the scheduler’s task state table appears', async () => {
    const file = join(dir, 'platform.db')
    const v1 = openSqlite(file, PLATFORM_SCHEMA, { upToVersion: 1 })
    expect(schemaVersion(v1)).toBe(1)
    const account = {
      id: 'acct_v1',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      platformId: null,
      livemode: null,
      name: null,
      email: null,
      deletedAt: null,
    }
    await new SqliteAccountRepository(v1).insertAccount(account as never)
    expect(v1.prepare("SELECT name FROM sqlite_master WHERE name = 'scheduled_tasks'").get()).toBeUndefined()
    v1.close()

    const migrated = openSqlite(file, PLATFORM_SCHEMA, { upToVersion: 2 })
    expect(schemaVersion(migrated)).toBe(2)
    expect(new SqliteAccountRepository(migrated).getAccount('acct_v1')).toEqual(account)
    const tasks = new SqliteTaskStateStore(migrated)
    expect(tasks.tryLease('sweep', 1_000, 'me', 5, 10)).toBe(true)
    expect(tasks.lastStartedAt('sweep')).toBe(5)
    migrated.close()
  })

  it('platform v2 -> v3: the stored codes and token families of a connected account are found by it', async () => {
    const file = join(dir, 'platform.db')
    const v2 = openSqlite(file, PLATFORM_SCHEMA, { upToVersion: 2 })
    const at = new Date('2026-06-01T10:00:00Z')
    const family = {
      id: 'otf_v2',
      applicationId: 'oapp_1',
      platformId: 'acct_p',
      connectedAccountId: 'cpa_gone',
      livemode: true,
      scope: 'users:read',
      createdAt: at,
      revokedAt: null,
    }
    const code = {
      hash: 'a'.repeat(64),
      applicationId: 'oapp_1',
      platformId: 'acct_p',
      connectedAccountId: 'cpa_gone',
      livemode: true,
      redirectUri: 'https://app.example/callback',
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      scope: 'users:read',
      familyId: 'otf_v3',
      createdAt: at,
      expiresAt: new Date(at.getTime() + 60_000),
      usedAt: null,
    }
    // As the v2 adapter wrote them: the document alone.
    v2.prepare('INSERT INTO oauth_token_families (id, doc) VALUES (?, ?)').run(family.id, encodeJson(family))
    v2.prepare('INSERT INTO oauth_codes (hash, doc) VALUES (?, ?)').run(code.hash, encodeJson(code))
    v2.close()

    const migrated = openSqlite(file, PLATFORM_SCHEMA, { upToVersion: 3 })
    expect(schemaVersion(migrated)).toBe(3)
    const store = new SqliteOAuthStore(migrated)
    const revokedAt = new Date(at.getTime() + 1_000)
    await store.revokeConnectedAccount('cpa_gone', revokedAt)
    expect((await store.getFamily(family.id))?.revokedAt).toEqual(revokedAt)
    expect((await store.useCode(code.hash, revokedAt))?.usedAt).toEqual(revokedAt)
    migrated.close()
  })

  it('surface v1 -> v2: the push subscriptions of stored connections are indexed from their documents', async () => {
    const file = join(dir, 'live.db')
    const v1 = openSqlite(file, SURFACE_SCHEMA, { upToVersion: 1 })
    const connection = makeConnection({
      subscriptions: [
        {
          id: 'chan_v1',
          providerId: 'res_1',
          calendarExternalId: 'primary',
          expiresAt: new Date('2026-07-01T00:00:00Z'),
          secret: 'echo',
        },
      ],
    })
    // As the v1 adapter wrote it: the row alone (v1 had no subscription index).
    v1.prepare(
      `INSERT INTO connections (id, account_id, user_id, provider, email, next_sync_at, doc)
       VALUES (?, ?, ?, ?, ?, NULL, ?)`,
    ).run(
      connection.id,
      connection.accountId,
      connection.userId,
      connection.provider,
      connection.email,
      encodeJson(connection),
    )
    v1.close()

    const migrated = openSqlite(file, SURFACE_SCHEMA)
    expect(schemaVersion(migrated)).toBe(SURFACE_MIGRATIONS.at(-1)!.version)
    const connections = new SqliteConnectionRepository(migrated, new SqliteOutbox(migrated))
    expect(await connections.findBySubscription('chan_v1')).toEqual(connection)
    // The foreign key takes the index rows along with their connection.
    await connections.removeByUser(connection.accountId, connection.userId)
    expect(migrated.prepare('SELECT COUNT(*) AS n FROM connection_subscriptions').get()).toEqual({ n: 0 })
    migrated.close()
  })

  it('surface v2 -> v3: stored events get their end time and attendee rows, so free/busy finds them', async () => {
    const file = join(dir, 'live.db')
    const v2 = openSqlite(file, SURFACE_SCHEMA, { upToVersion: 2 })
    const event = makeEvent({
      startTime: new Date('2026-06-01T09:00:00.250Z'),
      endTime: new Date('2026-06-01T10:00:00.750Z'),
      attendees: [{ email: 'guest@example.com', name: 'Guest', userId: null }],
    })
    // As the v2 adapter wrote it: no end_time column, no attendee rows.
    v2.prepare(
      `INSERT INTO events (id, account_id, user_id, start_time, due_at, mirror_due_at, source_calendar_id, doc)
       VALUES (?, ?, ?, ?, NULL, NULL, NULL, ?)`,
    ).run(event.id, event.accountId, event.userId, event.startTime.getTime(), encodeJson(event))
    const notification = (id: string) => ({ id, accountId: event.accountId, type: 'event.created', data: {} })
    new SqliteOutbox(v2).appendIn([notification('ntf_1'), notification('ntf_2')] as never)
    v2.close()

    const migrated = openSqlite(file, SURFACE_SCHEMA)
    expect(schemaVersion(migrated)).toBe(SURFACE_MIGRATIONS.at(-1)!.version)
    expect(migrated.prepare('SELECT end_time FROM events WHERE id = ?').get(event.id)).toEqual({
      end_time: event.endTime.getTime(),
    })
    const events = new SqliteEventRepository(migrated, new SqliteOutbox(migrated))
    const window = { from: new Date('2026-06-01T10:00:00.500Z'), to: new Date('2026-06-01T11:00:00Z') }
    const byEmail = { userIds: [], calendarIds: [], attendeeEmails: ['guest@example.com'], attendeeUserIds: [] }
    expect(await events.overlapping(event.accountId, { ...byEmail, ...window }, 10)).toEqual([event])
    // The outbox, rebuilt without AUTOINCREMENT, keeps its pending events in order and numbers new ones after them.
    const outbox = new SqliteOutbox(migrated)
    await outbox.append([notification('ntf_3')] as never)
    expect((await outbox.pending(10)).map((pending) => pending.id)).toEqual(['ntf_1', 'ntf_2', 'ntf_3'])
    // Past its end (to the millisecond) it overlaps nothing.
    const after = { from: new Date('2026-06-01T10:00:00.750Z'), to: new Date('2026-06-01T11:00:00Z') }
    expect(await events.overlapping(event.accountId, { ...byEmail, ...after }, 10)).toEqual([])
    migrated.close()
  })

  it('surface v3 -> v4: stored events get their coordinates as columns, so the monitor reads them as spans', async () => {
    const file = join(dir, 'live.db')
    const v3 = openSqlite(file, SURFACE_SCHEMA, { upToVersion: 3 })
    const placed = makeEvent({ location: { name: null, address: null, lat: 48.1372, lng: 11.5756, source: 'caller' } })
    const unplaced = makeEvent({ location: null })
    // As the v3 adapter wrote them: no coordinate columns.
    for (const event of [placed, unplaced]) insertEventAsBefore(v3, event)
    v3.close()

    const migrated = openSqlite(file, SURFACE_SCHEMA)
    expect(schemaVersion(migrated)).toBe(SURFACE_MIGRATIONS.at(-1)?.version)
    const events = new SqliteEventRepository(migrated, new SqliteOutbox(migrated))
    const from = new Date(placed.startTime.getTime() - 3_600_000)
    const spans = await events.spansOfUser(placed.accountId, placed.userId, from, placed.endTime, 10)
    expect(spans).toEqual([
      { id: unplaced.id, startTime: unplaced.startTime, endTime: unplaced.endTime, location: null },
      { id: placed.id, startTime: placed.startTime, endTime: placed.endTime, location: { lat: 48.1372, lng: 11.5756 } },
    ])
    migrated.close()
  })

  it('an event written by another connection is among its user’s spans once the file says it changed', async () => {
    const file = join(dir, 'live.db')
    const [one, other] = [openSqlite(file, SURFACE_SCHEMA), openSqlite(file, SURFACE_SCHEMA)]
    let now = 0
    const [events, elsewhere] = [one, other].map((db) => new SqliteEventRepository(db, new SqliteOutbox(db), () => now))
    const first = makeEvent()
    await events!.insert(first, [])
    const window = [new Date(first.startTime.getTime() - 86_400_000), first.endTime] as const
    expect((await events!.spansOfUser(first.accountId, first.userId, ...window, 10)).map((s) => s.id)).toEqual([
      first.id,
    ])
    const second = makeEvent({ userId: first.userId })
    await elsewhere!.insert(second, [])
    // The file's change is looked for at most once a millisecond.
    const spans = async () => (await events!.spansOfUser(first.accountId, first.userId, ...window, 10)).length
    now += 1
    expect(await spans()).toBe(2)
    // An insert of its own joins the kept spans, in the order the query gives (newest id first).
    const third = makeEvent({ userId: first.userId, startTime: new Date(first.startTime.getTime() - 3_600_000) })
    await events!.insert(third, [])
    const kept = await events!.spansOfUser(first.accountId, first.userId, ...window, 10)
    const page = await events!.list(
      first.accountId,
      { userId: first.userId, startFrom: window[0], startBefore: window[1] },
      { limit: 10 },
    )
    expect(kept.map((span) => span.id)).toEqual(page.data.map((event) => event.id))
    expect(kept).toHaveLength(3)
    one.close()
    other.close()
  })

  it('keeps users’ spans within a budget of spans, the oldest user read going first', () => {
    const db = openSqlite(':memory:', SURFACE_SCHEMA)
    const kept = new KeptSpans(db, 3, () => 0)
    const span = (id: string) => ({ id, startTime: new Date(0), endTime: new Date(1), location: null })
    const loads: string[] = []
    const load = (key: string, size: number) => () => {
      loads.push(key)
      return Array.from({ length: size }, (_, index) => span(`${key}${index}`))
    }
    kept.get('a', load('a', 2))
    kept.get('a', load('a', 2))
    kept.get('b', load('b', 1))
    expect(loads).toEqual(['a', 'b'])
    // One span more than the budget: the oldest user read goes.
    kept.peek('b')!.push(span('b1'))
    kept.added('b')
    expect(kept.peek('a')).toBeUndefined()
    expect(kept.get('b', load('b', 9))).toHaveLength(2)
    // A user with more spans than the whole budget is answered, not kept.
    expect(kept.get('c', load('c', 4))).toHaveLength(4)
    expect(kept.peek('c')).toBeUndefined()
    expect(kept.peek('b')).toHaveLength(2)
    db.close()
  })

  it('surface v6 -> v7: stored events get their version as a column, which versioned writes compare', async () => {
    const file = join(dir, 'live.db')
    const v6 = openSqlite(file, SURFACE_SCHEMA, { upToVersion: 6 })
    const event = makeEvent({ version: 4 })
    // As the v6 adapter wrote it: the version in the document only.
    insertEventAsBefore(v6, event)
    v6.close()

    const migrated = openSqlite(file, SURFACE_SCHEMA)
    expect(schemaVersion(migrated)).toBe(SURFACE_MIGRATIONS.at(-1)?.version)
    const events = new SqliteEventRepository(migrated, new SqliteOutbox(migrated))
    expect(await events.update({ ...event, title: 'Stale', version: 4 }, 3, [])).toBe('conflict')
    expect(await events.update({ ...event, title: 'Moved', version: 5 }, 4, [])).toBe('updated')
    expect(await events.remove(event.accountId, event.id, 4, [])).toBe('conflict')
    expect(await events.get(event.accountId, event.id)).toEqual({ ...event, title: 'Moved', version: 5 })
    expect(await events.remove(event.accountId, event.id, 5, [])).toBe('removed')
    migrated.close()
  })
})

describe('Records as JSON documents', () => {
  it('gives back dates as dates, nested ones included, and other values as they were', () => {
    const record = {
      at: new Date('2026-06-01T08:00:00.123Z'),
      nested: { list: [{ when: new Date(0) }, 'x', 3, null, true] },
      lookalike: { $date: 'not a date', other: 1 },
    }
    const back = decodeJson<typeof record>(encodeJson(record))
    expect(back).toEqual(record)
    expect(back.at).toBeInstanceOf(Date)
    expect(back.nested.list[0]).toEqual({ when: new Date(0) })
  })
})

describe('Group commit: the writes of one turn in one transaction', () => {
  const open = () => {
    const db = openSqlite(join(dir, 'group.db'), { name: 'group', migrations: [] })
    db.exec('CREATE TABLE items (id TEXT PRIMARY KEY, n INTEGER NOT NULL)')
    return db
  }
  const insert = (db: SqliteDatabase, id: string, n: number) => () =>
    db.prepare('INSERT INTO items (id, n) VALUES (?, ?)').run(id, n).changes
  const ids = (db: SqliteDatabase) => db.prepare('SELECT id FROM items ORDER BY rowid').pluck().all()

  it('keeps the temporary pages of savepoints in memory', () => {
    const db = open()
    expect(db.pragma('temp_store', { simple: true })).toBe(2)
    db.close()
  })

  it('commits the writes asked for in one turn together, in their order, and answers each after the commit', async () => {
    const db = open()
    const seen: string[][] = []
    const writes = ['a', 'b', 'c'].map((id, n) =>
      inGroupCommit(db, insert(db, id, n), () => seen.push(ids(db) as string[])),
    )
    // Nothing is written before the turn ends.
    expect(ids(db)).toEqual([])
    expect(await Promise.all(writes)).toEqual([1, 1, 1])
    expect(ids(db)).toEqual(['a', 'b', 'c'])
    // Every write's `committed` saw the whole group stored: one transaction.
    expect(seen).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ])
    // As many pages went to the log as one transaction of three inserts writes (three commits write each page thrice).
    const frames = () => (db.pragma('wal_checkpoint(TRUNCATE)') as { log: number }[])[0]?.log
    frames()
    await Promise.all(['d', 'e', 'f'].map((id) => inGroupCommit(db, insert(db, id, 0))))
    const grouped = (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log
    frames()
    db.transaction(() => {
      for (const id of ['g', 'h', 'i']) insert(db, id, 0)()
    })()
    const single = (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log
    frames()
    for (const id of ['j', 'k', 'l']) insert(db, id, 0)()
    const separate = (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log
    expect(grouped).toBe(single)
    expect(separate).toBeGreaterThan(single as number)
    db.close()
  })

  it('undoes a failing write alone: it is rejected with its error, the others commit', async () => {
    const db = open()
    insert(db, 'taken', 0)()
    const results = await Promise.allSettled([
      inGroupCommit(db, insert(db, 'x', 1)),
      inGroupCommit(db, () => {
        insert(db, 'half', 2)()
        return insert(db, 'taken', 3)()
      }),
      inGroupCommit(db, insert(db, 'y', 4)),
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/)
    // The failing write's first insert went with it.
    expect(ids(db)).toEqual(['taken', 'x', 'y'])
    db.close()
  })

  it('runs at once inside a caller transaction, as part of it', () => {
    const db = open()
    let answer: Promise<number> | undefined
    expect(() =>
      db.transaction(() => {
        answer = inGroupCommit(db, insert(db, 'inner', 1))
        expect(ids(db)).toEqual(['inner'])
        throw new Error('the caller rolls back')
      })(),
    ).toThrow('the caller rolls back')
    expect(ids(db)).toEqual([])
    db.close()
    return expect(answer).resolves.toBe(1)
  })
})
