import type { BackgroundScope } from '../background/background-job.js'
import { DeviceNotifier } from '../device/device-notifier.js'
import type { DeviceService } from '../device/device-service.js'
import type { CalendarEvent } from '../event/event.js'
import type { EventChangeListener } from '../event/event-lifecycle.js'
import { eventExists, storedEventOrOccurrence } from '../event/series-monitoring.js'
import type { Clock } from '../ports/clock.js'
import type { EventRepositoryPort } from '../ports/event-repository.js'
import type { IdGenerator } from '../ports/id-generator.js'
import type { PushOutcome, PushPort } from '../ports/push.js'
import type { ReminderFilter, ReminderRepositoryPort } from '../ports/reminder-repository.js'
import type { UserRepositoryPort } from '../ports/user-repository.js'
import { domainEvent, type EventScope } from '../shared/domain-event.js'
import {
  type ConcurrentModification,
  InvalidParameter,
  type InvalidTransition,
  MissingParameter,
  ResourceNotFound,
} from '../shared/errors.js'
import { type Conflict, retryOnConflict, written } from '../shared/optimistic.js'
import { type Page, type PageRequest, validatePageRequest } from '../shared/pagination.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import type { UserService } from '../user/user-service.js'
import { reminderNotification } from './notification.js'
import { beforeEventFireTime, REMINDER_OFFSETS, type Reminder, reminderIdentity, SNOOZE_MINUTES } from './reminder.js'
import { type ReminderCommand, type ReminderEventType, reminderTransition } from './reminder-transition.js'

export interface CreateReminderInput {
  readonly offsetMinutes?: number | undefined
  readonly customTime?: Date | undefined
  readonly message?: string | null | undefined
}

export interface ReminderServiceDeps {
  readonly reminders: ReminderRepositoryPort
  readonly events: EventRepositoryPort
  /** The API gate (paused users are refused). */
  readonly users: UserService
  /** Read directly by the delivery job, which acts for no request. */
  readonly userRecords: UserRepositoryPort
  readonly devices: DeviceService
  readonly push: PushPort
  readonly ids: IdGenerator
}

/** How one firing went, device by device (logged by hosts, counted by tests). */
export interface DeliveryReport {
  readonly accountId: string
  readonly reminderId: string
  readonly outcomes: readonly PushOutcome[]
}

type CommandError = ResourceNotFound | AccountDeactivated | InvalidTransition | ConcurrentModification

const DUE_BATCH = 100

export class ReminderService {
  private readonly deliveryListeners: ((report: DeliveryReport) => void)[] = []

  private readonly notifier: DeviceNotifier

  constructor(private readonly deps: ReminderServiceDeps) {
    this.notifier = new DeviceNotifier(deps.devices, deps.push)
  }

  /**
   * Creates a reminder, idempotently: the event already having a live reminder with
   * the same offset (or the same custom time) returns that one (`created` false).
   */
  async create(
    scope: RequestScope,
    eventId: string,
    input: CreateReminderInput,
  ): Promise<
    Result<
      { readonly reminder: Reminder; readonly created: boolean },
      ResourceNotFound | AccountDeactivated | InvalidParameter | MissingParameter
    >
  > {
    if (input.offsetMinutes !== undefined && input.customTime !== undefined) {
      return err(
        new InvalidParameter({ param: 'custom_time', message: 'Pass either offset_minutes or custom_time, not both.' }),
      )
    }
    if (input.offsetMinutes === undefined && input.customTime === undefined) {
      return err(
        new MissingParameter({
          param: 'offset_minutes',
          message: 'Missing required parameter: offset_minutes (or custom_time instead).',
        }),
      )
    }
    if (input.offsetMinutes !== undefined && !(REMINDER_OFFSETS as readonly number[]).includes(input.offsetMinutes)) {
      return err(
        new InvalidParameter({
          param: 'offset_minutes',
          message: `offset_minutes must be one of ${REMINDER_OFFSETS.join(', ')}.`,
        }),
      )
    }
    // An occurrence of a series carries its own reminder: it is stored (as the monitoring sweep would store it).
    const event = await storedEventOrOccurrence(this.deps.events, scope.accountId, eventId, scope.clock.now())
    if (event === null) return err(new ResourceNotFound({ resource: 'event', id: eventId }))
    const user = await this.deps.users.requireActive(scope, event.userId)
    if (!user.ok) return user
    const now = scope.clock.now()
    const type = input.offsetMinutes === undefined ? 'custom_time' : 'before_event'
    const scheduledAt =
      input.offsetMinutes === undefined ? input.customTime : beforeEventFireTime(event.startTime, input.offsetMinutes)
    if (scheduledAt === undefined) throw new Error('unreachable: offset_minutes or custom_time was checked above')
    const identity = reminderIdentity({
      eventId,
      type,
      offsetMinutes: input.offsetMinutes ?? null,
      customTime: input.customTime ?? null,
    })
    const existing = await this.deps.reminders.findLive(scope.accountId, identity)
    if (existing !== null) return ok({ reminder: existing, created: false })
    if (scheduledAt.getTime() <= now.getTime()) {
      return err(
        type === 'before_event'
          ? new InvalidParameter({
              param: 'offset_minutes',
              message: `The event starts in less than ${input.offsetMinutes} minutes: this reminder would fire in the past.`,
            })
          : new InvalidParameter({ param: 'custom_time', message: 'custom_time must be in the future.' }),
      )
    }
    const reminder: Reminder = {
      id: this.deps.ids.next('rem'),
      accountId: scope.accountId,
      livemode: scope.livemode,
      userId: event.userId,
      eventId,
      type,
      offsetMinutes: input.offsetMinutes ?? null,
      customTime: input.customTime ?? null,
      message: input.message ?? null,
      status: 'scheduled',
      scheduledAt,
      sentAt: null,
      dismissedAt: null,
      cancelledAt: null,
      cancellationReason: null,
      snoozeCount: 0,
      createdAt: now,
      updatedAt: now,
      version: 1,
    }
    const outcome = await this.deps.reminders.insert(reminder, [
      this.event(scope, scope.clock, 'reminder.created', reminder),
    ])
    if (outcome === 'duplicate') {
      // Lost a race with a concurrent create of the same reminder: that one is the answer.
      const winner = await this.deps.reminders.findLive(scope.accountId, identity)
      if (winner !== null) return ok({ reminder: winner, created: false })
    }
    return ok({ reminder, created: true })
  }

  async retrieve(scope: RequestScope, id: string): Promise<Result<Reminder, ResourceNotFound>> {
    const reminder = await this.deps.reminders.get(scope.accountId, id)
    return reminder === null ? err(new ResourceNotFound({ resource: 'reminder', id })) : ok(reminder)
  }

  async list(
    scope: RequestScope,
    eventId: string,
    filter: ReminderFilter,
    page: PageRequest,
  ): Promise<Result<Page<Reminder>, ResourceNotFound | InvalidParameter>> {
    // An occurrence not stored yet exists too: it has no reminders of its own.
    if (!(await eventExists(this.deps.events, scope.accountId, eventId)))
      return err(new ResourceNotFound({ resource: 'event', id: eventId }))
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    return ok(await this.deps.reminders.listByEvent(scope.accountId, eventId, filter, page))
  }

  /** `DELETE /v1/reminders/{id}`: a cancelled reminder never fires; cancelling again is a no-op. */
  cancel(scope: RequestScope, id: string): Promise<Result<Reminder, CommandError>> {
    return this.command(scope, id, (now) => ({ type: 'cancel', now }))
  }

  /** A sent reminder comes back `minutes` from now; a scheduled one fires `minutes` later than planned. */
  async snooze(
    scope: RequestScope,
    id: string,
    minutes: number,
  ): Promise<Result<Reminder, CommandError | InvalidParameter>> {
    if (!(SNOOZE_MINUTES as readonly number[]).includes(minutes)) {
      return err(
        new InvalidParameter({
          param: 'snooze_minutes',
          message: `snooze_minutes must be one of ${SNOOZE_MINUTES.join(', ')}.`,
        }),
      )
    }
    return this.command(scope, id, (now) => ({ type: 'snooze', now, minutes }))
  }

  /** The user saw a sent reminder and is done with it; dismissing again is a no-op. */
  dismiss(scope: RequestScope, id: string): Promise<Result<Reminder, CommandError>> {
    return this.command(scope, id, (now) => ({ type: 'dismiss', now }))
  }

  /** What the event's moves and deletion do to its reminders (registered on the EventLifecycle). */
  eventListener(): EventChangeListener {
    return {
      name: 'reminders',
      onUpdated: async (before, after, scope) => {
        if (before.startTime.getTime() === after.startTime.getTime()) return
        await this.followEvent(after, scope, (reminder, now) =>
          reminder.type === 'before_event' && reminder.offsetMinutes !== null
            ? { type: 'event_moved', now, scheduledAt: beforeEventFireTime(after.startTime, reminder.offsetMinutes) }
            : null,
        )
      },
      onDeleted: (event, scope) => this.followEvent(event, scope, (_reminder, now) => ({ type: 'event_deleted', now })),
    }
  }

  /** Removes every reminder of a user (the user-delete cascade). */
  removeAllOf(accountId: string, userId: string): Promise<number> {
    return this.deps.reminders.removeByUser(accountId, userId)
  }

  /** Hears how each firing's pushes went (logging, tests). */
  onDelivery(listener: (report: DeliveryReport) => void): void {
    this.deliveryListeners.push(listener)
  }

  /**
   * The delivery job: fires every reminder due at `scope.clock.now()`. The `sent`
   * state is written first (so a reminder cancelled or snoozed meanwhile loses
   * nothing and is never sent twice), then the user's devices get the push.
   */
  async fireDue(scope: BackgroundScope): Promise<number> {
    let handled = 0
    for (;;) {
      const now = scope.clock.now()
      const due = await this.deps.reminders.due(scope.accountId, now, DUE_BATCH)
      let fired = 0
      for (const reminder of due) fired += await this.fire(reminder, now, scope.clock)
      handled += fired
      if (due.length < DUE_BATCH || fired === 0) return handled
    }
  }

  nextDueAt(scope: BackgroundScope, after: Date): Promise<Date | null> {
    return this.deps.reminders.nextDueAt(scope.accountId, after)
  }

  private async fire(reminder: Reminder, now: Date, clock: Clock): Promise<number> {
    const step = reminderTransition(reminder, { type: 'fire', now })
    if (!step.ok) return 0
    const sent = this.next(step.value.state, reminder, now)
    const written = await this.deps.reminders.update(
      sent,
      reminder.version,
      this.events(reminder, clock, step.value.events, sent),
    )
    if (written === 'conflict') return 0
    const user = await this.deps.userRecords.get(reminder.accountId, reminder.userId)
    // A paused user receives nothing; the reminder still counts as sent so that it never fires late.
    if (user === null || user.deactivatedAt !== null) return 1
    const event = await this.deps.events.get(reminder.accountId, reminder.eventId)
    const message = reminderNotification(sent, event, user, now)
    const outcomes = await this.notifier.notify(reminder.accountId, reminder.userId, message)
    for (const listener of this.deliveryListeners)
      listener({ accountId: reminder.accountId, reminderId: reminder.id, outcomes })
    return 1
  }

  /** Loads, gates (paused user), transitions and writes one reminder, retrying lost races. */
  private async command(
    scope: RequestScope,
    id: string,
    makeCommand: (now: Date) => ReminderCommand,
  ): Promise<Result<Reminder, CommandError>> {
    return retryOnConflict({
      target: { resource: 'reminder', id },
      read: () => this.deps.reminders.get(scope.accountId, id),
      attempt: async (current) => {
        const user = await this.deps.users.requireActive(scope, current.userId)
        if (!user.ok) return user
        const now = scope.clock.now()
        const step = reminderTransition(current, makeCommand(now))
        if (!step.ok) return step
        if (step.value.state === current) return ok(current)
        return this.save(scope, current, step.value, now)
      },
    })
  }

  /** Applies an event-lifecycle command to each reminder of the event (no user gate: the event's write already passed it). */
  private async followEvent(
    event: CalendarEvent,
    scope: RequestScope,
    makeCommand: (reminder: Reminder, now: Date) => ReminderCommand | null,
  ): Promise<void> {
    for (const first of await this.deps.reminders.allOfEvent(scope.accountId, event.id)) {
      await retryOnConflict({
        target: { resource: 'reminder', id: first.id },
        first,
        read: () => this.deps.reminders.get(scope.accountId, first.id),
        attempt: async (current) => {
          const now = scope.clock.now()
          const command = makeCommand(current, now)
          if (command === null) return ok(current)
          const step = reminderTransition(current, command)
          if (!step.ok || step.value.state === current) return ok(current)
          return this.save(scope, current, step.value, now)
        },
      })
    }
  }

  /** Writes a step's state with its events against the version it was made from. */
  private async save(
    scope: RequestScope,
    current: Reminder,
    step: { readonly state: Reminder; readonly events: readonly ReminderEventType[] },
    now: Date,
  ): Promise<Result<Reminder, never> | Conflict> {
    const next = this.next(step.state, current, now)
    const events = this.events(scope, scope.clock, step.events, next)
    return written(await this.deps.reminders.update(next, current.version, events), next)
  }

  private next(state: Reminder, current: Reminder, now: Date): Reminder {
    return { ...state, updatedAt: now, version: current.version + 1 }
  }

  private events(scope: EventScope, clock: Clock, types: readonly ReminderEventType[], reminder: Reminder) {
    return types.map((type) => this.event(scope, clock, type, reminder))
  }

  private event(scope: EventScope, clock: Clock, type: ReminderEventType, reminder: Reminder) {
    return domainEvent(
      { ids: this.deps.ids, clock },
      { accountId: scope.accountId, livemode: scope.livemode },
      type,
      'reminder',
      reminder,
    )
  }
}
