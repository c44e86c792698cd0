import axe from 'axe-core'
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.js'
import { signInLinkFor } from '../support/dashboard.js'
import { buildDashboardForTests } from '../support/dashboard-build.js'
import { clients, startOnKnownPorts, type TestService } from '../support/service.js'

// WebAuthn refuses an IP address as the relying party: the dashboard's public address is `localhost`, which
// Chromium is told to resolve to the loopback address the service listens on.
let ui: Awaited<ReturnType<typeof buildDashboardForTests>>
let test: TestService
let browser: Browser
let base: string

beforeAll(async () => {
  ui = await buildDashboardForTests()
  test = await startOnKnownPorts(({ port }) => {
    base = `http://localhost:${port}`
    return { PUBLIC_BASE_URL: base, DASHBOARD_ASSETS_DIR: ui.dir }
  })
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP localhost 127.0.0.1'],
  })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await test?.stop()
  ui?.remove()
})

/** Opens a sign-in link in a fresh browser context and presses its one button. */
const signInWithLink = async (context: BrowserContext, email: string): Promise<Page> => {
  const page = await context.newPage()
  await page.goto(await signInLinkFor(test, email, 'owner'))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(`${base}/dashboard/`)
  await page.getByText(`${email} (owner)`).waitFor()
  return page
}

/** Chromium's virtual authenticator (DevTools' WebAuthn domain): a platform authenticator that always consents. */
const addVirtualAuthenticator = async (page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

describe('passkeys in Chromium, with its virtual authenticator', () => {
  it('a member registers a passkey after a link sign-in, signs out, and signs in with the passkey alone', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await signInWithLink(context, 'passkey-owner@example.com')
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page)

    await page.getByRole('link', { name: 'Passkeys' }).click()
    await page.getByLabel('Name of the new passkey').fill('Test laptop')
    await page.getByRole('button', { name: 'Register a passkey' }).click()
    await page.getByText('Passkey “Test laptop” registered').waitFor()
    await expect(page.getByRole('cell', { name: 'Test laptop', exact: true }).count()).resolves.toBe(1)
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]?.isResidentCredential).toBe(true)

    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor()
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.getByText('passkey-owner@example.com (owner)').waitFor()
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(after.credentials[0]?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0)

    // The audit log (an owner's page) shows both.
    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByRole('cell', { name: 'member.signed_in_with_passkey' }).waitFor()
    await expect(page.getByRole('cell', { name: 'passkey.registered' }).count()).resolves.toBe(1)
    await context.close()
  })

  it('a passkey that was never registered here signs nobody in', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${base}/dashboard/`)
    await addVirtualAuthenticator(page)
    // An empty authenticator: the browser has no passkey to offer and the page says so; nobody is signed in.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.getByRole('alert').waitFor()
    await expect(page.getByRole('button', { name: 'Sign out', exact: true }).count()).resolves.toBe(0)
    await context.close()
  })
})

describe('request logs in Chromium', () => {
  it('a request that failed with 400 is found by its request id, with its error detail', async () => {
    const failed = await clients(test).sandbox('POST', '/v1/users', { body: { email: 'not an address' } })
    expect(failed.status).toBe(400)
    const requestId = failed.body.request_id as string

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await signInWithLink(context, 'logs-owner@example.com')
    await page.goto(`${base}/dashboard/test/logs`)
    await page.getByLabel('Request id').fill(requestId)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('heading', { name: `Request ${requestId}` }).waitFor()
    const detail = await page.getByTestId('request-error').textContent()
    expect(detail).toContain(failed.body.error.code)
    expect(detail).toContain(failed.body.error.param)
    await expect(page.getByRole('cell', { name: '400', exact: true }).count()).resolves.toBe(1)

    // The same request found by its method, status, key and time instead; a range after it finds nothing.
    const keyId = (await page.locator('dt:text-is("Key") + dd').textContent()) ?? ''
    expect(keyId).toMatch(/^key_/)
    await page.getByLabel('Request id').fill('')
    await page.getByLabel('Method').selectOption('POST')
    await page.getByLabel('Status').fill('4xx')
    await page.getByLabel('Key id').fill(keyId)
    await page.getByLabel('From').fill('2000-01-01T00:00:00')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('button', { name: requestId }).waitFor()
    expect(await page.getByRole('cell', { name: keyId }).count()).toBeGreaterThan(0)
    await page.getByLabel('From').fill('2999-01-01T00:00:00')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByText('No requests found.').waitFor()
    await context.close()
  })
})

/** axe-core's serious and critical violations on the page as it is (evaluated through DevTools: the CSP stays). */
const seriousViolations = async (page: Page): Promise<string[]> => {
  await page.evaluate(axe.source)
  return page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    })
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
  })
}

describe('request bodies and body logging in Chromium', () => {
  it('a sandbox request shows its bodies, the secret redacted; production shows them once Settings turns body logging on', async () => {
    const { sandbox, live } = clients(test)
    const created = await sandbox('POST', '/v1/webhook_endpoints', {
      body: { url: 'https://93.184.215.14/hooks', events: ['user.created'] },
    })
    expect(created.status).toBe(201)
    const sandboxRequest = created.headers.get('request-id') ?? ''

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await signInWithLink(context, 'bodies-owner@example.com')
    await page.goto(`${base}/dashboard/test/logs`)
    await page.getByLabel('Request id').fill(sandboxRequest)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByTestId('response-body').waitFor()
    const response = (await page.getByTestId('response-body').textContent()) ?? ''
    expect(response).toContain('"secret": "[redacted]"')
    expect(response).not.toContain(created.body.secret)
    expect(await page.getByTestId('request-body').textContent()).toContain('"events": [')
    expect(await seriousViolations(page)).toEqual([])

    const before = await live('GET', '/v1/users?limit=1')
    await page.goto(`${base}/dashboard/logs`)
    await page.getByLabel('Request id').fill(before.headers.get('request-id') ?? '')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByTestId('no-bodies').waitFor()

    await page.getByRole('link', { name: 'Settings' }).click()
    await page.getByLabel("Keep request and response bodies in production's request logs").check()
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    try {
      const after = await live('POST', '/v1/users', {
        body: { email: 'browser-bodies@example.com', home_location: { lat: 48.1372, lng: 11.5755 } },
      })
      expect(after.status).toBe(201)
      await page.goto(`${base}/dashboard/logs`)
      await page.getByLabel('Request id').fill(after.headers.get('request-id') ?? '')
      await page.getByRole('button', { name: 'Search' }).click()
      await page.getByTestId('request-body').waitFor()
      const request = (await page.getByTestId('request-body').textContent()) ?? ''
      expect(request).toContain('browser-bodies@example.com')
      expect(request).toContain('"lat": "[redacted]"')
      expect(request).not.toContain('48.1372')
    } finally {
      await page.getByRole('link', { name: 'Settings' }).click()
      await page.getByLabel("Keep request and response bodies in production's request logs").uncheck()
      await page.getByRole('button', { name: 'Save settings' }).click()
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    }
    await context.close()
  })
})

describe('an event’s departure history in Chromium', () => {
  it('the event page lists the recomputes of its departure, the one at creation first', async () => {
    const { sandbox } = clients(test)
    const user = await sandbox('POST', '/v1/users', {
      body: { email: 'commuter@example.com', display_name: 'Commuter', home_location: { lat: 52.52, lng: 13.405 } },
    })
    const start = Date.now() + 5 * 3_600_000
    const event = await sandbox('POST', '/v1/events', {
      body: {
        user_id: user.body.id,
        title: 'Board meeting',
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + 3_600_000).toISOString(),
        location: { name: 'Office', address: 'Friedrichstrasse 100, Berlin', lat: 52.5208, lng: 13.3874 },
      },
    })
    expect(event.status).toBe(201)
    await sandbox('POST', `/v1/events/${event.body.id}/departure/recompute`)

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await signInWithLink(context, 'history-owner@example.com')
    await page.goto(`${base}/dashboard/test/events/${event.body.id}`)
    await page.getByRole('heading', { name: 'Departure history of Board meeting' }).waitFor()
    const triggers = await page
      .locator('section[aria-labelledby="departure-history"] .table-wrap tbody tr td:last-child')
      .allTextContents()
    expect(triggers).toEqual(['requested', 'event_created'])
    await context.close()
  })
})
