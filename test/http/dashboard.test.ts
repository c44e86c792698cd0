import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MemberRole } from '../../core/dashboard/member.js'
import {
  accountIdOf,
  dashboardCall,
  signInLinkFor,
  signInMember,
  useSignInLink,
  type DashboardMember,
} from '../support/dashboard.js'
import { startTestService, type TestService } from '../support/service.js'
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

  const ACTIONS: readonly Action[] = [
    createKey('live'),
    createKey('test'),
    revokeKey('live'),
    revokeKey('test'),
    createEndpoint('live'),
    createEndpoint('test'),
    sendTest,
    replay,
    inviteMember,
    changeRole,
    removeMember,
  ]

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
})
