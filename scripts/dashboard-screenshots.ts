/**
 * Screenshots of the dashboard's real pages for docs/dashboard.md: `npm run docs:screenshots`.
 *
 * Builds the UI, starts the service in memory on a clock of its own, signs an owner in, makes some data through the
 * API and the dashboard (a restricted key, a webhook endpoint with a failed and a replayed delivery, half an hour of
 * requests, a refused request, an event whose departure is recomputed as the sandbox clock moves), then photographs
 * the pages with Debian's Chromium (playwright-core) into docs/images/.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium, type Locator, type Page } from 'playwright-core'
import type { Clock } from '../core/ports/clock.js'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/chromium.js'
import { dashboardCall, signInMember } from '../test/support/dashboard.js'
import { buildDashboardForTests } from '../test/support/dashboard-build.js'
import { startTestService, TEST_KEY } from '../test/support/service.js'
import { WebhookReceiver } from '../test/support/webhook-receiver.js'

const OUT = fileURLToPath(new URL('../docs/images/', import.meta.url))
/** A page to photograph: where it is, and what to do there before (the viewport is what is photographed). */
interface Shot {
  readonly file: string
  readonly path: string
  readonly prepare: (page: Page) => Promise<void>
}

/** Scrolls the page so that this element is at the top of the viewport. */
const atTop = (element: Locator) => element.evaluate((node) => node.scrollIntoView({ block: 'start' }))

const firstOf = (role: Parameters<Page['getByRole']>[0]) => async (page: Page) =>
  page.getByRole(role).first().waitFor()

let aheadMs = 0
const clock: Clock = { now: () => new Date(Date.now() + aheadMs) }

const main = async () => {
  mkdirSync(OUT, { recursive: true })
  const ui = await buildDashboardForTests()
  const receiver = await WebhookReceiver.start()
  const test = await startTestService({ DASHBOARD_ASSETS_DIR: ui.dir }, clock)
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  try {
    const owner = await signInMember(test, 'owner@example.com', 'owner')
    const call = (method: string, path: string, body?: unknown) =>
      dashboardCall(test, owner, method, `/dashboard/api/test${path}`, body === undefined ? {} : { body })
    await call('POST', '/api_keys', { name: 'Reporting', permissions: { users: 'read', events: 'read' } })
    await call('POST', '/api_keys', { name: 'Mobile app', permissions: { events: 'write', devices: 'write' } })
    const endpoint = (await call('POST', '/webhook_endpoints', { url: receiver.url, events: ['*'] })).body.id
    // Half an hour of traffic, one overview sample a minute: answered requests, a few refusals.
    for (let minute = 0; minute < 30; minute++) {
      const requests = 4 + ((minute * 7) % 11)
      for (let index = 0; index < requests; index++)
        await fetch(`${test.sandbox}/v1/users${index % 5 === 4 ? '/usr_missing' : ''}`, {
          headers: { authorization: `Bearer ${TEST_KEY}` },
        })
      if (minute % 6 === 0) {
        receiver.behave = () => ({ status: minute % 12 === 0 ? 500 : 200 })
        await call('POST', `/webhook_endpoints/${endpoint}/test`)
      }
      aheadMs += 60_000
      await call('GET', '/overview')
    }
    receiver.behave = () => ({ status: 200 })
    const failed = (await call('GET', `/webhook_endpoints/${endpoint}/deliveries`)).body.data.find(
      (delivery: { status: string }) => delivery.status !== 'succeeded',
    )
    if (failed !== undefined) await call('POST', `/webhook_endpoints/${endpoint}/deliveries/${failed.id}/replay`)

    // A request refused with 400, with its bodies (the sandbox keeps them).
    const refused = await fetch(`${test.sandbox}/v1/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada.example.com', display_name: 'Ada', timezone: 'Europe/Berlin' }),
    })
    const refusedId = (await refused.json()).request_id as string

    // A morning commute from Potsdam into Berlin, its departure recomputed every 20 minutes of the sandbox clock over
    // the three hours before it (the clock first moved to then).
    const sandbox = async (method: string, path: string, body?: unknown) =>
      (
        await fetch(`${test.sandbox}${path}`, {
          method,
          headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
      ).json()
    const user = await sandbox('POST', '/v1/users', {
      email: 'commuter@example.com',
      display_name: 'Commuter',
      timezone: 'Europe/Berlin',
      home_location: { lat: 52.3906, lng: 13.0645 },
    })
    const start = new Date(clock.now().getTime() + 2 * 86_400_000)
    start.setUTCHours(8, 0, 0, 0)
    const event = await sandbox('POST', '/v1/events', {
      user_id: user.id,
      title: 'Board meeting',
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
      location: { name: 'Office', address: 'Friedrichstrasse 100, Berlin', lat: 52.5208, lng: 13.3874 },
    })
    const sandboxNow = Date.parse((await call('GET', '/test_clock')).body.now)
    const ahead = Math.floor((start.getTime() - 3 * 3_600_000 - sandboxNow) / 1000)
    await call('POST', '/test_clock/advance', { seconds: ahead })
    for (let step = 0; step < 8; step++) {
      await sandbox('POST', `/v1/events/${event.id}/departure/recompute`)
      await call('POST', '/test_clock/advance', { seconds: 20 * 60 })
    }

    const shots: readonly Shot[] = [
      { file: 'dashboard-overview.png', path: 'test/overview', prepare: firstOf('figure') },
      {
        file: 'dashboard-webhooks.png',
        path: 'test/webhooks',
        prepare: async (page) => {
          await page.getByRole('button', { name: receiver.url, exact: true }).click()
          await page.getByRole('region').first().waitFor()
        },
      },
      { file: 'dashboard-keys.png', path: 'test/keys', prepare: firstOf('table') },
      { file: 'dashboard-sandbox.png', path: 'test/sandbox', prepare: firstOf('spinbutton') },
      { file: 'dashboard-settings.png', path: 'settings', prepare: firstOf('checkbox') },
      {
        file: 'dashboard-request-log.png',
        path: 'test/logs',
        prepare: async (page) => {
          await page.getByLabel('Request id').fill(refusedId)
          await page.getByRole('button', { name: 'Search' }).click()
          await page.getByTestId('response-body').waitFor()
          await atTop(page.getByRole('heading', { name: `Request ${refusedId}` }))
        },
      },
      {
        file: 'dashboard-departure-history.png',
        path: `test/events/${event.id}`,
        prepare: async (page) => {
          await page.locator('figure.chart').first().waitFor()
          await atTop(page.getByRole('heading', { name: 'Departure history of Board meeting' }))
        },
      },
    ]

    await dashboardCall(test, owner, 'PATCH', '/dashboard/api/account', { body: { name: 'Acme Rides' } })

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addCookies([
      { name: owner.cookie.split('=')[0] ?? '', value: owner.cookie.split('=')[1] ?? '', url: test.live },
    ])
    const page = await context.newPage()
    for (const each of shots) {
      await page.goto(`${test.live}/dashboard/${each.path}`)
      await each.prepare(page)
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: `${OUT}${each.file}`, fullPage: false })
      console.log(`docs/images/${each.file}`)
    }
  } finally {
    await browser.close()
    await test.stop()
    await receiver.stop()
    ui.remove()
  }
}

await main()
