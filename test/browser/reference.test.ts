import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.js'
import { startOnKnownPorts, TEST_KEY, type TestService } from '../support/service.js'

let test: TestService
let browser: BrowserContext
let profile: string
/** Requests the page tried to send anywhere but the service (each one aborted), and CSP complaints. */
const foreign: string[] = []
const violations: string[] = []

beforeAll(async () => {
  // Fixed ports: the document's servers name the service's public addresses.
  test = await startOnKnownPorts(() => ({}))
  profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'))
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  })
  await browser.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue()
    foreign.push(url.href)
    return route.abort()
  })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  if (profile !== undefined) rmSync(profile, { recursive: true, force: true })
  await test?.stop()
})

describe('the interactive reference at /docs', () => {
  it('renders every tag from this process alone', async () => {
    const page = await browser.newPage()
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await page.goto(`${test.sandbox}/docs`)
    const document = (await (await fetch(`${test.sandbox}/v1/openapi.json`)).json()) as { tags: { name: string }[] }
    for (const tag of document.tags)
      await page.getByText(tag.name, { exact: true }).first().waitFor({ timeout: 20_000 })
    // Nothing that needs Scalar's own servers is offered.
    expect(await page.getByText('Ask AI').count()).toBe(0)
    expect(await page.getByText('Generate MCP').count()).toBe(0)
    expect(foreign).toEqual([])
    expect(violations).toEqual([])
    await page.close()
  }, 60_000)

  it('tries a call against the sandbox with a test key', async () => {
    const page = await browser.newPage()
    await page.goto(`${test.sandbox}/docs`)
    await page.getByPlaceholder('Token').first().fill(TEST_KEY)
    await page.getByText('Health check', { exact: true }).first().click()
    await page
      .getByRole('button', { name: /Test Request/i })
      .first()
      .click()
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/v1/health' && response.request().headers().authorization !== undefined,
    )
    await page.getByRole('button', { name: /^Send/ }).first().click()
    const response = await answered
    expect(response.status()).toBe(200)
    expect(response.request().headers().authorization).toBe(`Bearer ${TEST_KEY}`)
    expect(new URL(response.url()).origin).toBe(test.sandbox)
    expect(((await response.json()) as { livemode: boolean }).livemode).toBe(false)
    expect(foreign).toEqual([])
    await page.close()
  }, 60_000)
})
