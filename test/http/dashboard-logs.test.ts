import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DashboardMember, dashboardCall, signInMember } from '../support/dashboard.js'
import { clients, startTestService, type TestService } from '../support/service.js'

let test: TestService
let owner: DashboardMember
let viewer: DashboardMember

beforeAll(async () => {
  test = await startTestService()
  owner = await signInMember(test, 'owner@example.com', 'owner')
  viewer = await signInMember(test, 'viewer@example.com', 'viewer')
}, 120_000)

afterAll(async () => {
  await test?.stop()
})

describe('request logs: every API request of the account, on its surface', () => {
  it('a request that failed with 400 is found by its request id, with its error code and param', async () => {
    const { sandbox } = clients(test)
    const failed = await sandbox('POST', '/v1/users', { body: { email: 'not an address' } })
    expect(failed.status).toBe(400)
    const requestId = failed.body.request_id as string
    const found = await dashboardCall(test, viewer, 'GET', `/dashboard/api/test/request_logs?request_id=${requestId}`)
    expect(found.status).toBe(200)
    expect(found.body.data).toHaveLength(1)
    expect(found.body.data[0]).toMatchObject({
      id: requestId,
      object: 'request_log',
      method: 'POST',
      path: '/v1/users',
      status: 400,
      error: { code: failed.body.error.code, param: failed.body.error.param },
    })
    expect(found.body.data[0].key_id).toMatch(/^key_|^[a-z]/)
    // Production's logs are another surface's: the sandbox request is not there.
    const live = await dashboardCall(test, viewer, 'GET', `/dashboard/api/live/request_logs?request_id=${requestId}`)
    expect(live.body.data).toEqual([])
  })

  it('searches by status class and path, newest first, and never keeps the query string', async () => {
    const { live } = clients(test)
    const ok = await live('GET', '/v1/users?limit=3')
    const missing = await live('GET', '/v1/users/usr_missing?expand=x')
    expect(ok.status).toBe(200)
    expect(missing.status).toBe(404)
    const notFound = await dashboardCall(
      test,
      owner,
      'GET',
      '/dashboard/api/live/request_logs?status=4xx&path=/v1/users',
    )
    expect(notFound.body.data[0]).toMatchObject({ id: missing.body.request_id, path: '/v1/users/usr_missing' })
    expect(notFound.body.data.every((entry: { status: number }) => entry.status >= 400 && entry.status < 500)).toBe(
      true,
    )
    const exact = await dashboardCall(test, owner, 'GET', '/dashboard/api/live/request_logs?status=200&path=/v1/users')
    expect(exact.body.data.map((entry: { id: string }) => entry.id)).toContain(ok.headers.get('request-id'))
    expect(JSON.stringify(exact.body)).not.toContain('limit=3')
  })

  it('filters by the key that made the requests and by a time range', async () => {
    const { sandbox } = clients(test)
    const key = await dashboardCall(test, owner, 'POST', '/dashboard/api/test/api_keys', {
      body: { name: 'filtered', permissions: { users: 'read' } },
    })
    const first = await sandbox('GET', '/v1/users?limit=1', { key: key.body.secret })
    const second = await sandbox('GET', '/v1/users?limit=2', { key: key.body.secret })
    await sandbox('GET', '/v1/users?limit=3')
    const ids = async (query: string) =>
      (await dashboardCall(test, viewer, 'GET', `/dashboard/api/test/request_logs?${query}`)).body.data.map(
        (entry: { id: string }) => entry.id,
      )
    const byKey = await dashboardCall(test, viewer, 'GET', `/dashboard/api/test/request_logs?key=${key.body.id}`)
    expect(byKey.body.data.map((entry: { id: string }) => entry.id)).toEqual([
      second.body.request_id,
      first.body.request_id,
    ])
    expect(byKey.body.data.every((entry: { key_id: string }) => entry.key_id === key.body.id)).toBe(true)
    // `from` takes its own instant, `to` leaves its own out.
    const [newer, older] = byKey.body.data as { created_at: string }[]
    const at = (entry: { created_at: string } | undefined) => encodeURIComponent(entry?.created_at ?? '')
    expect(await ids(`key=${key.body.id}&from=${at(newer)}`)).toEqual([second.body.request_id])
    expect(await ids(`key=${key.body.id}&to=${at(newer)}`)).toEqual(
      older?.created_at === newer?.created_at ? [] : [first.body.request_id],
    )
    expect(await ids(`key=${key.body.id}&from=${at(older)}&to=2999-01-01T00:00:00Z`)).toHaveLength(2)
    expect(await ids(`from=2999-01-01T00:00:00%2B02:00`)).toEqual([])
    for (const [query, param] of [
      ['key=sk_test_secret!', 'key'],
      ['from=yesterday', 'from'],
      ['to=2026-06-01T08:00:00', 'to'],
      ['from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z', 'to'],
    ] as const) {
      const refused = await dashboardCall(test, viewer, 'GET', `/dashboard/api/test/request_logs?${query}`)
      expect(refused.status).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param })
    }
  })

  it('a bad filter is a 400 naming it', async () => {
    const answer = await dashboardCall(test, owner, 'GET', '/dashboard/api/live/request_logs?status=abc')
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatchObject({ code: 'parameter_invalid', param: 'status' })
    const limit = await dashboardCall(test, owner, 'GET', '/dashboard/api/live/request_logs?limit=0')
    expect(limit.body.error).toMatchObject({ code: 'parameter_invalid', param: 'limit' })
  })

  it('pages newest first', async () => {
    const { sandbox } = clients(test)
    for (let i = 0; i < 3; i++) await sandbox('GET', '/v1/events?limit=1')
    const first = await dashboardCall(test, owner, 'GET', '/dashboard/api/test/request_logs?path=/v1/events&limit=2')
    expect(first.body.has_more).toBe(true)
    const last = first.body.data[1].id as string
    const next = await dashboardCall(
      test,
      owner,
      'GET',
      `/dashboard/api/test/request_logs?path=/v1/events&limit=2&starting_after=${last}`,
    )
    expect(next.body.data[0].id).not.toBe(last)
    expect(next.body.data.map((e: { id: string }) => e.id)).not.toContain(first.body.data[0].id)
  })

  it('needs a session', async () => {
    expect((await dashboardCall(test, null, 'GET', '/dashboard/api/live/request_logs')).status).toBe(401)
  })
})

describe('request log bodies: on the sandbox always, on production only with body logging on; never a secret', () => {
  const detail = (mode: 'live' | 'test', id: string) =>
    dashboardCall(test, viewer, 'GET', `/dashboard/api/${mode}/request_logs/${id}`)

  it('the sandbox keeps both bodies, with the signing secret of a new endpoint redacted', async () => {
    const { sandbox } = clients(test)
    const created = await sandbox('POST', '/v1/webhook_endpoints', {
      body: { url: 'https://93.184.215.14/hooks', events: ['user.created'] },
    })
    expect(created.status).toBe(201)
    const secret = created.body.secret as string
    expect(secret).toMatch(/^whsec_/)
    const found = await detail('test', created.body.request_id ?? created.headers.get('request-id'))
    expect(found.status).toBe(200)
    expect(JSON.parse(found.body.bodies.request)).toEqual({
      url: 'https://93.184.215.14/hooks',
      events: ['user.created'],
    })
    const response = JSON.parse(found.body.bodies.response)
    expect(response).toMatchObject({ id: created.body.id, secret: '[redacted]' })
    expect(JSON.stringify(found.body)).not.toContain(secret)
  })

  it('a key created through the API: its secret is in no body kept', async () => {
    const { sandbox } = clients(test)
    const key = await sandbox('POST', '/v1/api_keys', { body: { name: 'bodies', permissions: { users: 'read' } } })
    expect(key.status).toBe(201)
    const found = await detail('test', key.headers.get('request-id') ?? '')
    expect(found.body.bodies.response).toContain('[redacted]')
    expect(JSON.stringify(found.body)).not.toContain(key.body.secret)
  })

  it('production keeps no body until the account turns body logging on; then never a coordinate', async () => {
    const { live } = clients(test)
    const before = await live('POST', '/v1/users', {
      body: { email: 'bodies-off@example.com', home_location: { lat: 52.52, lng: 13.405 } },
    })
    expect(before.status).toBe(201)
    const off = await detail('live', before.headers.get('request-id') ?? '')
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ method: 'POST', path: '/v1/users', status: 201, bodies: null })

    const turnedOn = await dashboardCall(test, owner, 'PATCH', '/dashboard/api/account', {
      body: { request_body_logging: true },
    })
    expect(turnedOn.status).toBe(200)
    expect(turnedOn.body.request_body_logging).toBe(true)
    try {
      const after = await live('POST', '/v1/users', {
        body: { email: 'bodies-on@example.com', home_location: { lat: 52.52, lng: 13.405 } },
      })
      expect(after.status).toBe(201)
      const on = await detail('live', after.headers.get('request-id') ?? '')
      const request = JSON.parse(on.body.bodies.request)
      expect(request).toEqual({
        email: 'bodies-on@example.com',
        home_location: { lat: '[redacted]', lng: '[redacted]' },
      })
      const response = JSON.parse(on.body.bodies.response)
      expect(response.id).toBe(after.body.id)
      expect(JSON.stringify(on.body)).not.toContain('52.52')
      expect(JSON.stringify(on.body)).not.toContain('13.405')
    } finally {
      await dashboardCall(test, owner, 'PATCH', '/dashboard/api/account', { body: { request_body_logging: false } })
    }
  })

  it('an unknown request id, or one of the other surface, is a 404 naming it', async () => {
    const { sandbox } = clients(test)
    const made = await sandbox('GET', '/v1/users?limit=1')
    const other = await detail('live', made.headers.get('request-id') ?? '')
    expect(other.status).toBe(404)
    expect(other.body.error).toMatchObject({ code: 'resource_missing', param: 'id' })
    expect((await detail('test', 'req_unknown')).status).toBe(404)
  })
})

describe('settings: account name, pinned API version, body logging, tracking preview', () => {
  it('every member reads them; owners, admins and developers change them; a viewer is refused and nothing changes', async () => {
    const read = await dashboardCall(test, viewer, 'GET', '/dashboard/api/account')
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ object: 'account', request_body_logging: false, tracking_enabled: null })
    const refused = await dashboardCall(test, viewer, 'PATCH', '/dashboard/api/account', {
      body: { name: 'Viewer Co' },
    })
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toContain('manage_settings')
    expect((await dashboardCall(test, owner, 'GET', '/dashboard/api/account')).body.name).toBe(read.body.name)
    const developer = await signInMember(test, 'settings-dev@example.com', 'developer')
    const renamed = await dashboardCall(test, developer, 'PATCH', '/dashboard/api/account', {
      body: { name: '  Acme Travel  ' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.name).toBe('Acme Travel')
  })

  it('bad values are a 400 naming the setting, and change nothing', async () => {
    const before = (await dashboardCall(test, owner, 'GET', '/dashboard/api/account')).body
    for (const [body, param] of [
      [{ pinned_version: '2020-01-01' }, 'pinned_version'],
      [{ request_body_logging: 'yes' }, 'request_body_logging'],
      [{ tracking_enabled: 'on' }, 'tracking_enabled'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ plan: 'enterprise' }, 'plan'],
    ] as const) {
      const answer = await dashboardCall(test, owner, 'PATCH', '/dashboard/api/account', { body })
      expect(answer.status).toBe(400)
      expect(answer.body.error).toMatchObject({ code: 'parameter_invalid', param })
    }
    const after = (await dashboardCall(test, owner, 'GET', '/dashboard/api/account')).body
    expect({ ...after, request_id: null }).toEqual({ ...before, request_id: null })
  })

  it('the pinned version is what a request without Service-Version gets; each change is in the audit log', async () => {
    const { live } = clients(test)
    const pinned = await dashboardCall(test, owner, 'PATCH', '/dashboard/api/account', {
      body: { pinned_version: '2025-09-22' },
    })
    expect(pinned.status).toBe(200)
    try {
      const answer = await live('GET', '/v1/users?limit=1')
      expect(answer.headers.get('service-version')).toBe('2025-09-22')
    } finally {
      await dashboardCall(test, owner, 'PATCH', '/dashboard/api/account', { body: { pinned_version: '2026-05-20' } })
    }
    const log = await dashboardCall(test, owner, 'GET', '/dashboard/api/audit_log?action=account.api_version_pinned')
    expect(log.body.data).toHaveLength(2)
    expect(log.body.data[0]).toMatchObject({
      actor: { type: 'member', id: owner.id },
      target: { type: 'account', id: pinned.body.id },
      livemode: null,
    })
  })

  it('the tracking preview setting is what the tracking endpoints honour, on both surfaces', async () => {
    const { sandbox } = clients(test)
    const user = await sandbox('POST', '/v1/users', { body: { email: 'tracked@example.com' } })
    const call = () => sandbox('GET', `/v1/users/${user.body.id}/location`)
    expect((await call()).status).not.toBe(403)
    const off = await dashboardCall(test, owner, 'PATCH', '/dashboard/api/account', {
      body: { tracking_enabled: false },
    })
    expect(off.body).toMatchObject({ tracking_enabled: false, tracking: { live: false, test: false } })
    try {
      const refused = await call()
      expect(refused.status).toBe(403)
      expect(refused.body.error.code).toBe('tracking_not_enabled')
    } finally {
      const reset = await dashboardCall(test, owner, 'PATCH', '/dashboard/api/account', {
        body: { tracking_enabled: null },
      })
      expect(reset.body).toMatchObject({ tracking_enabled: null, tracking: { live: false, test: true } })
    }
    expect((await call()).status).not.toBe(403)
  })
})

describe('audit log: every change through the dashboard or the key-management API, shown to owners and admins', () => {
  it('records a key created in the dashboard: who, what, target, surface, address', async () => {
    const created = await dashboardCall(test, owner, 'POST', '/dashboard/api/test/api_keys', {
      body: { name: 'audited', permissions: { users: 'read' } },
    })
    expect(created.status).toBe(201)
    const log = await dashboardCall(test, owner, 'GET', `/dashboard/api/audit_log?target=${created.body.id}`)
    expect(log.status).toBe(200)
    expect(log.body.data).toHaveLength(1)
    expect(log.body.data[0]).toMatchObject({
      object: 'audit_entry',
      action: 'api_key.created',
      livemode: false,
      actor: { type: 'member', id: owner.id, email: 'owner@example.com' },
      target: { type: 'api_key', id: created.body.id },
      address: '127.0.0.1',
    })
  })

  it('records a key revoked through the API, the calling key as who', async () => {
    const { sandbox } = clients(test)
    const key = await sandbox('POST', '/v1/api_keys', { body: { name: 'short-lived', permissions: { users: 'read' } } })
    expect(key.status).toBe(201)
    expect((await sandbox('POST', `/v1/api_keys/${key.body.id}/revoke`)).status).toBe(200)
    const log = await dashboardCall(test, owner, 'GET', `/dashboard/api/audit_log?target=${key.body.id}`)
    expect(log.body.data.map((entry: { action: string }) => entry.action)).toEqual([
      'api_key.revoked',
      'api_key.created',
    ])
    expect(log.body.data[0].actor.type).toBe('api_key')
  })

  it('records member changes and sign-ins; a refused change is not recorded', async () => {
    const invited = await dashboardCall(test, owner, 'POST', '/dashboard/api/members', {
      body: { email: 'newcomer@example.com', role: 'developer' },
    })
    expect(invited.status).toBe(201)
    const refused = await dashboardCall(test, viewer, 'DELETE', `/dashboard/api/members/${invited.body.id}`)
    expect(refused.status).toBe(403)
    const log = await dashboardCall(test, owner, 'GET', `/dashboard/api/audit_log?target=${invited.body.id}`)
    expect(log.body.data.map((entry: { action: string }) => entry.action)).toEqual(['member.invited'])
    const signIns = await dashboardCall(
      test,
      owner,
      'GET',
      `/dashboard/api/audit_log?action=member.signed_in&actor=${viewer.id}`,
    )
    expect(signIns.body.data).toHaveLength(1)
  })

  it('is refused to developers and viewers', async () => {
    const developer = await signInMember(test, 'dev@example.com', 'developer')
    for (const member of [developer, viewer]) {
      const answer = await dashboardCall(test, member, 'GET', '/dashboard/api/audit_log')
      expect(answer.status).toBe(403)
      expect(answer.body.error.message).toContain('manage_members')
    }
  })
})
