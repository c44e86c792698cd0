import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signatureHeader } from '../../core/webhooks/signature.js'
import { type ReceivedMail, type SmtpTestServer, startSmtpTestServer } from '../support/fakes/smtp-test-server.js'
import { parseInvite } from '../support/icalendar.js'
import { calendarPartOf } from '../support/mail-parts.js'
import { api, clients, LIVE_KEY, startTestService, type TestService } from '../support/service.js'

const INBOUND_SECRET = 'inbound-secret-0123456789'
const HOUR = 3_600_000
/** Whole seconds: iCalendar times have no milliseconds. */
const at = (msFromNow: number) => new Date(Math.floor((Date.now() + msFromNow) / 1000) * 1000).toISOString()

let smtp: SmtpTestServer
let test: TestService
let client: ReturnType<typeof clients>
let organizer: { id: string; email: string }
let attendeeUser: { id: string; email: string }

beforeAll(async () => {
  smtp = await startSmtpTestServer()
  test = await startTestService({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_TLS: 'none',
    MAIL_FROM: 'invitations@example.com',
    MAIL_INBOUND_SECRET: INBOUND_SECRET,
  })
  client = clients(test)
  organizer = (
    await client.live('POST', '/v1/users', {
      body: { email: 'olivia@example.com', display_name: 'Olivia Organizer', timezone: 'Europe/Berlin' },
    })
  ).body
  attendeeUser = (
    await client.live('POST', '/v1/users', { body: { email: 'uma@example.com', display_name: 'Uma User' } })
  ).body
})
afterAll(async () => {
  await test.stop()
  await smtp.stop()
})

const newEvent = async (overrides: Record<string, unknown> = {}) =>
  (
    await client.live('POST', '/v1/events', {
      body: {
        user_id: organizer.id,
        title: 'Design review',
        start_time: at(48 * HOUR),
        end_time: at(49 * HOUR),
        timezone: 'America/New_York',
        location: { name: 'Office', address: 'Main St 1', lat: 52.52, lng: 13.4 },
        ...overrides,
      },
    })
  ).body as { id: string; start_time: string }

/** Mails received so far for an address, oldest first. */
const mailsTo = (address: string): ReceivedMail[] => smtp.received.filter((mail) => mail.envelopeTo.includes(address))

const invite = (eventId: string, attendees: { email: string; name?: string }[]) =>
  client.live('POST', '/v1/invitations', { body: { event_id: eventId, attendees } })

const outboxTypes = async (invitationId: string) => {
  const [account] = await test.service.application.accountRepository.listAccounts()
  const events = await test.service.application.surfaces.live.outbox.list(account!.id, 10_000)
  return events
    .filter((event) => (event.object as { id?: string }).id === invitationId)
    .reverse()
    .map((event) => event.type)
}

const notice = (body: unknown, options: { secret?: string; timestamp?: number; header?: string | null } = {}) => {
  const raw = JSON.stringify(body)
  const header =
    options.header === undefined
      ? signatureHeader(raw, [options.secret ?? INBOUND_SECRET], options.timestamp ?? Math.floor(Date.now() / 1000))
      : options.header
  return api(test.live, 'POST', '/v1/inbound/mail_events', {
    key: null,
    rawBody: raw,
    headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'service-signature': header }) },
  })
}

describe('POST /v1/invitations: one invitation per attendee, each e-mailed with an iCalendar attachment', () => {
  it('answers 201 with the list of invitations, sent through SMTP', async () => {
    const event = await newEvent()
    const before = smtp.received.length
    const response = await invite(event.id, [
      { email: 'Alice@Example.com', name: 'Alice' },
      { email: attendeeUser.email },
    ])
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ object: 'list', has_more: false, url: '/v1/invitations', livemode: true })
    const [alice, uma] = response.body.data
    expect(alice).toMatchObject({
      object: 'invitation',
      event_id: event.id,
      organizer_user_id: organizer.id,
      attendee_email: 'alice@example.com',
      attendee_name: 'Alice',
      attendee_user_id: null,
      status: 'email_sent',
      email_type: 'invite',
      ical_sequence: 0,
      response: null,
      responded_at: null,
      unsubscribed: false,
      livemode: true,
    })
    expect(alice.id).toMatch(/^inv_/)
    expect(alice.response_token).toMatch(/^irt_[0-9a-f]{48}$/)
    expect(uma).toMatchObject({ attendee_email: 'uma@example.com', attendee_user_id: attendeeUser.id })
    expect(uma.response_token).not.toBe(alice.response_token)
    await smtp.waitFor(before + 2)
    expect(mailsTo('alice@example.com')).toHaveLength(1)
    expect(mailsTo('uma@example.com')).toHaveLength(1)
    expect((await client.live('GET', `/v1/invitations/${alice.id}`)).body).toMatchObject({
      id: alice.id,
      status: 'email_sent',
    })
  })

  it('e-mails an RFC 5545 REQUEST: stable UID, SEQUENCE, ORGANIZER, ATTENDEE with RSVP, the event time zone', async () => {
    const event = await newEvent()
    const created = (await invite(event.id, [{ email: 'ical@example.com', name: 'Ivy Cal' }])).body.data[0]
    const [mail] = await smtp.waitFor(smtp.received.length).then(() => mailsTo('ical@example.com'))
    const { parsed } = mail!
    expect(parsed.subject).toMatch(/^Invitation: Design review/)
    expect(parsed.from?.value[0]).toMatchObject({ address: 'invitations@example.com' })
    expect(parsed.headers.get('x-service-invitation')).toBe(created.id)
    expect(parsed.text).toContain(`/hosted/invitations/${created.id}/respond?token=${created.response_token}`)
    const calendar = calendarPartOf(parsed)
    expect(calendar?.method).toBe('REQUEST')
    const ics = parseInvite(calendar!.content)
    expect(ics).toMatchObject({
      method: 'REQUEST',
      uid: `${event.id}@example.com`,
      sequence: 0,
      summary: 'Design review',
      location: 'Office, Main St 1',
      organizer: 'olivia@example.com',
      organizerName: 'Olivia Organizer',
    })
    expect(ics.attendees).toEqual([
      { address: 'ical@example.com', rsvp: 'TRUE', partstat: 'NEEDS-ACTION', name: 'Ivy Cal' },
    ])
    expect(ics.startTzid).toBe('America/New_York')
    expect(ics.timezones).toContain('America/New_York')
    expect(ics.start.toISOString()).toBe(new Date(event.start_time).toISOString())
  })

  it('records invitation.created, invitation.received for an attendee who is a user (the in-app push), and invitation.email_sent', async () => {
    const event = await newEvent()
    const [guest, user] = (await invite(event.id, [{ email: 'guest@example.com' }, { email: attendeeUser.email }])).body
      .data
    // The background mail job (every second) may claim an invitation's e-mail before the request's own send does;
    // then email_sent is recorded just after the answer.
    await vi.waitFor(
      async () => {
        expect(await outboxTypes(guest.id)).toEqual(['invitation.created', 'invitation.email_sent'])
        expect(await outboxTypes(user.id)).toEqual([
          'invitation.created',
          'invitation.received',
          'invitation.email_sent',
        ])
      },
      { timeout: 5000, interval: 50 },
    )
  })

  it('does not invite an address twice to the same event: the existing invitation comes back, no second e-mail', async () => {
    const event = await newEvent()
    const first = (await invite(event.id, [{ email: 'twice@example.com' }])).body.data[0]
    await smtp.waitFor(smtp.received.length)
    const again = await invite(event.id, [{ email: 'TWICE@example.com' }, { email: 'fresh@example.com' }])
    expect(again.status).toBe(201)
    expect(again.body.data[0].id).toBe(first.id)
    await smtp.waitFor(smtp.received.length)
    expect(mailsTo('twice@example.com')).toHaveLength(1)
  })

  it('replays an Idempotency-Key without sending again', async () => {
    const event = await newEvent()
    const body = { event_id: event.id, attendees: [{ email: 'idem@example.com' }] }
    const first = await client.live('POST', '/v1/invitations', { body, headers: { 'idempotency-key': 'inv-idem-1' } })
    const replay = await client.live('POST', '/v1/invitations', { body, headers: { 'idempotency-key': 'inv-idem-1' } })
    expect(replay.headers.get('service-idempotent-replay')).toBe('true')
    expect(replay.body.data[0].id).toBe(first.body.data[0].id)
    expect(mailsTo('idem@example.com')).toHaveLength(1)
  })

  it('refuses bad input with 4xx naming the parameter', async () => {
    const event = await newEvent()
    const cases: [unknown, number, string, string][] = [
      [{ attendees: [{ email: 'a@example.com' }] }, 400, 'parameter_missing', 'event_id'],
      [{ event_id: event.id, attendees: [] }, 400, 'parameter_invalid', 'attendees'],
      [{ event_id: event.id, attendees: [{ email: 'not-an-email' }] }, 400, 'parameter_invalid', 'attendees[0].email'],
      [
        { event_id: event.id, attendees: [{ email: 'a@example.com' }, { email: 'A@example.com' }] },
        400,
        'parameter_invalid',
        'attendees[1].email',
      ],
      [
        { event_id: event.id, attendees: [{ email: 'a@example.com', role: 'x' }] },
        400,
        'parameter_unknown',
        'attendees[0].role',
      ],
      [{ event_id: 'evt_missing', attendees: [{ email: 'a@example.com' }] }, 404, 'resource_missing', 'event_id'],
    ]
    for (const [body, status, code, param] of cases) {
      const response = await client.live('POST', '/v1/invitations', { body })
      expect({ status: response.status, code: response.body.error.code, param: response.body.error.param }).toEqual({
        status,
        code,
        param,
      })
    }
  })

  it('refuses a paused organizer with 403 account_deactivated', async () => {
    const paused = (await client.live('POST', '/v1/users', { body: { email: 'paused-organizer@example.com' } })).body
    const event = (
      await client.live('POST', '/v1/events', {
        body: { user_id: paused.id, title: 'Soon paused', start_time: at(HOUR), end_time: at(2 * HOUR) },
      })
    ).body
    await client.live('POST', `/v1/users/${paused.id}/deactivate`)
    const response = await invite(event.id, [{ email: 'x@example.com' }])
    expect(response.status).toBe(403)
    expect(response.body.error.code).toBe('account_deactivated')
  })

  it('keeps an invitation email_queued while SMTP refuses, and sends it on the retry', async () => {
    const down = await startSmtpTestServer()
    const port = down.port
    await down.stop()
    let now = Date.now()
    const clock = { now: () => new Date(now) }
    const other = await startTestService(
      { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_TLS: 'none', SMTP_TIMEOUT_MS: '1000', WORKER: 'false' },
      clock,
    )
    try {
      const c = clients(other)
      const user = (await c.live('POST', '/v1/users', { body: { email: 'retry-organizer@example.com' } })).body
      const event = (
        await c.live('POST', '/v1/events', {
          body: { user_id: user.id, title: 'Retry', start_time: at(HOUR), end_time: at(2 * HOUR) },
        })
      ).body
      const queued = (
        await c.live('POST', '/v1/invitations', {
          body: { event_id: event.id, attendees: [{ email: 'later@example.com' }] },
        })
      ).body.data[0]
      expect(queued.status).toBe('email_queued')
      const back = await startSmtpTestServer({}, port)
      try {
        now += 61_000
        expect(await other.service.application.surfaces.live.invitations.processDueMail(null, clock)).toBe(1)
        await back.waitFor(1)
        expect((await c.live('GET', `/v1/invitations/${queued.id}`)).body.status).toBe('email_sent')
      } finally {
        await back.stop()
      }
    } finally {
      await other.stop()
    }
  })
})

describe('invitation statuses over HTTP: email_sent -> email_delivered -> opened -> responded, and bounced', () => {
  it('walks every status: provider delivery notice, open pixel, attendee response by token', async () => {
    const event = await newEvent()
    const created = (await invite(event.id, [{ email: 'walk@example.com' }])).body.data[0]
    expect(created.status).toBe('email_sent')
    const delivered = await notice({ id: 'ntc_1', type: 'delivered', invitation_id: created.id })
    expect(delivered.status).toBe(200)
    expect(delivered.body).toMatchObject({
      object: 'mail_notice',
      invitation_id: created.id,
      type: 'delivered',
      applied: true,
      status: 'email_delivered',
    })
    const repeated = await notice({ id: 'ntc_1', type: 'delivered', invitation_id: created.id })
    expect(repeated.body).toMatchObject({ applied: false, status: 'email_delivered' })

    const pixel = await fetch(`${test.live}/v1/invitations/${created.id}/open.gif?token=${created.response_token}`)
    expect(pixel.status).toBe(200)
    expect(pixel.headers.get('content-type')).toBe('image/gif')
    expect(
      Buffer.from(await pixel.arrayBuffer())
        .subarray(0, 6)
        .toString('latin1'),
    ).toBe('GIF89a')
    expect((await client.live('GET', `/v1/invitations/${created.id}`)).body.status).toBe('opened')

    const responded = await api(
      test.live,
      'POST',
      `/v1/invitations/${created.id}/respond?response_token=${created.response_token}`,
      { key: null, body: { status: 'tentative' } },
    )
    expect(responded.status).toBe(200)
    expect(responded.body).toMatchObject({ id: created.id, status: 'responded', response: 'tentative' })
    expect(Date.parse(responded.body.responded_at)).toBeGreaterThan(0)
    const changed = await client.live('POST', `/v1/invitations/${created.id}/respond`, { body: { status: 'accepted' } })
    expect(changed.body).toMatchObject({ status: 'responded', response: 'accepted' })
    expect(await outboxTypes(created.id)).toEqual([
      'invitation.created',
      'invitation.email_sent',
      'invitation.delivered',
      'invitation.opened',
      'invitation.responded',
      'invitation.responded',
    ])
  })

  it('marks a bounce; the bounced address gets no update, and a later open changes nothing', async () => {
    const event = await newEvent()
    const [bouncing, fine] = (await invite(event.id, [{ email: 'bounce@example.com' }, { email: 'fine@example.com' }]))
      .body.data
    const bounced = await notice({
      id: 'ntc_b',
      type: 'bounced',
      invitation_id: bouncing.id,
      detail: '550 no such user',
    })
    expect(bounced.body).toMatchObject({ applied: true, status: 'bounced' })
    await fetch(`${test.live}/v1/invitations/${bouncing.id}/open.gif?token=${bouncing.response_token}`)
    expect((await client.live('GET', `/v1/invitations/${bouncing.id}`)).body.status).toBe('bounced')
    await client.live('PATCH', `/v1/events/${event.id}`, {
      body: { start_time: at(50 * HOUR), end_time: at(51 * HOUR) },
    })
    await smtp.waitFor(smtp.received.length)
    expect(mailsTo('fine@example.com')).toHaveLength(2)
    expect(mailsTo('bounce@example.com')).toHaveLength(1)
    expect((await client.live('GET', `/v1/invitations/${fine.id}`)).body).toMatchObject({
      email_type: 'update',
      ical_sequence: 1,
    })
    expect(await outboxTypes(bouncing.id)).toContain('invitation.bounced')
  })

  it('treats a recipient the SMTP server refuses (550) as bounced', async () => {
    const refusing = await startSmtpTestServer({ reject: ['gone@example.com'] })
    const other = await startTestService({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(refusing.port),
      SMTP_TLS: 'none',
      WORKER: 'false',
    })
    try {
      const c = clients(other)
      const user = (await c.live('POST', '/v1/users', { body: { email: 'o2@example.com' } })).body
      const event = (
        await c.live('POST', '/v1/events', {
          body: { user_id: user.id, title: 'R', start_time: at(HOUR), end_time: at(2 * HOUR) },
        })
      ).body
      const [gone, here] = (
        await c.live('POST', '/v1/invitations', {
          body: { event_id: event.id, attendees: [{ email: 'gone@example.com' }, { email: 'here@example.com' }] },
        })
      ).body.data
      expect(gone.status).toBe('bounced')
      expect(here.status).toBe('email_sent')
    } finally {
      await other.stop()
      await refusing.stop()
    }
  })
})

describe('the signed inbound endpoint for provider notices', () => {
  it('refuses a missing, wrong or stale signature with 400 signature_invalid and changes nothing', async () => {
    const event = await newEvent()
    const created = (await invite(event.id, [{ email: 'signed@example.com' }])).body.data[0]
    const body = { id: 'ntc_s', type: 'bounced', invitation_id: created.id }
    for (const response of [
      await notice(body, { header: null }),
      await notice(body, { secret: 'another-secret-0123456789' }),
      await notice(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await notice(body, { header: 'garbage' }),
    ]) {
      expect(response.status).toBe(400)
      expect(response.body.error).toMatchObject({ code: 'signature_invalid', param: 'Service-Signature' })
    }
    expect((await client.live('GET', `/v1/invitations/${created.id}`)).body.status).toBe('email_sent')
  })

  it('validates a signed body and answers 404 for an unknown invitation', async () => {
    const unknown = await notice({ id: 'ntc_u', type: 'delivered', invitation_id: 'inv_missing' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toMatchObject({ code: 'resource_missing', param: 'invitation_id' })
    const invalid = await notice({ id: 'ntc_v', type: 'exploded', invitation_id: 'inv_x' })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error.param).toBe('type')
  })
})

describe('POST /v1/invitations/{id}/respond: by the account key, or by the attendee with response_token and no key', () => {
  it('refuses a wrong token with 404, and never answers for another attendee', async () => {
    const event = await newEvent()
    const [mine, theirs] = (await invite(event.id, [{ email: 'mine@example.com' }, { email: 'theirs@example.com' }]))
      .body.data
    const wrong = await api(
      test.live,
      'POST',
      `/v1/invitations/${mine.id}/respond?response_token=irt_${'0'.repeat(48)}`,
      { key: null, body: { status: 'declined' } },
    )
    expect(wrong.status).toBe(404)
    const crossed = await api(
      test.live,
      'POST',
      `/v1/invitations/${theirs.id}/respond?response_token=${mine.response_token}`,
      { key: null, body: { status: 'declined' } },
    )
    expect(crossed.status).toBe(404)
    expect(crossed.body.error.code).toBe('resource_missing')
    expect((await client.live('GET', `/v1/invitations/${theirs.id}`)).body.response).toBeNull()
    expect((await client.live('GET', `/v1/invitations/${mine.id}`)).body.response).toBeNull()
  })

  it('answers 401 with neither key nor token, and 400 for a bad status', async () => {
    const event = await newEvent()
    const created = (await invite(event.id, [{ email: 'nokey@example.com' }])).body.data[0]
    const anonymous = await api(test.live, 'POST', `/v1/invitations/${created.id}/respond`, {
      key: null,
      body: { status: 'accepted' },
    })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error.code).toBe('authentication_failed')
    const bad = await client.live('POST', `/v1/invitations/${created.id}/respond`, { body: { status: 'maybe' } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.param).toBe('status')
  })

  it('keeps the surfaces apart: a live invitation is not found on the sandbox, even with its token', async () => {
    const event = await newEvent()
    const created = (await invite(event.id, [{ email: 'surface@example.com' }])).body.data[0]
    const onSandbox = await api(
      test.sandbox,
      'POST',
      `/v1/invitations/${created.id}/respond?response_token=${created.response_token}`,
      { key: null, body: { status: 'accepted' } },
    )
    expect(onSandbox.status).toBe(404)
    expect((await client.sandbox('GET', `/v1/invitations/${created.id}`)).status).toBe(404)
  })

  it('refuses an answer for a cancelled invitation (409)', async () => {
    const event = await newEvent()
    const created = (await invite(event.id, [{ email: 'late@example.com' }])).body.data[0]
    await client.live('DELETE', `/v1/events/${event.id}`)
    const response = await api(
      test.live,
      'POST',
      `/v1/invitations/${created.id}/respond?response_token=${created.response_token}`,
      { key: null, body: { status: 'accepted' } },
    )
    expect(response.status).toBe(409)
    expect(response.body.error.code).toBe('invalid_state_transition')
  })
})

describe('invitations follow their event: a new time or place e-mails an update, a deletion a cancellation', () => {
  it('sends an update with the same UID and SEQUENCE + 1, then a CANCEL with SEQUENCE + 1', async () => {
    const event = await newEvent()
    const created = (await invite(event.id, [{ email: 'follow@example.com', name: 'Fay' }])).body.data[0]
    await smtp.waitFor(smtp.received.length)
    await client.live('PATCH', `/v1/events/${event.id}`, { body: { title: 'Design review (renamed)' } })
    expect(mailsTo('follow@example.com')).toHaveLength(1)

    const moved = await client.live('PATCH', `/v1/events/${event.id}`, {
      body: { start_time: at(72 * HOUR), end_time: at(73 * HOUR) },
    })
    const mails = mailsTo('follow@example.com')
    expect(mails).toHaveLength(2)
    expect(mails[1]!.parsed.subject).toMatch(/^Updated invitation: Design review \(renamed\)/)
    const update = parseInvite(calendarPartOf(mails[1]!.parsed)!.content)
    expect(update).toMatchObject({
      method: 'REQUEST',
      uid: `${event.id}@example.com`,
      sequence: 1,
      summary: 'Design review (renamed)',
    })
    expect(update.start.toISOString()).toBe(new Date(moved.body.start_time).toISOString())
    expect(update.attendees[0]).toMatchObject({ address: 'follow@example.com', rsvp: 'TRUE' })
    expect((await client.live('GET', `/v1/invitations/${created.id}`)).body).toMatchObject({
      email_type: 'update',
      ical_sequence: 1,
      status: 'email_sent',
    })

    await client.live('PATCH', `/v1/events/${event.id}`, {
      body: { location: { name: 'Elsewhere', lat: 52.5, lng: 13.3 } },
    })
    expect(mailsTo('follow@example.com')).toHaveLength(3)

    await client.live('DELETE', `/v1/events/${event.id}`)
    const all = mailsTo('follow@example.com')
    expect(all).toHaveLength(4)
    expect(all[3]!.parsed.subject).toMatch(/^Cancelled: /)
    const cancel = calendarPartOf(all[3]!.parsed)!
    expect(cancel.method).toBe('CANCEL')
    expect(parseInvite(cancel.content)).toMatchObject({
      method: 'CANCEL',
      uid: `${event.id}@example.com`,
      sequence: 3,
      status: 'CANCELLED',
    })
    expect((await client.live('GET', `/v1/invitations/${created.id}`)).body).toMatchObject({
      email_type: 'cancel',
      ical_sequence: 3,
    })
    expect(await outboxTypes(created.id)).toEqual([
      'invitation.created',
      'invitation.email_sent',
      'invitation.updated',
      'invitation.updated',
      'invitation.cancelled',
    ])
  })
})

describe('unsubscribe: no further e-mails to that attendee from that organizer', () => {
  it('stops updates, cancellations and new invitations from that organizer only', async () => {
    const event = await newEvent()
    const [quiet, loud] = (await invite(event.id, [{ email: 'quiet@example.com' }, { email: 'loud@example.com' }])).body
      .data
    await smtp.waitFor(smtp.received.length)
    const form = await fetch(`${test.live}/hosted/invitations/${quiet.id}/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: quiet.response_token }).toString(),
    })
    expect(form.status).toBe(200)
    expect((await client.live('GET', `/v1/invitations/${quiet.id}`)).body.unsubscribed).toBe(true)
    expect((await client.live('GET', `/v1/invitations/${loud.id}`)).body.unsubscribed).toBe(false)

    await client.live('PATCH', `/v1/events/${event.id}`, {
      body: { start_time: at(80 * HOUR), end_time: at(81 * HOUR) },
    })
    await client.live('DELETE', `/v1/events/${event.id}`)
    expect(mailsTo('loud@example.com')).toHaveLength(3)
    expect(mailsTo('quiet@example.com')).toHaveLength(1)

    const next = await newEvent()
    const again = (await invite(next.id, [{ email: 'quiet@example.com' }])).body.data[0]
    expect(again).toMatchObject({ unsubscribed: true, status: 'email_queued' })
    expect(mailsTo('quiet@example.com')).toHaveLength(1)

    const someoneElse = (await client.live('POST', '/v1/users', { body: { email: 'other-organizer@example.com' } }))
      .body
    const theirEvent = (
      await client.live('POST', '/v1/events', {
        body: { user_id: someoneElse.id, title: 'Other', start_time: at(HOUR), end_time: at(2 * HOUR) },
      })
    ).body
    expect((await invite(theirEvent.id, [{ email: 'quiet@example.com' }])).body.data[0]).toMatchObject({
      unsubscribed: false,
      status: 'email_sent',
    })
    await smtp.waitFor(smtp.received.length)
    expect(mailsTo('quiet@example.com')).toHaveLength(2)
  })

  it('refuses a wrong token on the unsubscribe form (404) and changes nothing', async () => {
    const event = await newEvent()
    const created = (await invite(event.id, [{ email: 'keep@example.com' }])).body.data[0]
    const form = await fetch(`${test.live}/hosted/invitations/${created.id}/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=irt_wrong',
    })
    expect(form.status).toBe(404)
    expect((await client.live('GET', `/v1/invitations/${created.id}`)).body.unsubscribed).toBe(false)
  })
})

describe('deleting a user removes the invitations it organized and forgets it as an attendee', () => {
  it('cascades without e-mailing anyone', async () => {
    const gone = (await client.live('POST', '/v1/users', { body: { email: 'leaving@example.com' } })).body
    const staying = (await client.live('POST', '/v1/users', { body: { email: 'staying@example.com' } })).body
    const goneEvent = (
      await client.live('POST', '/v1/events', {
        body: { user_id: gone.id, title: 'Gone', start_time: at(HOUR), end_time: at(2 * HOUR) },
      })
    ).body
    const organized = (await invite(goneEvent.id, [{ email: 'watcher@example.com' }])).body.data[0]
    const event = await newEvent()
    const attending = (await invite(event.id, [{ email: staying.email }])).body.data[0]
    expect(attending.attendee_user_id).toBe(staying.id)
    await smtp.waitFor(smtp.received.length)
    const mailsBefore = smtp.received.length
    expect((await client.live('DELETE', `/v1/users/${gone.id}`)).status).toBe(200)
    expect((await client.live('GET', `/v1/invitations/${organized.id}`)).status).toBe(404)
    await client.live('DELETE', `/v1/users/${staying.id}`)
    expect((await client.live('GET', `/v1/invitations/${attending.id}`)).body.attendee_user_id).toBeNull()
    expect(smtp.received.length).toBe(mailsBefore)
  })
})

describe('hosted pages and the pixel take no key and escape what users wrote', () => {
  it('renders the response page in plain accessible HTML with user content escaped, and 404 for a wrong token', async () => {
    const event = await newEvent({ title: '<script>alert(1)</script> & party' })
    const created = (await invite(event.id, [{ email: 'html@example.com' }])).body.data[0]
    const pageResponse = await fetch(
      `${test.live}/hosted/invitations/${created.id}/respond?token=${created.response_token}`,
    )
    expect(pageResponse.status).toBe(200)
    expect(pageResponse.headers.get('content-type')).toContain('text/html')
    expect(pageResponse.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await pageResponse.text()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; party')
    expect(html).not.toContain('<script>')
    expect(html).toMatch(/<legend>Will you attend\?<\/legend>/)
    expect((await fetch(`${test.live}/hosted/invitations/${created.id}/respond?token=irt_nope`)).status).toBe(404)
    // Mail clients and scanners append their own parameters: the link still works.
    expect(
      (
        await fetch(
          `${test.live}/hosted/invitations/${created.id}/respond?token=${created.response_token}&utm_source=mail`,
        )
      ).status,
    ).toBe(200)
    // Following the link proves the e-mail was opened.
    expect((await client.live('GET', `/v1/invitations/${created.id}`)).body.status).toBe('opened')
  })

  it('the pixel answers the same GIF for a wrong token and changes nothing', async () => {
    const event = await newEvent()
    const created = (await invite(event.id, [{ email: 'pixel@example.com' }])).body.data[0]
    const pixel = await fetch(`${test.live}/v1/invitations/${created.id}/open.gif?token=irt_wrong`)
    expect(pixel.status).toBe(200)
    expect(pixel.headers.get('content-type')).toBe('image/gif')
    expect((await client.live('GET', `/v1/invitations/${created.id}`)).body.status).toBe('email_sent')
  })

  it('keeps the API JSON-only: a form body on an API endpoint is 415', async () => {
    const response = await fetch(`${test.live}/v1/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LIVE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'event_id=x',
    })
    expect(response.status).toBe(415)
  })
})

describe('sandbox: e-mails stay in the inspectable mailbox; test helpers simulate the provider', () => {
  it('lists sent e-mails and walks delivered, opened and bounced through the helpers', async () => {
    const user = (await client.sandbox('GET', '/v1/users?email=ada.lovelace@sandbox.example')).body.data[0]
    const event = (
      await client.sandbox('POST', '/v1/events', {
        body: { user_id: user.id, title: 'Sandbox tea', start_time: at(HOUR), end_time: at(2 * HOUR) },
      })
    ).body
    const [one, two] = (
      await client.sandbox('POST', '/v1/invitations', {
        body: { event_id: event.id, attendees: [{ email: 'one@sandbox.example' }, { email: 'two@sandbox.example' }] },
      })
    ).body.data
    expect(one.livemode).toBe(false)
    const sent = await client.sandbox('GET', `/v1/test_helpers/sent_emails?invitation_id=${one.id}`)
    expect(sent.status).toBe(200)
    expect(sent.body.data).toHaveLength(1)
    expect(sent.body.data[0]).toMatchObject({
      object: 'sent_email',
      invitation_id: one.id,
      to: 'one@sandbox.example',
      calendar: { method: 'REQUEST', filename: 'invite.ics' },
    })
    expect(parseInvite(sent.body.data[0].calendar.content).uid).toBe(`${event.id}@example.com`)

    expect((await client.sandbox('POST', `/v1/test_helpers/invitations/${one.id}/deliver`)).body).toMatchObject({
      status: 'email_delivered',
      applied: true,
    })
    expect((await client.sandbox('POST', `/v1/test_helpers/invitations/${one.id}/open`)).body).toMatchObject({
      status: 'opened',
      applied: true,
    })
    expect((await client.sandbox('POST', `/v1/test_helpers/invitations/${one.id}/bounce`)).body).toMatchObject({
      status: 'opened',
      applied: false,
    })
    expect((await client.sandbox('POST', `/v1/test_helpers/invitations/${two.id}/bounce`)).body).toMatchObject({
      status: 'bounced',
      applied: true,
    })
    expect((await client.sandbox('POST', '/v1/test_helpers/invitations/inv_missing/deliver')).status).toBe(404)
    // No real e-mail leaves the sandbox.
    expect(mailsTo('one@sandbox.example')).toHaveLength(0)
  })

  it("stamps a token answer with the account's sandbox clock once advance_time moved it", async () => {
    const user = (await client.sandbox('GET', '/v1/users?email=grace.hopper@sandbox.example')).body.data[0]
    const event = (
      await client.sandbox('POST', '/v1/events', {
        body: { user_id: user.id, title: 'Later tea', start_time: at(72 * HOUR), end_time: at(73 * HOUR) },
      })
    ).body
    const created = (
      await client.sandbox('POST', '/v1/invitations', {
        body: { event_id: event.id, attendees: [{ email: 'clock@sandbox.example' }] },
      })
    ).body.data[0]
    const advanced = await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 24 * 3600 } })
    const answered = await api(
      test.sandbox,
      'POST',
      `/v1/invitations/${created.id}/respond?response_token=${created.response_token}`,
      { key: null, body: { status: 'accepted' } },
    )
    expect(answered.status).toBe(200)
    expect(Date.parse(answered.body.responded_at)).toBeGreaterThanOrEqual(Date.parse(advanced.body.now))
  })

  it('answers 404 for the helpers on production', async () => {
    expect((await client.live('GET', '/v1/test_helpers/sent_emails')).status).toBe(404)
    expect((await client.live('POST', '/v1/test_helpers/invitations/inv_x/deliver')).status).toBe(404)
  })
})
