import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_USERS } from '../../core/account/sandbox.js'
import type { BackgroundJob } from '../../core/background/background-job.js'
import { clients, startTestService, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>

beforeAll(async () => {
  test = await startTestService()
  client = clients(test)
})
afterAll(() => test.stop())

describe('Sandbox: seeded with synthetic users for every account', () => {
  it('lists the synthetic users on the sandbox and none on production', async () => {
    const sandbox = await client.sandbox('GET', '/v1/users?limit=100')
    const emails = sandbox.body.data.map((user: { email: string }) => user.email)
    for (const seed of SANDBOX_USERS) expect(emails).toContain(seed.email)
    const live = await client.live('GET', '/v1/users?limit=100')
    expect(live.body.data.map((user: { email: string }) => user.email)).not.toContain(SANDBOX_USERS[0].email)
  })
})

describe('POST /v1/test_helpers/advance_time', () => {
  it('is 404 on production', async () => {
    const response = await client.live('POST', '/v1/test_helpers/advance_time', { body: { seconds: 60 } })
    expect(response.status).toBe(404)
    expect(response.body.error.code).toBe('route_not_found')
  })

  it('validates seconds', async () => {
    for (const seconds of [0, -5, 1.5, 'ten']) {
      const response = await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds } })
      expect(response.status).toBe(400)
      expect(response.body.error.param).toBe('seconds')
    }
  })

  it('moves the account clock and runs, in order, every piece of work that falls due before answering', async () => {
    const seen: string[] = []
    const start = Date.now()
    // A job with work due every 10 minutes from now: advancing 35 minutes must run it at +10, +20 and +30.
    const job: BackgroundJob = {
      name: 'probe',
      intervalMs: 60_000,
      run: async (scope) => {
        const elapsedMinutes = Math.round((scope.clock.now().getTime() - start) / 60_000)
        if (elapsedMinutes > 0 && elapsedMinutes % 10 === 0 && !seen.includes(`+${elapsedMinutes}`)) {
          seen.push(`+${elapsedMinutes}`)
          return 1
        }
        return 0
      },
      nextDueAt: async (_scope, after) => {
        const elapsed = after.getTime() - start
        return new Date(start + (Math.floor(elapsed / 600_000) + 1) * 600_000)
      },
    }
    test.service.application.surfaces.test.backgroundJobs.push(job)
    const response = await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 35 * 60 } })
    test.service.application.surfaces.test.backgroundJobs.pop()
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ object: 'test_clock', offset_seconds: 2100, work_items_run: 3 })
    expect(seen).toEqual(['+10', '+20', '+30'])
    expect(Date.parse(response.body.now) - Date.now()).toBeGreaterThan(2090 * 1000)
  })

  it('makes later requests of the account see the moved clock (created_at)', async () => {
    const user = await client.sandbox('POST', '/v1/users', { body: { email: 'later@example.com' } })
    expect(Date.parse(user.body.created_at) - Date.now()).toBeGreaterThan(2000 * 1000)
  })
})
