import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqlite } from '../adapters/storage/sqlite/database.js'
import { SqliteEventRepository } from '../adapters/storage/sqlite/event-repository.js'
import { SqliteOutbox } from '../adapters/storage/sqlite/outbox.js'
import { SURFACE_SCHEMA } from '../adapters/storage/sqlite/schema.js'
import { makeEvent } from '../test/contracts/event-repository.contract.js'

const dir = mkdtempSync(join(tmpdir(), 'ins-'))
const db = openSqlite(join(dir, 'live.db'), SURFACE_SCHEMA)
if (process.env.CKPT) db.pragma(`wal_autocheckpoint = ${process.env.CKPT}`)
if (process.env.MMAP) db.pragma(`mmap_size = ${process.env.MMAP}`)
const outbox = new SqliteOutbox(db)
const events = new SqliteEventRepository(db, outbox)
const n = 5000
const base = makeEvent()
const list = Array.from({ length: n }, (_, i) => ({ ...base, id: `evt_${String(i).padStart(8, '0')}`, dueAt: new Date(Date.now() + i * 1000) }))
const ev = (e: typeof base) => [{ id: `ntf_${e.id}_${Math.random()}`, accountId: e.accountId, type: 'event.created', createdAt: new Date(), data: { object: e } }] as never
const cpu0 = process.cpuUsage(); const t0 = performance.now()
for (const e of list) await events.insert(e, ev(e))
const cpu1 = process.cpuUsage(cpu0); const t1 = performance.now()
console.log('insert', ((t1 - t0) * 1000 / n).toFixed(1), 'µs wall', (cpu1.user / n).toFixed(1), 'user', (cpu1.system / n).toFixed(1), 'sys')
const c2 = process.cpuUsage(); const t2 = performance.now()
for (const e of list) await events.update({ ...e, version: e.version + 1 }, e.version, ev(e))
const c3 = process.cpuUsage(c2); const t3 = performance.now()
console.log('update', ((t3 - t2) * 1000 / n).toFixed(1), 'µs wall', (c3.user / n).toFixed(1), 'user', (c3.system / n).toFixed(1), 'sys')
console.log('doc bytes', JSON.stringify(base).length)
