// Two API hosts and two workers, as real processes on loopback, sharing one MongoDB (the test peer, started in
// this process): they behave as one service, and a worker killed with SIGKILL loses nothing.
import { randomUUID } from 'node:crypto'
import { type Db, MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMongoForTests, type TestMongo } from '../support/mongo-peer/index.js'
import { api, LIVE_KEY, TEST_CONNECTION_TOKEN_KEY, TEST_KEY } from '../support/service.js'
import { type ServiceProcess, spawnServiceProcess } from '../support/service-process.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

const JOB_LOCK_MS = 1_500
const WEBHOOK_TIMEOUT_MS = 3_000
const WEBHOOK_LEASE_MS = 4_000
// Per key and window: the sandbox key stays under it; the production key is used only to reach it.
const RATE_LIMIT = 100
/** A second sandbox key of the account, for the test that creates many reminders at once (limits count per key). */
const BULK_KEY = 'sk_test_7bfd409d54c3fdc670b60890f3d6138fBULK'
const SWEEP_KEY = 'sk_test_29b510351965be4808b9b342d6152d45SWEEP'
// A test that starts a replacement worker (after a SIGKILL) has 160 s: its own 40 s and a ceiling of 120 s for the
// start, whose ready line is awaited (compiling the sources takes seconds to a minute under load); the ceiling only
// ends a start that hangs.
const PREFIX = `nodes_${randomUUID().replaceAll('-', '').slice(0, 8)}`

let mongo: TestMongo
let client: MongoClient
let platform: Db
let sandboxDb: Db
let env: Record<string, string>
const hosts: ServiceProcess[] = []
let apiOne: ServiceProcess
let apiTwo: ServiceProcess
let workers: ServiceProcess[] = []

const startWorker = async (): Promise<ServiceProcess> => {
  const worker = await spawnServiceProcess('worker', env)
  hosts.push(worker)
  return worker
}

beforeAll(async () => {
  mongo = await startMongoForTests()
  client = await MongoClient.connect(mongo.uri)
  platform = client.db(`${PREFIX}_platform`)
  sandboxDb = client.db(`${PREFIX}_test`)
  env = {
    MONGODB_URI: mongo.uri,
    MONGODB_DB: PREFIX,
    CONNECTION_TOKEN_KEY: TEST_CONNECTION_TOKEN_KEY,
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: 'silent',
    SERVICE_BOOTSTRAP_KEYS: `${TEST_KEY},${LIVE_KEY},${BULK_KEY},${SWEEP_KEY}`,
    JOB_LOCK_MS: String(JOB_LOCK_MS),
    WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS),
    WEBHOOK_LEASE_MS: String(WEBHOOK_LEASE_MS),
    RATE_LIMIT_REQUESTS: String(RATE_LIMIT),
    RATE_LIMIT_WINDOW_MS: '10000',
    RATE_LIMIT_CONCURRENCY: '1000',
  }
  // The first API host bootstraps the account and seeds the sandbox; the other hosts then find them.
  apiOne = await spawnServiceProcess('api', { ...env, WORKER: 'false' })
  hosts.push(apiOne)
  ;[apiTwo, ...workers] = await Promise.all([
    spawnServiceProcess('api', { ...env, WORKER: 'false' }).then((host) => {
      hosts.push(host)
      return host
    }),
    startWorker(),
    startWorker(),
  ])
  // Four processes compile the sources and start, one then three at once: a minute when the machine is idle, several
  // when it is busy. Each start waits for its ready line (or fails at once when its process exits); this is only the
  // ceiling for a start that hangs.
}, 600_000)

afterAll(async () => {
  await Promise.all(hosts.map((host) => host.stop()))
  await client?.close()
  await mongo?.stop()
})

const sandboxUser = async (host: ServiceProcess): Promise<string> => {
  const created = await api(host.sandbox, 'POST', '/v1/users', {
    body: { email: `${randomUUID()}@example.com`, timezone: 'Europe/Berlin' },
  })
  expect(created.status).toBe(201)
  return created.body.id
}

const sandboxEvent = async (host: ServiceProcess, userId: string): Promise<string> => {
  const start = Date.now() + 3_600_000
  const created = await api(host.sandbox, 'POST', '/v1/events', {
    body: {
      user_id: userId,
      title: 'Dentist',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 1_800_000).toISOString(),
    },
  })
  expect(created.status).toBe(201)
  return created.body.id
}

/**
 * How far ahead to set what must fall due only after the test has made it: a throwaway batch of `sample` of the same
 * requests is timed first, and the lead is twice what all `total` would take at that pace (at least `minimumMs`), so
 * that on a busy machine nothing falls due while the test is still writing it. (Small samples: the keys' windows hold
 * 100 requests, and the test's own requests need 90 of them.)
 */
const leadFor = async (
  total: number,
  sample: number,
  throwawayBatch: () => Promise<unknown>,
  minimumMs = 6_000,
): Promise<number> => {
  const started = Date.now()
  await throwawayBatch()
  return Math.max(minimumMs, (2 * total * (Date.now() - started)) / sample + 2_000)
}

const reminderSentCount = (reminderIds: readonly string[]) =>
  sandboxDb.collection('outbox').countDocuments({ type: 'reminder.sent', 'object.id': { $in: [...reminderIds] } })

/** Locks a worker holds on background jobs right now (its Agenda node name carries its pid). */
const locksHeldBy = (worker: ServiceProcess) =>
  platform
    .collection('scheduled_tasks')
    .find({ lockedAt: { $ne: null }, lastModifiedBy: { $regex: `:${worker.pid}:` } })
    .toArray()

/**
 * Waits for one full run of the job `name` that started after `since` (on any node) and returns when it started:
 * the job document's last run began after `since` and has finished.
 */
const runOfJobAfter = async (name: string, since: Date): Promise<Date> => {
  let startedAt = since
  await expect
    .poll(
      async () => {
        const job = await platform
          .collection<{ name: string; lastRunAt?: Date; lastFinishedAt?: Date }>('scheduled_tasks')
          .findOne({ name })
        const lastRunAt = job?.lastRunAt
        const lastFinishedAt = job?.lastFinishedAt
        if (!(lastRunAt instanceof Date) || !(lastFinishedAt instanceof Date)) return false
        if (lastRunAt <= since || lastFinishedAt < lastRunAt) return false
        startedAt = lastRunAt
        return true
      },
      { timeout: 15_000, interval: 20 },
    )
    .toBe(true)
  return startedAt
}

describe('Two API hosts share idempotency and rate limits', () => {
  it('the same Idempotency-Key sent to both hosts at once executes once: one user, the other answers the replay or 409 in flight', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `idem-${round}-${randomUUID()}@example.com`
      const headers = { 'idempotency-key': randomUUID() }
      const body = { email, timezone: 'Europe/Paris' }
      const answers = await Promise.all(
        [apiOne, apiTwo].map((host) => api(host.sandbox, 'POST', '/v1/users', { body, headers })),
      )
      const executed = answers.filter(
        (answer) => answer.status === 201 && answer.headers.get('service-idempotent-replay') === null,
      )
      expect(executed).toHaveLength(1)
      const other = answers.find((answer) => answer !== executed[0])!
      if (other.status === 201) {
        expect(other.headers.get('service-idempotent-replay')).toBe('true')
        expect(other.body.id).toBe(executed[0]!.body.id)
      } else {
        expect(other.status).toBe(409)
        expect(other.body.error.code).toBe('idempotency_request_in_flight')
      }
      expect(await sandboxDb.collection('users').countDocuments({ email })).toBe(1)
    }
  }, 30_000)

  it("a key's rate limit is counted across both hosts", async () => {
    const perHost = 60
    const answers = await Promise.all(
      [apiOne, apiTwo].flatMap((host) =>
        Array.from({ length: perHost }, () => api(host.live, 'GET', '/v1/users?limit=1', { key: LIVE_KEY })),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    // Each host alone saw fewer requests than the limit: only a shared count refuses any.
    expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT)
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * perHost - RATE_LIMIT)
  }, 40_000)
})

describe('Two workers run each due job once at a time', () => {
  it('reminders due together fire exactly once each with two workers', async () => {
    const userId = await sandboxUser(apiOne)
    const eventId = await sandboxEvent(apiTwo, userId)
    const later = new Date(Date.now() + 3_600_000).toISOString()
    const lead = await leadFor(
      10,
      2,
      () =>
        Promise.all(
          Array.from({ length: 2 }, (_, index) =>
            api((index % 2 === 0 ? apiOne : apiTwo).sandbox, 'POST', `/v1/events/${eventId}/reminders`, {
              body: { custom_time: later, message: `throwaway ${index}` },
            }),
          ),
        ),
      4_000,
    )
    const fireAt = Date.now() + lead
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        api((index % 2 === 0 ? apiOne : apiTwo).sandbox, 'POST', `/v1/events/${eventId}/reminders`, {
          body: { custom_time: new Date(fireAt + index).toISOString() },
        }),
      ),
    )
    expect(created.map((answer) => answer.status)).toEqual(Array(10).fill(201))
    const reminderIds: string[] = created.map((answer) => answer.body.id)
    await expect
      .poll(
        () => sandboxDb.collection('reminders').countDocuments({ _id: { $in: reminderIds } as never, status: 'sent' }),
        { timeout: lead + 15_000, interval: 100 },
      )
      .toBe(10)
    // Two more sweeps of either worker: still one firing per reminder.
    await runOfJobAfter('test:reminder-delivery', await runOfJobAfter('test:reminder-delivery', new Date()))
    expect(await reminderSentCount(reminderIds)).toBe(10)
    const sent = await api(apiTwo.sandbox, 'GET', `/v1/reminders/${reminderIds[0]}`)
    expect(sent.body).toMatchObject({ status: 'sent' })
  }, 120_000)

  it('every job is stored once, whichever host registered it', async () => {
    const names = await platform.collection('scheduled_tasks').distinct('name')
    expect(names).toContain('test:reminder-delivery')
    expect(names).toContain('live:webhook-delivery')
    for (const name of names) expect(await platform.collection('scheduled_tasks').countDocuments({ name })).toBe(1)
  })

  it('a worker killed with SIGKILL while holding jobs: the other worker takes them over once their locks expire', async () => {
    const [victim, survivor] = workers as [ServiceProcess, ServiceProcess]
    let held: Awaited<ReturnType<typeof locksHeldBy>> = []
    // Freeze the survivor so the victim is sure to hold jobs (under load the survivor could otherwise win every lock).
    survivor.freeze()
    try {
      await expect
        .poll(
          async () => {
            held = await locksHeldBy(victim)
            return held.length
          },
          { timeout: JOB_LOCK_MS + 10_000, interval: 5 },
        )
        .toBeGreaterThan(0)
      await victim.kill9()
    } finally {
      survivor.thaw()
    }
    // What it still held when it died (a lock released in the instant before the kill is not a dead node's).
    held = await locksHeldBy(victim)
    expect(held.length).toBeGreaterThan(0)
    const lockedAt = new Map(held.map((job) => [job.name as string, job.lockedAt as Date]))
    for (const [name, victimLock] of lockedAt) {
      await expect
        .poll(
          async () => {
            const job = await platform.collection('scheduled_tasks').findOne({ name })
            return (
              job?.lastModifiedBy?.includes(`:${survivor.pid}:`) === true &&
              job.lastRunAt instanceof Date &&
              job.lastRunAt > victimLock
            )
          },
          { timeout: JOB_LOCK_MS + 5_000, interval: 20 },
        )
        .toBe(true)
      const job = await platform.collection('scheduled_tasks').findOne({ name })
      // Not before the dead worker's lock expired.
      expect((job!.lastRunAt as Date).getTime()).toBeGreaterThanOrEqual(victimLock.getTime() + JOB_LOCK_MS)
    }
    workers = [survivor, await startWorker()]
  }, 160_000)
})

describe('A worker killed in the middle of its work: nothing is lost, nothing fires twice', () => {
  it('webhooks: killed while the receiver holds the attempt open, the delivery arrives again with the same notification id', async () => {
    const receiver = await WebhookReceiver.start()
    try {
      const endpoint = await api(apiOne.sandbox, 'POST', '/v1/webhook_endpoints', {
        body: { url: receiver.url, events: ['user.created'] },
      })
      expect(endpoint.status).toBe(201)
      const [delivering, standby] = workers as [ServiceProcess, ServiceProcess]
      // Only `delivering` runs jobs until it is killed: `standby` is frozen (its job locks expire meanwhile).
      standby.freeze()
      let first = true
      receiver.behave = () => {
        if (!first) return { status: 200 }
        first = false
        return { hang: true }
      }
      const userId = await sandboxUser(apiTwo)
      await receiver.waitFor(1, 15_000)
      await delivering.kill9()
      standby.thaw()
      workers = [standby, await startWorker()]
      await receiver.waitFor(2, WEBHOOK_LEASE_MS + 15_000)
      const notifications = receiver
        .ofType(endpoint.body.secret, 'user.created')
        .filter((notification) => (notification.data.object as { id: string }).id === userId)
      expect(notifications.length).toBeGreaterThanOrEqual(2)
      expect(new Set(notifications.map((notification) => notification.id)).size).toBe(1)
    } finally {
      await receiver.stop()
    }
  }, 160_000)

  it('monitoring: killed in the middle of a sweep over many due events, the rest are processed after the takeover', async () => {
    const count = 90
    const [sweeping, standby] = workers as [ServiceProcess, ServiceProcess]
    standby.freeze()
    sweeping.freeze()
    // No home location: each event waits for an origin (`no_origin`) and falls due again at its start.
    const user = await api(apiTwo.sandbox, 'POST', '/v1/users', {
      key: SWEEP_KEY,
      body: { email: `${randomUUID()}@example.com`, timezone: 'Europe/Berlin' },
    })
    const eventBody = (title: string, start: number) => ({
      user_id: user.body.id,
      title,
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 3_600_000).toISOString(),
      location: { name: 'Office', address: 'Friedrichstrasse 100, Berlin', lat: 52.5208, lng: 13.3874 },
    })
    const lead = await leadFor(count, 4, () =>
      Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          api(index % 2 === 0 ? apiOne.sandbox : apiTwo.sandbox, 'POST', '/v1/events', {
            key: SWEEP_KEY,
            body: eventBody(`Throwaway ${index}`, Date.now() + 3_600_000),
          }),
        ),
      ),
    )
    const startAt = Date.now() + lead
    const eventIds: string[] = []
    for (let batch = 0; batch < count; batch += 15) {
      const created = await Promise.all(
        Array.from({ length: 15 }, (_, index) =>
          api((batch + index) % 2 === 0 ? apiOne.sandbox : apiTwo.sandbox, 'POST', '/v1/events', {
            key: SWEEP_KEY,
            body: eventBody(`Visit ${batch + index}`, startAt),
          }),
        ),
      )
      for (const answer of created) {
        expect(answer.status).toBe(201)
        expect(answer.body.monitoring.status).toBe('no_origin')
        eventIds.push(answer.body.id)
      }
    }
    const started = () =>
      sandboxDb.collection('events').countDocuments({ _id: { $in: eventIds } as never, 'monitoring.status': 'started' })
    await expect.poll(() => Date.now() > startAt + 100, { timeout: lead + 10_000 }).toBe(true)
    sweeping.thaw()
    // The signal is the first event started. A worker thawed after a long stop first catches up (its timers, its
    // database connection, a lock the other one held when it was frozen), which on a busy machine has taken over 15 s;
    // these ceilings only end a worker that never sweeps.
    await expect.poll(started, { timeout: 60_000, interval: 2 }).toBeGreaterThan(0)
    await sweeping.kill9()
    expect(await started()).toBeLessThan(count)
    standby.thaw()
    workers = [standby, await startWorker()]
    await expect.poll(started, { timeout: 60_000, interval: 100 }).toBe(count)
  }, 280_000)

  it('reminders: killed in the middle of a batch, the rest fire after the takeover and none fires twice', async () => {
    const count = 90
    const [firing, standby] = workers as [ServiceProcess, ServiceProcess]
    standby.freeze()
    firing.freeze()
    const userId = await sandboxUser(apiOne)
    const eventId = await sandboxEvent(apiOne, userId)
    const later = new Date(Date.now() + 3_600_000).toISOString()
    const lead = await leadFor(count, 4, () =>
      Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          api(index % 2 === 0 ? apiOne.sandbox : apiTwo.sandbox, 'POST', `/v1/events/${eventId}/reminders`, {
            key: BULK_KEY,
            body: { custom_time: later, message: `throwaway ${index}` },
          }),
        ),
      ),
    )
    const fireAt = Date.now() + lead
    const reminderIds: string[] = []
    for (let batch = 0; batch < count; batch += 15) {
      const created = await Promise.all(
        Array.from({ length: 15 }, (_, index) =>
          api((batch + index) % 2 === 0 ? apiOne.sandbox : apiTwo.sandbox, 'POST', `/v1/events/${eventId}/reminders`, {
            key: BULK_KEY,
            body: { custom_time: new Date(fireAt + batch + index).toISOString() },
          }),
        ),
      )
      for (const answer of created) {
        expect(answer.status).toBe(201)
        reminderIds.push(answer.body.id)
      }
    }
    await expect.poll(() => Date.now() > fireAt + 100, { timeout: lead + 10_000 }).toBe(true)
    firing.thaw()
    let sentAtKill = 0
    await expect
      .poll(async () => (sentAtKill = await reminderSentCount(reminderIds)), { timeout: 15_000, interval: 2 })
      .toBeGreaterThan(0)
    await firing.kill9()
    sentAtKill = await reminderSentCount(reminderIds)
    expect(sentAtKill).toBeLessThan(count)
    standby.thaw()
    workers = [standby, await startWorker()]
    await expect
      .poll(
        () => sandboxDb.collection('reminders').countDocuments({ _id: { $in: reminderIds } as never, status: 'sent' }),
        { timeout: 20_000, interval: 100 },
      )
      .toBe(count)
    const perReminder = await sandboxDb
      .collection('outbox')
      .aggregate<{ _id: string; firings: number }>([
        { $match: { type: 'reminder.sent', 'object.id': { $in: reminderIds } } },
        { $group: { _id: '$object.id', firings: { $sum: 1 } } },
      ])
      .toArray()
    expect(perReminder).toHaveLength(count)
    expect(perReminder.every((reminder) => reminder.firings === 1)).toBe(true)
  }, 160_000)
})

describe('A worker stopped gracefully', () => {
  it('SIGTERM: the worker finishes what it runs, releases every job it held and exits 0', async () => {
    const [leaving, staying] = workers as [ServiceProcess, ServiceProcess]
    // As above: with the other worker frozen, the leaving one is sure to hold jobs when it is told to stop.
    staying.freeze()
    try {
      await expect
        .poll(async () => (await locksHeldBy(leaving)).length, { timeout: JOB_LOCK_MS + 10_000, interval: 5 })
        .toBeGreaterThan(0)
      await leaving.stop()
    } finally {
      staying.thaw()
    }
    expect(await leaving.exited).toBe(0)
    expect(await locksHeldBy(leaving)).toEqual([])
  }, 20_000)
})
