import type { Connection } from '../connection/connection.js'
import { recomputeDueDepartures } from '../departure/batch-planner.js'
import type { DepartureDataPorts } from '../departure/compute-departure.js'
import type { DepartureError } from '../departure/departure.errors.js'
import type { Departure, DepartureInput } from '../departure/departure.js'
import {
  DEPARTURE_HISTORY_PER_EVENT,
  type DepartureHistoryTrigger,
  type DepartureHistoryWeather,
} from '../departure/departure-history.js'
import { routeQueryFor } from '../departure/departure-window.js'
import { defaultOriginRuleOptions, resolveOrigin } from '../departure/origin.js'
import {
  correctionFrom,
  type RouteCorrectionStats,
  routeBucketKey,
  routeBucketOf,
} from '../departure/route-correction.js'
import type { MonitoringCommand, MonitoringEvent, RecomputeFailureReason } from '../monitoring/monitoring.js'
import { monitoringTransition } from '../monitoring/monitoring-transition.js'
import type { Clock } from '../ports/clock.js'
import type { ConnectionRepositoryPort } from '../ports/connection-repository.js'
import type { DepartureHistoryPort } from '../ports/departure-history.js'
import type { EventRepositoryPort, EventSpan, EventUpdate } from '../ports/event-repository.js'
import type { IdGenerator } from '../ports/id-generator.js'
import { type MetricsPort, secondsSince } from '../ports/metrics.js'
import type { DomainEvent } from '../ports/outbox.js'
import { type RouteCorrectionStorePort, routeCorrectionId } from '../ports/route-correction-store.js'
import type { UserRepositoryPort } from '../ports/user-repository.js'
import type { Coordinates } from '../shared/coordinates.js'
import { domainEvent } from '../shared/domain-event.js'
import type { Result } from '../shared/result.js'
import type { User } from '../user/user.js'
import { type CalendarEvent, monitoringDueAt } from './event.js'
import { assessEventHealth, type ConnectionHealthInput, type HealthAssessment } from './event-health.js'
import { storeUpcomingOccurrences } from './series-monitoring.js'
import { isSeriesMaster } from './series-shape.js'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
/** The most neighbours (other events around an event) the origin rule and the health assessment read. */
const NEIGHBOURS_LIMIT = 100

export interface DepartureMonitorDeps extends Omit<DepartureDataPorts, 'clock'> {
  readonly events: EventRepositoryPort
  readonly users: UserRepositoryPort
  readonly ids: IdGenerator
  /** Provider calls in flight at once during a sweep. */
  readonly lookupConcurrency?: number
  /** Counts the sweep's recomputes and how late each ran (`departure_recomputes_total`, `monitoring_lag_seconds`). */
  readonly metrics?: MetricsPort
  /** The user's connections, for the connection factor of event health (without it the factor reads 0). */
  readonly connections?: ConnectionRepositoryPort
  /** Corrections learned from tracked arrivals, applied to each window of the sweep (one read per batch). */
  readonly corrections?: RouteCorrectionStorePort
  /** Each successful recompute is recorded here (`GET /v1/events/{id}/departure/history`); none without it. */
  readonly history?: DepartureHistoryPort
  /** Where the user was last seen (tracking, or the app's report): an origin source while recent. */
  readonly lastKnownPosition?: (
    accountId: string,
    userId: string,
  ) => Promise<{ readonly coordinates: Coordinates; readonly recordedAt: Date } | null>
}

/** What the health assessment needs besides the event, gathered once per event by the recompute. */
interface HealthContext {
  readonly user: User | null
  readonly neighbours: readonly EventSpan[]
  readonly failure: RecomputeFailureReason | null
  /** The user's connections, read once per user and batch. */
  readonly userConnections?: readonly Connection[]
}

/** What the caller already read for an event's user: the recompute does not read it again. */
export interface KnownUserReads {
  readonly user: User | null
  /** The user's connections (`ConnectionRepositoryPort.list(accountId, { userId }, { limit: 100 })`). */
  readonly connections: readonly Connection[]
}

/** An event's next state and the domain events of its transition, not written yet. */
export interface PlannedTransition {
  readonly event: CalendarEvent
  readonly domainEvents: readonly DomainEvent[]
}

/** Monitoring stops at these: the last assessment stays as it was. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['started', 'ended', 'cancelled'])

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

/** The weather a window was computed with, as the departure history keeps it. */
export const historyWeatherOf = (departure: Departure): DepartureHistoryWeather | null => {
  const { weather, weatherWarning } = departure
  if (weather === null) return null
  return {
    condition: weather.condition,
    temperatureC: weather.temperatureC,
    precipitationMmPerHour: weather.precipitationMmPerHour,
    windSpeedKmh: weather.windSpeedKmh,
    warning: weatherWarning === null ? null : { kind: weatherWarning.kind, severity: weatherWarning.severity },
  }
}

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
    neighbours?: readonly EventSpan[],
  ): Promise<{ input: DepartureInput; originSource: string } | { failure: 'no_origin' }> {
    if (event.location === null) return { failure: 'no_origin' }
    const others = neighbours ?? (await this.neighboursOf(event))
    const origin = resolveOrigin({
      event: { id: event.id, startTime: event.startTime, timezone: event.timezone, explicitOrigin: event.origin },
      // A span has a candidate's fields: the rule itself skips the event, the events without a place and later ones.
      otherEvents: event.origin === null ? others : [],
      homeLocation: user?.homeLocation ?? null,
      // Read only when the rule can use it: no explicit origin, and a start within the position's horizon.
      lastKnownPosition:
        event.origin === null &&
        this.deps.lastKnownPosition !== undefined &&
        event.startTime.getTime() - now.getTime() <= defaultOriginRuleOptions.lastPositionHorizonHours * HOUR_MS
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
        // A city centre (or the sandbox's invented point) makes any window built on it `low` confidence.
        ...(event.location.source === 'city_level' || event.location.source === 'synthetic'
          ? { geocodingConfidence: 'low' as const }
          : {}),
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

  /**
   * The user's events starting from a day before this one until it ends: the origin
   * rule reads the earlier ones, the health assessment the ones in the way.
   */
  async neighboursOf(event: CalendarEvent): Promise<readonly EventSpan[]> {
    return this.deps.events.spansOfUser(
      event.accountId,
      event.userId,
      new Date(event.startTime.getTime() - DAY_MS),
      event.endTime,
      NEIGHBOURS_LIMIT,
    )
  }

  /**
   * The neighbours of an event not stored yet, as `neighboursOf` will read them once it is: with the event itself,
   * in the repository's order (id descending), up to the same limit.
   */
  private async neighboursWithSelf(event: CalendarEvent): Promise<readonly EventSpan[]> {
    const all: EventSpan[] = [...(await this.neighboursOf(event)).filter((other) => other.id !== event.id), event]
    all.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    return all.slice(0, NEIGHBOURS_LIMIT)
  }

  /** The user's connections, for the health assessment and the calendar mirror: read once by the caller. */
  userConnections(accountId: string, userId: string): Promise<readonly Connection[]> {
    return this.userConnectionsOf(accountId, userId)
  }

  /** Event health at `now` of an event not stored yet (its neighbours are read without it), with its user's reads. */
  async assessUnsaved(event: CalendarEvent, now: Date, known: KnownUserReads): Promise<HealthAssessment> {
    return this.assess(event, now, {
      user: known.user,
      neighbours: await this.neighboursOf(event),
      failure: null,
      userConnections: known.connections,
    })
  }

  /** Event health at `now` from the event's window (docs/scheduling.md), without writing it. */
  async assess(event: CalendarEvent, now: Date, context?: HealthContext): Promise<HealthAssessment> {
    return this.assessIn(event, event.monitoring, now, context)
  }

  /** `assess` of the event in the monitoring state `monitoring` (its next one, during a transition). */
  private async assessIn(
    event: CalendarEvent,
    monitoring: CalendarEvent['monitoring'],
    now: Date,
    context?: HealthContext,
  ): Promise<HealthAssessment> {
    const user = context === undefined ? await this.deps.users.get(event.accountId, event.userId) : context.user
    const neighbours = context?.neighbours ?? (await this.neighboursOf(event))
    return assessEventHealth({
      now,
      event: {
        id: event.id,
        startTime: event.startTime,
        endTime: event.endTime,
        hasLocation: event.location !== null,
      },
      status: monitoring.status,
      departure: monitoring.departure,
      failure: context?.failure ?? null,
      userPaused: user !== null && user.deactivatedAt !== null,
      otherEvents: neighbours,
      connections: await this.connectionsOf(event, context?.userConnections),
    })
  }

  /** The event's own connection (synced or mirrored), else every connection of its user. */
  private async connectionsOf(
    event: CalendarEvent,
    userConnections?: readonly Connection[],
  ): Promise<ConnectionHealthInput[]> {
    const all = userConnections ?? (await this.userConnectionsOf(event.accountId, event.userId))
    const own = event.source?.connectionId ?? event.mirror?.connectionId ?? null
    return all
      .filter((connection) => own === null || connection.id === own)
      .map((connection) => ({
        id: connection.id,
        provider: connection.provider,
        status: connection.status,
        failures: Math.max(connection.tokenRefresh.failuresCount, connection.consecutiveSyncFailures),
      }))
  }

  private async userConnectionsOf(accountId: string, userId: string): Promise<readonly Connection[]> {
    const repository = this.deps.connections
    if (repository === undefined) return []
    return (await repository.list(accountId, { userId }, { limit: 100 })).data
  }

  /**
   * The first window of an event about to be inserted (not stored yet), computed as `recompute` would compute it
   * right after the insert, with the user and connections the caller read; nothing is written: the caller inserts
   * the planned event with these domain events. Null when the transition does not apply. It does not fail on a
   * provider: a lookup that fails (or throws) plans the event `unavailable`, as a recompute would.
   */
  async planFirstWindow(event: CalendarEvent, clock: Clock, known: KnownUserReads): Promise<PlannedTransition | null> {
    let planned: PlannedTransition | null = null
    try {
      await this.recomputeBatch(
        [event],
        clock,
        async (next, _version, departure) => {
          planned = next
          if (departure !== null) await this.recordHistory(next.event, departure, 'event_created')
        },
        known,
      )
    } catch {
      // Whatever failed (a read of the origin rule, a bug on the way), the event is still created, `unavailable`:
      // the sweep retries it on the cadence. Only a failure of this fallback too leaves the creation undone.
      return this.transition(
        event,
        { type: 'recompute_failed', now: clock.now(), reason: 'provider_unavailable' },
        clock,
        {
          user: known.user,
          neighbours: await this.neighboursWithSelf(event),
          failure: 'provider_unavailable',
          userConnections: known.connections,
        },
      )
    }
    return planned
  }

  /** Recomputes the given events now (one batch) and stores each outcome. */
  async recompute(
    events: readonly CalendarEvent[],
    clock: Clock,
    trigger: DepartureHistoryTrigger = 'scheduled',
  ): Promise<CalendarEvent[]> {
    const updates: EventUpdate[] = []
    const departures: (Departure | null)[] = []
    await this.recomputeBatch(events, clock, async ({ event, domainEvents }, expectedVersion, departure) => {
      updates.push({ event, expectedVersion, events: domainEvents })
      departures.push(departure)
    })
    // Written together (one commit where the adapter can); a lost race means the event changed meanwhile (updated
    // or deleted): its new state wins.
    const outcomes = await this.deps.events.updateMany(updates)
    const saved = updates.filter((_, index) => outcomes[index] === 'updated')
    for (const update of saved) this.countThresholds(update.events)
    // Only the recomputes that were stored go into the history.
    for (const [index, update] of updates.entries()) {
      const departure = departures[index]
      if (outcomes[index] === 'updated' && departure !== null && departure !== undefined)
        await this.recordHistory(update.event, departure, trigger)
    }
    return saved.map((update) => update.event)
  }

  private async recordHistory(event: CalendarEvent, departure: Departure, trigger: DepartureHistoryTrigger) {
    if (this.deps.history === undefined) return
    await this.deps.history.append(
      {
        id: this.deps.ids.next('dph'),
        accountId: event.accountId,
        eventId: event.id,
        computedAt: departure.calculatedAt,
        earliestDeparture: departure.earliestDeparture,
        latestDeparture: departure.latestDeparture,
        travelMinutes: departure.travel.totalMinutes,
        trafficLevel: departure.trafficLevel,
        confidence: departure.confidence,
        dataQuality: departure.dataQuality ?? null,
        trigger,
        weather: historyWeatherOf(departure),
        thresholdsReached: event.monitoring.thresholdsPassed,
      },
      DEPARTURE_HISTORY_PER_EVENT,
    )
  }

  /**
   * The recompute of a batch: each event's next state and domain events, handed to `commit` in turn. With `unsaved`,
   * the one event is not stored yet (its neighbours are read without it and it is added) and its user's reads are
   * given.
   */
  private async recomputeBatch(
    events: readonly CalendarEvent[],
    clock: Clock,
    commit: (planned: PlannedTransition, expectedVersion: number, departure: Departure | null) => Promise<void>,
    unsaved?: KnownUserReads,
  ): Promise<void> {
    const users = new Map<string, User | null>()
    const userConnections = new Map<string, readonly Connection[]>()
    const inputs: DepartureInput[] = []
    const originSources = new Map<string, string>()
    const commands = new Map<string, MonitoringCommand>()
    const neighbours = new Map<string, readonly EventSpan[]>()
    const now = clock.now()
    for (const event of events) {
      const userKey = `${event.accountId}/${event.userId}`
      if (!users.has(userKey)) {
        users.set(
          userKey,
          unsaved === undefined ? await this.deps.users.get(event.accountId, event.userId) : unsaved.user,
        )
        userConnections.set(
          userKey,
          unsaved === undefined ? await this.userConnectionsOf(event.accountId, event.userId) : unsaved.connections,
        )
      }
      const around = unsaved === undefined ? await this.neighboursOf(event) : await this.neighboursWithSelf(event)
      neighbours.set(event.id, around)
      const planned = await this.inputFor(event, users.get(userKey) ?? null, now, around)
      if ('failure' in planned) commands.set(event.id, { type: 'recompute_failed', now, reason: 'no_origin' })
      else {
        inputs.push(planned.input)
        originSources.set(event.id, planned.originSource)
      }
    }
    const results = await recomputeDueDepartures(
      // The first window of an event being written (`unsaved`) is computed without: the sweep brings it in.
      unsaved === undefined ? await this.withCorrections(inputs, events) : inputs,
      { routing: this.deps.routing, weather: this.deps.weather, clock },
      {
        routeCoordinateDecimals: 3,
        routeTimeBucketMinutes: 5,
        weatherCoordinateDecimals: 2,
        concurrency: this.deps.lookupConcurrency ?? 8,
      },
    )
    for (const [eventId, result] of results) commands.set(eventId, commandFor(result, now))
    for (const event of events) {
      const command = commands.get(event.id)
      if (command === undefined) continue
      const next = await this.transition(
        event,
        command,
        clock,
        {
          user: users.get(`${event.accountId}/${event.userId}`) ?? null,
          neighbours: neighbours.get(event.id) ?? [],
          failure: command.type === 'recompute_failed' ? command.reason : null,
          userConnections: userConnections.get(`${event.accountId}/${event.userId}`) ?? [],
        },
        originSources.get(event.id) ?? event.originSource,
      )
      if (next !== null)
        await commit(next, event.version, command.type === 'recompute_succeeded' ? command.departure : null)
    }
  }

  /** Each input with the correction its account learned for its route bucket, when there is one. */
  private async withCorrections(
    inputs: readonly DepartureInput[],
    events: readonly CalendarEvent[],
  ): Promise<readonly DepartureInput[]> {
    const store = this.deps.corrections
    if (store === undefined || inputs.length === 0) return inputs
    const accountOf = new Map(events.map((event) => [event.id, event.accountId]))
    const keyed = inputs.map((input) => ({
      input,
      key: {
        accountId: accountOf.get(input.eventId) ?? '',
        bucket: routeBucketKey(routeBucketOf(routeQueryFor(input))),
      },
    }))
    let stats: ReadonlyMap<string, RouteCorrectionStats>
    try {
      stats = await store.statsOf(keyed.map(({ key }) => key))
    } catch {
      // A refinement: without its store the windows are computed as before.
      return inputs
    }
    return keyed.map(({ input, key }) => {
      const found = stats.get(routeCorrectionId(key))
      return found === undefined ? input : { ...input, correction: correctionFrom(found) }
    })
  }

  /**
   * Applies one monitoring command and stores the event with the domain events it
   * produced, and with its health assessed in the same write (until monitoring stops).
   */
  async apply(
    event: CalendarEvent,
    command: MonitoringCommand,
    clock: Clock,
    context?: HealthContext,
  ): Promise<CalendarEvent | null> {
    const planned = await this.transition(event, command, clock, context)
    if (planned === null) return null
    // A lost race means the event changed meanwhile (updated or deleted): its new state wins.
    if ((await this.deps.events.update(planned.event, event.version, planned.domainEvents)) !== 'updated') return null
    this.countThresholds(planned.domainEvents)
    return planned.event
  }

  /** `departure_thresholds_reached_total`: the thresholds of the transitions that were stored. */
  private countThresholds(domainEvents: readonly DomainEvent[]): void {
    const metrics = this.deps.metrics
    if (metrics === undefined) return
    for (const domainEvent of domainEvents)
      if (domainEvent.type === 'departure.threshold_reached') {
        const threshold = (domainEvent.object as { readonly threshold?: unknown }).threshold
        metrics.increment('departure_thresholds_reached_total', { threshold: String(threshold) })
      }
  }

  /**
   * One monitoring command's next state (health assessed with it) and domain events, without writing them. With
   * `originSource`, the next state carries it (the recompute's origin rule), built in the same copy.
   */
  private async transition(
    event: CalendarEvent,
    command: MonitoringCommand,
    clock: Clock,
    context?: HealthContext,
    originSource: string | null = event.originSource,
  ): Promise<PlannedTransition | null> {
    const outcome = monitoringTransition(event.monitoring, command)
    if (!outcome.ok) return null
    const monitoring = outcome.value.state
    // Assessed as of the window it reads, so that its calculated_at is the window's; the last assessment stays once
    // monitoring stops.
    const assessedAt = command.type === 'recompute_succeeded' ? command.departure.calculatedAt : command.now
    const health = FINAL_STATUSES.has(monitoring.status)
      ? null
      : await this.assessIn(event, monitoring, assessedAt, context)
    const next: CalendarEvent = {
      ...event,
      originSource,
      monitoring,
      dueAt: monitoringDueAt(monitoring),
      version: event.version + 1,
      ...(health === null ? {} : { health }),
    }
    const domainEvents = outcome.value.events.map((monitoringEvent) =>
      departureDomainEvent({ ids: this.deps.ids, clock }, next, monitoringEvent),
    )
    return { event: next, domainEvents }
  }

  private measure(recomputing: readonly CalendarEvent[], now: Date): void {
    const metrics = this.deps.metrics
    if (metrics === undefined || recomputing.length === 0) return
    metrics.increment('departure_recomputes_total', {}, recomputing.length)
    for (const event of recomputing)
      metrics.observe(
        'monitoring_lag_seconds',
        secondsSince(event.monitoring.nextRecalcAt?.getTime() ?? now.getTime(), now.getTime()),
        {},
      )
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
      const nowMs = now.getTime()
      // A series is due when an occurrence comes within the horizon: it is stored, due now, for the next batch.
      const masters = due.filter(isSeriesMaster)
      for (const master of masters) await storeUpcomingOccurrences(this.deps.events, master, now)
      // Epoch milliseconds: comparing the dates themselves converts both through `valueOf` on every call.
      const isRecomputeDue = (event: CalendarEvent) =>
        event.monitoring.nextRecalcAt !== null && event.monitoring.nextRecalcAt.getTime() <= nowMs
      const single = due.filter((event) => !isSeriesMaster(event))
      const recomputing = single.filter(isRecomputeDue)
      this.measure(recomputing, now)
      await this.recompute(recomputing, clock)
      for (const event of single.filter((candidate) => !isRecomputeDue(candidate)))
        await this.apply(event, { type: 'tick', now }, clock)
      for (const event of due) seen.add(event.id)
      if (due.length < batchSize && masters.length === 0) return seen.size
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
