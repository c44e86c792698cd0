import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { INVITATION_STATUSES, type InvitationStatus } from '../../core/invitation/invitation.js'
import {
  INVITATION_COMMAND_TYPES,
  type InvitationCommandType,
  invitationTransition,
  STATUS_RANK,
} from '../../core/invitation/invitation-transition.js'

const MAIL_COMMANDS: readonly InvitationCommandType[] = [
  'smtp_accepted',
  'delivered',
  'opened',
  'bounced',
  'email_queued',
]

/** Follows the commands from `email_queued`; a refused command leaves the state alone (as the service does). */
const run = (commands: readonly InvitationCommandType[]) => {
  let state: InvitationStatus = 'email_queued'
  const trace: {
    from: InvitationStatus
    command: InvitationCommandType
    to: InvitationStatus
    refused: boolean
    events: readonly string[]
  }[] = []
  for (const command of commands) {
    const step = invitationTransition(state, { type: command })
    trace.push({
      from: state,
      command,
      to: step.ok ? step.value.state : state,
      refused: !step.ok,
      events: step.ok ? step.value.events : [],
    })
    if (step.ok) state = step.value.state
  }
  return { state, trace }
}

const commands = fc.array(fc.constantFrom(...INVITATION_COMMAND_TYPES), { maxLength: 40 })

describe('invitation statuses: the happy path email_queued -> email_sent -> email_delivered -> opened -> responded', () => {
  it('walks every status in order, one event per step', () => {
    const { state, trace } = run(['smtp_accepted', 'delivered', 'opened', 'respond'])
    expect(trace.map((step) => step.to)).toEqual(['email_sent', 'email_delivered', 'opened', 'responded'])
    expect(trace.map((step) => step.events)).toEqual([
      ['invitation.email_sent'],
      ['invitation.delivered'],
      ['invitation.opened'],
      ['invitation.responded'],
    ])
    expect(state).toBe('responded')
  })

  it('takes a bounce before the e-mail was opened, and refuses one after', () => {
    expect(run(['smtp_accepted', 'bounced']).state).toBe('bounced')
    expect(run(['smtp_accepted', 'delivered', 'bounced']).state).toBe('bounced')
    expect(invitationTransition('opened', { type: 'bounced' }).ok).toBe(false)
    expect(invitationTransition('responded', { type: 'bounced' }).ok).toBe(false)
  })

  it('treats a late or repeated notice as a no-op without an event', () => {
    const step = invitationTransition('opened', { type: 'delivered' })
    expect(step.ok && step.value.state === 'opened' && step.value.events.length === 0).toBe(true)
  })
})

describe('model test: random command sequences keep the invariants', () => {
  it('never steps backwards', () => {
    fc.assert(
      fc.property(commands, (sequence) => {
        for (const step of run(sequence).trace)
          expect(STATUS_RANK[step.to]).toBeGreaterThanOrEqual(STATUS_RANK[step.from])
      }),
    )
  })

  it('makes bounced terminal for mail: no mail command leaves it', () => {
    fc.assert(
      fc.property(
        commands,
        fc.array(fc.constantFrom(...MAIL_COMMANDS), { minLength: 1, maxLength: 20 }),
        (before, mail) => {
          const { trace } = run([...before, 'bounced', ...mail])
          const afterBounce = trace.slice(
            trace.findIndex((step, index) => index >= before.length && step.to === 'bounced'),
          )
          if (afterBounce[0]?.to !== 'bounced') return // the bounce itself was refused (opened or responded first)
          for (const step of afterBounce.slice(1)) expect(step.to).toBe('bounced')
        },
      ),
    )
  })

  it('keeps responded reachable from every state, delivered or not', () => {
    for (const state of INVITATION_STATUSES) {
      const step = invitationTransition(state, { type: 'respond' })
      expect(step.ok && step.value.state).toBe('responded')
    }
    fc.assert(
      fc.property(commands, (sequence) => {
        expect(run([...sequence, 'respond']).state).toBe('responded')
      }),
    )
  })

  it('emits an event exactly when the status changes, or on every response', () => {
    fc.assert(
      fc.property(commands, (sequence) => {
        for (const step of run(sequence).trace) {
          const changed = step.from !== step.to
          expect(step.events.length).toBe(changed || (step.command === 'respond' && !step.refused) ? 1 : 0)
        }
      }),
    )
  })

  it('never leaves responded once reached', () => {
    fc.assert(
      fc.property(commands, commands, (before, after) => {
        const { trace } = run([...before, 'respond', ...after])
        for (const step of trace.slice(before.length)) expect(step.to).toBe('responded')
      }),
    )
  })
})
