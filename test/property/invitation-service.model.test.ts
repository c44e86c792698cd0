import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvitationResponse, InvitationStatus } from '../../core/invitation/invitation.js'
import { invitationTransition } from '../../core/invitation/invitation-transition.js'
import { type Application, compose } from '../../hosts/composition-root.js'
import { loadConfig } from '../../hosts/config.js'
import { TOKENS } from '../../hosts/di-tokens.js'

/**
 * Model-based test of the invitation service (docs/invitations.md): random sequences of invitations, mail notices
 * (delivered, opened, bounced: late, repeated and out of order), responses, opt-outs and runs of the background
 * sender drive the real service (as the composition binds it on the sandbox, where e-mail stays in the inspectable
 * mailbox) and after every step each stored invitation agrees with a model that follows the status table, and the
 * mailbox holds exactly the e-mails the model expects: one invitation e-mail per attendee, none after a bounce or
 * an opt-out, none twice.
 */

const ACCOUNT = 'acct_invitation_model'
const ATTENDEES = ['ada@example.net', 'bo@example.net', 'cy@example.net'] as const
const T0 = new Date('2026-06-02T06:00:00Z').getTime()

interface ModelInvitation {
  id: string | null
  status: InvitationStatus
  response: InvitationResponse | null
  unsubscribed: boolean
}
interface Model {
  readonly invitations: ModelInvitation[]
}
interface Real {
  readonly eventId: string
  readonly scope: { readonly accountId: string; readonly livemode: false; readonly clock: { now(): Date } }
  /** The mailbox's size when the run began (the application is shared between runs). */
  readonly mailboxBefore: number
}

let application: Application
beforeAll(async () => {
  application = await compose(loadConfig({ LOG_LEVEL: 'silent', STORAGE: 'memory' }), { ephemeralAccounts: true })
})
afterAll(() => application?.close())

const sandbox = () => application.surfaces.test.container
const invitations = () => sandbox().get(TOKENS.InvitationService)
const mailbox = () => {
  const mail = sandbox().get(TOKENS.MemoryMail)
  if (mail === null) throw new Error('the sandbox mails through its in-memory mailbox')
  return mail
}

const freshEvent = async (run: number): Promise<Real> => {
  const now = new Date(T0)
  const scope = { accountId: ACCOUNT, livemode: false as const, clock: { now: () => now } }
  const user = await sandbox()
    .get(TOKENS.UserService)
    .create(scope, { email: `host-${run}@example.com` })
  if (!user.ok) throw new Error('user refused')
  const event = await sandbox()
    .get(TOKENS.EventService)
    .create(scope, {
      userId: user.value.user.id,
      title: 'Planning',
      startTime: new Date(T0 + 48 * 3_600_000),
      endTime: new Date(T0 + 49 * 3_600_000),
    })
  if (!event.ok) throw new Error(`event refused: ${event.error._tag}`)
  return { eventId: event.value.id, scope, mailboxBefore: mailCount() }
}

const mailCount = () => mailbox().list(ACCOUNT).length
const clockOf = (real: Real) => async () => real.scope.clock

const checkAgreement = async (model: Model, real: Real) => {
  for (const invitation of model.invitations) {
    if (invitation.id === null) continue
    const stored = await invitations().retrieve(real.scope, invitation.id)
    expect(stored.ok).toBe(true)
    if (!stored.ok) continue
    expect(stored.value.status).toBe(invitation.status)
    expect(stored.value.response).toBe(invitation.response)
    expect(stored.value.unsubscribed).toBe(invitation.unsubscribed)
  }
  // One invitation e-mail per invited attendee, sent at once, never again by the background sender.
  const invited = model.invitations.filter((invitation) => invitation.id !== null).length
  expect(mailCount() - real.mailboxBefore).toBe(invited)
}

/** The model's step: the status table itself (a refused or no-op step leaves the status alone). */
const follow = (status: InvitationStatus, type: 'delivered' | 'opened' | 'bounced' | 'respond'): InvitationStatus => {
  const step = invitationTransition(status, { type })
  return step.ok ? step.value.state : status
}

type InvitationCommand = fc.AsyncCommand<Model, Real>

class Invite implements InvitationCommand {
  constructor(readonly index: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const invitation = model.invitations[this.index]!
    const result = await invitations().create(real.scope, {
      eventId: real.eventId,
      attendees: [{ email: ATTENDEES[this.index]! }],
    })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const answered = result.value[0]!
    // An address already invited gets its existing invitation back, not a second one.
    if (invitation.id === null) {
      invitation.id = answered.id
      // The sandbox mailbox accepts the e-mail at once.
      invitation.status = 'email_sent'
    } else expect(answered.id).toBe(invitation.id)
    await checkAgreement(model, real)
  }
  toString = () => `invite(${this.index})`
}

class Notice implements InvitationCommand {
  constructor(
    readonly index: number,
    readonly notice: 'delivered' | 'opened' | 'bounced',
  ) {}
  check = (model: Readonly<Model>) => model.invitations[this.index]!.id !== null
  async run(model: Model, real: Real) {
    const invitation = model.invitations[this.index]!
    const result = await invitations().notice(ACCOUNT, invitation.id!, this.notice, clockOf(real), 'id')
    expect(result.ok).toBe(true)
    const next = follow(invitation.status, this.notice)
    if (result.ok) expect(result.value.applied).toBe(next !== invitation.status)
    invitation.status = next
    await checkAgreement(model, real)
  }
  toString = () => `notice(${this.index}, ${this.notice})`
}

class Respond implements InvitationCommand {
  constructor(
    readonly index: number,
    readonly response: InvitationResponse,
  ) {}
  check = (model: Readonly<Model>) => model.invitations[this.index]!.id !== null
  async run(model: Model, real: Real) {
    const invitation = model.invitations[this.index]!
    const result = await invitations().respond({ kind: 'account', scope: real.scope }, invitation.id!, this.response)
    // A response is possible from every status; a later answer replaces an earlier one.
    expect(result.ok).toBe(true)
    invitation.status = follow(invitation.status, 'respond')
    invitation.response = this.response
    await checkAgreement(model, real)
  }
  toString = () => `respond(${this.index}, ${this.response})`
}

class Unsubscribe implements InvitationCommand {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.invitations[this.index]!.id !== null
  async run(model: Model, real: Real) {
    const invitation = model.invitations[this.index]!
    const stored = await invitations().retrieve(real.scope, invitation.id!)
    if (!stored.ok) throw new Error('invitation missing')
    const result = await invitations().unsubscribe(invitation.id!, stored.value.responseToken, clockOf(real))
    expect(result.ok).toBe(true)
    invitation.unsubscribed = true
    await checkAgreement(model, real)
  }
  toString = () => `unsubscribe(${this.index})`
}

class SendDue implements InvitationCommand {
  check = () => true
  async run(model: Model, real: Real) {
    await invitations().processDueMail(ACCOUNT, real.scope.clock)
    await checkAgreement(model, real)
  }
  toString = () => 'send-due'
}

const index = fc.integer({ min: 0, max: ATTENDEES.length - 1 })
const commands = [
  index.map((i) => new Invite(i)),
  fc
    .tuple(index, fc.constantFrom('delivered' as const, 'opened' as const, 'bounced' as const))
    .map(([i, notice]) => new Notice(i, notice)),
  fc
    .tuple(index, fc.constantFrom<InvitationResponse>('accepted', 'declined', 'tentative'))
    .map(([i, response]) => new Respond(i, response)),
  index.map((i) => new Unsubscribe(i)),
  fc.constant(new SendDue()),
]

describe('Invitations: the service over its repository follows the status table (model-based)', () => {
  it('keeps every stored invitation and the mailbox in agreement with the model', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (sequence) => {
        const real = await freshEvent(run++)
        const model: Model = {
          invitations: ATTENDEES.map(() => ({ id: null, status: 'email_queued', response: null, unsubscribed: false })),
        }
        await fc.asyncModelRun(() => ({ model, real }), sequence)
      }),
      { numRuns: 40 },
    )
  })
})
