import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedIdentityProvider } from '../../adapters/identity/embedded/identity-provider.js'
import { TOKENS } from '../../hosts/di-tokens.js'
import { clients, startTestService, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>

beforeAll(async () => {
  test = await startTestService()
  client = clients(test)
})
afterAll(() => test.stop())

const createUser = async (body: Record<string, unknown>) => {
  const response = await client.live('POST', '/v1/users', { body })
  expect(response.status).toBe(201)
  return response.body
}

const liveEvents = async () => {
  const [account] = await test.service.application.accountRepository.listAccounts()
  return test.service.application.surfaces.live.outbox.list(account!.id, 1000)
}

describe('POST /v1/users: create a managed user with every field defaulted', () => {
  it('answers the user object with the documented defaults', async () => {
    const user = await createUser({ email: 'Ada@Example.com' })
    expect(user).toMatchObject({
      object: 'user',
      email: 'ada@example.com',
      display_name: null,
      timezone: 'UTC',
      default_travel_mode: 'drive',
      default_parking_buffer: 5,
      default_walk_buffer: 3,
      preferred_departure: 'on_time',
      pre_alert_minutes: 10,
      alert_profile: 'balanced',
      theme: 'system',
      sound_enabled: true,
      haptic_enabled: true,
      quiet_hours_start: null,
      quiet_hours_end: null,
      onboarding_completed: false,
      deactivated_at: null,
      livemode: true,
    })
    expect(user.id).toMatch(/^usr_/)
    expect(user.request_id).toMatch(/^req_/)
    expect(Date.parse(user.created_at)).not.toBeNaN()
  })

  it('is idempotent on e-mail within the account and surface: creating it again returns that user', async () => {
    const first = await createUser({ email: 'twice@example.com', display_name: 'First' })
    const again = await client.live('POST', '/v1/users', {
      body: { email: 'TWICE@example.com', display_name: 'Second' },
    })
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.id)
    expect(again.body.display_name).toBe('First')
  })

  it('accepts every writable field', async () => {
    const user = await createUser({
      email: 'full@example.com',
      display_name: 'Full',
      timezone: 'Europe/Paris',
      default_travel_mode: 'transit',
      default_parking_buffer: 10,
      default_walk_buffer: 4,
      preferred_departure: '10_min_early',
      pre_alert_minutes: 20,
      alert_profile: 'quiet',
      theme: 'dark',
      sound_enabled: false,
      haptic_enabled: false,
      quiet_hours_start: '22:00',
      quiet_hours_end: '07:00',
      onboarding_completed: true,
    })
    expect(user).toMatchObject({
      timezone: 'Europe/Paris',
      preferred_departure: '10_min_early',
      quiet_hours_start: '22:00',
      onboarding_completed: true,
    })
  })

  it.each([
    [{}, 'parameter_missing', 'email'],
    [{ email: 'no-at-sign' }, 'parameter_invalid', 'email'],
    [{ email: 'a@b.co', timezone: 'Mars/Olympus' }, 'parameter_invalid', 'timezone'],
    [
      { email: 'a@b.co', quiet_hours_start: '25:00', quiet_hours_end: '07:00' },
      'parameter_invalid',
      'quiet_hours_start',
    ],
    [{ email: 'a@b.co', quiet_hours_start: '22:00' }, 'parameter_invalid', 'quiet_hours_end'],
    [{ email: 'a@b.co', default_travel_mode: 'fly' }, 'parameter_invalid', 'default_travel_mode'],
    [{ email: 'a@b.co', preferred_departure: 'late' }, 'parameter_invalid', 'preferred_departure'],
    [{ email: 'a@b.co', alert_profile: 'loud' }, 'parameter_invalid', 'alert_profile'],
    [{ email: 'a@b.co', theme: 'neon' }, 'parameter_invalid', 'theme'],
    [{ email: 'a@b.co', default_parking_buffer: -1 }, 'parameter_invalid', 'default_parking_buffer'],
    [{ email: 'a@b.co', default_walk_buffer: 2.5 }, 'parameter_invalid', 'default_walk_buffer'],
    [{ email: 'a@b.co', sound_enabled: 'yes' }, 'parameter_invalid', 'sound_enabled'],
    [{ email: 'a@b.co', nickname: 'x' }, 'parameter_unknown', 'nickname'],
  ])('refuses %j with %s naming %s, and writes nothing', async (body, code, param) => {
    const before = (await liveEvents()).length
    const response = await client.live('POST', '/v1/users', { body })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code, param })
    expect((await liveEvents()).length).toBe(before)
  })
})

describe('GET /v1/users/{id} and GET /v1/users', () => {
  it('retrieves a user and answers 404 resource_missing for an unknown id', async () => {
    const user = await createUser({ email: 'get@example.com' })
    expect((await client.live('GET', `/v1/users/${user.id}`)).body.email).toBe('get@example.com')
    const missing = await client.live('GET', '/v1/users/usr_nope')
    expect(missing.status).toBe(404)
    expect(missing.body.error).toMatchObject({ code: 'resource_missing', param: 'id' })
  })

  it('lists newest first in the list envelope and pages with starting_after / ending_before', async () => {
    const created = []
    for (let i = 0; i < 5; i++) created.push(await createUser({ email: `page${i}@list.example` }))
    const first = await client.live('GET', '/v1/users?limit=2')
    expect(first.body).toMatchObject({ object: 'list', has_more: true, url: '/v1/users' })
    expect(first.body.data.map((user: { email: string }) => user.email)).toEqual([
      'page4@list.example',
      'page3@list.example',
    ])
    const second = await client.live('GET', `/v1/users?limit=2&starting_after=${first.body.data[1].id}`)
    expect(second.body.data.map((user: { email: string }) => user.email)).toEqual([
      'page2@list.example',
      'page1@list.example',
    ])
    const back = await client.live('GET', `/v1/users?limit=2&ending_before=${second.body.data[0].id}`)
    expect(back.body.data.map((user: { email: string }) => user.email)).toEqual([
      'page4@list.example',
      'page3@list.example',
    ])
  })

  it('filters by e-mail', async () => {
    await createUser({ email: 'filter-me@example.com' })
    const response = await client.live('GET', '/v1/users?email=FILTER-ME@example.com')
    expect(response.body.data).toHaveLength(1)
    expect(response.body.data[0].email).toBe('filter-me@example.com')
  })

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['colour=red', 'colour'],
  ])('refuses ?%s naming %s', async (query, param) => {
    const response = await client.live('GET', `/v1/users?${query}`)
    expect(response.status).toBe(400)
    expect(response.body.error.param).toBe(param)
  })

  it('refuses starting_after together with ending_before', async () => {
    const response = await client.live('GET', '/v1/users?starting_after=usr_a&ending_before=usr_b')
    expect(response.status).toBe(400)
    expect(response.body.error.param).toBe('ending_before')
  })
})

describe('PATCH /v1/users/{id}', () => {
  it('updates given fields and keeps the others', async () => {
    const user = await createUser({ email: 'patch@example.com', theme: 'dark' })
    const updated = await client.live('PATCH', `/v1/users/${user.id}`, {
      body: { display_name: 'Patched', pre_alert_minutes: 15 },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ display_name: 'Patched', pre_alert_minutes: 15, theme: 'dark' })
  })

  it('refuses an e-mail another user of the account has', async () => {
    const a = await createUser({ email: 'owner-a@example.com' })
    await createUser({ email: 'owner-b@example.com' })
    const response = await client.live('PATCH', `/v1/users/${a.id}`, { body: { email: 'owner-b@example.com' } })
    expect(response.status).toBe(400)
    expect(response.body.error.param).toBe('email')
  })
})

describe('User lifecycle: deactivate pauses, every call acting for the user is 403 account_deactivated', () => {
  it('pauses and restores, with retrieve, reactivate and delete still working while paused', async () => {
    const user = await createUser({ email: 'pause@example.com' })
    const paused = await client.live('POST', `/v1/users/${user.id}/deactivate`)
    expect(paused.status).toBe(200)
    expect(paused.body.deactivated_at).not.toBeNull()
    const update = await client.live('PATCH', `/v1/users/${user.id}`, { body: { theme: 'dark' } })
    expect(update.status).toBe(403)
    expect(update.body.error).toMatchObject({ type: 'permission_error', code: 'account_deactivated' })
    expect((await client.live('GET', `/v1/users/${user.id}`)).status).toBe(200)
    const again = await client.live('POST', `/v1/users/${user.id}/deactivate`)
    expect(again.body.deactivated_at).toBe(paused.body.deactivated_at)
    const restored = await client.live('POST', `/v1/users/${user.id}/reactivate`)
    expect(restored.body.deactivated_at).toBeNull()
    expect((await client.live('PATCH', `/v1/users/${user.id}`, { body: { theme: 'dark' } })).status).toBe(200)
  })

  it('lets a paused user be deleted', async () => {
    const user = await createUser({ email: 'paused-delete@example.com' })
    await client.live('POST', `/v1/users/${user.id}/deactivate`)
    expect((await client.live('DELETE', `/v1/users/${user.id}`)).status).toBe(200)
  })
})

describe('DELETE /v1/users/{id}: irreversible, cascades, emits user.deleted', () => {
  it('deletes, runs the cascade, writes user.deleted to the outbox, and is 404 afterwards', async () => {
    const user = await createUser({ email: 'delete-me@example.com' })
    const cascaded: string[] = []
    test.service.application.surfaces.live.cascade.register('test-probe', async (_account, userId) => {
      cascaded.push(userId)
    })
    const deleted = await client.live('DELETE', `/v1/users/${user.id}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toMatchObject({ id: user.id, object: 'user', deleted: true })
    expect(cascaded).toContain(user.id)
    const events = await liveEvents()
    expect(
      events.some((event) => event.type === 'user.deleted' && (event.object as { id: string }).id === user.id),
    ).toBe(true)
    expect((await client.live('GET', `/v1/users/${user.id}`)).status).toBe(404)
    expect((await client.live('DELETE', `/v1/users/${user.id}`)).status).toBe(404)
    expect((await client.live('POST', `/v1/users/${user.id}/reactivate`)).status).toBe(404)
  })

  it('deletes the identity unless the user has accounts on other platforms of the tenant', async () => {
    // The embedded provider is the one bound: the test reads what it recorded.
    const identity = test.service.application.surfaces.live.container.get(
      TOKENS.IdentityProvider,
    ) as EmbeddedIdentityProvider
    const solo = await createUser({ email: 'solo@example.com' })
    const shared = await createUser({ email: 'shared@example.com' })
    await identity.link('shared@example.com', 'acct_other_platform')
    await client.live('DELETE', `/v1/users/${solo.id}`)
    await client.live('DELETE', `/v1/users/${shared.id}`)
    expect(identity.deleted).toContain('solo@example.com')
    expect(identity.deleted).not.toContain('shared@example.com')
    expect(identity.has('shared@example.com')).toBe(true)
  })
})

describe('Surfaces: sandbox and production data never mix', () => {
  it('does not see a production user from the sandbox, and the same e-mail is a different user there', async () => {
    const live = await createUser({ email: 'both@example.com' })
    expect((await client.sandbox('GET', `/v1/users/${live.id}`)).status).toBe(404)
    const sandbox = await client.sandbox('POST', '/v1/users', { body: { email: 'both@example.com' } })
    expect(sandbox.status).toBe(201)
    expect(sandbox.body.id).not.toBe(live.id)
    expect(sandbox.body.livemode).toBe(false)
  })
})
