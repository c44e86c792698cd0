import { computeDeparture } from '../departure/compute-departure.js'
import type { Departure } from '../departure/departure.js'
import { monitoringTransition, openMonitoring } from '../monitoring/monitoring-transition.js'
import type { EventFilter, EventRepositoryPort } from '../ports/event-repository.js'
import type { GeocodingPort } from '../ports/geocoding.js'
import type { IdGenerator } from '../ports/id-generator.js'
import type { RoutingPort, TravelMode } from '../ports/routing.js'
import type { TimezoneLookupPort } from '../ports/timezone-lookup.js'
import type { WeatherPort } from '../ports/weather.js'
import { domainEvent } from '../shared/domain-event.js'
import { type ConcurrentModification, InvalidParameter, ResourceNotFound } from '../shared/errors.js'
import { retryOnConflict } from '../shared/optimistic.js'
import { type Page, type PageRequest, validatePageRequest } from '../shared/pagination.js'
import {
  type Place,
  type PlaceInput,
  resolvePlace,
  resolvePlaceOrKeepAddress,
  type UnresolvedPlace,
} from '../shared/place.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import type { UserService } from '../user/user-service.js'
import type { AllDayDates } from './all-day.js'
import type { DepartureMonitor, PlannedTransition } from './departure-monitor.js'
import { DepartureUnavailable } from './event.errors.js'
import {
  type Attendee,
  type CalendarEvent,
  type EventCategory,
  type EventShowAs,
  type EventSource,
  monitoringDueAt,
} from './event.js'
import { API_CHANGE, type ChangeContext, type EventLifecycle } from './event-lifecycle.js'
import { EventSeriesService } from './event-series.js'
import { isSeriesMaster, isSeriesPart, patchedSeriesShape, seriesShapeOf } from './series-shape.js'

export interface EventInput {
  readonly userId: string
  readonly title: string
  readonly category?: EventCategory | undefined
  readonly startTime: Date
  readonly endTime: Date
  readonly timezone?: string | undefined
  readonly location?: PlaceInput | null | undefined
  readonly origin?: PlaceInput | null | undefined
  readonly travel?:
    | { readonly mode?: TravelMode | undefined; readonly parkingBufferMin?: number | undefined }
    | undefined
  readonly attendees?:
    | readonly {
        readonly email?: string | null | undefined
        readonly userId?: string | undefined
        readonly name?: string | null | undefined
      }[]
    | undefined
  /** The provider calendar an imported event comes from (calendar sync). */
  readonly source?: EventSource | null | undefined
  /** How the event takes the owner's time (calendar sync: the provider's transparency and the user's answer). */
  readonly showAs?: EventShowAs | undefined
  /** RFC 5545 lines making the event a series (null in a patch: a single event again). */
  readonly recurrence?: readonly string[] | null | undefined
  /** The dates of an all-day event: `startTime`/`endTime` are then derived from them in the event's zone. */
  readonly allDay?: AllDayDates | null | undefined
}

export type EventPatch = Partial<Omit<EventInput, 'userId'>>

export interface StatelessDepartureInput {
  readonly from: PlaceInput
  readonly to: PlaceInput
  readonly arriveBy: Date
  readonly timezone: string
  readonly mode: TravelMode
  readonly parkingBufferMin: number | null
}

export interface EventServiceDeps {
  readonly events: EventRepositoryPort
  readonly users: UserService
  readonly ids: IdGenerator
  readonly geocoding: GeocodingPort
  /** The timezone of an event's location when the caller gives none (absent: the user's timezone). */
  readonly timezones?: TimezoneLookupPort
  readonly routing: RoutingPort
  readonly weather: WeatherPort
  readonly monitor: DepartureMonitor
  /** Reminders, invitations and mirrors follow the event through this. */
  readonly lifecycle: EventLifecycle
}

type EventError = ResourceNotFound | AccountDeactivated | InvalidParameter | ConcurrentModification

export class EventService {
  /** Series and their occurrences (`apply_to` edits, instances, the occurrence listing). */
  readonly series: EventSeriesService

  constructor(private readonly deps: EventServiceDeps) {
    this.series = new EventSeriesService(deps, this)
  }

  /** Creates an event; a future event with a location gets its first window at once (best effort; the sweep retries). */
  async create(
    scope: RequestScope,
    input: EventInput,
    context: ChangeContext = API_CHANGE,
  ): Promise<Result<CalendarEvent, EventError>> {
    const user = await this.deps.users.requireActive(scope, input.userId, 'user_id')
    if (!user.ok) return user
    if (input.allDay == null && input.endTime.getTime() <= input.startTime.getTime())
      return err(new InvalidParameter({ param: 'end_time', message: 'end_time must be after start_time.' }))
    const places = await this.resolvePlaces(input)
    if (!places.ok) return places
    const attendees = await this.attendeesOf(scope, input.attendees)
    if (!attendees.ok) return attendees
    const timezone = input.timezone ?? (await this.timezoneOf(places.value.location)) ?? user.value.timezone
    const shape = seriesShapeOf(input, timezone)
    if (!shape.ok) return shape
    const { startTime, endTime, recurrence, allDay } = shape.value
    // A provider's own series is held as the provider has it (the calendar sync): only ours are checked.
    if (recurrence !== null && context.origin !== 'provider') {
      const refused = await this.deps.lifecycle.checkRecurrence(
        { userId: input.userId, existing: null, recurrence, start: startTime, timezone },
        scope,
      )
      if (refused !== null) return err(refused)
    }
    const now = scope.clock.now()
    const monitoring = openMonitoring({
      startTime,
      endTime,
      // An all-day event has no arrival time: it is not monitored, as an event without a place is not.
      hasLocation: places.value.location !== null && allDay === null,
      locationUnresolved: places.value.unresolvedLocation !== null,
      preAlertMinutes: user.value.preAlertMinutes,
      now,
    })
    const created: CalendarEvent = {
      id: this.deps.ids.next('evt'),
      accountId: scope.accountId,
      livemode: scope.livemode,
      userId: input.userId,
      title: input.title,
      category: input.category ?? 'other',
      startTime,
      endTime,
      timezone,
      location: places.value.location,
      unresolvedLocation: places.value.unresolvedLocation,
      origin: places.value.origin,
      travel: {
        mode: input.travel?.mode ?? user.value.defaultTravelMode,
        parkingBufferMin: input.travel?.parkingBufferMin ?? user.value.defaultParkingBuffer,
      },
      attendees: attendees.value,
      monitoring,
      originSource: null,
      // A series master is not monitored itself: it is due at once, for the sweep to store its upcoming occurrences.
      dueAt: recurrence === null ? monitoringDueAt(monitoring) : now,
      source: input.source ?? null,
      ...(input.showAs === undefined ? {} : { showAs: input.showAs }),
      ...(recurrence === null ? {} : { recurrence }),
      ...(allDay === null ? {} : { allDay }),
      createdAt: now,
      updatedAt: now,
      version: 1,
    }
    // Read once for the health assessment and the listeners (the calendar mirror's default calendar).
    const assessed =
      recurrence === null && (created.monitoring.status === 'pending' || created.monitoring.status === 'no_location')
    const known = assessed
      ? { user: user.value, connections: await this.deps.monitor.userConnections(scope.accountId, input.userId) }
      : null
    const event =
      known !== null && created.monitoring.status === 'no_location'
        ? { ...created, health: await this.deps.monitor.assessUnsaved(created, now, known) }
        : created
    const createdEvent = domainEvent({ ids: this.deps.ids, clock: scope.clock }, scope, 'event.created', 'event', event)
    // The first window is planned before the insert and written with it, in one write: the event as its first
    // recompute leaves it, `event.created` (the event as created) and then the departure events. Planning does not
    // fail on a provider (the event is then `unavailable`, retried by the sweep); if anything else fails before this
    // write, nothing is written and nothing emitted, so a retry cannot make a duplicate.
    const first: PlannedTransition | null =
      known !== null && event.monitoring.status === 'pending'
        ? await this.deps.monitor.planFirstWindow(event, scope.clock, known)
        : null
    await this.deps.events.insert(first?.event ?? event, [createdEvent, ...(first?.domainEvents ?? [])])
    const stored = first?.event ?? event
    // Series are not handed to the single-event listeners (reminders, invitations write single events); a new series
    // is reported as a series (the calendar mirror writes it out), unless the series service reports it itself.
    if (recurrence !== null) {
      if (context.seriesReportedByCaller === true) return ok(stored)
      await this.deps.lifecycle.seriesChanged(stored, scope, context)
      return ok((await this.deps.events.get(scope.accountId, event.id)) ?? stored)
    }
    // A listener that wrote the event (a mirror's state) makes it read again; none did in the usual case.
    const written = await this.deps.lifecycle.created(stored, scope, context, known ?? {})
    return ok(written ? ((await this.deps.events.get(scope.accountId, event.id)) ?? stored) : stored)
  }

  async retrieve(scope: RequestScope, id: string): Promise<Result<CalendarEvent, ResourceNotFound>> {
    const event = await this.deps.events.get(scope.accountId, id)
    return event === null ? err(new ResourceNotFound({ resource: 'event', id })) : ok(event)
  }

  async list(
    scope: RequestScope,
    filter: EventFilter,
    page: PageRequest,
  ): Promise<Result<Page<CalendarEvent>, InvalidParameter>> {
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    return ok(await this.deps.events.list(scope.accountId, filter, page))
  }

  /** Changing time, place or travel puts monitoring back to pending and recomputes the window. */
  async update(
    scope: RequestScope,
    id: string,
    patch: EventPatch,
    context: ChangeContext = API_CHANGE,
  ): Promise<Result<CalendarEvent, EventError>> {
    return retryOnConflict({
      target: { resource: 'event', id },
      read: () => this.deps.events.get(scope.accountId, id),
      attempt: async (current) => {
        const user = await this.deps.users.requireActive(scope, current.userId)
        if (!user.ok) return user
        const timezone = patch.timezone ?? current.timezone
        const shape = patchedSeriesShape(current, patch, timezone)
        if (!shape.ok) return shape
        const { startTime, endTime, recurrence, allDay } = shape.value
        if (recurrence !== null && patch.recurrence !== undefined && context.origin !== 'provider') {
          const refused = await this.deps.lifecycle.checkRecurrence(
            { userId: current.userId, existing: current, recurrence, start: startTime, timezone },
            scope,
          )
          if (refused !== null) return err(refused)
        }
        if (endTime.getTime() <= startTime.getTime()) {
          return err(
            new InvalidParameter({
              param: patch.endTime === undefined ? 'start_time' : 'end_time',
              message: 'end_time must be after start_time.',
            }),
          )
        }
        const places = await this.resolvePlaces({
          location: patch.location === undefined ? (current.location ?? current.unresolvedLocation) : patch.location,
          origin: patch.origin === undefined ? current.origin : patch.origin,
        })
        if (!places.ok) return places
        const attendees =
          patch.attendees === undefined ? ok(current.attendees) : await this.attendeesOf(scope, patch.attendees)
        if (!attendees.ok) return attendees
        const travel = {
          mode: patch.travel?.mode ?? current.travel.mode,
          parkingBufferMin: patch.travel?.parkingBufferMin ?? current.travel.parkingBufferMin,
        }
        const now = scope.clock.now()
        const tripChanged =
          (allDay === null) !== (current.allDay === undefined || current.allDay === null) ||
          startTime.getTime() !== current.startTime.getTime() ||
          endTime.getTime() !== current.endTime.getTime() ||
          JSON.stringify([places.value.location, places.value.unresolvedLocation, places.value.origin, travel]) !==
            JSON.stringify([current.location, current.unresolvedLocation ?? null, current.origin, current.travel])
        let monitoring = current.monitoring
        if (tripChanged) {
          const moved = monitoringTransition(current.monitoring, {
            type: 'event_updated',
            now,
            startTime,
            endTime,
            hasLocation: places.value.location !== null && allDay === null,
            locationUnresolved: places.value.unresolvedLocation !== null,
          })
          if (moved.ok) monitoring = moved.value.state
        }
        const changed: CalendarEvent = {
          ...current,
          title: patch.title ?? current.title,
          category: patch.category ?? current.category,
          startTime,
          endTime,
          timezone,
          recurrence,
          allDay,
          location: places.value.location,
          unresolvedLocation: places.value.unresolvedLocation,
          origin: places.value.origin,
          travel,
          attendees: attendees.value,
          ...(patch.showAs === undefined ? {} : { showAs: patch.showAs }),
          monitoring,
          dueAt: recurrence === null ? monitoringDueAt(monitoring) : now,
          updatedAt: now,
          version: current.version + 1,
        }
        const next = await this.withUnmonitoredHealth(changed, now)
        const outcome = await this.deps.events.update(next, current.version, [
          domainEvent({ ids: this.deps.ids, clock: scope.clock }, scope, 'event.updated', 'event', next),
        ])
        if (outcome === 'conflict') return 'conflict'
        if (!isSeriesPart(current) && !isSeriesPart(next))
          await this.deps.lifecycle.updated(current, next, scope, context)
        const latest = (await this.deps.events.get(scope.accountId, id)) ?? next
        return ok(tripChanged ? await this.refreshIfPending(latest, scope) : latest)
      },
    })
  }

  /** Deleting stops monitoring for good: the record goes, `event.deleted` carries its last state. */
  async delete(
    scope: RequestScope,
    id: string,
    context: ChangeContext = API_CHANGE,
  ): Promise<Result<CalendarEvent, ResourceNotFound | AccountDeactivated | ConcurrentModification>> {
    return retryOnConflict({
      target: { resource: 'event', id },
      read: () => this.deps.events.get(scope.accountId, id),
      attempt: async (current) => {
        const user = await this.deps.users.requireActive(scope, current.userId)
        if (!user.ok && user.error._tag === 'AccountDeactivated') return user
        const stopped = monitoringTransition(current.monitoring, { type: 'event_deleted', now: scope.clock.now() })
        const last: CalendarEvent = {
          ...current,
          monitoring: stopped.ok ? stopped.value.state : current.monitoring,
          dueAt: null,
        }
        const outcome = await this.deps.events.remove(scope.accountId, id, current.version, [
          domainEvent({ ids: this.deps.ids, clock: scope.clock }, scope, 'event.deleted', 'event', last),
        ])
        if (outcome === 'conflict') return 'conflict'
        if (!isSeriesPart(last)) await this.deps.lifecycle.deleted(last, scope, context)
        return ok(last)
      },
    })
  }

  /** The latest cached window; computed on the spot while still pending. */
  async departure(
    scope: RequestScope,
    id: string,
  ): Promise<Result<{ event: CalendarEvent; departure: Departure }, ResourceNotFound | DepartureUnavailable>> {
    const found = await this.retrieve(scope, id)
    if (!found.ok) return found
    const event = await this.refreshIfPending(found.value, scope)
    return this.windowOf(event)
  }

  /** A fresh routing, traffic and weather lookup now. */
  async recompute(
    scope: RequestScope,
    id: string,
  ): Promise<
    Result<{ event: CalendarEvent; departure: Departure }, ResourceNotFound | AccountDeactivated | DepartureUnavailable>
  > {
    const found = await this.retrieve(scope, id)
    if (!found.ok) return found
    const user = await this.deps.users.requireActive(scope, found.value.userId)
    if (!user.ok) return user
    if (found.value.location === null || isSeriesMaster(found.value)) return this.windowOf(found.value)
    const [saved] = await this.deps.monitor.recompute([found.value], scope.clock, 'requested')
    return this.windowOf(saved ?? (await this.deps.events.get(scope.accountId, id)) ?? found.value)
  }

  /** `POST /v1/departure/compute`: a window for a hypothetical trip; nothing is stored. */
  async computeStateless(
    scope: RequestScope,
    input: StatelessDepartureInput,
  ): Promise<Result<Departure, InvalidParameter | DepartureUnavailable>> {
    const from = await resolvePlace(this.deps.geocoding, input.from, 'from_location')
    if (!from.ok) return from
    const to = await resolvePlace(this.deps.geocoding, input.to, 'to_location')
    if (!to.ok) return to
    const computed = await computeDeparture(
      {
        eventId: 'hypothetical',
        startTime: input.arriveBy,
        timezone: input.timezone,
        origin: { lat: from.value.lat, lng: from.value.lng },
        destination: { lat: to.value.lat, lng: to.value.lng },
        mode: input.mode,
        parkingBufferMinutes: input.parkingBufferMin,
        preferences: { defaultParkingBufferMinutes: 5, defaultWalkBufferMinutes: 3, preferredDeparture: 'on_time' },
      },
      { routing: this.deps.routing, weather: this.deps.weather, clock: scope.clock },
    )
    if (computed.ok) return computed
    if (computed.error._tag === 'EventAlreadyStarted')
      return err(new InvalidParameter({ param: 'arrive_by', message: 'arrive_by must be in the future.' }))
    return err(
      new DepartureUnavailable({
        eventId: 'hypothetical',
        status: 'unavailable',
        reason:
          computed.error._tag === 'RouteLookupFailed' && computed.error.cause._tag === 'NoRouteFound'
            ? 'No route connects the two places for this travel mode.'
            : 'The routing service is unavailable; retry shortly.',
      }),
    )
  }

  /** An event with its stored health, and whether its user is paused now (docs/scheduling.md, "Event health"). */
  async health(
    scope: RequestScope,
    id: string,
  ): Promise<Result<{ event: CalendarEvent; userPaused: boolean }, ResourceNotFound>> {
    const found = await this.retrieve(scope, id)
    if (!found.ok) return found
    const user = await this.deps.users.retrieve(scope, found.value.userId)
    return ok({ event: found.value, userPaused: user.ok && user.value.deactivatedAt !== null })
  }

  /** A user's events starting within the horizon, soonest first, with their stored health; the user must be the caller's. */
  async upcomingHealth(
    scope: RequestScope,
    query: { readonly userId: string; readonly horizonHours: number; readonly limit: number },
  ): Promise<Result<{ events: CalendarEvent[]; hasMore: boolean; userPaused: boolean }, ResourceNotFound>> {
    const user = await this.deps.users.retrieve(scope, query.userId)
    if (!user.ok) return err(new ResourceNotFound({ resource: 'user', id: query.userId, param: 'user_id' }))
    const now = scope.clock.now()
    const until = new Date(now.getTime() + query.horizonHours * 3_600_000)
    const found = await this.deps.events.upcoming(scope.accountId, query.userId, now, until, query.limit + 1)
    return ok({
      events: found.slice(0, query.limit),
      hasMore: found.length > query.limit,
      userPaused: user.value.deactivatedAt !== null,
    })
  }

  /** Events synced from one provider calendar. */
  listByCalendar(accountId: string, calendarId: string): Promise<CalendarEvent[]> {
    return this.deps.events.listByCalendar(accountId, calendarId)
  }

  /** Removes every event of a user (the user-delete cascade). */
  removeAllOf(accountId: string, userId: string): Promise<number> {
    return this.deps.events.removeByUser(accountId, userId)
  }

  /**
   * An event without a location is never recomputed, so its health (conflicts and
   * connections only) is assessed when it is written; a monitored one is assessed by its recompute.
   */
  private async withUnmonitoredHealth(event: CalendarEvent, now: Date): Promise<CalendarEvent> {
    if (event.monitoring.status !== 'no_location') return event
    return { ...event, health: await this.deps.monitor.assess(event, now) }
  }

  private async refreshIfPending(event: CalendarEvent, scope: RequestScope): Promise<CalendarEvent> {
    if (event.monitoring.status !== 'pending' || isSeriesMaster(event)) return event
    const [saved] = await this.deps.monitor.recompute([event], scope.clock, 'read')
    // Not written: the event changed meanwhile (the sweep recomputed it first, or a change landed); its state wins.
    return saved ?? (await this.deps.events.get(scope.accountId, event.id)) ?? event
  }

  private windowOf(event: CalendarEvent): Result<{ event: CalendarEvent; departure: Departure }, DepartureUnavailable> {
    const { status, departure } = event.monitoring
    if (departure !== null && (status === 'monitoring' || status === 'unavailable')) return ok({ event, departure })
    const reasons: Record<string, string> = {
      no_location: 'The event has no location: set location.address or location.lat/lng to get a departure window.',
      unresolved_location:
        'The geocoder could not place the event\'s address: give a city the gazetteer knows ("Street, City, Country") or location.lat/lng.',
      no_origin:
        "No trip origin: set the event's origin, or the user's home_location, or give the user an earlier event with a location that day.",
      unavailable: 'The routing service could not compute a window yet; it is retried on the monitoring cadence.',
      started: 'The event has started: departure monitoring has stopped.',
      ended: 'The event is over.',
      pending: 'The window is being computed; retry in a few seconds.',
    }
    return err(
      new DepartureUnavailable({
        eventId: event.id,
        status,
        reason: reasons[status] ?? `Monitoring status is ${status}.`,
      }),
    )
  }

  /**
   * The event's places: a location the geocoder cannot place is kept as its address (`unresolvedLocation`, the
   * event is stored but not monitored); an origin it cannot place is refused (400 naming `origin.address`).
   */
  private async resolvePlaces(input: {
    location?: PlaceInput | null | undefined
    origin?: PlaceInput | null | undefined
  }): Promise<
    Result<
      { location: Place | null; unresolvedLocation: UnresolvedPlace | null; origin: Place | null },
      InvalidParameter
    >
  > {
    const stored = (value: PlaceInput | Place): value is Place => 'source' in value
    let location: Place | null = null
    let unresolvedLocation: UnresolvedPlace | null = null
    if (input.location !== null && input.location !== undefined) {
      const resolved = stored(input.location)
        ? ok(input.location)
        : await resolvePlaceOrKeepAddress(this.deps.geocoding, input.location, 'location')
      if (!resolved.ok) return resolved
      if ('lat' in resolved.value) location = resolved.value
      else unresolvedLocation = resolved.value
    }
    let origin: Place | null = null
    if (input.origin !== null && input.origin !== undefined) {
      const resolved = stored(input.origin)
        ? ok(input.origin)
        : await resolvePlace(this.deps.geocoding, input.origin, 'origin')
      if (!resolved.ok) return resolved
      origin = resolved.value
    }
    return ok({ location, unresolvedLocation, origin })
  }

  /** The timezone at a real place (never at the sandbox's invented points), when a lookup is configured. */
  private async timezoneOf(place: Place | null): Promise<string | null> {
    if (place === null || place.source === 'synthetic' || this.deps.timezones === undefined) return null
    return this.deps.timezones.timezoneAt({ lat: place.lat, lng: place.lng })
  }

  /**
   * Each attendee by e-mail, as a user of the caller's own account and surface (an unknown id is 404, like any),
   * or, with no e-mail yet (a parsed "with Ana"), by name alone.
   */
  private async attendeesOf(
    scope: RequestScope,
    attendees: EventInput['attendees'],
  ): Promise<Result<Attendee[], InvalidParameter | ResourceNotFound>> {
    const list: Attendee[] = []
    for (const [index, attendee] of (attendees ?? []).entries()) {
      const email = attendee.email ?? undefined
      // A name alone only with an explicit `email: null` (the parse's "with Ana"): a forgotten e-mail stays an error.
      const nameOnly = attendee.email === null && attendee.userId === undefined && (attendee.name ?? '').trim() !== ''
      if (!nameOnly && (email === undefined) === (attendee.userId === undefined)) {
        return err(
          new InvalidParameter({
            param: `attendees[${index}]`,
            message: 'Each attendee has either an email or a user_id (or, with email null, a name).',
          }),
        )
      }
      if (attendee.userId !== undefined && (await this.deps.users.retrieve(scope, attendee.userId)).ok === false) {
        return err(
          new ResourceNotFound({ resource: 'user', id: attendee.userId, param: `attendees[${index}].user_id` }),
        )
      }
      list.push({
        email: email?.toLowerCase() ?? null,
        userId: attendee.userId ?? null,
        name: attendee.name ?? null,
      })
    }
    return ok(list)
  }
}
