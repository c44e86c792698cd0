import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import axe from 'axe-core'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Clock } from '../../core/ports/clock.js'
import { runKeysCli } from '../../hosts/cli/keys.js'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.js'
import { accountIdOf } from '../support/dashboard.js'
import { buildDashboardForTests } from '../support/dashboard-build.js'
import { startOnKnownPorts, TEST_KEY, type TestService } from '../support/service.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

// SQLite in a directory of this file's own: the keys CLI, a separate application over the same files, makes the
// links the running service honours, as `npm run keys -- dashboard-link` beside `npm start` does.
let dataDir: string
let ui: Awaited<ReturnType<typeof buildDashboardForTests>>
let test: TestService
let browser: Browser
let env: Record<string, string>
let receiver: WebhookReceiver
/** The service's clock runs this far ahead of real time (the CLI's links are made on real time). */
let aheadMs = 0
const clock: Clock = { now: () => new Date(Date.now() + aheadMs) }

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dashboard-e2e-'))
  ui = await buildDashboardForTests()
  test = await startOnKnownPorts(({ port }) => {
    env = {
      STORAGE: 'sqlite',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DASHBOARD_ASSETS_DIR: ui.dir,
    }
    return env
  }, clock)
  receiver = await WebhookReceiver.start()
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await test?.stop()
  await receiver?.stop()
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

  it('the first owner signs in with the link the CLI printed, and lands on the overview', async () => {
    ownerLink = await cliLink('founder@example.com', 'owner')
    owner = await signInWith(ownerLink)
    await expect(owner.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Overview')
    await owner.getByRole('figure').first().waitFor()
    await expect(owner.getByText('founder@example.com (owner)').count()).resolves.toBe(1)
    const cookies = await owner.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'dashboard_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    })
  })

  it('creates a restricted key with permissions and an allowlist, and sees its secret once', async () => {
    await owner.getByRole('link', { name: 'API keys' }).click()
    await owner.getByRole('heading', { name: 'Create a restricted key' }).waitFor()
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

  it('invites a developer and a viewer from the Members page; each signs in through the e-mailed link, the viewer is refused a mutation', async () => {
    await owner.goto(`${test.live}/dashboard/members`)
    await owner.getByRole('heading', { name: 'Invite a member' }).waitFor()
    for (const [email, role] of [
      ['dev@example.com', 'developer'],
      ['watcher@example.com', 'viewer'],
    ] as const) {
      await owner.getByLabel('E-mail address').fill(email)
      await owner.getByLabel('Role', { exact: true }).selectOption(role)
      await owner.getByRole('button', { name: 'Send invitation' }).click()
      await owner.getByRole('row').filter({ hasText: email }).filter({ hasText: 'invited' }).waitFor()
    }
    // The links went out through the mail adapter (the embedded one keeps what it sent).
    const accountId = await accountIdOf(test)
    const linkFor = (email: string) => {
      const mail = test.service.application.surfaces.live.memoryMail
        ?.list(accountId)
        .find((sent) => sent.mail.to.address === email)
      const link = mail?.mail.text.match(/https?:\/\/\S+\/dashboard\/sign-in\?token=[0-9a-f]{64}/)?.[0]
      expect(link, email).toBeDefined()
      return link ?? ''
    }
    const developer = await signInWith(linkFor('dev@example.com'))
    // Waits for the signed-in page (a strict locator: exactly one such element).
    await developer.getByText('dev@example.com (developer)').waitFor()
    const viewer = await signInWith(linkFor('watcher@example.com'))
    await viewer.getByText('watcher@example.com (viewer)').waitFor()
    await owner.reload()
    await owner.getByRole('row').filter({ hasText: 'dev@example.com' }).filter({ hasText: 'active' }).waitFor()
    await owner.getByRole('row').filter({ hasText: 'watcher@example.com' }).filter({ hasText: 'active' }).waitFor()

    // The developer may make a restricted key on the sandbox; the viewer may not, and nothing is made.
    await developer.goto(`${test.live}/dashboard/test/keys`)
    await developer.getByLabel('Name', { exact: true }).fill('Made by the developer')
    await developer.getByRole('button', { name: 'Create key' }).click()
    expect(await developer.getByTestId('secret').textContent()).toMatch(/^rk_test_/)
    // The viewer may look at the sandbox clock but not move it: the server refuses, and the clock stays.
    await viewer.goto(`${test.live}/dashboard/test/sandbox`)
    const shown = viewer.getByTestId('sandbox-now')
    await expect.poll(async () => shown.textContent()).toMatch(/^\d{4}-/)
    const offset = () =>
      viewer.evaluate(async () => (await (await fetch('/dashboard/api/test/test_clock')).json()).offset_seconds)
    const offsetBefore = await offset()
    await viewer.getByRole('button', { name: '+1 week' }).click()
    await expect(viewer.getByRole('alert').textContent()).resolves.toContain('Your role (viewer) does not allow this')
    await viewer.reload()
    await expect.poll(async () => shown.textContent()).toMatch(/^\d{4}-/)
    expect(await offset()).toBe(offsetBefore)
    await developer.context().close()
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

  it('rolls a key: the new secret shown once, the old key working on until its expiry', async () => {
    await owner.goto(`${test.live}/dashboard/keys`)
    const row = owner.getByRole('row').filter({ hasText: 'Reporting' })
    await row.getByLabel('Old key stops').selectOption({ label: 'in 24 hours' })
    await row.getByRole('button', { name: /^Roll / }).click()
    const secret = (await owner.getByTestId('secret').textContent()) ?? ''
    expect(secret).toMatch(/^rk_live_[0-9a-f]{48}$/)
    await owner.getByRole('row').filter({ hasText: 'expires' }).filter({ hasText: 'Reporting' }).first().waitFor()
    const users = await fetch(`${test.live}/v1/users`, { headers: { authorization: `Bearer ${secret}` } })
    expect(users.status).toBe(200)
    await owner.getByRole('button', { name: 'Done' }).click()
  })

  it('a failed delivery is replayed from the dashboard and seen succeeding; the endpoint is edited, disabled, its secret rolled, deleted', async () => {
    receiver.behave = () => ({ status: 500 })
    await owner.goto(`${test.live}/dashboard/test/webhooks`)
    await owner.getByLabel('URL').fill(receiver.url)
    await owner.getByRole('button', { name: 'Add endpoint' }).click()
    expect(await owner.getByTestId('secret').textContent()).toMatch(/^whsec_/)
    await owner.getByRole('button', { name: 'Done' }).click()
    await owner.getByRole('button', { name: receiver.url, exact: true }).click()
    await owner.getByRole('button', { name: 'Send test' }).click()
    const deliveries = owner.getByRole('region', { name: `Deliveries to ${receiver.url}` })
    await deliveries.getByRole('row').filter({ hasText: 'retrying' }).waitFor()
    expect(await deliveries.getByRole('row').filter({ hasText: 'succeeded' }).count()).toBe(0)
    receiver.behave = () => ({ status: 200 })
    await deliveries
      .getByRole('button', { name: /^Replay / })
      .first()
      .click()
    await deliveries.getByRole('row').filter({ hasText: 'replay' }).filter({ hasText: 'succeeded' }).waitFor()

    await owner.getByRole('button', { name: 'Edit', exact: true }).click()
    await owner.getByLabel('Description').fill('Billing hooks')
    await owner.getByRole('button', { name: 'Save endpoint' }).click()
    await owner.getByText(/Billing hooks/).waitFor()
    await owner.getByRole('button', { name: `Disable ${receiver.url}` }).click()
    await owner.getByRole('button', { name: `Enable ${receiver.url}` }).waitFor()
    await owner.getByRole('button', { name: `Roll the signing secret of ${receiver.url}` }).click()
    expect(await owner.getByTestId('secret').textContent()).toMatch(/^whsec_/)
    await owner.getByText(/previous secret signs until/).waitFor()
    await owner.getByRole('button', { name: 'Done' }).click()
    owner.once('dialog', (dialog) => dialog.accept())
    await owner.getByRole('button', { name: `Delete ${receiver.url}` }).click()
    await owner.getByText('No webhook endpoints on this surface.').waitFor()
  })

  it('the sandbox page shows the sandbox clock, and advancing it moves what the page shows', async () => {
    await owner.goto(`${test.live}/dashboard/test/sandbox`)
    const shown = owner.getByTestId('sandbox-now')
    await expect.poll(async () => shown.textContent()).toMatch(/^\d{4}-/)
    const before = Date.parse(`${await shown.textContent()}Z`)
    await owner.getByRole('button', { name: '+1 day' }).click()
    await expect
      .poll(async () => shown.textContent())
      .not.toBe(new Date(before).toISOString().replace('T', ' ').slice(0, 19))
    const after = Date.parse(`${await shown.textContent()}Z`)
    expect(after - before).toBeGreaterThanOrEqual(86_400_000)
    await owner.getByText(/ahead of real time/).waitFor()
    // What the sandbox sent, and the synthetic provider: reached with the keyboard.
    await owner.getByRole('heading', { name: 'Sent e-mails' }).waitFor()
    await owner.getByRole('heading', { name: 'Push messages' }).waitFor()
    await owner.getByRole('heading', { name: 'Synthetic provider' }).waitFor()
    await owner.getByRole('button', { name: 'Refresh e-mails' }).focus()
    await owner.keyboard.press('Enter')
    await owner
      .getByText(/No e-mail sent on the sandbox yet|E-mails the sandbox recorded/)
      .first()
      .waitFor()
    // Production has no sandbox clock: its navigation has no Sandbox page.
    await owner.goto(`${test.live}/dashboard/`)
    await owner.getByRole('heading', { level: 1 }).waitFor()
    expect(await owner.getByRole('link', { name: 'Sandbox' }).count()).toBe(0)
  })

  it('lists page as the API pages: Next page shows the following rows, Previous page the first again', async () => {
    for (let index = 0; index < 30; index++) {
      const answer = await fetch(`${test.sandbox}/v1/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `paged-${index}@example.com` }),
      })
      expect(answer.status).toBe(201)
    }
    await owner.goto(`${test.live}/dashboard/test/users`)
    const firstRow = owner.getByRole('row').nth(1)
    await firstRow.waitFor()
    const first = await firstRow.textContent()
    const pager = owner.getByRole('navigation', { name: 'Pages of users' })
    await pager.getByRole('button', { name: 'Next page' }).click()
    await pager.getByText('Page 2').waitFor()
    await expect.poll(async () => owner.getByRole('row').nth(1).textContent()).not.toBe(first)
    await pager.getByRole('button', { name: 'Previous page' }).click()
    await pager.getByText('Page 1').waitFor()
    await expect.poll(async () => owner.getByRole('row').nth(1).textContent()).toBe(first)
  })

  /** The user of the event without a location (the first in the list when it was made). */
  let boardMeetingUser = ''

  it("a user's page lists their upcoming events, and an event's page shows its departure", async () => {
    await owner.goto(`${test.live}/dashboard/test/users`)
    const first = owner.getByRole('row').nth(1).getByRole('link')
    const userPath = await first.getAttribute('href')
    const userId = userPath?.split('/').at(-1) ?? ''
    boardMeetingUser = userId
    const created = await fetch(`${test.sandbox}/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        user_id: userId,
        title: 'Board meeting',
        start_time: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        end_time: new Date(Date.now() + 30 * 86_400_000 + 3_600_000).toISOString(),
      }),
    })
    expect(created.status).toBe(201)
    const minted = await fetch(`${test.sandbox}/v1/users/${userId}/agent_tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ permissions: { events: 'read' } }),
    })
    expect(minted.status).toBe(201)
    const token = (await minted.json()) as { redacted_token: string; secret: string }
    await first.click()
    await owner.waitForURL(`${test.live}/dashboard/test/users/${userId}`)
    // The user's agent token: listed by its redacted form (never its secret), and revoked from here.
    const tokens = owner.getByRole('table', { name: 'Agent tokens' })
    await tokens.getByText(token.redacted_token).waitFor()
    expect(await owner.content()).not.toContain(token.secret)
    owner.once('dialog', (dialog) => dialog.accept())
    await owner.getByRole('button', { name: `Revoke ${token.redacted_token}` }).click()
    await tokens.getByRole('row').filter({ hasText: token.redacted_token }).filter({ hasText: 'revoked' }).waitFor()
    await owner.getByRole('link', { name: 'Board meeting' }).click()
    await owner.getByRole('heading', { name: 'Departure', exact: true }).waitFor()
    await expect(owner.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Event')
    await owner.getByText('Board meeting').first().waitFor()
  })

  /** An event with a location on a user with a home: monitored, its departure recomputed as the sandbox clock moves. */
  let chartedEvent = ''

  it("the sandbox clock advanced and an event's departure chart gaining a point", async () => {
    const json = { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' }
    const user = await fetch(`${test.sandbox}/v1/users`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        email: 'charted@example.com',
        home_location: { lat: 52.52, lng: 13.405 },
        timezone: 'Europe/Berlin',
      }),
    })
    expect(user.status).toBe(201)
    // The sandbox clock already runs ahead (an earlier case moved it): the event starts 5 hours after its time.
    await owner.goto(`${test.live}/dashboard/test/sandbox`)
    const shown = owner.getByTestId('sandbox-now')
    await expect.poll(async () => shown.textContent()).toMatch(/^\d{4}-/)
    const sandboxNow = Date.parse(`${await shown.textContent()}Z`)
    const created = await fetch(`${test.sandbox}/v1/events`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        user_id: (await user.json()).id,
        title: 'Design review',
        start_time: new Date(sandboxNow + 5 * 3_600_000).toISOString(),
        end_time: new Date(sandboxNow + 6 * 3_600_000).toISOString(),
        location: { name: 'Office', address: 'Friedrichstrasse 100, Berlin', lat: 52.5208, lng: 13.3874 },
      }),
    })
    expect(created.status).toBe(201)
    chartedEvent = `${test.live}/dashboard/test/events/${(await created.json()).id}`

    const chart = owner.getByRole('figure', { name: /Departure window/ })
    const rows = owner.getByRole('table', { name: 'Departure recomputes' }).locator('tbody tr')
    const points = async () => Number(await chart.getAttribute('data-points'))
    await owner.goto(chartedEvent)
    await chart.locator('canvas').waitFor()
    const before = await points()
    expect(before).toBeGreaterThanOrEqual(1)
    expect(await rows.count()).toBe(before)

    await owner.goto(`${test.live}/dashboard/test/sandbox`)
    await expect.poll(async () => shown.textContent()).toMatch(/^\d{4}-/)
    const movedFrom = await shown.textContent()
    await owner.getByRole('button', { name: '+1 hour' }).click()
    await expect.poll(async () => shown.textContent()).not.toBe(movedFrom)

    await owner.goto(chartedEvent)
    await chart.locator('canvas').waitFor()
    await expect.poll(points).toBeGreaterThan(before)
    expect(await rows.count()).toBe(await points())
    // The new point is the sweep's recompute on the way through the hour, not one made by reading the page.
    expect(await rows.first().locator('td').last().textContent()).toBe('scheduled')
    // The weather and the thresholds of each recompute: charted beside the window, and in the table.
    const conditions = owner.getByRole('figure', { name: /Weather and departure thresholds/ })
    await conditions.locator('canvas').waitFor()
    expect(Number(await conditions.getAttribute('data-points'))).toBe(await points())
    expect(await rows.first().locator('td').nth(6).textContent()).toMatch(/°C|—/)
    expect(await rows.first().locator('td').nth(7).textContent()).toMatch(/none yet|pre-alert|leave now|last call/)
  })

  const PAGES = [
    'overview',
    'keys',
    'webhooks',
    'users',
    'connect',
    'members',
    'settings',
    'test/overview',
    'test/webhooks',
    'test/sandbox',
  ]

  it('no page has a serious or critical accessibility violation (axe-core)', async () => {
    const found: string[] = []
    const check = async (page: Page, name: string) => {
      // Evaluated through the DevTools protocol: the page's CSP (no inline script) stays as it is.
      await page.evaluate(axe.source)
      const { violations, passes } = await page.evaluate(async () => {
        const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        })
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
        return { violations: serious, passes: results.passes.length }
      })
      // axe ran its rules over the page (a page it could not read would pass nothing).
      expect(passes, name).toBeGreaterThan(10)
      found.push(...violations.map((violation) => `${name}: ${violation}`))
    }
    await owner.setViewportSize({ width: 1440, height: 900 })
    for (const path of PAGES) {
      await owner.goto(`${test.live}/dashboard/${path}`)
      await owner.getByRole('heading', { level: 1 }).waitFor()
      await owner.waitForLoadState('networkidle')
      await check(owner, path)
    }
    await owner.goto(`${test.live}/dashboard/test/users/${boardMeetingUser}`)
    await owner.getByRole('heading', { name: 'Upcoming events' }).waitFor()
    await owner.waitForLoadState('networkidle')
    await check(owner, 'user')
    await owner.getByRole('link', { name: 'Board meeting' }).click()
    await owner.getByRole('heading', { name: 'Departure', exact: true }).waitFor()
    await check(owner, 'event')
    await owner.goto(chartedEvent)
    await owner
      .getByRole('figure', { name: /Departure window/ })
      .locator('canvas')
      .waitFor()
    await check(owner, 'event with its departure chart')
    const stranger = await browser.newContext()
    const signIn = await stranger.newPage()
    await signIn.goto(`${test.live}/dashboard/`)
    await signIn.getByRole('heading', { level: 1 }).waitFor()
    await check(signIn, 'sign-in')
    await stranger.close()
    expect(found).toEqual([])
  }, 120_000)

  it('works at 390 px: nothing wider than the screen', async () => {
    await owner.setViewportSize({ width: 390, height: 844 })
    for (const path of PAGES) {
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
