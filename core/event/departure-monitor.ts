import { recomputeDueDepartures } from '../departure/batch-planner.js'
import type { DepartureDataPorts } from '../departure/compute-departure.js'
import type { Departure, DepartureInput } from '../departure/departure.js'
import type { DepartureError } from '../departure/departure.errors.js'
import { resolveOrigin } from '../departure/origin.js'
import type { MonitoringCommand, MonitoringEvent } from '../monitoring/monitoring.js'
import { monitoringTransition } from '../monitoring/monitoring-transition.js'
import type { Clock } from '../ports/clock.js'
import type { Coordinates } from '../shared/coordinates.js'
import type { EventRepositoryPort } from '../ports/event-repository.js'
import type { IdGenerator } from '../ports/id-generator.js'
import type { DomainEvent } from '../ports/outbox.js'
import type { UserRepositoryPort } from '../ports/user-repository.js'
import { domainEvent } from '../shared/domain-event.js'
import type { Result } from '../shared/result.js'
import type { User } from '../user/user.js'
import { monitoringDueAt, type CalendarEvent } from './event.js'

const DAY_MS = 86_400_000

export interface DepartureMonitorDeps extends Omit<DepartureDataPorts, 'clock'> {
  readonly events: EventRepositoryPort
  readonly users: UserRepositoryPort
  readonly ids: IdGenerator
  /** Provider calls in flight at once during a sweep. */
  readonly lookupConcurrency?: number
  /** Where the user was last seen (tracking, or the app's report): an origin source while recent. */
  readonly lastKnownPosition?: (
    accountId: string,
    userId: string,
  ) => Promise<{ readonly coordinates: Coordinates; readonly recordedAt: Date } | null>
}

/** The domain event (outbox) for each monitoring event. */
export const departureDomainEvent = (
  deps: { ids: IdGenerator; clock: Clock },
  event: CalendarEvent,
  monitoringEvent: MonitoringEvent,
): DomainEvent =>
  domainEvent(deps, event, monitoringEvent.type, 'departure', {
    departure: monitoringEvent.departure,
    originSource: event.originSource,
    ...(monitoringEvent.type === 'departure.threshold_reached'
      ? { threshold: monitoringEvent.threshold, dueAt: monitoringEvent.dueAt }
      : {}),
    ...(monitoringEvent.type === 'departure.updated' ? { changes: monitoringEvent.changes } : {}),
  })

/**
 * Keeps departure windows fresh: builds the engine's input for an event (origin
 * rule, user preferences), recomputes in batches sharing identical lookups, and
 * applies the monitoring state machine, writing its domain events with the event.
 */
export class DepartureMonitor {
  constructor(private readonly deps: DepartureMonitorDeps) {}

  /** The engine's input at `now`, or the reason the trip cannot be planned. */
  async inputFor(
    event: CalendarEvent,
    user: User | null,
    now: Date,
  ): Promise<{ input: DepartureInput; originSource: string } | { failure: 'no_origin' }> {
    if (event.location === null) return { failure: 'no_origin' }
    const neighbours = await this.deps.events.list(
      event.accountId,
      { userId: event.userId, startFrom: new Date(event.startTime.getTime() - DAY_MS), startBefore: event.startTime },
      { limit: 100 },
    )
    const origin = resolveOrigin({
      event: { id: event.id, startTime: event.startTime, timezone: event.timezone, explicitOrigin: event.origin },
      otherEvents: neighbours.data.map((other) => ({
        id: other.id,
        startTime: other.startTime,
        endTime: other.endTime,
        location: other.location,
      })),
      homeLocation: user?.homeLocation ?? null,
      lastKnownPosition:
        event.origin === null && this.deps.lastKnownPosition !== undefined
          ? await this.deps.lastKnownPosition(event.accountId, event.userId)
          : null,
      now,
    })
    if (!origin.ok) return { failure: 'no_origin' }
    return {
      originSource: origin.value.source,
      input: {
        eventId: event.id,
        startTime: event.startTime,
        timezone: event.timezone,
        origin: origin.value.coordinates,
        destination: { lat: event.location.lat, lng: event.location.lng },
        mode: event.travel.mode,
        parkingBufferMinutes: event.travel.parkingBufferMin,
        preferences: {
          defaultParkingBufferMinutes: user?.defaultParkingBuffer ?? 5,
          defaultWalkBufferMinutes: user?.defaultWalkBuffer ?? 3,
          preferredDeparture: user?.preferredDeparture ?? 'on_time',
        },
      },
    }
  }

  /** Recomputes the given events now (one batch) and stores each outcome. */
  async recompute(events: readonly CalendarEvent[], clock: Clock): Promise<CalendarEvent[]> {
    const users = new Map<string, User | null>()
    const inputs: DepartureInput[] = []
    const originSources = new Map<string, string>()
    const commands = new Map<string, MonitoringCommand>()
    const now = clock.now()
    for (const event of events) {
      const userKey = `${event.accountId}/${event.userId}`
      if (!users.has(userKey)) users.set(userKey, await this.deps.users.get(event.accountId, event.userId))
      const planned = await this.inputFor(event, users.get(userKey) ?? null, now)
      if ('failure' in planned) commands.set(event.id, { type: 'recompute_failed', now, reason: 'no_origin' })
      else {
        inputs.push(planned.input)
        originSources.set(event.id, planned.originSource)
      }
    }
    const results = await recomputeDueDepartures(
      inputs,
      { routing: this.deps.routing, weather: this.deps.weather, clock },
      {
        routeCoordinateDecimals: 3,
        routeTimeBucketMinutes: 5,
        weatherCoordinateDecimals: 2,
        concurrency: this.deps.lookupConcurrency ?? 8,
      },
    )
    for (const [eventId, result] of results) commands.set(eventId, commandFor(result, now))
    const saved: CalendarEvent[] = []
    for (const event of events) {
      const command = commands.get(event.id)
      if (command === undefined) continue
      const next = await this.apply(
        { ...event, originSource: originSources.get(event.id) ?? event.originSource },
        command,
        clock,
      )
      if (next !== null) saved.push(next)
    }
    return saved
  }

  /** Applies one monitoring command and stores the event with the domain events it produced. */
  async apply(event: CalendarEvent, command: MonitoringCommand, clock: Clock): Promise<CalendarEvent | null> {
    const outcome = monitoringTransition(event.monitoring, command)
    if (!outcome.ok) return null
    const next: CalendarEvent = {
      ...event,
      monitoring: outcome.value.state,
      dueAt: monitoringDueAt(outcome.value.state),
      version: event.version + 1,
    }
    const domainEvents = outcome.value.events.map((monitoringEvent) =>
      departureDomainEvent({ ids: this.deps.ids, clock }, next, monitoringEvent),
    )
    // A lost race means the event changed meanwhile (updated or deleted): its new state wins.
    return (await this.deps.events.update(next, event.version, domainEvents)) === 'updated' ? next : null
  }

  /** One sweep: everything due at `clock.now()`, in batches. Returns how many events it handled. */
  async processDue(accountId: string | null, clock: Clock, batchSize = 500): Promise<number> {
    const seen = new Set<string>()
    // An event still due after its turn (a lost write race) is skipped until the next sweep.
    const stuck = new Set<string>()
    for (;;) {
      const now = clock.now()
      const fetched = await this.deps.events.due(accountId, now, batchSize + stuck.size)
      for (const event of fetched) if (seen.has(event.id)) stuck.add(event.id)
      const due = fetched.filter((event) => !seen.has(event.id))
      if (due.length === 0) return seen.size
      const isRecomputeDue = (event: CalendarEvent) =>
        event.monitoring.nextRecalcAt !== null && event.monitoring.nextRecalcAt <= now
      await this.recompute(due.filter(isRecomputeDue), clock)
      for (const event of due.filter((candidate) => !isRecomputeDue(candidate)))
        await this.apply(event, { type: 'tick', now }, clock)
      for (const event of due) seen.add(event.id)
      if (due.length < batchSize) return seen.size
    }
  }
}

const commandFor = (result: Result<Departure, DepartureError>, now: Date): MonitoringCommand => {
  if (result.ok) return { type: 'recompute_succeeded', now, departure: result.value }
  const reason =
    result.error._tag === 'RouteLookupFailed' && result.error.cause._tag === 'NoRouteFound'
      ? 'no_route'
      : 'provider_unavailable'
  return result.error._tag === 'EventAlreadyStarted' ? { type: 'tick', now } : { type: 'recompute_failed', now, reason }
}
