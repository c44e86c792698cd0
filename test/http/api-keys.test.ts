import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContract } from '../../contracts/endpoint.js'
import { Endpoints } from '../../contracts/endpoints.js'
import { PERMISSION_RESOURCES } from '../../core/account/permissions.js'
import { api, clients, LIVE_KEY, startTestService, TEST_KEY, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>

beforeAll(async () => {
  // A long window, so that X-RateLimit-Remaining shows each key's own count; the proxy on loopback is trusted.
  test = await startTestService({
    RATE_LIMIT_REQUESTS: '1000',
    RATE_LIMIT_WINDOW_MS: '60000',
    TRUST_PROXY: '127.0.0.1',
  })
  client = clients(test)
})
afterAll(() => test.stop())

type Surface = 'live' | 'sandbox'
const baseOf = (surface: Surface) => (surface === 'live' ? test.live : test.sandbox)

/** Creates a restricted key with the secret key of the surface. */
const restricted = async (body: Record<string, unknown>, surface: Surface = 'live', headers = {}) => {
  const response = await client[surface]('POST', '/v1/api_keys', { body, headers })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body as { id: string; secret: string }
}

const as = (key: string, surface: Surface = 'live') => ({
  call: (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    api(baseOf(surface), method, path, { key, ...options }),
})

describe('Restricted keys (rk_): created by a secret key, shown once, working only on their own surface', () => {
  it('creates an rk_live_ key on production and an rk_test_ key on the sandbox; the secret is never shown again', async () => {
    const live = await client.live('POST', '/v1/api_keys', {
      body: { name: 'CRM sync', permissions: { users: 'read', events: 'write', reminders: 'none' } },
    })
    expect(live.status).toBe(201)
    expect(live.body).toMatchObject({
      object: 'api_key',
      type: 'restricted',
      name: 'CRM sync',
      permissions: { users: 'read', events: 'write' },
      allowed_ips: null,
      livemode: true,
      expires_at: null,
      revoked_at: null,
    })
    expect(live.body.secret).toMatch(/^rk_live_[0-9a-f]{48}$/)
    expect(live.body.redacted_key).toBe(`rk_live_...${live.body.secret.slice(-4)}`)
    const retrieved = await client.live('GET', `/v1/api_keys/${live.body.id}`)
    expect(retrieved.status).toBe(200)
    expect(retrieved.body.secret).toBeUndefined()
    const listed = await client.live('GET', '/v1/api_keys?limit=100')
    expect(listed.body.data.map((key: { id: string }) => key.id)).toContain(live.body.id)
    expect(listed.body.data.every((key: { secret?: string }) => key.secret === undefined)).toBe(true)

    const sandbox = await restricted({ permissions: { users: 'read' } }, 'sandbox')
    expect(sandbox.secret).toMatch(/^rk_test_/)
    // Each works only on its own surface, like sk_ keys; the other surface does not know the key's id either.
    expect((await as(live.body.secret, 'sandbox').call('GET', '/v1/users')).status).toBe(401)
    expect((await as(sandbox.secret, 'live').call('GET', '/v1/users')).status).toBe(401)
    expect((await as(sandbox.secret, 'sandbox').call('GET', '/v1/users')).status).toBe(200)
    expect((await client.sandbox('GET', `/v1/api_keys/${live.body.id}`)).status).toBe(404)
  })

  it('refuses unknown families, bad levels and a missing permissions object, naming the parameter', async () => {
    const unknown = await client.live('POST', '/v1/api_keys', { body: { permissions: { billing: 'read' } } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.param).toContain('billing')
    const level = await client.live('POST', '/v1/api_keys', { body: { permissions: { users: 'admin' } } })
    expect(level.status).toBe(400)
    expect(level.body.error.param).toBe('permissions.users')
    const missing = await client.live('POST', '/v1/api_keys', { body: { name: 'no grants' } })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'permissions' })
  })
})

describe('Permissions: none, read or write per family (write implies read); 403 insufficient_permissions otherwise', () => {
  it('read lets a key read and not write; write lets it do both; none and an unnamed family let it do neither', async () => {
    const reader = as((await restricted({ permissions: { users: 'read', events: 'none' } })).secret)
    expect((await reader.call('GET', '/v1/users')).status).toBe(200)
    const write = await reader.call('POST', '/v1/users', { body: { email: 'refused@example.com' } })
    expect(write.status).toBe(403)
    expect(write.body.error).toMatchObject({ type: 'permission_error', code: 'insufficient_permissions' })
    expect(write.body.error.message).toContain('users:write')
    expect(write.headers.get('request-id')).toMatch(/^req_/)
    expect((await reader.call('GET', '/v1/events')).body.error.message).toContain('events:read')
    expect((await reader.call('GET', '/v1/webhook_endpoints')).body.error.message).toContain('webhook_endpoints:read')

    const writer = as((await restricted({ permissions: { users: 'write' } })).secret)
    const created = await writer.call('POST', '/v1/users', { body: { email: 'writer@example.com' } })
    expect(created.status).toBe(201)
    expect((await writer.call('GET', `/v1/users/${created.body.id}`)).status).toBe(200)
    // Every key may call the health check.
    expect((await as((await restricted({ permissions: {} })).secret).call('GET', '/v1/health')).status).toBe(200)
  })

  it('a refused call runs nothing, stores nothing and writes no idempotency record', async () => {
    const reader = as((await restricted({ permissions: { users: 'read' } })).secret)
    const email = 'idempotent-refusal@example.com'
    const headers = { 'idempotency-key': 'refused-then-allowed' }
    const refused = await reader.call('POST', '/v1/users', { body: { email }, headers })
    expect(refused.status).toBe(403)
    expect((await client.live('GET', `/v1/users?email=${email}`)).body.data).toEqual([])
    // The same key with a secret key is a first request, not a replay of the refusal.
    const writer = as((await restricted({ permissions: { users: 'write' } })).secret)
    const allowed = await writer.call('POST', '/v1/users', { body: { email }, headers })
    expect(allowed.status).toBe(201)
    expect(allowed.headers.get('service-idempotent-replay')).toBeNull()
  })

  it('a restricted key can never create, list, roll or revoke keys (secret_key)', async () => {
    const full = Object.fromEntries(PERMISSION_RESOURCES.map((resource) => [resource, 'write']))
    const key = await restricted({ permissions: full })
    const holder = as(key.secret)
    for (const [method, path] of [
      ['POST', '/v1/api_keys'],
      ['GET', '/v1/api_keys'],
      ['GET', `/v1/api_keys/${key.id}`],
      ['POST', `/v1/api_keys/${key.id}/roll`],
      ['POST', `/v1/api_keys/${key.id}/revoke`],
    ] as const) {
      const response = await holder.call(method, path, { body: method === 'POST' ? { permissions: full } : undefined })
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(response.body.error.message).toContain('secret_key')
    }
  })

  it('each restricted key has its own rate-limit pool', async () => {
    const reader = as((await restricted({ permissions: { users: 'read' } })).secret)
    const first = await reader.call('GET', '/v1/users')
    const second = await reader.call('GET', '/v1/users')
    expect(Number(first.headers.get('x-ratelimit-remaining'))).toBe(999)
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(998)
    expect(Number((await client.live('GET', '/v1/health')).headers.get('x-ratelimit-remaining'))).toBeLessThan(998)
  })
})

describe('The route table: every endpoint declares its permission, and every one is enforced', () => {
  const authenticated = Object.entries(Endpoints as Record<string, EndpointContract>).filter(
    ([, endpoint]) => endpoint.authenticated !== false,
  )
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x_unknown')

  it('declares a permission on every endpoint, of a known family, public ones any_key and key management secret_key', () => {
    for (const [name, endpoint] of Object.entries(Endpoints as Record<string, EndpointContract>)) {
      const { permission } = endpoint
      if (typeof permission === 'string') expect(['any_key', 'secret_key'], name).toContain(permission)
      else {
        expect(PERMISSION_RESOURCES, name).toContain(permission.resource)
        expect(['read', 'write'], name).toContain(permission.access)
        if (endpoint.method === 'GET') expect(permission.access, `${name} reads`).toBe('read')
      }
      if (endpoint.authenticated === false) expect(permission, name).toBe('any_key')
      if (endpoint.path.startsWith('/v1/api_keys')) expect(permission, name).toBe('secret_key')
      if (endpoint.path.startsWith('/v1/test_helpers'))
        expect(permission, name).toMatchObject({ resource: 'test_helpers' })
    }
  })

  it('a key with no permissions is refused on every route that needs one, on both surfaces, before anything runs', async () => {
    for (const surface of ['live', 'sandbox'] as const) {
      const nothing = as((await restricted({ permissions: {} }, surface)).secret, surface)
      for (const [name, endpoint] of authenticated) {
        if (endpoint.permission === 'any_key' || (endpoint.sandboxOnly === true && surface === 'live')) continue
        const response = await nothing.call(endpoint.method, concrete(endpoint.path), {
          body: endpoint.body === undefined ? undefined : {},
        })
        expect(response.status, `${name} on ${surface}`).toBe(403)
        expect(response.body.error.code, name).toBe('insufficient_permissions')
      }
    }
  })

  it('on production, a sandbox-only endpoint asks a restricted key for what the document names, then is 404 to every key', async () => {
    const document = (await api(test.live, 'GET', '/v1/openapi.json', { key: null })).body
    const nothing = as((await restricted({ permissions: {} })).secret)
    const helpers = as((await restricted({ permissions: { test_helpers: 'write' } })).secret)
    const sandboxOnly = authenticated.filter(([, endpoint]) => endpoint.sandboxOnly === true)
    expect(sandboxOnly.length).toBeGreaterThan(5)
    for (const [name, endpoint] of sandboxOnly) {
      const path = concrete(endpoint.path)
      const body = endpoint.body === undefined ? undefined : {}
      const documented = document.paths[endpoint.path][endpoint.method.toLowerCase()]['x-required-permission']
      expect(documented, name).toBe(
        `${(endpoint.permission as { resource: string }).resource}:${(endpoint.permission as { access: string }).access}`,
      )
      const refused = await nothing.call(endpoint.method, path, { body })
      expect(refused.status, `${name} without the permission`).toBe(403)
      expect(refused.body.error.code, name).toBe('insufficient_permissions')
      expect(refused.body.error.message, name).toContain(documented)
      for (const caller of [helpers, as(LIVE_KEY)]) {
        const missing = await caller.call(endpoint.method, path, { body })
        expect(missing.status, `${name} with the permission`).toBe(404)
        expect(missing.body.error.code, name).toBe('route_not_found')
      }
    }
  })

  it('an unknown route is 404 route_not_found to a restricted key too, never a demand for secret_key', async () => {
    const nothing = as((await restricted({ permissions: {} })).secret)
    for (const [method, path] of [
      ['GET', '/v1/no_such_thing'],
      ['POST', '/v1/test_helpers/no_such_helper'],
    ] as const) {
      const response = await nothing.call(method, path)
      expect(response.status, path).toBe(404)
      expect(response.body.error.code, path).toBe('route_not_found')
    }
  })

  it('a key with write on every family passes the permission check on every route but key management', async () => {
    const full = Object.fromEntries(PERMISSION_RESOURCES.map((resource) => [resource, 'write']))
    const everything = as((await restricted({ permissions: full }, 'sandbox')).secret, 'sandbox')
    for (const [name, endpoint] of authenticated) {
      const response = await everything.call(endpoint.method, concrete(endpoint.path), {
        body: endpoint.body === undefined ? undefined : {},
      })
      if (endpoint.permission === 'secret_key') expect(response.status, name).toBe(403)
      else expect(response.body?.error?.code, name).not.toBe('insufficient_permissions')
    }
  })
})

describe('IP allowlists (since 2026-05-20): addresses and CIDR ranges, IPv4 and IPv6', () => {
  const from = (key: string, address?: string) =>
    api(test.live, 'GET', '/v1/users', {
      key,
      headers: address === undefined ? {} : { 'x-forwarded-for': address },
    })

  it('allows the listed address and ranges and refuses others with 403 ip_not_allowed', async () => {
    const exact = await restricted({ permissions: { users: 'read' }, allowed_ips: ['127.0.0.1'] })
    const range = await restricted({ permissions: { users: 'read' }, allowed_ips: ['127.0.0.0/8'] })
    const elsewhere = await restricted({ permissions: { users: 'read' }, allowed_ips: ['10.0.0.0/8', '::1'] })
    expect((await from(exact.secret)).status).toBe(200)
    expect((await from(range.secret)).status).toBe(200)
    const refused = await from(elsewhere.secret)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ type: 'permission_error', code: 'ip_not_allowed' })
  })

  it('takes the client address from X-Forwarded-For only when the socket is a trusted proxy (TRUST_PROXY)', async () => {
    const v6 = await restricted({ permissions: { users: 'read' }, allowed_ips: ['2001:db8::/32'] })
    const v4 = await restricted({ permissions: { users: 'read' }, allowed_ips: ['203.0.113.0/24'] })
    expect((await from(v6.secret, '2001:db8::5')).status).toBe(200)
    expect((await from(v6.secret, '2001:db9::5')).status).toBe(403)
    expect((await from(v6.secret)).status).toBe(403)
    expect((await from(v4.secret, '203.0.113.77')).status).toBe(200)
    expect((await from(v4.secret, '198.51.100.1, 203.0.113.77')).status).toBe(200)
    expect((await from(v4.secret, '203.0.113.77, 198.51.100.1')).status).toBe(403)
  })

  it('ignores X-Forwarded-For without a trusted proxy: a header anyone can send proves nothing', async () => {
    const untrusting = await startTestService()
    try {
      const created = await api(untrusting.live, 'POST', '/v1/api_keys', {
        key: LIVE_KEY,
        body: { permissions: { users: 'read' }, allowed_ips: ['203.0.113.0/24'] },
      })
      expect(created.status).toBe(201)
      const forged = await api(untrusting.live, 'GET', '/v1/users', {
        key: created.body.secret,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      })
      expect(forged.status).toBe(403)
      expect(forged.body.error.code).toBe('ip_not_allowed')
    } finally {
      await untrusting.stop()
    }
  })

  it('normalizes entries and refuses a bad one naming its index', async () => {
    const created = await restricted({ permissions: {}, allowed_ips: ['2001:DB8:0::/32', '::ffff:198.51.100.7'] })
    expect((await client.live('GET', `/v1/api_keys/${created.id}`)).body.allowed_ips).toEqual([
      '2001:db8::/32',
      '198.51.100.7',
    ])
    for (const [bad, index] of [
      [['10.0.0.1', 'not-an-ip'], 1],
      [['10.0.0.1/33'], 0],
      [['10.0.0.1/8'], 0],
    ] as const) {
      const response = await client.live('POST', '/v1/api_keys', { body: { permissions: {}, allowed_ips: bad } })
      expect(response.status).toBe(400)
      expect(response.body.error.param).toBe(`allowed_ips[${index}]`)
    }
  })

  it('refuses an empty allowlist (a key that works from nowhere), naming allowed_ips; null or no list is any address', async () => {
    const refused = await client.live('POST', '/v1/api_keys', { body: { permissions: {}, allowed_ips: [] } })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({ type: 'invalid_request_error', param: 'allowed_ips' })
    expect(refused.body.error.message).toContain('revoke')
    const anywhere = await client.live('POST', '/v1/api_keys', { body: { permissions: {}, allowed_ips: null } })
    expect(anywhere.status).toBe(201)
    expect(anywhere.body.allowed_ips).toBeNull()
  })

  it('cannot be set on an older Service-Version: 400 naming allowed_ips; a key without one is created', async () => {
    const older = { 'service-version': '2026-03-04' }
    const refused = await client.live('POST', '/v1/api_keys', {
      body: { permissions: {}, allowed_ips: ['203.0.113.0/24'] },
      headers: older,
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'allowed_ips' })
    expect(refused.body.error.message).toContain('2026-05-20')
    expect((await client.live('POST', '/v1/api_keys', { body: { permissions: {} }, headers: older })).status).toBe(201)
  })
})

describe('Rolling and revoking', () => {
  it('roll: a new key with the same grants; the old one works until its expiry, and revoking brings that forward', async () => {
    const old = await restricted({ name: 'Worker', permissions: { users: 'read' }, allowed_ips: ['127.0.0.1'] })
    const rolled = await client.live('POST', `/v1/api_keys/${old.id}/roll`, { body: { expires_in_seconds: 3600 } })
    expect(rolled.status).toBe(200)
    expect(rolled.body).toMatchObject({ name: 'Worker', permissions: { users: 'read' }, allowed_ips: ['127.0.0.1'] })
    expect(rolled.body.id).not.toBe(old.id)
    expect(rolled.body.secret).toMatch(/^rk_live_/)
    expect((await as(rolled.body.secret).call('GET', '/v1/users')).status).toBe(200)
    expect((await as(old.secret).call('GET', '/v1/users')).status).toBe(200)
    const expiring = await client.live('GET', `/v1/api_keys/${old.id}`)
    expect(Date.parse(expiring.body.expires_at)).toBeGreaterThan(Date.now() + 3_500_000)
    expect(expiring.body.revoked_at).toBeNull()
    const revoked = await client.live('POST', `/v1/api_keys/${old.id}/revoke`)
    expect(revoked.status).toBe(200)
    expect(revoked.body.revoked_at).not.toBeNull()
    expect((await as(old.secret).call('GET', '/v1/users')).status).toBe(401)
    // A key that no longer works cannot roll.
    const again = await client.live('POST', `/v1/api_keys/${old.id}/roll`, { body: {} })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('invalid_state_transition')
  })

  it('roll without an expiry stops the old key at once; a secret key rolls too', async () => {
    const old = await restricted({ permissions: { users: 'read' } })
    const rolled = await client.live('POST', `/v1/api_keys/${old.id}/roll`, { body: {} })
    expect((await as(old.secret).call('GET', '/v1/users')).status).toBe(401)
    expect((await as(rolled.body.secret).call('GET', '/v1/users')).status).toBe(200)

    const [account] = await test.service.application.accountRepository.listAccounts()
    const issued = await test.service.application.accounts.issueKey(account!.id, 'test')
    if (!issued.ok) throw new Error('issue failed')
    const secret = await api(test.sandbox, 'POST', `/v1/api_keys/${issued.value.record.id}/roll`, {
      key: TEST_KEY,
      body: { expires_in_seconds: 0 },
    })
    expect(secret.status).toBe(200)
    expect(secret.body.type).toBe('secret')
    expect(secret.body.secret).toMatch(/^sk_test_/)
    expect((await api(test.sandbox, 'GET', '/v1/users', { key: issued.value.secret })).status).toBe(401)
    expect((await api(test.sandbox, 'GET', '/v1/users', { key: secret.body.secret })).status).toBe(200)
  })

  it('refuses an expiry over 7 days, and 404s another account’s key', async () => {
    const key = await restricted({ permissions: {} })
    const long = await client.live('POST', `/v1/api_keys/${key.id}/roll`, { body: { expires_in_seconds: 604_801 } })
    expect(long.status).toBe(400)
    expect(long.body.error.param).toBe('expires_in_seconds')
    const { accounts } = test.service.application
    const other = await accounts.issueKey((await accounts.createAccount()).id, 'live')
    if (!other.ok) throw new Error('issue failed')
    for (const [method, path] of [
      ['GET', `/v1/api_keys/${key.id}`],
      ['POST', `/v1/api_keys/${key.id}/revoke`],
      ['POST', `/v1/api_keys/${key.id}/roll`],
    ] as const) {
      const response = await api(test.live, method, path, {
        key: other.value.secret,
        body: method === 'POST' ? {} : undefined,
      })
      expect(response.status, path).toBe(404)
    }
    expect((await as(key.secret).call('GET', '/v1/health')).status).toBe(200)
  })
})
