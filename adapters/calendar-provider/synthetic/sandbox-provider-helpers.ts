import type { Connection } from '../../../core/connection/connection.js'
import type { ConnectionService } from '../../../core/connection/connection-service.js'
import { InvalidParameter, ResourceNotFound } from '../../../core/shared/errors.js'
import type { RequestScope } from '../../../core/shared/request-scope.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import type { SyntheticCalendarWorld, WorldEvent } from './synthetic-calendar-world.js'

export interface ProviderEventInput {
  readonly calendarId: string
  readonly title: string
  readonly start: Date
  readonly end: Date
  readonly timezone?: string | undefined
  readonly location?: string | null | undefined
  readonly recurrence?: readonly string[] | undefined
}

export interface ProviderEventView {
  readonly event: WorldEvent
  /** Our `cal_` id of the provider calendar. */
  readonly calendarId: string
}

/**
 * Sandbox test helpers: change events "at the provider" of a connection, so
 * integrators see sync (push or poll) bring the change in.
 */
export class SandboxProviderHelpers {
  constructor(
    private readonly world: SyntheticCalendarWorld,
    private readonly connections: ConnectionService,
  ) {}

  async createEvent(
    scope: RequestScope,
    connectionId: string,
    input: ProviderEventInput,
  ): Promise<Result<ProviderEventView, ResourceNotFound | InvalidParameter>> {
    const target = await this.calendarOf(scope, connectionId, input.calendarId)
    if (!target.ok) return target
    if (input.end.getTime() <= input.start.getTime())
      return err(new InvalidParameter({ param: 'end_time', message: 'end_time must be after start_time.' }))
    const event = this.world.putEvent(target.value.connection.email, {
      id: this.world.newEventId(),
      calendarId: target.value.externalId,
      title: input.title,
      start: input.start,
      end: input.end,
      allDay: false,
      timezone: input.timezone ?? null,
      location: input.location ?? null,
      recurrence: [...(input.recurrence ?? [])],
      recurringEventId: null,
      originalStart: null,
      cancelled: false,
    })
    await this.world.settled()
    return ok({ event, calendarId: input.calendarId })
  }

  async updateEvent(
    scope: RequestScope,
    connectionId: string,
    externalId: string,
    patch: {
      title?: string | undefined
      start?: Date | undefined
      end?: Date | undefined
      location?: string | null | undefined
    },
  ): Promise<Result<ProviderEventView, ResourceNotFound | InvalidParameter>> {
    const found = await this.eventOf(scope, connectionId, externalId)
    if (!found.ok) return found
    const { connection, event, calendarId } = found.value
    const next = {
      ...event,
      title: patch.title ?? event.title,
      start: patch.start ?? event.start,
      end: patch.end ?? event.end,
      location: patch.location === undefined ? event.location : patch.location,
    }
    if (next.end.getTime() <= next.start.getTime())
      return err(new InvalidParameter({ param: 'end_time', message: 'end_time must be after start_time.' }))
    const stored = this.world.putEvent(connection.email, next)
    await this.world.settled()
    return ok({ event: stored, calendarId })
  }

  async cancelEvent(
    scope: RequestScope,
    connectionId: string,
    externalId: string,
  ): Promise<Result<ProviderEventView, ResourceNotFound>> {
    const found = await this.eventOf(scope, connectionId, externalId)
    if (!found.ok) return found
    const stored = this.world.putEvent(found.value.connection.email, { ...found.value.event, cancelled: true })
    await this.world.settled()
    return ok({ event: stored, calendarId: found.value.calendarId })
  }

  async revokeGrant(scope: RequestScope, connectionId: string): Promise<Result<Connection, ResourceNotFound>> {
    const found = await this.connections.retrieve(scope, connectionId)
    if (!found.ok) return found
    this.world.revokeAccount(found.value.connection.email)
    return ok(found.value.connection)
  }

  async setOutage(
    scope: RequestScope,
    connectionId: string,
    down: boolean,
  ): Promise<Result<Connection, ResourceNotFound>> {
    const found = await this.connections.retrieve(scope, connectionId)
    if (!found.ok) return found
    this.world.setOutage(found.value.connection.email, down)
    return ok(found.value.connection)
  }

  async expireSyncCursors(scope: RequestScope, connectionId: string): Promise<Result<Connection, ResourceNotFound>> {
    const found = await this.connections.retrieve(scope, connectionId)
    if (!found.ok) return found
    this.world.expireSyncCursors(found.value.connection.email)
    return ok(found.value.connection)
  }

  private async calendarOf(scope: RequestScope, connectionId: string, calendarId: string) {
    const found = await this.connections.retrieve(scope, connectionId, true)
    if (!found.ok) return found
    const calendar = found.value.calendars?.find((candidate) => candidate.id === calendarId)
    if (calendar === undefined)
      return err(new ResourceNotFound({ resource: 'calendar', id: calendarId, param: 'calendar_id' }))
    return ok({ connection: found.value.connection, externalId: calendar.externalId })
  }

  private async eventOf(scope: RequestScope, connectionId: string, externalId: string) {
    const found = await this.connections.retrieve(scope, connectionId, true)
    if (!found.ok) return found
    const event = this.world.account(found.value.connection.email)?.events.get(externalId)
    const calendar = found.value.calendars?.find((candidate) => candidate.externalId === event?.calendarId)
    if (event === undefined || event.cancelled || calendar === undefined)
      return err(new ResourceNotFound({ resource: 'provider_event', id: externalId, param: 'external_id' }))
    return ok({ connection: found.value.connection, event, calendarId: calendar.id })
  }
}
