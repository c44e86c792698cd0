import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runKeysCli } from '../../hosts/cli/keys.js'
import type { Clock } from '../../core/ports/clock.js'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.js'
import { buildDashboardForTests } from '../support/dashboard-build.js'
import { freePort, startTestService, type TestService } from '../support/service.js'

// SQLite in a directory of this file's own: the keys CLI, a separate application over the same files, makes the
// links the running service honours, as `npm run keys -- dashboard-link` beside `npm start` does.
let dataDir: string
let ui: Awaited<ReturnType<typeof buildDashboardForTests>>
let test: TestService
let browser: Browser
let env: Record<string, string>
/** The service's clock runs this far ahead of real time (the CLI's links are made on real time). */
let aheadMs = 0
const clock: Clock = { now: () => new Date(Date.now() + aheadMs) }

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dashboard-e2e-'))
  ui = await buildDashboardForTests()
  const port = await freePort()
  env = {
    STORAGE: 'sqlite',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DASHBOARD_ASSETS_DIR: ui.dir,
  }
  test = await startTestService(env, clock)
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await test?.stop()
  ui?.remove()
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
})

/** `npm run keys -- dashboard-link --email EMAIL --role ROLE`, over the service's own data directory. */
const cliLink = async (email: string, role: string): Promise<string> => {
  const lines: string[] = []
  const code = await runKeysCli(
    ['dashboard-link', '--email', email, '--role', role],
    { ...env, LOG_LEVEL: 'silent', SANDBOX_PORT: '0' },
    (line) => lines.push(line),
  )
  expect(code).toBe(0)
  const link = lines.find((line) => line.includes('/dashboard/sign-in?token='))
  expect(link?.startsWith(`${test.live}/dashboard/sign-in?token=`)).toBe(true)
  return link ?? ''
}

/** Opens a link in a fresh browser context (a person's own browser) and presses its one button. */
const signInWith = async (link: string): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await page.goto(link)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(`${test.live}/dashboard/`)
  return page
}

describe('the dashboard in Chromium, from the first owner’s CLI link on', () => {
  let owner: Page
  let ownerLink: string

  it('the first owner signs in with the link the CLI printed, and lands on the API keys page', async () => {
    ownerLink = await cliLink('founder@example.com', 'owner')
    owner = await signInWith(ownerLink)
    await expect(owner.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('API keys')
    await expect(owner.getByText('founder@example.com (owner)').count()).resolves.toBe(1)
    const cookies = await owner.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'dashboard_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    })
  })

  it('creates a restricted key with permissions and an allowlist, and sees its secret once', async () => {
    await owner.getByLabel('Name', { exact: true }).fill('Reporting')
    await owner.getByLabel('users', { exact: true }).selectOption('read')
    await owner.getByLabel('events', { exact: true }).selectOption('write')
    await owner.getByLabel(/Allowed addresses/).fill('127.0.0.1, 10.0.0.0/8')
    await owner.getByRole('button', { name: 'Create key' }).click()
    const secret = (await owner.getByTestId('secret').textContent()) ?? ''
    expect(secret).toMatch(/^rk_live_[0-9a-f]{48}$/)
    const row = owner.getByRole('row').filter({ hasText: 'Reporting' })
    await expect(row.textContent()).resolves.toContain('users:read, events:write')
    await expect(row.textContent()).resolves.toContain('127.0.0.1, 10.0.0.0/8')
    // The key works on the API, with its grants.
    const users = await fetch(`${test.live}/v1/users`, { headers: { authorization: `Bearer ${secret}` } })
    expect(users.status).toBe(200)
    await owner.getByRole('button', { name: 'Done' }).click()
    expect(await owner.getByTestId('secret').count()).toBe(0)
    await owner.reload()
    await owner.getByRole('row').filter({ hasText: 'Reporting' }).waitFor()
    expect(await owner.content()).not.toContain(secret)
  })

  it('the used link does not sign in again', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(ownerLink)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This sign-in link does not work')
    expect((await context.cookies()).some((cookie) => cookie.name === 'dashboard_session')).toBe(false)
    await context.close()
  })

  it('a link older than 15 minutes does not sign in', async () => {
    const link = await cliLink('late@example.com', 'developer')
    aheadMs = 16 * 60_000
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(link)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'This sign-in link does not work',
      )
      await context.close()
    } finally {
      aheadMs = 0
    }
  })

  it('in test mode the banner says so, and the keyboard reaches every page', async () => {
    await owner.goto(`${test.live}/dashboard/test/keys`)
    await expect(owner.getByRole('status').first().textContent()).resolves.toContain('Test mode')
    const webhooks = owner.getByRole('link', { name: 'Webhooks' })
    await webhooks.focus()
    await owner.keyboard.press('Enter')
    await owner.waitForURL(`${test.live}/dashboard/test/webhooks`)
    await expect(owner.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Webhooks')
  })

  it('a viewer is refused a mutation by the server, and nothing is made', async () => {
    const viewer = await signInWith(await cliLink('reader@example.com', 'viewer'))
    await viewer.goto(`${test.live}/dashboard/test/webhooks`)
    await viewer.getByLabel('URL').fill('https://example.com/hooks')
    await viewer.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(viewer.getByRole('alert').textContent()).resolves.toContain('Your role (viewer) does not allow this')
    await expect(viewer.getByText('No webhook endpoints on this surface.').count()).resolves.toBe(1)
    await viewer.context().close()
  })

  it('refuses a mutation without the CSRF token, and one from another origin of the same site', async () => {
    const status = await owner.evaluate(async () => {
      const answer = await fetch('/dashboard/api/test/api_keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'forged', permissions: { users: 'write' } }),
      })
      return answer.status
    })
    expect(status).toBe(403)
    // The sandbox's port is another origin of the same site: the Strict cookie goes along, the Origin check refuses.
    await owner.goto(`${test.sandbox}/v1/health`)
    await owner.evaluate(async (target) => {
      await fetch(target, {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'include',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ name: 'forged', permissions: { users: 'write' } }),
      })
    }, `${test.live}/dashboard/api/test/api_keys`)
    await owner.goto(`${test.live}/dashboard/test/keys`)
    await owner.getByRole('heading', { level: 1 }).waitFor()
    await owner
      .getByText(/sk_test_/)
      .first()
      .waitFor()
    expect(await owner.getByText('forged').count()).toBe(0)
  })

  it('works at 390 px: nothing wider than the screen', async () => {
    await owner.setViewportSize({ width: 390, height: 844 })
    for (const path of ['keys', 'test/webhooks', 'users', 'members']) {
      await owner.goto(`${test.live}/dashboard/${path}`)
      await owner.getByRole('heading', { level: 1 }).waitFor()
      const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      const wide = await owner.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .map((element) => `${element.tagName}.${element.className}`)
          .slice(0, 8)
          .join(' '),
      )
      expect(overflow, `${path}: ${wide}`).toBeLessThanOrEqual(0)
    }
  })
})
