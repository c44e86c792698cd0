import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ReminderLifecycle, ReminderStatus } from '../../../core/reminder/reminder.js'
import {
  type ReminderCommand,
  type ReminderCommandType,
  type ReminderEventType,
  reminderTransition,
  reminderTransitionTable,
} from '../../../core/reminder/reminder-transition.js'
import { expectOk } from '../../../core/shared/result.js'

const MINUTE = 60_000
const fireTime = new Date('2026-06-02T11:45:00Z')
const at = (minutesAfterFireTime: number) => new Date(fireTime.getTime() + minutesAfterFireTime * MINUTE)

const scheduled: ReminderLifecycle = {
  status: 'scheduled',
  scheduledAt: fireTime,
  sentAt: null,
  dismissedAt: null,
  cancelledAt: null,
  cancellationReason: null,
  snoozeCount: 0,
}
const apply = (state: ReminderLifecycle, command: ReminderCommand) =>
  expectOk(reminderTransition(state, command), command.type)
const sent = apply(scheduled, { type: 'fire', now: at(0) }).state
const dismissed = apply(sent, { type: 'dismiss', now: at(2) }).state
const cancelled = apply(scheduled, { type: 'cancel', now: at(-10) }).state
const states: Record<ReminderStatus, ReminderLifecycle> = { scheduled, sent, dismissed, cancelled }

interface Example {
  readonly name: string
  readonly from: ReminderStatus
  readonly command: ReminderCommand
  readonly to: ReminderStatus
  readonly events: readonly ReminderEventType[]
  readonly expect?: Partial<ReminderLifecycle>
}

/** One example per arrow of the table: where the contract is silent, decided (docs/reminders.md). */
const EXAMPLES: readonly Example[] = [
  {
    name: 'fires at its time',
    from: 'scheduled',
    command: { type: 'fire', now: at(0) },
    to: 'sent',
    events: ['reminder.sent'],
    expect: { sentAt: at(0) },
  },
  {
    name: 'snoozing a scheduled reminder pushes the fire time back',
    from: 'scheduled',
    command: { type: 'snooze', now: at(-30), minutes: 5 },
    to: 'scheduled',
    events: ['reminder.snoozed'],
    expect: { scheduledAt: at(5), snoozeCount: 1 },
  },
  {
    name: 'cancelling a scheduled reminder',
    from: 'scheduled',
    command: { type: 'cancel', now: at(-3) },
    to: 'cancelled',
    events: ['reminder.cancelled'],
    expect: { cancelledAt: at(-3), cancellationReason: 'requested' },
  },
  {
    name: 'the event moving reschedules a scheduled reminder',
    from: 'scheduled',
    command: { type: 'event_moved', now: at(-60), scheduledAt: at(60) },
    to: 'scheduled',
    events: ['reminder.rescheduled'],
    expect: { scheduledAt: at(60) },
  },
  {
    name: 'the event deleted cancels a scheduled reminder',
    from: 'scheduled',
    command: { type: 'event_deleted', now: at(-3) },
    to: 'cancelled',
    events: ['reminder.cancelled'],
    expect: { cancellationReason: 'event_deleted' },
  },
  {
    name: 'snoozing a sent reminder brings it back minutes from now',
    from: 'sent',
    command: { type: 'snooze', now: at(1), minutes: 15 },
    to: 'scheduled',
    events: ['reminder.snoozed'],
    expect: { scheduledAt: at(16), sentAt: null, snoozeCount: 1 },
  },
  {
    name: 'dismissing a sent reminder',
    from: 'sent',
    command: { type: 'dismiss', now: at(1) },
    to: 'dismissed',
    events: ['reminder.dismissed'],
    expect: { dismissedAt: at(1), sentAt: at(0) },
  },
  {
    name: 'cancelling a sent reminder',
    from: 'sent',
    command: { type: 'cancel', now: at(1) },
    to: 'cancelled',
    events: ['reminder.cancelled'],
  },
  {
    name: 'the event moving later re-arms a sent reminder',
    from: 'sent',
    command: { type: 'event_moved', now: at(1), scheduledAt: at(120) },
    to: 'scheduled',
    events: ['reminder.rescheduled'],
    expect: { scheduledAt: at(120), sentAt: null },
  },
  {
    name: 'the event moving to a fire time already past leaves a sent reminder alone',
    from: 'sent',
    command: { type: 'event_moved', now: at(1), scheduledAt: at(-5) },
    to: 'sent',
    events: [],
  },
  {
    name: 'the event deleted cancels a sent reminder',
    from: 'sent',
    command: { type: 'event_deleted', now: at(1) },
    to: 'cancelled',
    events: ['reminder.cancelled'],
    expect: { cancellationReason: 'event_deleted' },
  },
  {
    name: 'dismissing again is a no-op',
    from: 'dismissed',
    command: { type: 'dismiss', now: at(5) },
    to: 'dismissed',
    events: [],
    expect: { dismissedAt: at(2) },
  },
  {
    name: 'the event moving later re-arms a dismissed reminder',
    from: 'dismissed',
    command: { type: 'event_moved', now: at(5), scheduledAt: at(60) },
    to: 'scheduled',
    events: ['reminder.rescheduled'],
    expect: { sentAt: null, dismissedAt: null },
  },
  {
    name: 'the event moving to a past fire time leaves a dismissed reminder alone',
    from: 'dismissed',
    command: { type: 'event_moved', now: at(5), scheduledAt: at(4) },
    to: 'dismissed',
    events: [],
  },
  {
    name: 'the event deleted leaves a dismissed reminder as it is',
    from: 'dismissed',
    command: { type: 'event_deleted', now: at(5) },
    to: 'dismissed',
    events: [],
  },
  {
    name: 'cancelling again is a no-op',
    from: 'cancelled',
    command: { type: 'cancel', now: at(5) },
    to: 'cancelled',
    events: [],
    expect: { cancelledAt: at(-10) },
  },
  {
    name: 'the event moving leaves a cancelled reminder cancelled',
    from: 'cancelled',
    command: { type: 'event_moved', now: at(-5), scheduledAt: at(60) },
    to: 'cancelled',
    events: [],
  },
  {
    name: 'the event deleted leaves a cancelled reminder cancelled (reason kept)',
    from: 'cancelled',
    command: { type: 'event_deleted', now: at(5) },
    to: 'cancelled',
    events: [],
    expect: { cancellationReason: 'requested' },
  },
]

describe('reminder transitions: every arrow of the table', () => {
  it.each(EXAMPLES.map((example) => [example.name, example] as const))('%s', (_name, example) => {
    const outcome = apply(states[example.from], example.command)
    expect(outcome.state.status).toBe(example.to)
    expect(outcome.events).toEqual(example.events)
    if (example.expect !== undefined) expect(outcome.state).toMatchObject(example.expect)
    if (example.events.length === 0) expect(outcome.state).toBe(states[example.from])
  })

  it('the examples cover every (status, command, target) of the table', () => {
    const covered = new Set(EXAMPLES.map((example) => `${example.from} ${example.command.type} ${example.to}`))
    const arrows = Object.entries(reminderTransitionTable).flatMap(([from, row]) =>
      Object.entries(row).flatMap(([command, targets]) => (targets ?? []).map((to) => `${from} ${command} ${to}`)),
    )
    expect(arrows.filter((arrow) => !covered.has(arrow))).toEqual([])
  })
})

describe('reminder transitions: what is refused (409 invalid_state_transition)', () => {
  it.each<[ReminderStatus, ReminderCommand]>([
    ['scheduled', { type: 'dismiss', now: at(0) }],
    ['sent', { type: 'fire', now: at(5) }],
    ['dismissed', { type: 'fire', now: at(5) }],
    ['dismissed', { type: 'snooze', now: at(5), minutes: 5 }],
    ['dismissed', { type: 'cancel', now: at(5) }],
    ['cancelled', { type: 'fire', now: at(5) }],
    ['cancelled', { type: 'snooze', now: at(5), minutes: 5 }],
    ['cancelled', { type: 'dismiss', now: at(5) }],
  ])('%s refuses %o', (from, command) => {
    const result = reminderTransition(states[from], command)
    expect(result.ok ? null : result.error).toMatchObject({
      _tag: 'InvalidTransition',
      resource: 'reminder',
      from,
      command: command.type,
    })
    expect(reminderTransitionTable[from][command.type]).toBeUndefined()
  })

  it('a scheduled reminder never fires before its scheduled_at', () => {
    const result = reminderTransition(scheduled, { type: 'fire', now: at(-1) })
    expect(result.ok).toBe(false)
  })

  it('snoozing a scheduled reminder that is overdue counts from now', () => {
    expect(apply(scheduled, { type: 'snooze', now: at(10), minutes: 3 }).state.scheduledAt).toEqual(at(13))
  })
})

describe('model test: random command sequences keep the invariants', () => {
  type Step =
    | { kind: 'fire' | 'dismiss' | 'cancel' | 'event_deleted'; advance: number }
    | { kind: 'snooze'; advance: number; minutes: 1 | 3 | 5 | 15 }
    | { kind: 'event_moved'; advance: number; shift: number }

  const advance = fc.integer({ min: 0, max: 90 * MINUTE })
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('fire' as const), advance }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('snooze' as const),
        advance,
        minutes: fc.constantFrom(1 as const, 3 as const, 5 as const, 15 as const),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('dismiss' as const), advance }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), advance }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('event_moved' as const),
        advance,
        shift: fc.integer({ min: -240, max: 240 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('event_deleted' as const), advance }) },
  )

  it('holds: sent_at iff sent/dismissed, cancelled is final and never fires, nothing fires early, no-ops emit nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.array(step, { maxLength: 50 }), (minutesAhead, steps) => {
        let now = at(-minutesAhead)
        let state: ReminderLifecycle = { ...scheduled }
        let snoozes = 0
        let wasCancelled = false
        for (const next of steps) {
          now = new Date(now.getTime() + next.advance)
          const command: ReminderCommand =
            next.kind === 'snooze'
              ? { type: 'snooze', now, minutes: next.minutes }
              : next.kind === 'event_moved'
                ? { type: 'event_moved', now, scheduledAt: new Date(state.scheduledAt.getTime() + next.shift * MINUTE) }
                : { type: next.kind, now }
          const before = state
          const result = reminderTransition(before, command)
          if (!result.ok) {
            // Refusals come from the table, or from firing early.
            const early = command.type === 'fire' && now < before.scheduledAt
            expect(reminderTransitionTable[before.status][command.type] === undefined || early).toBe(true)
            continue
          }
          state = result.value.state
          const { events } = result.value
          expect(reminderTransitionTable[before.status][command.type as ReminderCommandType]).toContain(state.status)

          // sent_at is set exactly while sent or dismissed; dismissed_at while dismissed; the cancellation while cancelled.
          expect(state.sentAt !== null).toBe(state.status === 'sent' || state.status === 'dismissed')
          expect(state.dismissedAt !== null).toBe(state.status === 'dismissed')
          expect(state.cancelledAt !== null && state.cancellationReason !== null).toBe(state.status === 'cancelled')
          // A cancelled reminder stays cancelled: it never becomes sent.
          if (wasCancelled) expect(state.status).toBe('cancelled')
          wasCancelled ||= state.status === 'cancelled'
          // Nothing fires before its time.
          if (state.status === 'sent' || state.status === 'dismissed')
            expect(state.sentAt!.getTime()).toBeGreaterThanOrEqual(state.scheduledAt.getTime())
          if (command.type === 'fire') expect(state.sentAt).toEqual(now)
          // A snooze leaves it scheduled at least that many minutes ahead.
          if (command.type === 'snooze') {
            snoozes += 1
            expect(state.status).toBe('scheduled')
            expect(state.scheduledAt.getTime()).toBeGreaterThanOrEqual(now.getTime() + command.minutes * MINUTE)
          }
          expect(state.snoozeCount).toBe(snoozes)
          // A no-op returns the very same state and emits nothing; every change emits exactly one event.
          expect(events.length === 0).toBe(state === before)
          expect(events.length).toBeLessThanOrEqual(1)
        }
      }),
      { numRuns: 300 },
    )
  })
})
