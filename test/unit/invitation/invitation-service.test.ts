import { describe, expect, it } from 'vitest'
import { SyntheticGeocodingAdapter } from '../../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { EmbeddedIdentityProvider } from '../../../adapters/identity/embedded/identity-provider.js'
import { UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { MemoryEventRepository } from '../../../adapters/storage/memory/event-repository.js'
import { MemoryInvitationRepository } from '../../../adapters/storage/memory/invitation-repository.js'
import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../../adapters/storage/memory/user-repository.js'
import type { CalendarEvent } from '../../../core/event/event.js'
import { invitationLinks, PublicBaseUrl } from '../../../core/invitation/invitation-links.js'
import { InvitationService, tokenMatches } from '../../../core/invitation/invitation-service.js'
import { openMonitoring } from '../../../core/monitoring/monitoring-transition.js'
import { type MailAccepted, type MailPort, MailSendFailed, type OutgoingMail } from '../../../core/ports/mail.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { UserDeletionCascade } from '../../../core/user/deletion-cascade.js'
import { DEFAULT_PREFERENCES } from '../../../core/user/user.js'
import { UserService } from '../../../core/user/user-service.js'

const MINUTE = 60_000

/** A mail server whose answers the test scripts: `ok`, `down` (retry) or `refused` (permanent). */
class ScriptedMail implements MailPort {
  readonly sent: OutgoingMail[] = []
  mode: 'ok' | 'down' | 'refused' = 'ok'

  async send(mail: OutgoingMail): Promise<Result<MailAccepted, MailSendFailed>> {
    if (this.mode === 'down') return err(new MailSendFailed({ reason: 'connection refused', permanent: false }))
    if (this.mode === 'refused') return err(new MailSendFailed({ reason: '550 no such user', permanent: true }))
    this.sent.push(mail)
    return ok({ messageId: `<m${this.sent.length}@test>` })
  }
}

const setup = async () => {
  let now = new Date('2026-06-01T08:00:00Z').getTime()
  const clock = { now: () => new Date(now) }
  const outbox = new MemoryOutbox()
  const userRepository = new MemoryUserRepository(outbox)
  const events = new MemoryEventRepository(outbox)
  const invitations = new MemoryInvitationRepository(outbox)
  const ids = new UlidIdGenerator(() => now)
  const users = new UserService({
    users: userRepository,
    ids,
    identity: new EmbeddedIdentityProvider(),
    cascade: new UserDeletionCascade(),
    geocoding: new SyntheticGeocodingAdapter(),
  })
  const mail = new ScriptedMail()
  const service = new InvitationService({
    invitations,
    events,
    users,
    userRepository,
    ids,
    mail,
    random: { float: () => 0.5, token: (bytes) => 'ab'.repeat(bytes) },
    mailSettings: { from: { address: 'invitations@example.com', name: null }, uidDomain: 'example.com' },
    links: invitationLinks(new PublicBaseUrl('https://api.example.com')),
  })
  const scope = { accountId: 'acct_1', livemode: true, clock }
  await userRepository.insert(
    {
      ...DEFAULT_PREFERENCES,
      id: 'usr_org',
      accountId: 'acct_1',
      livemode: true,
      email: 'org@example.com',
      deactivatedAt: null,
      createdAt: clock.now(),
      version: 1,
    },
    [],
  )
  const start = new Date(now + 24 * 60 * MINUTE)
  const end = new Date(start.getTime() + 60 * MINUTE)
  const event: CalendarEvent = {
    id: 'evt_1',
    accountId: 'acct_1',
    livemode: true,
    userId: 'usr_org',
    title: 'Review',
    category: 'meeting',
    startTime: start,
    endTime: end,
    timezone: 'Europe/Berlin',
    location: null,
    origin: null,
    travel: { mode: 'drive', parkingBufferMin: 5 },
    attendees: [],
    monitoring: openMonitoring({
      startTime: start,
      endTime: end,
      hasLocation: false,
      preAlertMinutes: 10,
      now: clock.now(),
    }),
    originSource: null,
    dueAt: null,
    createdAt: clock.now(),
    updatedAt: clock.now(),
    version: 1,
  }
  await events.insert(event, [])
  const advance = (ms: number) => {
    now += ms
  }
  return { service, mail, scope, clock, invitations, advance }
}

describe('sending: retried with backoff while the mail server is down', () => {
  it('stays email_queued, retries after 1, 2, 4 ... minutes, and is sent once the server is back', async () => {
    const { service, mail, scope, clock, advance } = await setup()
    mail.mode = 'down'
    const created = await service.create(scope, { eventId: 'evt_1', attendees: [{ email: 'a@example.com' }] })
    expect(created.ok && created.value[0]!.status).toBe('email_queued')
    expect(await service.nextMailDueAt('acct_1', clock.now())).toEqual(new Date(clock.now().getTime() + MINUTE))
    advance(MINUTE)
    expect(await service.processDueMail('acct_1', clock)).toBe(1)
    expect(await service.nextMailDueAt('acct_1', clock.now())).toEqual(new Date(clock.now().getTime() + 2 * MINUTE))
    mail.mode = 'ok'
    advance(MINUTE)
    expect(await service.processDueMail('acct_1', clock)).toBe(0)
    advance(MINUTE)
    expect(await service.processDueMail('acct_1', clock)).toBe(1)
    expect(mail.sent).toHaveLength(1)
    const id = created.ok ? created.value[0]!.id : ''
    expect((await service.retrieve(scope, id)).ok && (await service.retrieve(scope, id))).toMatchObject({
      value: { status: 'email_sent', outgoing: null, lastMessageId: '<m1@test>' },
    })
  })

  it('gives up after 8 attempts, leaving the invitation email_queued with nothing due', async () => {
    const { service, mail, scope, clock, advance } = await setup()
    mail.mode = 'down'
    await service.create(scope, { eventId: 'evt_1', attendees: [{ email: 'a@example.com' }] })
    for (let attempt = 2; attempt <= 8; attempt++) {
      advance(2 ** (attempt - 2) * MINUTE)
      expect(await service.processDueMail('acct_1', clock)).toBe(1)
    }
    expect(await service.nextMailDueAt('acct_1', clock.now())).toBeNull()
  })

  it('turns a permanent refusal of the recipient into bounced', async () => {
    const { service, mail, scope } = await setup()
    mail.mode = 'refused'
    const created = await service.create(scope, { eventId: 'evt_1', attendees: [{ email: 'gone@example.com' }] })
    expect(created.ok && created.value[0]!.status).toBe('bounced')
  })

  it('never sends the same e-mail twice when the background sender races a request (claimed with a lease)', async () => {
    const { service, mail, scope, clock, invitations } = await setup()
    mail.mode = 'down'
    const created = await service.create(scope, { eventId: 'evt_1', attendees: [{ email: 'a@example.com' }] })
    mail.mode = 'ok'
    const stored = await invitations.get('acct_1', created.ok ? created.value[0]!.id : '')
    // Two senders holding the same (stale) copy: only the first claim wins.
    await invitations.update(
      { ...stored!, outgoing: { ...stored!.outgoing!, dueAt: clock.now() }, version: stored!.version + 1 },
      stored!.version,
      [],
    )
    await Promise.all([service.processDueMail('acct_1', clock), service.processDueMail(null, clock)])
    expect(mail.sent).toHaveLength(1)
  })
})

describe('response tokens are compared in constant time and exactly', () => {
  it('accepts only the identical token', () => {
    expect(tokenMatches('irt_abc', 'irt_abc')).toBe(true)
    expect(tokenMatches('irt_abd', 'irt_abc')).toBe(false)
    expect(tokenMatches('irt_ab', 'irt_abc')).toBe(false)
    expect(tokenMatches('', 'irt_abc')).toBe(false)
  })
})
