import type { Calendar } from '../connection/connection.js'
import type { CalendarEvent } from '../event/event.js'
import { occurrenceOf, seriesShapeOfMaster } from '../event/event-series.js'
import { expandSeries } from '../event/recurrence.js'
import { isSeriesMaster } from '../event/series-shape.js'
import type { InvitationResponse } from '../invitation/invitation.js'
import { isCancelled } from '../invitation/invitation.js'
import type { CalendarRepositoryPort } from '../ports/calendar-repository.js'
import type { ConnectionRepositoryPort } from '../ports/connection-repository.js'
import type { EventRepositoryPort } from '../ports/event-repository.js'
import type { InvitationRepositoryPort } from '../ports/invitation-repository.js'
import type { UserRepositoryPort } from '../ports/user-repository.js'
import { InvalidParameter, ResourceNotFound } from '../shared/errors.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { User } from '../user/user.js'
import {
  type Availability,
  type AvailabilityReason,
  attendanceOf,
  type BusyEntry,
  busyWithin,
  DAY_MS,
  type Interval,
  MAX_PARTICIPANTS,
  MAX_WINDOW_DAYS,
  type ParticipantBusy,
  parseParticipant,
} from './freebusy.js'

export interface FreeBusyDeps {
  readonly events: EventRepositoryPort
  readonly users: UserRepositoryPort
  readonly calendars: CalendarRepositoryPort
  readonly connections: ConnectionRepositoryPort
  readonly invitations: InvitationRepositoryPort
}

export interface FreeBusyRequest {
  readonly participants: readonly string[]
  readonly from: Date
  readonly to: Date
  readonly includeTentative: boolean
  /** The request field naming the participants (`participants`), and the window's end (`to`, `latest_end`). */
  readonly params?: { readonly participants: string; readonly to: string; readonly maxWindowDays?: number }
}

/** Series per owner whose occurrences one query expands (docs/scheduling.md). */
export const MAX_SERIES_PER_QUERY = 1000

/** More events than this in one query's window are not read (docs/scheduling.md). */
export const MAX_EVENTS_PER_QUERY = 50_000

type Resolved =
  | { readonly key: string; readonly kind: 'user'; readonly user: User }
  | { readonly key: string; readonly kind: 'calendar'; readonly calendar: Calendar; readonly owner: User | null }
  | { readonly key: string; readonly kind: 'external'; readonly email: string }

/** What the service knows about one user's calendars: the calendars it no longer syncs, and whether every connection is healthy. */
interface CalendarHealth {
  readonly deselected: ReadonlySet<string>
  readonly connectionsActive: boolean
  readonly inactiveConnections: ReadonlySet<string>
}

/**
 * `POST /v1/freebusy/query`: the busy time of users (every selected calendar and
 * the events they are invited to), calendars, and external addresses (what this
 * account's events say about them), from the events the service holds. Recurring
 * series are held as their occurrences (the calendar sync expands them, EXDATEs
 * and moved instances included), so the busy time here is theirs.
 */
export class FreeBusyService {
  constructor(private readonly deps: FreeBusyDeps) {}

  async query(
    scope: RequestScope,
    request: FreeBusyRequest,
  ): Promise<Result<ParticipantBusy[], InvalidParameter | ResourceNotFound>> {
    const param = request.params?.participants ?? 'participants'
    const toParam = request.params?.to ?? 'to'
    const maxDays = request.params?.maxWindowDays ?? MAX_WINDOW_DAYS
    if (request.participants.length === 0)
      return err(new InvalidParameter({ param, message: `${param} needs at least one participant.` }))
    if (request.participants.length > MAX_PARTICIPANTS)
      return err(new InvalidParameter({ param, message: `At most ${MAX_PARTICIPANTS} participants per request.` }))
    if (request.to <= request.from)
      return err(new InvalidParameter({ param: toParam, message: `${toParam} must be after the window's start.` }))
    if (request.to.getTime() - request.from.getTime() > maxDays * DAY_MS)
      return err(
        new InvalidParameter({
          param: toParam,
          message: `The window may span at most ${maxDays} days; split longer windows into several requests.`,
        }),
      )
    const resolved = await this.resolve(scope, request.participants, param)
    if (!resolved.ok) return resolved
    const window: Interval = { start: request.from.getTime(), end: request.to.getTime() }
    return ok(await this.busyOf(scope, resolved.value, request, window))
  }

  private async resolve(
    scope: RequestScope,
    participants: readonly string[],
    param: string,
  ): Promise<Result<Resolved[], InvalidParameter | ResourceNotFound>> {
    const resolved: Resolved[] = []
    const seen = new Set<string>()
    for (const [index, text] of participants.entries()) {
      const at = `${param}[${index}]`
      const participant = parseParticipant(text)
      if (participant === null)
        return err(
          new InvalidParameter({
            param: at,
            message: `'${text.slice(0, 100)}' is not a participant: expected a user id (usr_...), a calendar id (cal_...) or external:<email>.`,
          }),
        )
      if (seen.has(text)) continue
      seen.add(text)
      if (participant.kind === 'user') {
        const user = await this.deps.users.get(scope.accountId, participant.id)
        if (user === null) return err(new ResourceNotFound({ resource: 'user', id: participant.id, param: at }))
        resolved.push({ key: text, kind: 'user', user })
      } else if (participant.kind === 'calendar') {
        const calendar = await this.deps.calendars.get(scope.accountId, participant.id)
        if (calendar === null) return err(new ResourceNotFound({ resource: 'calendar', id: participant.id, param: at }))
        const owner = await this.deps.users.get(scope.accountId, calendar.userId)
        resolved.push({ key: text, kind: 'calendar', calendar, owner })
      } else {
        // An address of one of the account's own users is that user.
        const user = await this.deps.users.findByEmail(scope.accountId, participant.email)
        resolved.push(
          user === null ? { key: text, kind: 'external', email: participant.email } : { key: text, kind: 'user', user },
        )
      }
    }
    return ok(resolved)
  }

  private async healthOf(scope: RequestScope, userId: string): Promise<CalendarHealth> {
    const connections = (await this.deps.connections.list(scope.accountId, { userId }, { limit: 100 })).data
    const deselected = new Set<string>()
    for (const connection of connections)
      for (const calendar of await this.deps.calendars.listByConnection(scope.accountId, connection.id))
        if (!calendar.selected) deselected.add(calendar.id)
    const inactive = new Set(connections.filter((c) => c.status !== 'active').map((c) => c.id))
    return { deselected, connectionsActive: inactive.size === 0, inactiveConnections: inactive }
  }

  private async busyOf(
    scope: RequestScope,
    participants: readonly Resolved[],
    request: FreeBusyRequest,
    window: Interval,
  ): Promise<ParticipantBusy[]> {
    const users = new Map<string, User>()
    const calendarIds = new Set<string>()
    const emails = new Set<string>()
    for (const participant of participants) {
      if (participant.kind === 'user') {
        users.set(participant.user.id, participant.user)
        emails.add(participant.user.email.toLowerCase())
      } else if (participant.kind === 'calendar') calendarIds.add(participant.calendar.id)
      else emails.add(participant.email)
    }
    const health = new Map<string, CalendarHealth>()
    for (const userId of users.keys()) health.set(userId, await this.healthOf(scope, userId))
    const events = (
      await this.deps.events.overlapping(
        scope.accountId,
        {
          userIds: [...users.keys()],
          calendarIds: [...calendarIds],
          attendeeEmails: [...emails],
          attendeeUserIds: [...users.keys()],
          from: request.from,
          to: request.to,
        },
        MAX_EVENTS_PER_QUERY,
      )
    )
      .filter((event) => event.monitoring.status !== 'cancelled' && !isSeriesMaster(event))
      .concat(await this.occurrencesOf(scope, participants, request))
    const responses = await this.responsesOf(scope, events, users, emails)

    const invitedAs = (event: CalendarEvent, email: string | null, userId: string | null) =>
      event.attendees.some(
        (attendee) => (email !== null && attendee.email === email) || (userId !== null && attendee.userId === userId),
      )
    const attendance = (event: CalendarEvent, email: string | null, userId: string | null) =>
      attendanceOf(
        (email === null ? undefined : responses.get(`${event.id} ${email}`)) ??
          (userId === null ? undefined : responses.get(`${event.id} ${userId}`)) ??
          null,
      )
    const entry = (event: CalendarEvent, attendance: BusyEntry['attendance']): BusyEntry => ({
      start: event.startTime.getTime(),
      end: event.endTime.getTime(),
      attendance,
    })

    // Each participant reads its own events, not all of them: owners by index, invitations among the few that have attendees.
    const byOwner = new Map<string, CalendarEvent[]>()
    for (const event of events) {
      const owned = byOwner.get(event.userId)
      if (owned === undefined) byOwner.set(event.userId, [event])
      else owned.push(event)
    }
    const withAttendees = events.filter((event) => event.attendees.length > 0)

    return participants.map((participant): ParticipantBusy => {
      if (participant.kind === 'user') {
        const { user } = participant
        const email = user.email.toLowerCase()
        const userHealth = health.get(user.id) as CalendarHealth
        const entries: BusyEntry[] = []
        for (const event of byOwner.get(user.id) ?? []) {
          const calendarId = event.source?.calendarId
          if (calendarId === undefined || calendarId === null || !userHealth.deselected.has(calendarId))
            entries.push(entry(event, event.showAs ?? 'busy'))
        }
        for (const event of withAttendees)
          if (event.userId !== user.id && invitedAs(event, email, user.id))
            entries.push(entry(event, attendance(event, email, user.id)))
        return {
          participant: participant.key,
          busy: busyWithin(entries, window, request.includeTentative),
          ...availability(userHealth.connectionsActive ? 'known' : 'partial', 'connection_not_active'),
          timezone: user.timezone,
          userId: user.id,
        }
      }
      if (participant.kind === 'calendar') {
        const { calendar, owner } = participant
        const entries = events
          .filter((event) => event.source?.calendarId === calendar.id)
          .map((event) => entry(event, event.showAs ?? 'busy'))
        const ownerHealth = health.get(calendar.userId)
        const state: [Availability, AvailabilityReason] = !calendar.selected
          ? ['partial', 'calendar_not_selected']
          : ownerHealth?.inactiveConnections.has(calendar.connectionId) === true
            ? ['partial', 'connection_not_active']
            : ['known', 'connection_not_active']
        return {
          participant: participant.key,
          busy: busyWithin(entries, window, request.includeTentative),
          ...availability(...state),
          timezone: owner?.timezone ?? calendar.timezone,
          userId: null,
        }
      }
      const entries = withAttendees
        .filter((event) => invitedAs(event, participant.email, null))
        .map((event) => entry(event, attendance(event, participant.email, null)))
      return {
        participant: participant.key,
        busy: busyWithin(entries, window, request.includeTentative),
        ...(entries.length === 0
          ? availability('unknown', 'no_information')
          : availability('partial', 'invitations_only')),
        timezone: null,
        userId: null,
      }
    })
  }

  /**
   * Every occurrence of the participants' own series overlapping the window that is not stored (stored ones, the
   * exceptions and those within the monitoring horizon, come with the other events): a series is one stored master,
   * so the overlap query alone would see its first occurrence only. At most `MAX_SERIES_PER_QUERY` series per owner.
   */
  private async occurrencesOf(
    scope: RequestScope,
    participants: readonly Resolved[],
    request: FreeBusyRequest,
  ): Promise<CalendarEvent[]> {
    const owners = new Set<string>()
    for (const participant of participants)
      if (participant.kind === 'user') owners.add(participant.user.id)
      else if (participant.kind === 'calendar') owners.add(participant.calendar.userId)
    const now = scope.clock.now()
    const found: CalendarEvent[] = []
    for (const userId of owners) {
      const masters = await this.deps.events.list(
        scope.accountId,
        { userId, startBefore: request.to, series: 'only' },
        { limit: MAX_SERIES_PER_QUERY },
      )
      for (const master of masters.data) {
        const shape = seriesShapeOfMaster(master)
        const duration = master.endTime.getTime() - master.startTime.getTime()
        const stored = new Set(master.exceptions ?? [])
        for (const occurrence of expandSeries(shape, {
          from: new Date(request.from.getTime() - duration),
          to: request.to,
        }))
          if (occurrence.end > request.from && !stored.has(occurrence.originalStart.toISOString()))
            found.push(occurrenceOf(master, occurrence, now))
      }
    }
    return found
  }

  /** The invitation answers of the participants to the events they are invited to: `<event id> <email or user id>`. */
  private async responsesOf(
    scope: RequestScope,
    events: readonly CalendarEvent[],
    users: ReadonlyMap<string, User>,
    emails: ReadonlySet<string>,
  ): Promise<Map<string, InvitationResponse | null>> {
    const responses = new Map<string, InvitationResponse | null>()
    const invitedTo = events.filter((event) =>
      event.attendees.some(
        (attendee) =>
          (attendee.email !== null && emails.has(attendee.email)) ||
          (attendee.userId !== null && users.has(attendee.userId)),
      ),
    )
    for (const event of invitedTo) {
      for (const invitation of await this.deps.invitations.listByEvent(scope.accountId, event.id)) {
        if (isCancelled(invitation)) continue
        responses.set(`${event.id} ${invitation.attendeeEmail.toLowerCase()}`, invitation.response)
        if (invitation.attendeeUserId !== null)
          responses.set(`${event.id} ${invitation.attendeeUserId}`, invitation.response)
      }
    }
    return responses
  }
}

const availability = (
  state: Availability,
  reason: AvailabilityReason,
): { availability: Availability; reason: AvailabilityReason | null } => ({
  availability: state,
  reason: state === 'known' ? null : reason,
})
