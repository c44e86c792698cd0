import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_LOOKUP_TTL_MS } from '../../adapters/storage/cached-account-lookups.js'
import { runKeysCli } from '../../hosts/cli/keys.js'
import { startMongoForTests, type TestMongo } from '../support/mongo-peer/index.js'
import {
  api,
  LIVE_KEY,
  startTestService,
  TEST_CONNECTION_TOKEN_KEY,
  TEST_KEY,
  type TestService,
} from '../support/service.js'

const HOUR = 3_600_000
const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString()
const HOME = { lat: 52.52, lng: 13.405 }
const OFFICE = { name: 'Office', address: 'Friedrichstrasse 100, Berlin', lat: 52.5208, lng: 13.3874 }

let mongo: TestMongo
let inspector: MongoClient
let service: TestService | null = null
const database = `svc_${randomUUID().replaceAll('-', '').slice(0, 12)}`

/** The real service with MONGODB_URI pointing at this file's MongoDB, always on the same database. */
const startOnMongo = () =>
  startTestService({
    MONGODB_URI: mongo.uri,
    MONGODB_DB: database,
    CONNECTION_TOKEN_KEY: TEST_CONNECTION_TOKEN_KEY,
    RATE_LIMIT_REQUESTS: '1000',
    RATE_LIMIT_WINDOW_MS: '60000',
  })
const live = (method: string, path: string, options: Parameters<typeof api>[3] = {}) =>
  api(service!.live, method, path, { key: LIVE_KEY, ...options })
const sandbox = (method: string, path: string, options: Parameters<typeof api>[3] = {}) =>
  api(service!.sandbox, method, path, { key: TEST_KEY, ...options })

const userIdOf = (page: { body: { data: { id: string }[] } }) => page.body.data[0]!.id

beforeAll(async () => {
  mongo = await startMongoForTests()
  inspector = await MongoClient.connect(mongo.uri)
  service = await startOnMongo()
})
afterAll(async () => {
  await service?.stop()
  await inspector.close()
  await mongo.stop()
})

describe('MONGODB_URI: the service keeps its data in MongoDB, production and sandbox in separate databases', () => {
  let userId: string

  it('creates, reads, updates and lists users; the production user is in the _live database only', async () => {
    const created = await live('POST', '/v1/users', {
      body: { email: 'Ada@Example.com', home_location: HOME, timezone: 'Europe/Berlin' },
    })
    expect(created.status).toBe(201)
    userId = created.body.id
    expect((await live('GET', `/v1/users/${userId}`)).body).toMatchObject({
      id: userId,
      email: 'ada@example.com',
      livemode: true,
    })
    const again = await live('POST', '/v1/users', { body: { email: 'ADA@example.com' } })
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(userId)
    const renamed = await live('PATCH', `/v1/users/${userId}`, { body: { display_name: 'Ada Lovelace' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body.display_name).toBe('Ada Lovelace')
    const second = (await live('POST', '/v1/users', { body: { email: 'grace@example.com' } })).body
    const page = await live('GET', '/v1/users?limit=1')
    expect(page.body.data.map((user: { id: string }) => user.id)).toEqual([second.id])
    expect(page.body.has_more).toBe(true)
    expect(
      (await live('GET', `/v1/users?starting_after=${second.id}`)).body.data.map((user: { id: string }) => user.id),
    ).toEqual([userId])
    expect(
      await inspector
        .db(`${database}_live`)
        .collection('users')
        .countDocuments({ _id: userId as never }),
    ).toBe(1)
    expect(
      await inspector
        .db(`${database}_test`)
        .collection('users')
        .countDocuments({ _id: userId as never }),
    ).toBe(0)
    expect((await sandbox('GET', `/v1/users/${userId}`)).status).toBe(404)
  })

  it('keeps the sandbox’s seeded users in the _test database', async () => {
    const seeded = await sandbox('GET', '/v1/users?limit=10')
    expect(seeded.body.data).toHaveLength(3)
    expect(await inspector.db(`${database}_test`).collection('users').countDocuments()).toBe(3)
  })

  it('creates, lists, updates and deletes events, and writes their domain events to the surface’s outbox', async () => {
    const created = await live('POST', '/v1/events', {
      body: {
        user_id: userId,
        title: 'Design review',
        start_time: at(5 * HOUR),
        end_time: at(6 * HOUR),
        location: OFFICE,
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.monitoring.status).toBe('monitoring')
    const listed = await live('GET', `/v1/events?user_id=${userId}`)
    expect(listed.body.data.map((event: { id: string }) => event.id)).toEqual([created.body.id])
    const renamed = await live('PATCH', `/v1/events/${created.body.id}`, { body: { title: 'Renamed' } })
    expect(renamed.body.title).toBe('Renamed')
    const doomed = (
      await live('POST', '/v1/events', {
        body: { user_id: userId, title: 'Doomed', start_time: at(7 * HOUR), end_time: at(8 * HOUR), location: OFFICE },
      })
    ).body
    expect((await live('DELETE', `/v1/events/${doomed.id}`)).status).toBe(200)
    expect((await live('GET', `/v1/events/${doomed.id}`)).status).toBe(404)
    const stored = await inspector
      .db(`${database}_live`)
      .collection('events')
      .findOne({ _id: created.body.id as never })
    expect(stored?.startTime).toBeInstanceOf(Date)
    expect(stored?.dueAt).toBeInstanceOf(Date)
    const outbox = await inspector
      .db(`${database}_live`)
      .collection('outbox')
      .find({ 'object.id': created.body.id })
      .sort({ order: 1 })
      .toArray()
    expect(outbox.map((event) => event.type)).toEqual(['event.created', 'event.updated'])
  })

  it('replays an Idempotency-Key from the platform database, and refuses it for another request', async () => {
    const headers = { 'idempotency-key': 'mongo-create-1' }
    const first = await live('POST', '/v1/users', { body: { email: 'idem@example.com' }, headers })
    expect(first.status).toBe(201)
    const replay = await live('POST', '/v1/users', { body: { email: 'idem@example.com' }, headers })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('service-idempotent-replay')).toBe('true')
    expect(replay.text).toBe(first.text)
    expect(replay.headers.get('location')).toBe(first.headers.get('location'))
    const other = await live('POST', '/v1/users', { body: { email: 'other@example.com' }, headers })
    expect(other.status).toBe(409)
    expect(other.body.error.code).toBe('idempotency_key_in_use')
    expect(await inspector.db(`${database}_platform`).collection('idempotency_records').countDocuments()).toBe(1)
  })

  it('counts requests in the platform database and refuses past the account’s limit with 429', async () => {
    const accounts = service!.service.application.accountRepository
    const [account] = await accounts.listAccounts()
    // A new key: its bucket has counted nothing yet.
    const issued = await service!.service.application.accounts.issueKey(account!.id, 'test')
    if (!issued.ok) throw new Error('could not issue a key')
    await accounts.updateAccount({
      ...account!,
      rateLimits: { requestsPerWindow: 3, windowMs: 60_000, concurrency: 5 },
    })
    try {
      const statuses: number[] = []
      for (let index = 0; index < 4; index++)
        statuses.push((await sandbox('GET', '/v1/health', { key: issued.value.secret })).status)
      expect(statuses).toEqual([200, 200, 200, 429])
      expect(
        await inspector.db(`${database}_platform`).collection('rate_limit_windows').countDocuments(),
      ).toBeGreaterThan(0)
    } finally {
      await accounts.updateAccount(account!)
    }
  })
})

describe('Values that look like MongoDB operators are data, never operators', () => {
  it('answers 404 for ids that are operators or paths, in the path of every lookup', async () => {
    for (const id of ['$ne', '$where', 'usr_a.b', encodeURIComponent('{"$ne":null}')]) {
      expect((await live('GET', `/v1/users/${id}`)).status).toBe(404)
      expect((await live('PATCH', `/v1/users/${id}`, { body: { display_name: 'x' } })).status).toBe(404)
      expect((await live('DELETE', `/v1/events/${id}`)).status).toBe(404)
    }
  })

  it('refuses operator objects in bodies and query strings with 400, and lists nothing for operator-looking strings', async () => {
    expect((await live('POST', '/v1/users', { body: { email: { $ne: null } } })).status).toBe(400)
    expect(
      (
        await live('PATCH', `/v1/users/${userIdOf(await live('GET', '/v1/users?limit=1'))}`, {
          body: { email: { $gt: '' } },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await live('POST', '/v1/events', {
          body: { user_id: { $ne: null }, title: 'x', start_time: at(HOUR), end_time: at(2 * HOUR) },
        })
      ).status,
    ).toBe(400)
    const byOperatorEmail = await live('GET', `/v1/users?email[$ne]=${encodeURIComponent('x@example.com')}`)
    // `email[$ne]` is no parameter of the list (the query string has no nested objects): refused and named.
    expect(byOperatorEmail.status).toBe(400)
    expect(byOperatorEmail.body.error).toMatchObject({ code: 'parameter_unknown', param: 'email[$ne]' })
    const byOperatorUser = await live('GET', '/v1/events?user_id=$ne')
    expect(byOperatorUser.status).toBe(200)
    expect(byOperatorUser.body.data).toEqual([])
    const unknownUser = await live('POST', '/v1/events', {
      body: { user_id: '$where', title: 'x', start_time: at(HOUR), end_time: at(2 * HOUR), location: OFFICE },
    })
    expect(unknownUser.status).toBe(404)
    expect(unknownUser.body.error.param).toBe('user_id')
  })

  it('takes an Idempotency-Key that looks like an operator as a plain key', async () => {
    const headers = { 'idempotency-key': '$where.constructor' }
    const first = await live('POST', '/v1/users', { body: { email: 'dollar@example.com' }, headers })
    expect(first.status).toBe(201)
    const replay = await live('POST', '/v1/users', { body: { email: 'dollar@example.com' }, headers })
    expect(replay.headers.get('service-idempotent-replay')).toBe('true')
  })
})

describe('The keys CLI works on the same MongoDB beside a running service', () => {
  it('issues a key the service accepts at once, and revokes it', async () => {
    const lines: string[] = []
    const cli = (...argv: string[]) =>
      runKeysCli(
        argv,
        { MONGODB_URI: mongo.uri, MONGODB_DB: database, CONNECTION_TOKEN_KEY: TEST_CONNECTION_TOKEN_KEY },
        (line) => lines.push(line),
      )
    expect(await cli('create', '--mode', 'live')).toBe(0)
    const secret = /sk_live_[0-9a-f]+/.exec(lines.join('\n'))![0]
    const keyId = /key_[0-9a-z]+/i.exec(lines.join('\n'))![0]
    expect((await api(service!.live, 'GET', '/v1/health', { key: secret })).status).toBe(200)
    expect(await cli('revoke', keyId)).toBe(0)
    // Another process revoked it: the service's key lookups are cached for ACCOUNT_LOOKUP_TTL_MS (docs/operations.md),
    // so the key is refused within that bound (plus one request's time), never later.
    const revokedAt = Date.now()
    let status = 200
    while (status !== 401 && Date.now() - revokedAt < ACCOUNT_LOOKUP_TTL_MS + 1_000) {
      status = (await api(service!.live, 'GET', '/v1/health', { key: secret })).status
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(status).toBe(401)
  })
})

describe('A restarted service finds its data (users, events, keys) in MongoDB', () => {
  it('stops, starts a new service on the same database, and still serves what the first one stored', async () => {
    const first = service!.service.application
    const [account] = await first.accountRepository.listAccounts()
    const issued = await first.accounts.issueKey(account!.id, 'live')
    if (!issued.ok) throw new Error('could not issue a key')
    const user = (await live('POST', '/v1/users', { body: { email: 'survivor@example.com', home_location: HOME } }))
      .body
    const event = (
      await live('POST', '/v1/events', {
        body: {
          user_id: user.id,
          title: 'Survives',
          start_time: at(5 * HOUR),
          end_time: at(6 * HOUR),
          location: OFFICE,
        },
      })
    ).body
    await service!.stop()
    service = null
    service = await startOnMongo()
    const second = service.service.application
    expect((await second.accountRepository.listAccounts()).map((known) => known.id)).toEqual([account!.id])
    expect((await live('GET', `/v1/users/${user.id}`)).body).toMatchObject({
      id: user.id,
      email: 'survivor@example.com',
    })
    expect((await live('GET', `/v1/events/${event.id}`)).body).toMatchObject({
      id: event.id,
      title: 'Survives',
      user_id: user.id,
    })
    expect((await api(service.live, 'GET', `/v1/users/${user.id}`, { key: issued.value.secret })).status).toBe(200)
    // The sandbox seed runs at every start and finds its users already there.
    expect((await sandbox('GET', '/v1/users?limit=10')).body.data).toHaveLength(3)
    const outbox = await second.surfaces.live.outbox.list(account!.id, 1000)
    expect(
      outbox.some((written) => written.type === 'event.created' && (written.object as { id: string }).id === event.id),
    ).toBe(true)
  })
})
