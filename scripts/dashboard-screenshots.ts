/**
 * Screenshots of the dashboard's real pages for docs/dashboard.md: `npm run docs:screenshots`.
 *
 * Builds the UI, starts the service in memory on a clock of its own, signs an owner in, makes some data through the
 * API and the dashboard (a restricted key, a webhook endpoint with a failed and a replayed delivery, half an hour of
 * requests), then photographs the pages with Debian's Chromium (playwright-core) into docs/images/.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import type { Clock } from '../core/ports/clock.js'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/chromium.js'
import { dashboardCall, signInMember } from '../test/support/dashboard.js'
import { buildDashboardForTests } from '../test/support/dashboard-build.js'
import { startTestService, TEST_KEY } from '../test/support/service.js'
import { WebhookReceiver } from '../test/support/webhook-receiver.js'

const OUT = fileURLToPath(new URL('../docs/images/', import.meta.url))
const PAGES = [
  { file: 'dashboard-overview.png', path: 'test/overview', ready: 'figure' },
  { file: 'dashboard-webhooks.png', path: 'test/webhooks', ready: 'region' },
  { file: 'dashboard-keys.png', path: 'test/keys', ready: 'table' },
  { file: 'dashboard-sandbox.png', path: 'test/sandbox', ready: 'spinbutton' },
] as const

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

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addCookies([
      { name: owner.cookie.split('=')[0] ?? '', value: owner.cookie.split('=')[1] ?? '', url: test.live },
    ])
    const page = await context.newPage()
    for (const each of PAGES) {
      await page.goto(`${test.live}/dashboard/${each.path}`)
      if (each.ready === 'region') await page.getByRole('button', { name: receiver.url, exact: true }).click()
      await page.getByRole(each.ready).first().waitFor()
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
