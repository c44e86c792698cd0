import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_LIFETIME_MS } from '../../hosts/api/plugins/idempotency.js'
import { clients, startTestService, type TestService } from '../support/service.js'

/** A clock the test moves, to reach the 24-hour expiry without waiting. */
const clock = {
  offsetMs: 0,
  now() {
    return new Date(Date.now() + this.offsetMs)
  },
}

let test: TestService
let client: ReturnType<typeof clients>
let userId: string

const updatesFor = async (id: string) => {
  const [account] = await test.service.application.accountRepository.listAccounts()
  const events = await test.service.application.surfaces.test.outbox.list(account!.id, 1000)
  return events.filter((event) => event.type === 'user.updated' && (event.object as { id: string }).id === id).length
}

beforeAll(async () => {
  test = await startTestService({}, clock)
  client = clients(test)
  userId = (await client.sandbox('POST', '/v1/users', { body: { email: 'idem@example.com' } })).body.id
})
afterAll(() => test.stop())

describe('Idempotency rule 1: same key and body within 24 h replays the original response', () => {
  it('replays status, body and Location with Service-Idempotent-Replay, without executing again', async () => {
    const headers = { 'idempotency-key': 'rule1-a' }
    const first = await client.sandbox('PATCH', `/v1/users/${userId}`, { body: { display_name: 'One' }, headers })
    expect(first.status).toBe(200)
    expect(first.headers.get('service-idempotent-replay')).toBeNull()
    const before = await updatesFor(userId)
    const second = await client.sandbox('PATCH', `/v1/users/${userId}`, { body: { display_name: 'One' }, headers })
    expect(second.status).toBe(200)
    expect(second.headers.get('service-idempotent-replay')).toBe('true')
    expect(second.text).toBe(first.text)
    expect(await updatesFor(userId)).toBe(before)
  })

  it('replays the original status code (201 of a create)', async () => {
    const headers = { 'idempotency-key': 'rule1-create' }
    const first = await client.sandbox('POST', '/v1/users', { body: { email: 'new-one@example.com' }, headers })
    const second = await client.sandbox('POST', '/v1/users', { body: { email: 'new-one@example.com' }, headers })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.body.id).toBe(first.body.id)
  })

  it('treats bodies with the same content in another key order as the same request', async () => {
    const headers = { 'idempotency-key': 'rule1-order' }
    await client.sandbox('PATCH', `/v1/users/${userId}`, { body: { theme: 'dark', sound_enabled: false }, headers })
    const again = await client.sandbox('PATCH', `/v1/users/${userId}`, {
      rawBody: '{"sound_enabled":false,"theme":"dark"}',
      headers: { ...headers, 'content-type': 'application/json' },
    })
    expect(again.headers.get('service-idempotent-replay')).toBe('true')
  })
})

describe('Idempotency rule 2: same key with a different body is 409 idempotency_key_in_use', () => {
  it('refuses the second body and executes nothing', async () => {
    const headers = { 'idempotency-key': 'rule2' }
    await client.sandbox('PATCH', `/v1/users/${userId}`, { body: { display_name: 'Two' }, headers })
    const conflict = await client.sandbox('PATCH', `/v1/users/${userId}`, { body: { display_name: 'Other' }, headers })
    expect(conflict.status).toBe(409)
    expect(conflict.body.error).toMatchObject({
      type: 'idempotency_error',
      code: 'idempotency_key_in_use',
      param: 'Idempotency-Key',
    })
    expect((await client.sandbox('GET', `/v1/users/${userId}`)).body.display_name).toBe('Two')
  })
})

describe('Idempotency rule 3: keys are scoped per API key and per endpoint', () => {
  it('lets the same key be used on another endpoint and by another API key', async () => {
    const headers = { 'idempotency-key': 'rule3' }
    const patch = await client.sandbox('PATCH', `/v1/users/${userId}`, { body: { theme: 'light' }, headers })
    const create = await client.sandbox('POST', '/v1/users', { body: { email: 'scope@example.com' }, headers })
    expect(patch.status).toBe(200)
    expect(create.status).toBe(201)
    expect(create.headers.get('service-idempotent-replay')).toBeNull()
    const live = await client.live('POST', '/v1/users', { body: { email: 'scope@example.com' }, headers })
    expect(live.status).toBe(201)
    expect(live.headers.get('service-idempotent-replay')).toBeNull()
  })
})

describe('Idempotency rule 4: keys expire after 24 hours', () => {
  it('executes again once the key is older than 24 h', async () => {
    const headers = { 'idempotency-key': 'rule4' }
    await client.sandbox('PATCH', `/v1/users/${userId}`, { body: { display_name: 'Four' }, headers })
    clock.offsetMs += IDEMPOTENCY_LIFETIME_MS + 1000
    const later = await client.sandbox('PATCH', `/v1/users/${userId}`, {
      body: { display_name: 'Four again' },
      headers,
    })
    expect(later.status).toBe(200)
    expect(later.headers.get('service-idempotent-replay')).toBeNull()
    expect(later.body.display_name).toBe('Four again')
  })
})

describe('Idempotency rule 5: GET is always idempotent; DELETE of a missing resource is 404', () => {
  it('ignores Idempotency-Key on GET', async () => {
    const headers = { 'idempotency-key': 'rule5' }
    const first = await client.sandbox('GET', `/v1/users/${userId}`, { headers })
    const second = await client.sandbox('GET', `/v1/users/${userId}`, { headers })
    expect(second.headers.get('service-idempotent-replay')).toBeNull()
    expect(second.body.request_id).not.toBe(first.body.request_id)
  })

  it('answers 404 to DELETE of a missing user, and replays the 404 for the same key', async () => {
    const headers = { 'idempotency-key': 'rule5-delete' }
    const missing = await client.sandbox('DELETE', '/v1/users/usr_missing', { headers })
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('resource_missing')
    const replay = await client.sandbox('DELETE', '/v1/users/usr_missing', { headers })
    expect(replay.status).toBe(404)
    expect(replay.headers.get('service-idempotent-replay')).toBe('true')
  })
})

describe('Idempotency: only executed requests are stored', () => {
  it('stores nothing for a request that failed validation, so a corrected retry with the key executes', async () => {
    const headers = { 'idempotency-key': 'validation' }
    const invalid = await client.sandbox('POST', '/v1/users', { body: { email: 'not-an-email' }, headers })
    expect(invalid.status).toBe(400)
    const valid = await client.sandbox('POST', '/v1/users', { body: { email: 'valid-after@example.com' }, headers })
    expect(valid.status).toBe(201)
  })

  it('refuses a second request while the first with the same key is in flight', async () => {
    const store = test.service.application.idempotency
    const original = store.complete.bind(store)
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let arrived!: () => void
    const firstIsStoring = new Promise<void>((resolve) => (arrived = resolve))
    // The first request holds its key until the gate opens: it has run and waits to store its answer.
    store.complete = async (scope, response) => {
      arrived()
      await gate
      return original(scope, response)
    }
    try {
      const headers = { 'idempotency-key': 'in-flight' }
      const first = client.sandbox('PATCH', `/v1/users/${userId}`, { body: { display_name: 'Slow' }, headers })
      await firstIsStoring
      const second = await client.sandbox('PATCH', `/v1/users/${userId}`, { body: { display_name: 'Slow' }, headers })
      expect(second.status).toBe(409)
      expect(second.body.error.code).toBe('idempotency_request_in_flight')
      release()
      expect((await first).status).toBe(200)
    } finally {
      release()
      store.complete = original
    }
  })

  it('refuses an over-long key', async () => {
    const response = await client.sandbox('POST', '/v1/users', {
      body: { email: 'long@example.com' },
      headers: { 'idempotency-key': 'k'.repeat(256) },
    })
    expect(response.status).toBe(400)
    expect(response.body.error.code).toBe('idempotency_key_invalid')
  })
})
