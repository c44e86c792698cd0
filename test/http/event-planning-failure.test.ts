import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RoutingPort } from '../../core/ports/routing.js'
import { clients, startTestService, type TestService } from '../support/service.js'

const HOUR = 3_600_000
const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString()

/** A routing adapter with a bug: it throws instead of answering a failure. */
const throwingRouting: RoutingPort = {
  travelTime: async () => {
    throw new TypeError("Cannot read properties of null (reading 'duration')")
  },
}

// The project's storage (memory, or MongoDB in the mongodb project), and SQLite beside memory.
const storages =
  process.env.TEST_STORAGE === 'mongodb'
    ? [{ name: 'MongoDB', sqlite: false }]
    : [
        { name: 'memory', sqlite: false },
        { name: 'SQLite', sqlite: true },
      ]

describe.each(storages)('POST /v1/events when planning the first window throws ($name)', ({ sqlite }) => {
  let test: TestService
  let client: ReturnType<typeof clients>
  const dataDir = sqlite ? mkdtempSync(join(tmpdir(), 'planning-failure-')) : null
  beforeAll(async () => {
    test = await startTestService(dataDir === null ? {} : { STORAGE: 'sqlite', DATA_DIR: dataDir }, undefined, {
      departureProviders: { routing: throwingRouting },
    })
    client = clients(test)
  })
  afterAll(async () => {
    await test.stop()
    if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers 201 with the event `unavailable`; it exists once, with one event.created; a retry with its key replays it', async () => {
    const user = await client.sandbox('POST', '/v1/users', {
      body: { email: `planning-${Date.now()}@example.com`, home_location: { lat: 52.52, lng: 13.405 } },
    })
    expect(user.status).toBe(201)
    const body = {
      user_id: user.body.id,
      title: 'Design review',
      start_time: at(5 * HOUR),
      end_time: at(6 * HOUR),
      location: { name: 'Office', lat: 52.5208, lng: 13.3874 },
    }
    const headers = { 'idempotency-key': `planning-${user.body.id}` }
    const created = await client.sandbox('POST', '/v1/events', { body, headers })
    expect(created.status).toBe(201)
    expect(created.body.monitoring.status).toBe('unavailable')
    expect(created.body.monitoring.earliest_departure ?? null).toBeNull()

    const retried = await client.sandbox('POST', '/v1/events', { body, headers })
    expect(retried.status).toBe(201)
    expect(retried.headers.get('service-idempotent-replay')).toBe('true')
    expect(retried.body.id).toBe(created.body.id)

    const listed = await client.sandbox('GET', `/v1/events?user_id=${user.body.id}`)
    expect(listed.body.data.map((event: { id: string }) => event.id)).toEqual([created.body.id])
    const [account] = await test.service.application.accountRepository.listAccounts()
    const written = (await test.service.application.surfaces.test.outbox.list(account!.id, 10_000)).filter(
      (event) => (event.object as { id?: string }).id === created.body.id,
    )
    expect(written.map((event) => event.type)).toEqual(['event.created'])

    const departure = await client.sandbox('GET', `/v1/events/${created.body.id}/departure`)
    expect(departure.status).toBe(409)
    expect(departure.body.error.code).toBe('departure_unavailable')
  })
})
