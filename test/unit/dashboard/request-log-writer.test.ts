import { afterEach, describe, expect, it } from 'vitest'
import { MemoryRequestLogStore } from '../../../adapters/storage/memory/request-log-store.js'
import type { LoggerPort } from '../../../core/ports/logger.js'
import type { RequestLogStorePort } from '../../../core/ports/request-log-store.js'
import type { RequestLogEntry } from '../../../core/request-log/request-log-entry.js'
import { RequestLogWriter } from '../../../hosts/api/request-log-writer.js'

const DAY = 24 * 3_600_000
const NOW = new Date('2026-06-01T08:00:00Z')

const entry = (n: number, occurredAt = NOW): RequestLogEntry => ({
  requestId: `req_${n}`,
  accountId: 'acct_one',
  livemode: true,
  method: 'GET',
  path: '/v1/users',
  status: 200,
  errorCode: null,
  errorParam: null,
  errorMessage: null,
  keyId: 'key_one',
  apiVersion: null,
  idempotencyKey: null,
  replayed: false,
  durationMs: 1,
  occurredAt,
})

const errors: unknown[] = []
const logger: LoggerPort = {
  info: () => {},
  warn: () => {},
  error: (fields) => errors.push(fields),
  child: () => logger,
}

/** A store that counts its writes (each `appendMany` is one write to the database). */
class CountingStore extends MemoryRequestLogStore {
  writes: number[] = []
  override async appendMany(entries: readonly RequestLogEntry[]) {
    if (entries.length > 0) this.writes.push(entries.length)
    return super.appendMany(entries)
  }
}

const writers: RequestLogWriter[] = []
const writerOf = (
  store: RequestLogStorePort,
  options: Partial<ConstructorParameters<typeof RequestLogWriter>[3]> = {},
) => {
  const writer = new RequestLogWriter(store, { now: () => NOW }, logger, {
    flushIntervalMs: 60_000,
    batchSize: 500,
    maxBuffered: 1000,
    retentionMs: 30 * DAY,
    bodyRetentionMs: 7 * DAY,
    maxRowsPerSurface: 1_000_000,
    maxBufferedBodyChars: 1_000_000,
    ...options,
  })
  writers.push(writer)
  return writer
}

afterEach(async () => {
  for (const writer of writers.splice(0)) await writer.close()
  errors.length = 0
})

describe('request logs are written in batches, off the request path', () => {
  it('recording writes nothing; a flush writes everything recorded as one batch', async () => {
    const store = new CountingStore()
    const writer = writerOf(store)
    for (let n = 0; n < 300; n++) writer.record(entry(n))
    expect(store.writes).toEqual([])
    await writer.flush()
    expect(store.writes).toEqual([300])
    expect((await store.list('acct_one', true, { limit: 1 })).data[0]?.requestId).toBe('req_299')
  })

  it('a full batch is written without waiting for the interval', async () => {
    const store = new CountingStore()
    const writer = writerOf(store, { batchSize: 10 })
    const written = new Promise<void>((resolve) => {
      const original = store.appendMany.bind(store)
      store.appendMany = async (entries) => {
        await original(entries)
        resolve()
      }
    })
    for (let n = 0; n < 10; n++) writer.record(entry(n))
    await written
    expect(store.writes).toEqual([10])
  })

  it('beyond the buffer bound, entries are dropped and counted (the store slower than the traffic)', async () => {
    const store = new CountingStore()
    const writer = writerOf(store, { maxBuffered: 5, batchSize: 1000 })
    for (let n = 0; n < 8; n++) writer.record(entry(n))
    expect(writer.dropped).toBe(3)
    await writer.flush()
    expect(store.writes).toEqual([5])
  })

  it('closing writes what waits', async () => {
    const store = new CountingStore()
    const writer = writerOf(store)
    writer.record(entry(1))
    await writer.close()
    expect(store.writes).toEqual([1])
  })

  it('prunes entries older than the retention on a flush', async () => {
    const store = new CountingStore()
    await store.appendMany([entry(1, new Date(NOW.getTime() - 31 * DAY)), entry(2, new Date(NOW.getTime() - 29 * DAY))])
    const writer = writerOf(store)
    writer.record(entry(3))
    await writer.flush()
    const kept = (await store.list('acct_one', true, { limit: 10 })).data.map((e) => e.requestId)
    expect(kept).toEqual(['req_3', 'req_2'])
  })

  it('a failing store loses the batch, logs it, and never throws into the caller', async () => {
    const store = new CountingStore()
    store.appendMany = async () => {
      throw new Error('disk full')
    }
    const writer = writerOf(store)
    writer.record(entry(1))
    await writer.flush()
    expect(errors).toEqual([expect.objectContaining({ lost: 1 })])
  })
})

describe('bodies wait unredacted and are redacted in the batch; they are kept 7 days, the rest 30', () => {
  const capture = (request: unknown, response: unknown, redactCoordinates = false) => ({
    request,
    response,
    redactCoordinates,
    size: JSON.stringify(request ?? '').length + String(response ?? '').length,
  })

  it('stores the redacted bodies with the entry', async () => {
    const store = new CountingStore()
    const writer = writerOf(store)
    writer.record(
      entry(1),
      capture({ url: 'https://example.com/hook' }, '{"id":"we_1","secret":"whsec_abcdefghijklmnop"}'),
    )
    await writer.flush()
    expect((await store.retrieve('acct_one', true, 'req_1'))?.bodies).toEqual({
      request: '{"url":"https://example.com/hook"}',
      response: '{"id":"we_1","secret":"[redacted]"}',
    })
  })

  it('on production, coordinates are redacted too', async () => {
    const store = new CountingStore()
    const writer = writerOf(store)
    writer.record(entry(1), capture({ lat: 52.52, lng: 13.4, accuracy_m: 5 }, null, true))
    await writer.flush()
    expect((await store.retrieve('acct_one', true, 'req_1'))?.bodies?.request).toBe(
      '{"lat":"[redacted]","lng":"[redacted]","accuracy_m":5}',
    )
  })

  it('beyond the bound on waiting bodies, the entry is kept without them (and counted)', async () => {
    const store = new CountingStore()
    const writer = writerOf(store, { maxBufferedBodyChars: 30 })
    writer.record(entry(1), capture(null, '{"a":"0123456789"}'))
    writer.record(entry(2), capture(null, '{"b":"0123456789"}'))
    expect(writer.bodiesDropped).toBe(1)
    await writer.flush()
    expect((await store.retrieve('acct_one', true, 'req_1'))?.bodies).toBeDefined()
    const second = await store.retrieve('acct_one', true, 'req_2')
    expect(second?.requestId).toBe('req_2')
    expect(second?.bodies).toBeUndefined()
  })

  it('prunes bodies older than their retention, keeping their entries, and trims each surface written to its bound', async () => {
    const store = new CountingStore()
    const bodies = { request: null, response: '{}' }
    await store.appendMany([
      { ...entry(1, new Date(NOW.getTime() - 8 * DAY)), bodies },
      { ...entry(2, new Date(NOW.getTime() - 6 * DAY)), bodies },
      { ...entry(3, new Date(NOW.getTime() - 5 * DAY)), bodies },
    ])
    const writer = writerOf(store, { maxRowsPerSurface: 3 })
    writer.record(entry(4))
    await writer.flush()
    const kept = (await store.list('acct_one', true, { limit: 10 })).data.map((e) => e.requestId)
    expect(kept).toEqual(['req_4', 'req_3', 'req_2'])
    expect((await store.retrieve('acct_one', true, 'req_2'))?.bodies).toEqual(bodies)
    expect(await store.retrieve('acct_one', true, 'req_1')).toBeNull()
    const pruned = new CountingStore()
    await pruned.appendMany([{ ...entry(5, new Date(NOW.getTime() - 8 * DAY)), bodies }])
    const second = writerOf(pruned)
    second.record(entry(6))
    await second.flush()
    const old = await pruned.retrieve('acct_one', true, 'req_5')
    expect(old?.requestId).toBe('req_5')
    expect(old?.bodies).toBeUndefined()
  })
})
