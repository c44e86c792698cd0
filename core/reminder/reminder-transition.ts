import { InvalidTransition } from '../shared/errors.js'
import { err, type Result } from '../shared/result.js'
import {
  runTransition,
  type StateMachine,
  type TransitionOutcome,
  type TransitionTable,
} from '../shared/state-machine.js'
import type { ReminderLifecycle, ReminderStatus } from './reminder.js'

/**
 * What can happen to a reminder. `fire` comes from the delivery job at the fire
 * time; `snooze`, `dismiss` and `cancel` from the API; `event_moved` and
 * `event_deleted` from the event's lifecycle (docs/reminders.md).
 */
export type ReminderCommand =
  | { readonly type: 'fire'; readonly now: Date }
  | { readonly type: 'snooze'; readonly now: Date; readonly minutes: number }
  | { readonly type: 'dismiss'; readonly now: Date }
  | { readonly type: 'cancel'; readonly now: Date }
  /** The event's start moved: `scheduledAt` is the new start minus the offset (`before_event` only). */
  | { readonly type: 'event_moved'; readonly now: Date; readonly scheduledAt: Date }
  | { readonly type: 'event_deleted'; readonly now: Date }
export type ReminderCommandType = ReminderCommand['type']

export const REMINDER_EVENT_TYPES = [
  'reminder.created',
  'reminder.sent',
  'reminder.snoozed',
  'reminder.dismissed',
  'reminder.cancelled',
  'reminder.rescheduled',
] as const
export type ReminderEventType = (typeof REMINDER_EVENT_TYPES)[number]

/**
 * Each status, the commands it accepts and where each may lead; a missing entry is
 * refused (409 `invalid_state_transition` on the API). A target equal to the
 * source with nothing changed is a no-op: repeating a dismiss or a cancel is harmless.
 */
export const reminderTransitionTable: TransitionTable<ReminderStatus, ReminderCommandType> = {
  scheduled: {
    fire: ['sent'],
    snooze: ['scheduled'],
    cancel: ['cancelled'],
    event_moved: ['scheduled'],
    event_deleted: ['cancelled'],
  },
  sent: {
    snooze: ['scheduled'],
    dismiss: ['dismissed'],
    cancel: ['cancelled'],
    event_moved: ['scheduled', 'sent'],
    event_deleted: ['cancelled'],
  },
  dismissed: { dismiss: ['dismissed'], event_moved: ['scheduled', 'dismissed'], event_deleted: ['dismissed'] },
  cancelled: { cancel: ['cancelled'], event_moved: ['cancelled'], event_deleted: ['cancelled'] },
}

/** `events`: domain events to append with the write; empty when nothing changed. */
export type ReminderOutcome<S extends ReminderLifecycle> = TransitionOutcome<S, ReminderEventType>

/** Generic in the state so that the rest of a `Reminder` passes through every handler untouched. */
type Handlers = {
  readonly [Type in ReminderCommandType]: <S extends ReminderLifecycle>(
    state: S,
    command: Extract<ReminderCommand, { readonly type: Type }>,
  ) => ReminderOutcome<S>
}

const unchanged = <S extends ReminderLifecycle>(state: S): ReminderOutcome<S> => ({ state, events: [] })
const MINUTE = 60_000

const handlers: Handlers = {
  fire: (state, command) => ({ state: { ...state, status: 'sent', sentAt: command.now }, events: ['reminder.sent'] }),
  snooze: (state, command) => {
    // A sent reminder comes back `minutes` from now; a scheduled one is pushed `minutes` later than it would have fired.
    const from =
      state.status === 'scheduled'
        ? Math.max(state.scheduledAt.getTime(), command.now.getTime())
        : command.now.getTime()
    return {
      state: {
        ...state,
        status: 'scheduled',
        scheduledAt: new Date(from + command.minutes * MINUTE),
        sentAt: null,
        snoozeCount: state.snoozeCount + 1,
      },
      events: ['reminder.snoozed'],
    }
  },
  dismiss: (state, command) =>
    state.status === 'dismissed'
      ? unchanged(state)
      : { state: { ...state, status: 'dismissed', dismissedAt: command.now }, events: ['reminder.dismissed'] },
  cancel: (state, command) =>
    state.status === 'cancelled'
      ? unchanged(state)
      : {
          state: {
            ...state,
            status: 'cancelled',
            sentAt: null,
            cancelledAt: command.now,
            cancellationReason: 'requested',
          },
          events: ['reminder.cancelled'],
        },
  event_moved: (state, command) => {
    if (state.status === 'cancelled') return unchanged(state)
    if (state.status === 'scheduled') {
      return state.scheduledAt.getTime() === command.scheduledAt.getTime()
        ? unchanged(state)
        : { state: { ...state, scheduledAt: command.scheduledAt }, events: ['reminder.rescheduled'] }
    }
    // Already shown for the old time: re-armed only if the new fire time is still ahead.
    if (command.scheduledAt.getTime() <= command.now.getTime()) return unchanged(state)
    return {
      state: { ...state, status: 'scheduled', scheduledAt: command.scheduledAt, sentAt: null, dismissedAt: null },
      events: ['reminder.rescheduled'],
    }
  },
  event_deleted: (state, command) =>
    state.status === 'scheduled' || state.status === 'sent'
      ? {
          state: {
            ...state,
            status: 'cancelled',
            sentAt: null,
            cancelledAt: command.now,
            cancellationReason: 'event_deleted',
          },
          events: ['reminder.cancelled'],
        }
      : unchanged(state),
}

const refuse = (state: ReminderLifecycle, command: ReminderCommand): InvalidTransition =>
  new InvalidTransition({ resource: 'reminder', from: state.status, command: command.type })

const reminderMachine: StateMachine<
  ReminderStatus,
  ReminderLifecycle,
  ReminderCommand,
  ReminderEventType,
  InvalidTransition
> = { name: 'reminder', table: reminderTransitionTable, statusOf: (state) => state.status, handlers, refuse }

/** The reminder state machine: pure, driven by the table above. */
export const reminderTransition = <S extends ReminderLifecycle>(
  state: S,
  command: ReminderCommand,
): Result<ReminderOutcome<S>, InvalidTransition> => {
  // A reminder never fires before its time.
  if (command.type === 'fire' && command.now.getTime() < state.scheduledAt.getTime()) return err(refuse(state, command))
  // The handlers are generic in the state (above): what they return for an S is an S.
  return runTransition(reminderMachine, state, command) as Result<ReminderOutcome<S>, InvalidTransition>
}
