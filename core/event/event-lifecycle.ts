import type { Connection } from '../connection/connection.js'
import type { RequestScope } from '../shared/request-scope.js'
import type { CalendarEvent } from './event.js'

/**
 * Who made a change: the API (a caller), or a connected calendar provider
 * (calendar sync). A provider mirror must not echo the provider's own changes back.
 */
export interface ChangeContext {
  readonly origin: 'api' | 'provider'
}

export const API_CHANGE: ChangeContext = { origin: 'api' }

/** What the creator already read, handed to the listeners so that they need not read it again. */
export interface CreationReads {
  /** The user's connections (`ConnectionRepositoryPort.list(accountId, { userId }, { limit: 100 })`), when read. */
  readonly connections?: readonly Connection[]
}

/**
 * What other resources of an event (reminders, invitations, provider mirrors)
 * do when it appears, moves or goes away. Listeners run after the event's write
 * has landed, in registration order; each must be idempotent, since a retried
 * request can call it again, and must not fail the change (it has landed).
 */
export interface EventChangeListener {
  readonly name: string
  /**
   * The event was created (its first departure window, if any, is already computed). Resolves to whether the
   * listener wrote the event (the creator then reads it again for its answer).
   */
  onCreated?(event: CalendarEvent, scope: RequestScope, context: ChangeContext, reads: CreationReads): Promise<boolean>
  /** The event changed; compare `before` and `after` to see what moved. */
  onUpdated?(before: CalendarEvent, after: CalendarEvent, scope: RequestScope, context: ChangeContext): Promise<void>
  /** The event was deleted. (Deleting a user removes its events through the user-deletion cascade instead.) */
  onDeleted?(event: CalendarEvent, scope: RequestScope, context: ChangeContext): Promise<void>
}

export class EventLifecycle {
  private readonly listeners: EventChangeListener[] = []

  register(listener: EventChangeListener): void {
    this.listeners.push(listener)
  }

  get listenerNames(): readonly string[] {
    return this.listeners.map((listener) => listener.name)
  }

  /** Whether a listener wrote the event. */
  async created(
    event: CalendarEvent,
    scope: RequestScope,
    context: ChangeContext = API_CHANGE,
    reads: CreationReads = {},
  ): Promise<boolean> {
    let written = false
    for (const listener of this.listeners)
      if ((await listener.onCreated?.(event, scope, context, reads)) === true) written = true
    return written
  }

  async updated(
    before: CalendarEvent,
    after: CalendarEvent,
    scope: RequestScope,
    context: ChangeContext = API_CHANGE,
  ): Promise<void> {
    for (const listener of this.listeners) await listener.onUpdated?.(before, after, scope, context)
  }

  async deleted(event: CalendarEvent, scope: RequestScope, context: ChangeContext = API_CHANGE): Promise<void> {
    for (const listener of this.listeners) await listener.onDeleted?.(event, scope, context)
  }
}

/** Whether the change moves the event in time or place (what attendees and reminders care about). */
export const movedInTimeOrPlace = (before: CalendarEvent, after: CalendarEvent): boolean =>
  before.startTime.getTime() !== after.startTime.getTime() ||
  before.endTime.getTime() !== after.endTime.getTime() ||
  JSON.stringify(before.location) !== JSON.stringify(after.location)
