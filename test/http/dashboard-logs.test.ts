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
