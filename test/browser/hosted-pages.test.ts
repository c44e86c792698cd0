import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.js'
import { type SmtpTestServer, startSmtpTestServer } from '../support/fakes/smtp-test-server.js'
import { clients, startTestService, type TestService } from '../support/service.js'

let smtp: SmtpTestServer
let test: TestService
let client: ReturnType<typeof clients>
let browser: BrowserContext
let profile: string
let eventId: string

beforeAll(async () => {
  smtp = await startSmtpTestServer()
  test = await startTestService({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_TLS: 'none',
    MAIL_FROM: 'invitations@example.com',
  })
  client = clients(test)
  const organizer = (
    await client.live('POST', '/v1/users', { body: { email: 'host@example.com', display_name: 'Hana <Host>' } })
  ).body
  const start = Date.now() + 24 * 3_600_000
  eventId = (
    await client.live('POST', '/v1/events', {
      body: {
        user_id: organizer.id,
        title: 'Picnic & <games>',
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + 3_600_000).toISOString(),
        timezone: 'Europe/Paris',
      },
    })
  ).body.id
  profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'))
  // No JavaScript at all: the pages must work as plain HTML forms.
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    javaScriptEnabled: false,
  })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  if (profile !== undefined) rmSync(profile, { recursive: true, force: true })
  await test?.stop()
  await smtp?.stop()
})

/** Invites `email` and returns the invitation and the links of the e-mail the SMTP server received. */
const inviteAndReceive = async (email: string) => {
  const invitation = (
    await client.live('POST', '/v1/invitations', { body: { event_id: eventId, attendees: [{ email, name: 'Pat' }] } })
  ).body.data[0]
  await smtp.waitFor(smtp.received.length)
  const mail = smtp.received.find((received) => received.envelopeTo.includes(email))!
  const html = typeof mail.parsed.html === 'string' ? mail.parsed.html : ''
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'))
  return { invitation, links, text: mail.parsed.text ?? '' }
}

describe('hosted response page, opened from a real e-mail in headless Chromium', () => {
  it('shows the event, takes an answer with a button (form POST, no script), confirms, and the API shows it', async () => {
    const { invitation, links } = await inviteAndReceive('pat@example.com')
    const accept = links.find((link) => link.includes('/respond?') && link.includes('choice=accepted'))!
    expect(accept.startsWith(test.live)).toBe(true)
    const page = await browser.newPage()
    await page.goto(accept)
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Picnic & <games>')
    expect(await page.getByRole('group', { name: 'Will you attend?' }).count()).toBe(1)
    expect(await page.locator('script').count()).toBe(0)
    expect(await page.textContent('dl')).toContain('Hana <Host>')
    await page.getByRole('button', { name: "Yes, I'll attend" }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/respond') && url.search === '')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thank you')
    await expect(page.getByRole('status').textContent()).resolves.toContain('You accepted.')
    const stored = (await client.live('GET', `/v1/invitations/${invitation.id}`)).body
    expect(stored).toMatchObject({ status: 'responded', response: 'accepted' })

    // Changing one's mind: back to the page, another button.
    await page.getByRole('link', { name: 'Change your answer' }).click()
    await page.getByRole('button', { name: "No, I can't attend" }).click()
    await expect(page.getByRole('status').textContent()).resolves.toContain('You declined.')
    expect((await client.live('GET', `/v1/invitations/${invitation.id}`)).body.response).toBe('declined')
    await page.close()
  })

  it('unsubscribes from the e-mail link: a confirm button, then no more e-mail from that organizer', async () => {
    await inviteAndReceive('witness@example.com')
    const { invitation, links } = await inviteAndReceive('quiet-pat@example.com')
    const unsubscribe = links.find((link) => link.includes('/unsubscribe?'))!
    const page = await browser.newPage()
    await page.goto(unsubscribe)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Stop e-mails from Hana <Host>?')
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('You are unsubscribed')
    expect((await client.live('GET', `/v1/invitations/${invitation.id}`)).body.unsubscribed).toBe(true)
    const before = smtp.received.length
    await client.live('PATCH', `/v1/events/${eventId}`, {
      body: {
        start_time: new Date(Date.now() + 30 * 3_600_000).toISOString(),
        end_time: new Date(Date.now() + 31 * 3_600_000).toISOString(),
      },
    })
    // Other attendees of the event (from the tests above) get the update too, in any order: wait for the witness's.
    for (
      let count = before + 1;
      !smtp.received.slice(before).some((mail) => mail.envelopeTo.includes('witness@example.com'));
      count++
    ) {
      await smtp.waitFor(count)
    }
    expect(smtp.received.slice(before).some((mail) => mail.envelopeTo.includes('witness@example.com'))).toBe(true)
    expect(smtp.received.slice(before).some((mail) => mail.envelopeTo.includes('quiet-pat@example.com'))).toBe(false)
    await page.close()
  })

  it('shows a plain 404 page for a tampered link', async () => {
    const { links } = await inviteAndReceive('tamper@example.com')
    const page = await browser.newPage()
    const response = await page.goto(
      links.find((link) => link.includes('/respond?'))!.replace(/token=irt_[0-9a-f]+/, 'token=irt_0000'),
    )
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This link is not valid')
    await page.close()
  })
})
