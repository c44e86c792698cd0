import type { CalendarEvent } from './event.js'
import type { RequestScope } from '../user/user-service.js'

/**
 * What other resources of an event (reminders, invitations, provider mirrors)
 * do when it moves or goes away. Listeners run after the event's write has
 * landed, in registration order; each must be idempotent, since a retried
 * request can call it again.
 */
export interface EventChangeListener {
  readonly name: string
  /** The event changed; compare `before` and `after` to see what moved. */
  onUpdated?(before: CalendarEvent, after: CalendarEvent, scope: RequestScope): Promise<void>
  /** The event was deleted. (Deleting a user removes its events through the user-deletion cascade instead.) */
  onDeleted?(event: CalendarEvent, scope: RequestScope): Promise<void>
}

export class EventLifecycle {
  private readonly listeners: EventChangeListener[] = []

  register(listener: EventChangeListener): void {
    this.listeners.push(listener)
  }

  get listenerNames(): readonly string[] {
    return this.listeners.map((listener) => listener.name)
  }

  async updated(before: CalendarEvent, after: CalendarEvent, scope: RequestScope): Promise<void> {
    for (const listener of this.listeners) await listener.onUpdated?.(before, after, scope)
  }

  async deleted(event: CalendarEvent, scope: RequestScope): Promise<void> {
    for (const listener of this.listeners) await listener.onDeleted?.(event, scope)
  }
}

/** Whether the change moves the event in time or place (what attendees and reminders care about). */
export const movedInTimeOrPlace = (before: CalendarEvent, after: CalendarEvent): boolean =>
  before.startTime.getTime() !== after.startTime.getTime() ||
  before.endTime.getTime() !== after.endTime.getTime() ||
  JSON.stringify(before.location) !== JSON.stringify(after.location)
