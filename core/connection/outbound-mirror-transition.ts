import type { EventMirror, MirrorStatus } from '../event/event.js'
import { InvalidTransition } from '../shared/errors.js'
import type { Result } from '../shared/result.js'
import {
  runTransition,
  type StateMachine,
  type TransitionHandlers,
  type TransitionOutcome,
  type TransitionTable,
} from '../shared/state-machine.js'

/**
 * The outbound calendar mirror of an API-made event (docs/connections.md): `pending` while a write to the user's
 * calendar is owed, `synced` once the provider holds the current copy, `failed` once every retry was used or the
 * calendar can no longer be written. A new change to the event makes it `pending` again from any status.
 */

/** Waits before retry n (1-based); after the last one the mirror is `failed` for good. */
export const MIRROR_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const

/** A mirror owed its first write, to the given calendar: pending, not yet attempted. */
export const newMirror = (target: { readonly connectionId: string; readonly calendarId: string }): EventMirror => ({
  connectionId: target.connectionId,
  calendarId: target.calendarId,
  externalId: null,
  status: 'pending',
  operation: 'create',
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
})

export type MirrorCommand =
  /** The event changed (or its first copy is owed): write it again, with a fresh count of attempts. */
  | { readonly type: 'request' }
  /** Nothing was sent (the provider or the write budget asked to wait): not an attempt, only a later time. */
  | { readonly type: 'defer'; readonly error: string; readonly until: Date }
  /** The provider took the write and names its copy. */
  | { readonly type: 'succeed'; readonly externalId: string }
  /**
   * The write failed at `at`. `calendarGone`: the calendar is no longer writable (or its connection is
   * disconnected), so no retry can help. `retryAfterMs`: the provider's own wait, when it gave one.
   */
  | {
      readonly type: 'fail'
      readonly at: Date
      readonly error: string
      readonly calendarGone: boolean
      readonly retryAfterMs?: number
    }
export type MirrorCommandType = MirrorCommand['type']
/** The mirror emits no domain events: its status is shown on the event (`mirror`), not sent as a webhook. */
export type MirrorEventType = never
export type MirrorOutcome = TransitionOutcome<EventMirror, MirrorEventType>

/** Only a pending mirror is attempted; any status takes a new request. */
export const mirrorTransitionTable: TransitionTable<MirrorStatus, MirrorCommandType> = {
  pending: { request: ['pending'], defer: ['pending'], succeed: ['synced'], fail: ['pending', 'failed'] },
  synced: { request: ['pending'] },
  failed: { request: ['pending'] },
}

const handlers: TransitionHandlers<EventMirror, MirrorCommand, MirrorEventType> = {
  request: (mirror) => ({
    state: { ...mirror, operation: mirror.externalId === null ? 'create' : 'update', status: 'pending', attempts: 0 },
    events: [],
  }),
  defer: (mirror, command) => ({
    state: { ...mirror, status: 'pending', lastError: command.error, nextAttemptAt: command.until },
    events: [],
  }),
  succeed: (mirror, command) => ({
    state: {
      ...mirror,
      externalId: command.externalId,
      status: 'synced',
      operation: 'update',
      attempts: mirror.attempts + 1,
      lastError: null,
      nextAttemptAt: null,
    },
    events: [],
  }),
  /** Retried on the schedule above (or later, when the provider asked so), then `failed`. */
  fail: (mirror, command) => {
    const attempts = mirror.attempts + 1
    // The wait before the next try, or undefined once every retry was used.
    const retryDelay = MIRROR_RETRY_DELAYS_MS[attempts - 1]
    const final = retryDelay === undefined || command.calendarGone
    return {
      state: {
        ...mirror,
        status: final ? 'failed' : 'pending',
        attempts,
        lastError: command.error,
        nextAttemptAt: final ? null : new Date(command.at.getTime() + Math.max(retryDelay, command.retryAfterMs ?? 0)),
      },
      events: [],
    }
  },
}

const mirrorMachine: StateMachine<MirrorStatus, EventMirror, MirrorCommand, MirrorEventType, InvalidTransition> = {
  name: 'calendar mirror',
  table: mirrorTransitionTable,
  statusOf: (mirror) => mirror.status,
  handlers,
  refuse: (mirror, command) =>
    new InvalidTransition({ resource: 'event_mirror', from: mirror.status, command: command.type }),
}

/** The outbound mirror state machine: pure, driven by the table above. */
export const mirrorTransition = (
  mirror: EventMirror,
  command: MirrorCommand,
): Result<MirrorOutcome, InvalidTransition> => runTransition(mirrorMachine, mirror, command)
