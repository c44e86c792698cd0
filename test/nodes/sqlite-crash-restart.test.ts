// The embedded default under a crash: the real API host as a process on SQLite, killed with SIGKILL in the middle
// of a write loop and started again on the same DATA_DIR. Every acknowledged write must be there, no outbox event
// lost (a redelivery keeps its notification id: at least once, never a second notification for one change), and
// the background work (webhook retries, departure monitoring, reminders) must carry on.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, LIVE_KEY, TEST_KEY } from '../support/service.js'
import { type ServiceProcess, spawnServiceProcess } from '../support/service-process.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

const HOUR = 3_600_000
const HOME = { lat: 52.52, lng: 13.405 }
/** Acknowledged writes before the kill (the loop goes on while the process dies). */
const WRITES_BEFORE_KILL = 45
const WRITERS = 3

let dataDir: string
let receiver: WebhookReceiver
let env: Record<string, string>
const hosts: ServiceProcess[] = []

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sqlite-crash-'))
  receiver = await WebhookReceiver.start()
  env = {
    STORAGE: 'sqlite',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: 'silent',
    SERVICE_BOOTSTRAP_KEYS: `${TEST_KEY},${LIVE_KEY}`,
    RATE_LIMIT_REQUESTS: '100000',
    RATE_LIMIT_CONCURRENCY: '1000',
    WEBHOOK_TIMEOUT_MS: '2000',
  }
})

afterAll(async () => {
  await Promise.all(hosts.map((host) => host.stop()))
  await receiver.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const start = async (): Promise<ServiceProcess> => {
  const host = await spawnServiceProcess('api', env)
  hosts.push(host)
  return host
}

describe('SQLite storage survives SIGKILL in the middle of a write loop', () => {
  it('keeps every acknowledged write, loses no outbox event, and resumes deliveries, monitoring and reminders', async () => {
    const first = await start()
    expect(first.output()).toContain(`SQLite in ${dataDir}`)
    const sandbox = (method: string, path: string, body?: unknown) =>
      api(first.sandbox, method, path, { key: TEST_KEY, ...(body === undefined ? {} : { body }) })
    const endpoint = await sandbox('POST', '/v1/webhook_endpoints', {
      url: receiver.url,
      events: ['user.created', 'event.created', 'departure.computed', 'reminder.sent'],
    })
    expect(endpoint.status).toBe(201)
    // The receiver is down until after the restart: every delivery is still retrying when the process dies.
    receiver.behave = () => ({ status: 503 })

    const acknowledged = { users: [] as string[], events: [] as string[], reminders: [] as string[] }
    let writes = 0
    let killing: Promise<void> | null = null
    const writer = async (n: number) => {
      for (let round = 0; ; round++) {
        try {
          const user = await sandbox('POST', '/v1/users', {
            email: `writer${n}-${round}@example.com`,
            home_location: HOME,
            timezone: 'Europe/Berlin',
          })
          if (user.status !== 201) throw new Error(`user: ${user.status} ${user.text}`)
          acknowledged.users.push(user.body.id)
          writes += 1
          const startTime = new Date(Date.now() + 3 * HOUR)
          const event = await sandbox('POST', '/v1/events', {
            user_id: user.body.id,
            title: `Meeting ${n}-${round}`,
            start_time: startTime.toISOString(),
            end_time: new Date(startTime.getTime() + HOUR).toISOString(),
            location: { address: 'Friedrichstrasse 100, Berlin' },
          })
          if (event.status !== 201) throw new Error(`event: ${event.status} ${event.text}`)
          acknowledged.events.push(event.body.id)
          writes += 1
          const reminder = await sandbox('POST', `/v1/events/${event.body.id}/reminders`, { offset_minutes: 15 })
          if (reminder.status !== 201) throw new Error(`reminder: ${reminder.status} ${reminder.text}`)
          acknowledged.reminders.push(reminder.body.id)
          writes += 1
        } catch (error) {
          // Only the kill ends the loop: a failure before it is a failure of the test.
          if (killing === null) throw error
          return
        }
        if (writes >= WRITES_BEFORE_KILL && killing === null) killing = first.kill9()
      }
    }
    await Promise.all(Array.from({ length: WRITERS }, (_, n) => writer(n)))
    await killing
    expect(acknowledged.users.length).toBeGreaterThanOrEqual(WRITES_BEFORE_KILL / 3)

    const second = await start()
    const again = (method: string, path: string, body?: unknown) =>
      api(second.sandbox, method, path, { key: TEST_KEY, ...(body === undefined ? {} : { body }) })
    // Every write acknowledged with a 2xx is there.
    for (const id of acknowledged.users) expect((await again('GET', `/v1/users/${id}`)).status, id).toBe(200)
    for (const id of acknowledged.events) expect((await again('GET', `/v1/events/${id}`)).status, id).toBe(200)
    for (const id of acknowledged.reminders)
      expect((await again('GET', `/v1/reminders/${id}`)).body.status, id).toBe('scheduled')

    // The receiver is back; the sandbox clock moves past the reminders' fire times and the retries' next attempts.
    receiver.behave = () => ({ status: 200 })
    expect((await again('POST', '/v1/test_helpers/advance_time', { seconds: 3 * 3600 })).status).toBe(200)
    for (const id of acknowledged.reminders)
      expect((await again('GET', `/v1/reminders/${id}`)).body.status, id).toBe('sent')

    const secret = endpoint.body.secret as string
    const notifiedIds = (type: string) => {
      const byObject = new Map<string, Set<string>>()
      for (const notification of receiver.ofType(secret, type)) {
        // A departure names its event; the other objects are the changed record.
        const object = notification.data.object as { id: string; event_id?: string }
        const objectId = type.startsWith('departure.') ? (object.event_id ?? '') : object.id
        byObject.set(objectId, (byObject.get(objectId) ?? new Set()).add(notification.id))
      }
      return byObject
    }
    /** What was acknowledged but never notified, by notification type (empty once every change arrived). */
    const undelivered = () => {
      const expected: [string, readonly string[]][] = [
        ['user.created', acknowledged.users],
        ['event.created', acknowledged.events],
        ['departure.computed', acknowledged.events],
        ['reminder.sent', acknowledged.reminders],
      ]
      return expected
        .map(([type, ids]) => {
          const notified = notifiedIds(type)
          return `${type}: ${ids.filter((id) => !notified.has(id)).length} of ${ids.length}`
        })
        .filter((line) => !line.startsWith(`${line.split(':')[0]}: 0 of`))
    }
    await expect.poll(undelivered, { timeout: 60_000, interval: 250 }).toEqual([])
    // At least once: a change redelivered keeps its notification id; no change was written to the outbox twice.
    for (const type of ['user.created', 'event.created', 'reminder.sent'])
      for (const [objectId, ids] of notifiedIds(type)) expect([...ids], `${type} of ${objectId}`).toHaveLength(1)
  }, 240_000)
})
