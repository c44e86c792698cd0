import type { Connection } from '../connection/connection.js'
import type { InvalidParameter } from '../shared/errors.js'
import type { RequestScope } from '../shared/request-scope.js'
import type { CalendarEvent } from './event.js'

/**
 * Who made a change: the API (a caller), or a connected calendar provider
 * (calendar sync). A provider mirror must not echo the provider's own changes back.
 */
export interface ChangeContext {
  readonly origin: 'api' | 'provider'
  /** Set by the series service on the writes of one series edit: it reports the series once the whole edit is done. */
  readonly seriesReportedByCaller?: boolean
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
  /**
   * A series was created or changed (its master, its lines or any occurrence edited on its own): `master` as it is
   * now. Resolves to the refusal of a listener that could not carry the change (a provider mirror whose provider
   * refused it), in words; the series service then puts the series back as it was.
   */
  onSeriesChanged?(master: CalendarEvent, scope: RequestScope, context: ChangeContext): Promise<SeriesRefusal | null>
  /** A series was deleted with all its occurrences (`master` as it was). */
  onSeriesDeleted?(master: CalendarEvent, scope: RequestScope, context: ChangeContext): Promise<void>
  /**
   * Before a series is stored with these lines: a listener that could not carry them (a mirror to a provider that
   * cannot hold the rule) answers the 400 naming `recurrence[i]`.
   */
  checkRecurrence?(
    series: {
      readonly userId: string
      /** The stored event when the lines change on an existing one; null for a new series. */
      readonly existing: CalendarEvent | null
      readonly recurrence: readonly string[]
      readonly start: Date
      readonly timezone: string
    },
    scope: RequestScope,
  ): Promise<InvalidParameter | null>
}

/** A listener could not carry a series change: `reason` says why (the provider's own words). */
export interface SeriesRefusal {
  readonly listener: string
  readonly reason: string
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

  /** The first refusal of a series change, or null when every listener carried it. */
  async seriesChanged(
    master: CalendarEvent,
    scope: RequestScope,
    context: ChangeContext = API_CHANGE,
  ): Promise<SeriesRefusal | null> {
    let refusal: SeriesRefusal | null = null
    for (const listener of this.listeners) {
      const refused = (await listener.onSeriesChanged?.(master, scope, context)) ?? null
      refusal ??= refused
    }
    return refusal
  }

  async seriesDeleted(master: CalendarEvent, scope: RequestScope, context: ChangeContext = API_CHANGE): Promise<void> {
    for (const listener of this.listeners) await listener.onSeriesDeleted?.(master, scope, context)
  }

  /** The first listener's refusal of these series lines (400 naming `recurrence[i]`), or null. */
  async checkRecurrence(
    series: Parameters<NonNullable<EventChangeListener['checkRecurrence']>>[0],
    scope: RequestScope,
  ): Promise<InvalidParameter | null> {
    for (const listener of this.listeners) {
      const refused = (await listener.checkRecurrence?.(series, scope)) ?? null
      if (refused !== null) return refused
    }
    return null
  }
}

/** Whether the change moves the event in time or place (what attendees and reminders care about). */
export const movedInTimeOrPlace = (before: CalendarEvent, after: CalendarEvent): boolean =>
  before.startTime.getTime() !== after.startTime.getTime() ||
  before.endTime.getTime() !== after.endTime.getTime() ||
  JSON.stringify(before.location) !== JSON.stringify(after.location)
