import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MemberRole } from '../../core/dashboard/member.js'
import {
  accountIdOf,
  type DashboardMember,
  dashboardCall,
  signInLinkFor,
  signInMember,
  useSignInLink,
} from '../support/dashboard.js'
import { decideConsent, sandboxConsent } from '../support/hosted-page.js'
import { api, LIVE_KEY, startTestService, TEST_KEY, type TestService } from '../support/service.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

let test: TestService
let receiver: WebhookReceiver
let owner: DashboardMember

beforeAll(async () => {
  receiver = await WebhookReceiver.start()
  test = await startTestService()
  owner = await signInMember(test, 'owner@example.com', 'owner')
}, 120_000)

afterAll(async () => {
  await test?.stop()
  await receiver?.stop()
})

/** A sandbox user with a calendar connection of the synthetic provider, made through its consent flow; its id. */
const sandboxConnection = async (email: string): Promise<string> => {
  const json = { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' }
  const user = await fetch(`${test.sandbox}/v1/users`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  })
  const started = await fetch(`${test.sandbox}/v1/connections/start`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      provider: 'google',
      user_id: (await user.json()).id,
      return_url: 'https://app.example.com/connected',
    }),
  })
  // This service's public addresses are not the ports it listens on here: the browser's hops go to the sandbox.
  const onSandbox = (address: string) => {
    const url = new URL(address)
    return `${test.sandbox}${url.pathname}${url.search}`
  }
  const { location } = await sandboxConsent(test.sandbox, onSandbox((await started.json()).redirect_url))
  const back = await fetch(onSandbox(location), { redirect: 'manual' })
  const connectionId = new URL(back.headers.get('location') ?? '').searchParams.get('connection_id') ?? ''
  return connectionId
}

/** One sandbox connection for the suites that run the provider's helpers (each helper may run again on it). */
let helpersConnection: Promise<string> | undefined
const providerHelpersConnection = (): Promise<string> => {
  helpersConnection ??= sandboxConnection('provider-helpers@example.com')
  return helpersConnection
}

describe('sign-in by one-time link', () => {
  it('a link signs in once: the session cookie is HttpOnly and SameSite=Strict, the same link again is refused', async () => {
    const link = await signInLinkFor(test, 'once@example.com', 'viewer')
    const first = await useSignInLink(test, link)
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe('/dashboard/')
    const cookie = first.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^dashboard_session=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/)
    const again = await useSignInLink(test, link)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('does not work')
  })

  it('the link page only shows a button: opening it (a mail scanner) never uses the link up', async () => {
    const link = await signInLinkFor(test, 'scanner@example.com', 'viewer')
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(await page.text()).toContain('<form method="post" action="/dashboard/sign-in">')
    expect((await useSignInLink(test, link)).status).toBe(303)
  })

  it('refuses a link posted from another origin, and leaves it usable', async () => {
    const link = await signInLinkFor(test, 'origin@example.com', 'viewer')
    expect((await useSignInLink(test, link, 'https://evil.example')).status).toBe(403)
    expect((await useSignInLink(test, link)).status).toBe(303)
  })

  it('asking for a link by e-mail answers the same for a member and a stranger', async () => {
    const member = await dashboardCall(test, null, 'POST', '/dashboard/api/sign_in/email', {
      body: { email: 'owner@example.com' },
    })
    const stranger = await dashboardCall(test, null, 'POST', '/dashboard/api/sign_in/email', {
      body: { email: 'stranger@example.com' },
    })
    expect(member.status).toBe(202)
    expect(stranger.status).toBe(202)
    expect(stranger.body.message).toBe(member.body.message)
    const mailbox = test.service.application.surfaces.live.memoryMail
    const sent = mailbox?.list(await accountIdOf(test)).filter((mail) => mail.mail.to.address === 'owner@example.com')
    expect(sent?.[0]?.mail.text).toMatch(/\/dashboard\/sign-in\?token=[0-9a-f]{64}/)
  })

  it('limits link requests per address asked for', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push(
        (
          await dashboardCall(test, null, 'POST', '/dashboard/api/sign_in/email', {
            body: { email: 'flood@example.com' },
          })
        ).status,
      )
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429])
  })
})

describe('sessions and CSRF', () => {
  it('without a session, or with a tampered cookie, the data is refused with 401', async () => {
    expect((await dashboardCall(test, null, 'GET', '/dashboard/api/live/users')).status).toBe(401)
    const tampered = { cookie: `dashboard_session=${'0'.repeat(64)}`, csrf: '' }
    const answer = await dashboardCall(test, tampered, 'GET', '/dashboard/api/live/users')
    expect(answer.status).toBe(401)
    expect(answer.body.error.code).toBe('authentication_failed')
  })

  it('a mutation without the CSRF token, or from another origin, is refused and changes nothing', async () => {
    const before = (await dashboardCall(test, owner, 'GET', '/dashboard/api/test/api_keys')).body.data.length
    const body = { name: 'csrf', permissions: { users: 'read' } }
    const noToken = await dashboardCall(test, owner, 'POST', '/dashboard/api/test/api_keys', { body, csrf: null })
    expect(noToken.status).toBe(403)
    expect(noToken.body.error.message).toContain('x-csrf-token')
    const crossSite = await dashboardCall(test, owner, 'POST', '/dashboard/api/test/api_keys', {
      body,
      origin: 'https://evil.example',
    })
    expect(crossSite.status).toBe(403)
    const noOrigin = await dashboardCall(test, owner, 'POST', '/dashboard/api/test/api_keys', { body, origin: null })
    expect(noOrigin.status).toBe(403)
    expect((await dashboardCall(test, owner, 'GET', '/dashboard/api/test/api_keys')).body.data).toHaveLength(before)
  })

  it('signing out ends the session at once', async () => {
    const member = await signInMember(test, 'leaving@example.com', 'developer')
    expect((await dashboardCall(test, member, 'POST', '/dashboard/api/sign_out', { body: {} })).status).toBe(200)
    expect((await dashboardCall(test, member, 'GET', '/dashboard/api/session')).status).toBe(401)
  })

  it('signing out everywhere ends every session of the member, and only theirs', async () => {
    const laptop = await signInMember(test, 'roaming@example.com', 'developer')
    const phone = await signInMember(test, 'roaming@example.com', 'developer')
    const answer = await dashboardCall(test, laptop, 'POST', '/dashboard/api/sign_out', { body: { everywhere: true } })
    expect(answer.body.everywhere).toBe(true)
    expect((await dashboardCall(test, phone, 'GET', '/dashboard/api/session')).status).toBe(401)
    expect((await dashboardCall(test, owner, 'GET', '/dashboard/api/session')).status).toBe(200)
  })

  it('removing a member ends their sessions at once', async () => {
    const member = await signInMember(test, 'removed@example.com', 'developer')
    expect((await dashboardCall(test, member, 'GET', '/dashboard/api/session')).status).toBe(200)
    expect((await dashboardCall(test, owner, 'DELETE', `/dashboard/api/members/${member.id}`)).status).toBe(200)
    expect((await dashboardCall(test, member, 'GET', '/dashboard/api/live/users')).status).toBe(401)
  })

  it('serves every dashboard answer with a CSP that allows no inline script and no framing', async () => {
    const answer = await fetch(`${test.live}/dashboard/api/session`)
    const csp = answer.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
  })
})

describe('the role matrix: every mutating dashboard action x every role, enforced on the server', () => {
  const ROLES: readonly MemberRole[] = ['owner', 'admin', 'developer', 'viewer']

  /** One mutating action: how to make what it acts on (as the owner), how to call it, and how to tell it ran. */
  interface Action {
    readonly name: string
    readonly allowed: readonly MemberRole[]
    readonly run: (member: DashboardMember) => Promise<{ status: number; ran: () => Promise<boolean> }>
  }

  const keyCount = async (mode: 'live' | 'test') =>
    (await dashboardCall(test, owner, 'GET', `/dashboard/api/${mode}/api_keys?limit=100`)).body.data.length
  const createKey = (mode: 'live' | 'test'): Action => ({
    name: `create a restricted ${mode} key`,
    allowed: mode === 'live' ? ['owner', 'admin'] : ['owner', 'admin', 'developer'],
    run: async (member) => {
      const before = await keyCount(mode)
      const { status } = await dashboardCall(test, member, 'POST', `/dashboard/api/${mode}/api_keys`, {
        body: { name: 'matrix', permissions: { events: 'read' } },
      })
      return { status, ran: async () => (await keyCount(mode)) === before + 1 }
    },
  })
  const revokeKey = (mode: 'live' | 'test'): Action => ({
    name: `revoke a ${mode} key`,
    allowed: mode === 'live' ? ['owner', 'admin'] : ['owner', 'admin', 'developer'],
    run: async (member) => {
      const key = (
        await dashboardCall(test, owner, 'POST', `/dashboard/api/${mode}/api_keys`, {
          body: { permissions: { users: 'read' } },
        })
      ).body
      const { status } = await dashboardCall(test, member, 'POST', `/dashboard/api/${mode}/api_keys/${key.id}/revoke`)
      const revoked = async () =>
        (await dashboardCall(test, owner, 'GET', `/dashboard/api/${mode}/api_keys?limit=100`)).body.data.find(
          (each: { id: string }) => each.id === key.id,
        ).revoked_at !== null
      return { status, ran: revoked }
    },
  })
  const endpointCount = async (mode: 'live' | 'test') =>
    (await dashboardCall(test, owner, 'GET', `/dashboard/api/${mode}/webhook_endpoints?limit=100`)).body.data.length
  const createEndpoint = (mode: 'live' | 'test'): Action => ({
    name: `create a ${mode} webhook endpoint`,
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const before = await endpointCount(mode)
      const url = mode === 'live' ? 'https://93.184.215.14/hooks' : receiver.url
      const { status } = await dashboardCall(test, member, 'POST', `/dashboard/api/${mode}/webhook_endpoints`, {
        body: { url, events: ['user.created'] },
      })
      return { status, ran: async () => (await endpointCount(mode)) === before + 1 }
    },
  })
  const sandboxEndpoint = async () =>
    (
      await dashboardCall(test, owner, 'POST', '/dashboard/api/test/webhook_endpoints', {
        body: { url: receiver.url, events: ['user.created'] },
      })
    ).body.id as string
  const sendTest: Action = {
    name: 'send a test notification',
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const endpoint = await sandboxEndpoint()
      const before = receiver.received.length
      const { status } = await dashboardCall(
        test,
        member,
        'POST',
        `/dashboard/api/test/webhook_endpoints/${endpoint}/test`,
      )
      return { status, ran: async () => receiver.received.length === before + 1 }
    },
  }
  const replay: Action = {
    name: 'replay a delivery',
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const endpoint = await sandboxEndpoint()
      const delivery = (
        await dashboardCall(test, owner, 'POST', `/dashboard/api/test/webhook_endpoints/${endpoint}/test`)
      ).body.id
      const before = receiver.received.length
      const { status } = await dashboardCall(
        test,
        member,
        'POST',
        `/dashboard/api/test/webhook_endpoints/${endpoint}/deliveries/${delivery}/replay`,
      )
      return { status, ran: async () => receiver.received.length === before + 1 }
    },
  }
  const rollKey = (mode: 'live' | 'test'): Action => ({
    name: `roll a ${mode} key with an expiry for the old one`,
    allowed: mode === 'live' ? ['owner', 'admin'] : ['owner', 'admin', 'developer'],
    run: async (member) => {
      const key = (
        await dashboardCall(test, owner, 'POST', `/dashboard/api/${mode}/api_keys`, {
          body: { permissions: { users: 'read' } },
        })
      ).body
      const { status, body } = await dashboardCall(
        test,
        member,
        'POST',
        `/dashboard/api/${mode}/api_keys/${key.id}/roll`,
        {
          body: { expires_in_seconds: 3600 },
        },
      )
      if (status === 200) expect(body.secret).toMatch(/^rk_/)
      const rolled = async () =>
        (await dashboardCall(test, owner, 'GET', `/dashboard/api/${mode}/api_keys?limit=100`)).body.data.find(
          (each: { id: string }) => each.id === key.id,
        ).expires_at !== null
      return { status, ran: rolled }
    },
  })
  const endpointOf = async (mode: 'live' | 'test') =>
    (
      await dashboardCall(test, owner, 'POST', `/dashboard/api/${mode}/webhook_endpoints`, {
        body: { url: mode === 'live' ? 'https://93.184.215.14/hooks' : receiver.url, events: ['user.created'] },
      })
    ).body.id as string
  const endpointState = async (mode: 'live' | 'test', id: string) =>
    (await dashboardCall(test, owner, 'GET', `/dashboard/api/${mode}/webhook_endpoints?limit=100`)).body.data.find(
      (each: { id: string }) => each.id === id,
    )
  const editEndpoint = (mode: 'live' | 'test'): Action => ({
    name: `edit a ${mode} webhook endpoint's events and description`,
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const id = await endpointOf(mode)
      const { status } = await dashboardCall(test, member, 'PATCH', `/dashboard/api/${mode}/webhook_endpoints/${id}`, {
        body: { events: ['event.created'], description: 'edited' },
      })
      return { status, ran: async () => (await endpointState(mode, id)).description === 'edited' }
    },
  })
  const disableEndpoint = (mode: 'live' | 'test'): Action => ({
    name: `disable a ${mode} webhook endpoint`,
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const id = await endpointOf(mode)
      const { status } = await dashboardCall(test, member, 'PATCH', `/dashboard/api/${mode}/webhook_endpoints/${id}`, {
        body: { enabled: false },
      })
      return { status, ran: async () => (await endpointState(mode, id)).status === 'disabled' }
    },
  })
  const enableEndpoint = (mode: 'live' | 'test'): Action => ({
    name: `enable a disabled ${mode} webhook endpoint`,
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const id = await endpointOf(mode)
      await dashboardCall(test, owner, 'PATCH', `/dashboard/api/${mode}/webhook_endpoints/${id}`, {
        body: { enabled: false },
      })
      const { status } = await dashboardCall(test, member, 'PATCH', `/dashboard/api/${mode}/webhook_endpoints/${id}`, {
        body: { enabled: true },
      })
      return { status, ran: async () => (await endpointState(mode, id)).status === 'enabled' }
    },
  })
  const deleteEndpoint = (mode: 'live' | 'test'): Action => ({
    name: `delete a ${mode} webhook endpoint`,
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const id = await endpointOf(mode)
      const { status } = await dashboardCall(test, member, 'DELETE', `/dashboard/api/${mode}/webhook_endpoints/${id}`)
      return { status, ran: async () => (await endpointState(mode, id)) === undefined }
    },
  })
  const rollSecret = (mode: 'live' | 'test'): Action => ({
    name: `roll a ${mode} webhook endpoint's signing secret`,
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const id = await endpointOf(mode)
      const { status, body } = await dashboardCall(
        test,
        member,
        'POST',
        `/dashboard/api/${mode}/webhook_endpoints/${id}/rotate_secret`,
      )
      if (status === 200) expect(body.secret).toMatch(/^whsec_/)
      return { status, ran: async () => (await endpointState(mode, id)).previous_secret_expires_at !== null }
    },
  })
  const sandboxOffset = async () =>
    (await dashboardCall(test, owner, 'GET', '/dashboard/api/test/test_clock')).body.offset_seconds as number
  const advanceClock: Action = {
    name: 'advance the sandbox clock',
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const before = await sandboxOffset()
      const { status } = await dashboardCall(test, member, 'POST', '/dashboard/api/test/test_clock/advance', {
        body: { seconds: 60 },
      })
      return { status, ran: async () => (await sandboxOffset()) === before + 60 }
    },
  }
  // The synthetic provider's helpers act on the provider's side, which the API does not show; the audit log records
  // a helper's run only once its use case succeeded, so one more entry for the connection is the sign that it ran.
  // Each helper may run again on the same connection: one connection serves the whole matrix.
  const providerHelper = (path: string, action: string, body?: Record<string, unknown>): Action => ({
    name: `run the synthetic provider's ${path} helper${body === undefined ? '' : ` (${JSON.stringify(body)})`}`,
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const id = await providerHelpersConnection()
      const entries = async () =>
        (await dashboardCall(test, owner, 'GET', `/dashboard/api/audit_log?action=${action}&target=${id}&limit=100`))
          .body.data.length as number
      const before = await entries()
      const { status } = await dashboardCall(
        test,
        member,
        'POST',
        `/dashboard/api/test/connections/${id}/${path}`,
        body === undefined ? {} : { body },
      )
      return { status, ran: async () => (await entries()) === before + 1 }
    },
  })
  let invited = 0
  const inviteMember: Action = {
    name: 'invite a member',
    allowed: ['owner', 'admin'],
    run: async (member) => {
      const email = `invited${++invited}@example.com`
      const { status } = await dashboardCall(test, member, 'POST', '/dashboard/api/members', {
        body: { email, role: 'viewer' },
      })
      const listed = async () =>
        (await dashboardCall(test, owner, 'GET', '/dashboard/api/members')).body.data.some(
          (each: { email: string }) => each.email === email,
        )
      return { status, ran: listed }
    },
  }
  const target = async () =>
    (
      await dashboardCall(test, owner, 'POST', '/dashboard/api/members', {
        body: { email: `target${++invited}@example.com`, role: 'viewer' },
      })
    ).body.id as string
  const roleOf = async (id: string) =>
    (await dashboardCall(test, owner, 'GET', '/dashboard/api/members')).body.data.find(
      (each: { id: string }) => each.id === id,
    )?.role
  const changeRole: Action = {
    name: "change a member's role",
    allowed: ['owner', 'admin'],
    run: async (member) => {
      const id = await target()
      const { status } = await dashboardCall(test, member, 'PATCH', `/dashboard/api/members/${id}`, {
        body: { role: 'developer' },
      })
      return { status, ran: async () => (await roleOf(id)) === 'developer' }
    },
  }
  const removeMember: Action = {
    name: 'remove a member',
    allowed: ['owner', 'admin'],
    run: async (member) => {
      const id = await target()
      const { status } = await dashboardCall(test, member, 'DELETE', `/dashboard/api/members/${id}`)
      return { status, ran: async () => (await roleOf(id)) === undefined }
    },
  }

  /** A user of the surface with an agent token minted through the API (the dashboard lists and revokes, never mints). */
  const userWithAgentToken = async (mode: 'live' | 'test') => {
    const [base, key] = mode === 'live' ? [test.live, LIVE_KEY] : [test.sandbox, TEST_KEY]
    const user = await api(base, 'POST', '/v1/users', { key, body: { email: `agent-${Date.now()}@example.com` } })
    const token = await api(base, 'POST', `/v1/users/${user.body.id}/agent_tokens`, {
      key,
      body: { permissions: { events: 'read' } },
    })
    expect(token.status).toBe(201)
    return { userId: user.body.id as string, tokenId: token.body.id as string, secret: token.body.secret as string }
  }
  const tokenStatus = async (mode: 'live' | 'test', userId: string, tokenId: string) =>
    (await dashboardCall(test, owner, 'GET', `/dashboard/api/${mode}/users/${userId}/agent_tokens`)).body.data.find(
      (each: { id: string }) => each.id === tokenId,
    )?.status
  const revokeAgentToken = (mode: 'live' | 'test'): Action => ({
    name: `revoke a user's ${mode} agent token`,
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const { userId, tokenId } = await userWithAgentToken(mode)
      const { status } = await dashboardCall(
        test,
        member,
        'POST',
        `/dashboard/api/${mode}/users/${userId}/agent_tokens/${tokenId}/revoke`,
      )
      return { status, ran: async () => (await tokenStatus(mode, userId, tokenId)) === 'revoked' }
    },
  })

  let renamed = 0
  const settingOf = async (name: string) =>
    (await dashboardCall(test, owner, 'GET', '/dashboard/api/account')).body[name]
  const changeSetting = (name: string, value: () => Promise<unknown>, label: string): Action => ({
    name: `change the account's ${label}`,
    allowed: ['owner', 'admin', 'developer'],
    run: async (member) => {
      const wanted = await value()
      const { status } = await dashboardCall(test, member, 'PATCH', '/dashboard/api/account', {
        body: { [name]: wanted },
      })
      return { status, ran: async () => (await settingOf(name)) === wanted }
    },
  })
  // Never the value it has: a refused change must be seen not to have happened.
  const otherVersion = async () => ((await settingOf('pinned_version')) === '2026-05-20' ? '2026-03-04' : '2026-05-20')

  const ACTIONS: readonly Action[] = [
    changeSetting('name', async () => `Renamed ${++renamed}`, 'name'),
    changeSetting('pinned_version', otherVersion, 'pinned API version'),
    changeSetting('request_body_logging', async () => !(await settingOf('request_body_logging')), 'body logging'),
    changeSetting('tracking_enabled', async () => !(await settingOf('tracking_enabled')), 'tracking preview'),
    createKey('live'),
    createKey('test'),
    revokeKey('live'),
    revokeKey('test'),
    createEndpoint('live'),
    createEndpoint('test'),
    sendTest,
    replay,
    rollKey('live'),
    rollKey('test'),
    editEndpoint('live'),
    editEndpoint('test'),
    disableEndpoint('live'),
    disableEndpoint('test'),
    enableEndpoint('live'),
    enableEndpoint('test'),
    deleteEndpoint('live'),
    deleteEndpoint('test'),
    rollSecret('live'),
    rollSecret('test'),
    advanceClock,
    providerHelper('revoke_grant', 'sandbox_provider.grant_revoked'),
    providerHelper('expire_sync_cursors', 'sandbox_provider.sync_cursors_expired'),
    providerHelper('provider_outage', 'sandbox_provider.outage_set', { enabled: true }),
    providerHelper('provider_outage', 'sandbox_provider.outage_set', { enabled: false }),
    revokeAgentToken('live'),
    revokeAgentToken('test'),
    inviteMember,
    changeRole,
    removeMember,
  ]

  afterAll(async () => {
    // The settings back as they were for the suites after this one.
    await dashboardCall(test, owner, 'PATCH', '/dashboard/api/account', {
      body: { pinned_version: '2026-05-20', request_body_logging: false, tracking_enabled: null },
    })
  })

  for (const role of ROLES)
    describe(`as ${role}`, () => {
      let member: DashboardMember
      beforeAll(async () => {
        member = role === 'owner' ? owner : await signInMember(test, `${role}-matrix@example.com`, role)
      })
      for (const action of ACTIONS) {
        const allowed = action.allowed.includes(role)
        it(`${action.name}: ${allowed ? 'done' : 'refused with 403, nothing changed'}`, async () => {
          const { status, ran } = await action.run(member)
          if (allowed) expect([200, 201]).toContain(status)
          else expect(status).toBe(403)
          expect(await ran()).toBe(allowed)
        })
      }
    })

  it('a viewer reads every page but never a key', async () => {
    const viewer = await signInMember(test, 'reader@example.com', 'viewer')
    for (const path of ['/dashboard/api/live/users', '/dashboard/api/test/webhook_endpoints', '/dashboard/api/members'])
      expect((await dashboardCall(test, viewer, 'GET', path)).status).toBe(200)
    const keys = await dashboardCall(test, viewer, 'GET', '/dashboard/api/live/api_keys')
    expect(keys.status).toBe(403)
    expect(keys.body.error.message).toContain('secret_key')
  })

  it("a user's agent tokens: listed to a viewer without their secrets; a revoke here is one there, audited, and the token stops working", async () => {
    const { userId, tokenId, secret } = await userWithAgentToken('test')
    const viewer = await signInMember(test, 'reader@example.com', 'viewer')
    const listed = await dashboardCall(test, viewer, 'GET', `/dashboard/api/test/users/${userId}/agent_tokens`)
    expect(listed.status).toBe(200)
    expect(listed.body.data.map((token: { id: string; status: string }) => [token.id, token.status])).toEqual([
      [tokenId, 'active'],
    ])
    expect(JSON.stringify(listed.body)).not.toContain(secret)
    // Another user's token is not this user's to revoke.
    const other = await userWithAgentToken('test')
    const foreign = await dashboardCall(
      test,
      owner,
      'POST',
      `/dashboard/api/test/users/${userId}/agent_tokens/${other.tokenId}/revoke`,
    )
    expect(foreign.status).toBe(404)
    expect(await tokenStatus('test', other.userId, other.tokenId)).toBe('active')
    const mcp = () =>
      fetch(`${test.sandbox}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${secret}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      })
    expect((await mcp()).status).toBe(200)
    const revoked = await dashboardCall(
      test,
      owner,
      'POST',
      `/dashboard/api/test/users/${userId}/agent_tokens/${tokenId}/revoke`,
    )
    expect([revoked.status, revoked.body.status]).toEqual([200, 'revoked'])
    expect((await mcp()).status).toBe(401)
    const audit = await dashboardCall(
      test,
      owner,
      'GET',
      `/dashboard/api/audit_log?action=agent_token.revoked&target=${tokenId}`,
    )
    expect(audit.body.data.map((entry: { actor: { email: string } }) => entry.actor.email)).toEqual([owner.email])
  })
})

describe('the pages’ data comes from the same use cases as the API', () => {
  it('a restricted key made in the dashboard shows its secret once and works on the API with its grants only', async () => {
    const created = await dashboardCall(test, owner, 'POST', '/dashboard/api/test/api_keys', {
      body: { name: 'Reporting', permissions: { users: 'read' }, allowed_ips: ['127.0.0.1'] },
    })
    expect(created.status).toBe(201)
    expect(created.body.secret).toMatch(/^rk_test_[0-9a-f]{48}$/)
    const listed = (await dashboardCall(test, owner, 'GET', '/dashboard/api/test/api_keys')).body.data
    expect(listed.find((key: { id: string }) => key.id === created.body.id)).not.toHaveProperty('secret')
    const users = await fetch(`${test.sandbox}/v1/users`, {
      headers: { authorization: `Bearer ${created.body.secret}` },
    })
    expect(users.status).toBe(200)
    const write = await fetch(`${test.sandbox}/v1/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.body.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com' }),
    })
    expect(write.status).toBe(403)
  })

  it('bad input gets the API’s own 400, naming the parameter', async () => {
    const answer = await dashboardCall(test, owner, 'POST', '/dashboard/api/test/api_keys', {
      body: { permissions: { users: 'admin' } },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error.param).toBe('permissions.users')
  })

  it("lists a user's upcoming events", async () => {
    const users = (await dashboardCall(test, owner, 'GET', '/dashboard/api/test/users')).body.data
    expect(users.length).toBeGreaterThan(0)
    const events = await dashboardCall(test, owner, 'GET', `/dashboard/api/test/users/${users[0].id}/events`)
    expect(events.status).toBe(200)
    expect(events.body.object).toBe('list')
  })

  it("a user's page and an event's page read the same records as GET /v1/users/{id} and /v1/events/{id}", async () => {
    const users = (await dashboardCall(test, owner, 'GET', '/dashboard/api/test/users?limit=1')).body
    expect(users.has_more).toBe(true)
    const second = await dashboardCall(
      test,
      owner,
      'GET',
      `/dashboard/api/test/users?limit=1&starting_after=${users.data[0].id}`,
    )
    expect(second.body.data[0].id).not.toBe(users.data[0].id)
    const user = await dashboardCall(test, owner, 'GET', `/dashboard/api/test/users/${users.data[0].id}`)
    expect(user.body).toMatchObject({ object: 'user', id: users.data[0].id })
    const created = await fetch(`${test.sandbox}/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        user_id: users.data[0].id,
        title: 'Dentist',
        start_time: '2031-01-01T10:00:00Z',
        end_time: '2031-01-01T11:00:00Z',
      }),
    })
    const event = (await created.json()) as { id: string }
    const page = await dashboardCall(test, owner, 'GET', `/dashboard/api/test/events/${event.id}`)
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ object: 'event', id: event.id, title: 'Dentist' })
    expect((await dashboardCall(test, owner, 'GET', '/dashboard/api/test/events/evt_missing')).status).toBe(404)
  })

  it('the sandbox clock is the sandbox’s only, read by every role and moved as advance_time moves it', async () => {
    const viewer = await signInMember(test, 'clock-reader@example.com', 'viewer')
    const before = await dashboardCall(test, viewer, 'GET', '/dashboard/api/test/test_clock')
    expect(before.status).toBe(200)
    const moved = await dashboardCall(test, owner, 'POST', '/dashboard/api/test/test_clock/advance', {
      body: { seconds: 3600 },
    })
    expect(moved.body.offset_seconds).toBe(before.body.offset_seconds + 3600)
    expect(Date.parse(moved.body.now) - Date.parse(before.body.now)).toBeGreaterThanOrEqual(3600_000)
    const bad = await dashboardCall(test, owner, 'POST', '/dashboard/api/test/test_clock/advance', {
      body: { seconds: 0 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.param).toBe('seconds')
    const live = await dashboardCall(test, owner, 'POST', '/dashboard/api/live/test_clock/advance', {
      body: { seconds: 60 },
    })
    expect(live.status).toBe(404)
    expect(live.body.error.code).toBe('route_not_found')
  })

  it('the overview charts this host’s counters and the account’s deliveries of the last 24 hours', async () => {
    const endpoint = (
      await dashboardCall(test, owner, 'POST', '/dashboard/api/test/webhook_endpoints', {
        body: { url: receiver.url, events: ['user.created'] },
      })
    ).body.id
    await dashboardCall(test, owner, 'POST', `/dashboard/api/test/webhook_endpoints/${endpoint}/test`)
    const read = await fetch(`${test.sandbox}/v1/users`, { headers: { authorization: `Bearer ${TEST_KEY}` } })
    expect(read.status).toBe(200)
    const overview = await dashboardCall(test, owner, 'GET', '/dashboard/api/test/overview')
    expect(overview.status).toBe(200)
    expect(overview.body.counters.source).toBe('host_counters')
    expect(overview.body.deliveries.source).toBe('account_records')
    // The host's counters: the requests this test service answered on the sandbox since its first sample.
    const points = overview.body.counters.points as { requests_test_2xx: number }[]
    expect(points.length).toBeGreaterThanOrEqual(1)
    expect(points.reduce((sum, point) => sum + point.requests_test_2xx, 0)).toBeGreaterThan(0)
    const hours = overview.body.deliveries.hours as { succeeded: number }[]
    expect(hours).toHaveLength(24)
    expect(hours.reduce((sum, hour) => sum + hour.succeeded, 0)).toBeGreaterThanOrEqual(1)
    // Latency quantiles of the sandbox's requests, in milliseconds: the p99 never under the p50.
    const latencies = (
      points as unknown as { latency_test_ms_p50: number | null; latency_test_ms_p99: number | null }[]
    ).filter((point) => point.latency_test_ms_p50 !== null)
    expect(latencies.length).toBeGreaterThanOrEqual(1)
    for (const point of latencies) {
      expect(point.latency_test_ms_p50).toBeGreaterThan(0)
      expect(point.latency_test_ms_p99).toBeGreaterThanOrEqual(point.latency_test_ms_p50 ?? 0)
    }
    expect(overview.body.counters.series).toEqual(
      expect.arrayContaining(['thresholds_reached', 'recompute_lag_seconds_p50', 'recompute_lag_seconds_p99']),
    )
    // A reading older than 30 seconds is answered at once, and a new one is made in the background.
    const moved = await dashboardCall(test, owner, 'POST', '/dashboard/api/test/test_clock/advance', {
      body: { seconds: 31 },
    })
    const movedAt = Date.parse(moved.body.now)
    const stale = await dashboardCall(test, owner, 'GET', '/dashboard/api/test/overview')
    expect(Date.parse(stale.body.deliveries.read_at)).toBeLessThanOrEqual(movedAt - 30_000)
    await vi.waitFor(
      async () => {
        const next = await dashboardCall(test, owner, 'GET', '/dashboard/api/test/overview')
        expect(Date.parse(next.body.deliveries.read_at)).toBeGreaterThanOrEqual(movedAt)
      },
      { timeout: 5000, interval: 20 },
    )
  })

  it('the overview counts the events the monitor watches, per account and surface', async () => {
    const monitored = async (mode: string) =>
      (await dashboardCall(test, owner, 'GET', `/dashboard/api/${mode}/overview`)).body.monitored_events
    const before = await monitored('test')
    expect(before).toMatchObject({ source: 'account_records', capped: false })
    const json = { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' }
    const user = await fetch(`${test.sandbox}/v1/users`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'watched@example.com', home_location: { lat: 52.52, lng: 13.405 } }),
    })
    const start = Date.now() + 5 * 3_600_000
    const event = await fetch(`${test.sandbox}/v1/events`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        user_id: (await user.json()).id,
        title: 'Watched',
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + 3_600_000).toISOString(),
        location: { name: 'Office', address: 'Friedrichstrasse 100, Berlin', lat: 52.5208, lng: 13.3874 },
      }),
    })
    expect(event.status).toBe(201)
    expect((await monitored('test')).count).toBe(before.count + 1)
    const live = await monitored('live')
    expect(
      await fetch(`${test.sandbox}/v1/events/${(await event.json()).id}`, { method: 'DELETE', headers: json }),
    ).toMatchObject({ status: 200 })
    expect((await monitored('test')).count).toBe(before.count)
    expect((await monitored('live')).count).toBe(live.count)
  })

  it('Connect lists the connected accounts and OAuth applications; Settings shows the pinned version', async () => {
    const created = await fetch(`${test.sandbox}/v1/connected_accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Clinic North' }),
    })
    expect(created.status).toBe(201)
    const accounts = await dashboardCall(test, owner, 'GET', '/dashboard/api/test/connected_accounts')
    expect(accounts.body.data.map((each: { name: string }) => each.name)).toContain('Clinic North')
    expect((await dashboardCall(test, owner, 'GET', '/dashboard/api/test/oauth_applications')).status).toBe(200)
    const developer = await signInMember(test, 'connect-dev@example.com', 'developer')
    expect((await dashboardCall(test, developer, 'GET', '/dashboard/api/live/oauth_applications')).status).toBe(403)
    const account = await dashboardCall(test, developer, 'GET', '/dashboard/api/account')
    expect(account.body).toMatchObject({ object: 'account', id: await accountIdOf(test) })
    expect(account.body.pinned_version).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('Connect lists the consent tickets issued, newest first, with their status, never the ticket; every role reads them', async () => {
    const sandbox = (path: string, body: unknown) =>
      fetch(`${test.sandbox}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }))
    const account = await sandbox('/v1/connected_accounts', { name: 'Clinic Tickets' })
    const redirect = 'http://127.0.0.1:9/callback'
    const application = await sandbox('/v1/oauth_applications', {
      name: 'Ticket Planner',
      client_type: 'confidential',
      redirect_uris: [redirect],
    })
    expect([account.status, application.status]).toEqual([201, 201])
    const issue = () =>
      sandbox('/v1/oauth_consent_tickets', { connected_account: account.body.id, client_id: application.body.id })
    const used = await issue()
    // The consent page shown for the first ticket, and its Allow pressed.
    const authorize = new URL('/oauth/authorize', test.sandbox)
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: application.body.id,
      redirect_uri: redirect,
      scope: 'users:read events:write',
      state: 'tickets',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      login_hint: used.body.ticket,
    }))
      authorize.searchParams.set(name, value)
    const page = await fetch(authorize)
    expect(page.status).toBe(200)
    const decided = await decideConsent(test.sandbox, await page.text())
    expect(decided.status).toBe(302)
    const pending = await issue()

    const viewer = await signInMember(test, 'tickets-viewer@example.com', 'viewer')
    const listed = await dashboardCall(test, viewer, 'GET', '/dashboard/api/test/oauth_consent_tickets?limit=2')
    expect(listed.status).toBe(200)
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        object: 'oauth_consent_ticket',
        client_id: application.body.id,
        connected_account: account.body.id,
        status: 'issued',
        decision: null,
        scopes: null,
        used_at: null,
        expires_at: pending.body.expires_at,
      }),
      expect.objectContaining({
        status: 'used',
        decision: 'allow',
        scopes: ['users:read', 'events:write'],
        used_at: expect.any(String),
      }),
    ])
    const text = JSON.stringify(listed.body)
    for (const ticket of [used.body.ticket, pending.body.ticket]) expect(text).not.toContain(ticket)
    // Paged as every list; production's are another surface's.
    const next = await dashboardCall(
      test,
      viewer,
      'GET',
      `/dashboard/api/test/oauth_consent_tickets?limit=1&starting_after=${listed.body.data[0].id}`,
    )
    expect(next.body.data.map((ticket: { id: string }) => ticket.id)).toEqual([listed.body.data[1].id])
    expect((await dashboardCall(test, viewer, 'GET', '/dashboard/api/live/oauth_consent_tickets')).body.data).toEqual(
      [],
    )
  })
})

describe('the sandbox page: what the sandbox sent, and the synthetic provider’s helpers', () => {
  it('lists the e-mails and pushes the sandbox recorded, newest first, paged; production has none of it', async () => {
    const accountId = await accountIdOf(test)
    const surface = test.service.application.surfaces.test
    for (let index = 0; index < 3; index++)
      await surface.memoryMail?.send({
        from: { address: 'service@example.com', name: null },
        to: { address: `guest${index}@example.com`, name: null },
        subject: `Invitation ${index}`,
        text: 'You are invited.',
        html: '<p>You are invited.</p>',
        calendar: null,
        headers: {},
        tags: { accountId, invitationId: `inv_${index}` },
      } as never)
    await surface.memoryMail?.send({
      from: { address: 'service@example.com', name: null },
      to: { address: 'elsewhere@example.com', name: null },
      subject: 'Another account',
      text: '',
      html: '',
      calendar: null,
      headers: {},
      tags: { accountId: 'acct_other', invitationId: 'inv_other' },
    } as never)
    const first = await dashboardCall(test, owner, 'GET', '/dashboard/api/test/sent_emails?limit=2')
    expect(first.status).toBe(200)
    expect(first.body.data.map((mail: { subject: string }) => mail.subject)).toEqual(['Invitation 2', 'Invitation 1'])
    expect(first.body.has_more).toBe(true)
    const next = await dashboardCall(
      test,
      owner,
      'GET',
      `/dashboard/api/test/sent_emails?limit=2&starting_after=${first.body.data[1].id}`,
    )
    expect(next.body.data.map((mail: { subject: string }) => mail.subject)).toContain('Invitation 0')
    expect(next.body.data.some((mail: { subject: string }) => mail.subject === 'Another account')).toBe(false)

    const pushes = surface.pushRecorder
    expect(pushes).not.toBeNull()
    await (pushes as unknown as { send: (device: unknown, message: unknown) => Promise<unknown> }).send(
      { id: 'dev_1', accountId, userId: 'usr_1', endpoint: 'https://push.example.com/send/1' },
      {
        title: 'Leave now',
        body: 'Leave for Design review',
        silent: false,
        ttlSeconds: 600,
        urgency: 'high',
        data: {},
        createdAt: new Date(),
      },
    )
    const listed = await dashboardCall(test, owner, 'GET', '/dashboard/api/test/push_messages')
    expect(listed.body.data[0]).toMatchObject({ object: 'push_message', title: 'Leave now', outcome: 'delivered' })

    for (const path of ['sent_emails', 'push_messages', 'connections'])
      expect((await dashboardCall(test, owner, 'GET', `/dashboard/api/live/${path}`)).body.error.code).toBe(
        'route_not_found',
      )
    // A viewer reads them (test helpers: read).
    const viewer = await signInMember(test, 'sandbox-viewer@example.com', 'viewer')
    expect((await dashboardCall(test, viewer, 'GET', '/dashboard/api/test/sent_emails')).status).toBe(200)
  })

  it('runs the synthetic provider’s helpers on a sandbox connection; a viewer may not', async () => {
    const connectionId = await providerHelpersConnection()
    expect(connectionId).toMatch(/^con_/)

    const listed = await dashboardCall(test, owner, 'GET', '/dashboard/api/test/connections')
    expect(listed.body.data.map((connection: { id: string }) => connection.id)).toContain(connectionId)

    const viewer = await signInMember(test, 'helpers-viewer@example.com', 'viewer')
    const refused = await dashboardCall(
      test,
      viewer,
      'POST',
      `/dashboard/api/test/connections/${connectionId}/revoke_grant`,
    )
    expect(refused.status).toBe(403)

    const outage = await dashboardCall(
      test,
      owner,
      'POST',
      `/dashboard/api/test/connections/${connectionId}/provider_outage`,
      { body: { enabled: 'yes' } },
    )
    expect(outage.status).toBe(400)
    expect(outage.body.error.param).toBe('enabled')
    const on = await dashboardCall(
      test,
      owner,
      'POST',
      `/dashboard/api/test/connections/${connectionId}/provider_outage`,
      {
        body: { enabled: true },
      },
    )
    expect(on.status).toBe(200)
    expect(
      (
        await dashboardCall(test, owner, 'POST', `/dashboard/api/test/connections/${connectionId}/provider_outage`, {
          body: { enabled: false },
        })
      ).status,
    ).toBe(200)
    expect(
      (await dashboardCall(test, owner, 'POST', `/dashboard/api/test/connections/${connectionId}/expire_sync_cursors`))
        .status,
    ).toBe(200)
    const revoked = await dashboardCall(
      test,
      owner,
      'POST',
      `/dashboard/api/test/connections/${connectionId}/revoke_grant`,
    )
    expect(revoked.status).toBe(200)
    expect(revoked.body).toMatchObject({ object: 'connection', id: connectionId })
    const unknown = await dashboardCall(test, owner, 'POST', '/dashboard/api/test/connections/con_missing/revoke_grant')
    expect(unknown.status).toBe(404)
    // Each helper run is in the audit log.
    const audit = await dashboardCall(test, owner, 'GET', '/dashboard/api/audit_log?limit=20')
    expect(audit.body.data.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining([
        'sandbox_provider.grant_revoked',
        'sandbox_provider.outage_set',
        'sandbox_provider.sync_cursors_expired',
      ]),
    )
  })
})
