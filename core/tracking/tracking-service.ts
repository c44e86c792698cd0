import type { BackgroundScope } from '../background/background-job.js'
import { arrivalObservation, observationLogRatio, ROUTE_CORRECTION_RULES } from '../departure/route-correction.js'
import type { DepartureMonitor } from '../event/departure-monitor.js'
import type { CalendarEvent } from '../event/event.js'
import type { EventChangeListener } from '../event/event-lifecycle.js'
import type { AccountRepositoryPort } from '../ports/account-repository.js'
import type { Clock } from '../ports/clock.js'
import type { EventRepositoryPort } from '../ports/event-repository.js'
import type { IdGenerator } from '../ports/id-generator.js'
import type { RouteCorrectionStorePort } from '../ports/route-correction-store.js'
import type { RoutingPort } from '../ports/routing.js'
import type { TrackingRepositoryPort } from '../ports/tracking-repository.js'
import { domainEvent, type EventScope } from '../shared/domain-event.js'
import { type ConcurrentModification, InvalidParameter, InvalidTransition, ResourceNotFound } from '../shared/errors.js'
import { retryOnConflict, written } from '../shared/optimistic.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import type { UserService } from '../user/user-service.js'
import { distanceM, type IgnoredReason, judgeFix, predictionConfidence } from './location-rules.js'
import { trackingEnabledFor } from './preview.js'
import { LocationTooFrequent, TrackingNotEnabled } from './tracking.errors.js'
import {
  type Assessment,
  blankLifecycle,
  type TrackingCommand,
  type TrackingEventType,
  trackingTransition,
} from './tracking-transition.js'
import {
  expiryFor,
  type Fix,
  type ReportedPosition,
  reportedPositionExpiry,
  TRACKING_LIMITS,
  type Trip,
} from './trip.js'

export interface FixInput {
  readonly lat: number
  readonly lng: number
  readonly accuracyM?: number | undefined
  readonly speedMps?: number | undefined
  readonly recordedAt: Date
}

export interface StartTrackingInput {
  /** Where the trip starts; its `recorded_at` defaults to now. */
  readonly startLocation?: (Omit<FixInput, 'recordedAt'> & { readonly recordedAt?: Date | undefined }) | undefined
  readonly idleTimeoutSeconds?: number | undefined
}

export interface TrackingServiceDeps {
  readonly trips: TrackingRepositoryPort
  readonly events: EventRepositoryPort
  /** The API gate (paused users are refused). */
  readonly users: UserService
  /** The private-preview gate reads the account's setting. */
  readonly accounts: AccountRepositoryPort
  readonly routing: RoutingPort
  /** Events waiting for an origin (`no_origin`) are recomputed as soon as a position arrives. */
  readonly monitor: DepartureMonitor
  readonly ids: IdGenerator
  /** Where arrivals teach route corrections (docs/departure.md); without it nothing is learned. */
  readonly corrections?: RouteCorrectionStorePort
}

/** How a location update was taken: stored as the current position, or answered and ignored (the reason). */
export interface LocatedTrip {
  readonly trip: Trip
  readonly ignoredReason: IgnoredReason | null
}

type GateError = TrackingNotEnabled | ResourceNotFound | AccountDeactivated
type CommandError = GateError | InvalidTransition | ConcurrentModification

const DUE_BATCH = 100
const SECOND = 1000

/**
 * ETA tracking (private preview): the trip's state machine fed by the app's location updates, the predicted
 * arrival against the event's start, and the job that notices silence (`stalled`), expiry and the end of the
 * retention. Also the positions the app reports outside a trip (the origin rule's `last_known_position`).
 */
export class TrackingService {
  constructor(private readonly deps: TrackingServiceDeps) {}

  async start(
    scope: RequestScope,
    eventId: string,
    input: StartTrackingInput,
  ): Promise<Result<Trip, CommandError | InvalidParameter>> {
    const gate = await this.gate(scope)
    if (!gate.ok) return gate
    const event = await this.deps.events.get(scope.accountId, eventId)
    if (event === null) return err(new ResourceNotFound({ resource: 'event', id: eventId }))
    const user = await this.deps.users.requireActive(scope, event.userId)
    if (!user.ok) return user
    if (event.location === null)
      return err(
        new InvalidParameter({ param: 'id', message: 'The event has no location: tracking needs a destination.' }),
      )
    const idle = input.idleTimeoutSeconds ?? TRACKING_LIMITS.defaultIdleTimeoutSeconds
    if (idle < TRACKING_LIMITS.minIdleTimeoutSeconds || idle > TRACKING_LIMITS.maxIdleTimeoutSeconds)
      return err(
        new InvalidParameter({
          param: 'idle_timeout_seconds',
          message: `idle_timeout_seconds must be between ${TRACKING_LIMITS.minIdleTimeoutSeconds} and ${TRACKING_LIMITS.maxIdleTimeoutSeconds}.`,
        }),
      )
    const now = scope.clock.now()
    const expiresAt = expiryFor(event.endTime)
    if (expiresAt.getTime() <= now.getTime())
      return err(new InvalidParameter({ param: 'id', message: 'The event is over: there is no trip left to track.' }))
    const startFix =
      input.startLocation === undefined
        ? null
        : toFix({ ...input.startLocation, recordedAt: input.startLocation.recordedAt ?? now })
    if (startFix !== null) {
      const future = checkNotInFuture(startFix, now, 'start_location.recorded_at')
      if (future !== null) return err(future)
    }
    const destination = { lat: event.location.lat, lng: event.location.lng }
    const route = { destination, mode: event.travel.mode, timezone: event.timezone }
    const assessment = startFix === null ? null : await this.assess(route, startFix, now, 1)
    const command: TrackingCommand = {
      type: 'start',
      now,
      idleTimeoutSeconds: idle,
      startTime: event.startTime,
      expiresAt,
      fix: startFix,
      assessment,
    }
    const result = await retryOnConflict({
      target: { resource: 'tracking', id: eventId },
      read: async () => (await this.deps.trips.get(scope.accountId, eventId)) ?? this.blankTrip(scope, event, now),
      attempt: async (current) => {
        const step = trackingTransition(current, command)
        if (!step.ok) return step
        if (step.value.state === current) return ok(current)
        const next = this.next(
          {
            ...step.value.state,
            destination,
            mode: route.mode,
            timezone: route.timezone,
            startedAt: now,
            plan: event.monitoring.departure?.learning ?? null,
          },
          current,
          now,
        )
        const events = this.events(scope, scope.clock, step.value.events, next)
        if (current.version === 0)
          return (await this.deps.trips.insert(next, events)) === 'inserted' ? ok(next) : ('conflict' as const)
        return written(await this.deps.trips.update(next, current.version, events), next)
      },
    })
    if (result.ok && startFix !== null) await this.startWaitingEvents(scope, event.userId)
    return result
  }

  async retrieve(scope: RequestScope, eventId: string): Promise<Result<Trip, TrackingNotEnabled | ResourceNotFound>> {
    const gate = await this.gate(scope)
    if (!gate.ok) return gate
    const trip = await this.deps.trips.get(scope.accountId, eventId)
    if (trip !== null) return ok(trip)
    const event = await this.deps.events.get(scope.accountId, eventId)
    return err(
      event === null
        ? new ResourceNotFound({ resource: 'event', id: eventId })
        : new ResourceNotFound({ resource: 'tracking', id: eventId }),
    )
  }

  /**
   * A location update: refused (429) closer than the cadence to the previous one; otherwise judged by the data
   * rules, and either taken as the current position (prediction, arrival) or answered and ignored.
   */
  async locate(
    scope: RequestScope,
    eventId: string,
    input: FixInput,
  ): Promise<Result<LocatedTrip, CommandError | InvalidParameter | LocationTooFrequent>> {
    const gate = await this.gate(scope)
    if (!gate.ok) return gate
    const fix = toFix(input)
    let firstFix = false
    const result = await retryOnConflict({
      target: { resource: 'tracking', id: eventId },
      read: () => this.deps.trips.get(scope.accountId, eventId),
      attempt: async (
        current,
      ): Promise<Result<LocatedTrip, CommandError | InvalidParameter | LocationTooFrequent> | 'conflict'> => {
        const user = await this.deps.users.requireActive(scope, current.userId)
        if (!user.ok) return user
        const now = scope.clock.now()
        if (current.status === 'stopped')
          return err(new InvalidTransition({ resource: 'tracking', from: current.status, command: 'location' }))
        if (current.lastUpdateAt !== null) {
          const elapsed = now.getTime() - current.lastUpdateAt.getTime()
          const minimum = TRACKING_LIMITS.minUpdateIntervalSeconds * SECOND
          if (elapsed < minimum)
            return err(new LocationTooFrequent({ eventId, retryAfterSeconds: Math.ceil((minimum - elapsed) / SECOND) }))
        }
        const future = checkNotInFuture(fix, now, 'recorded_at')
        if (future !== null) return err(future)
        const ignored = judgeFix(current, fix, now)
        if (ignored !== null) {
          const next = this.next(
            {
              ...current,
              lastUpdateAt: now,
              ignoredJumps: current.ignoredJumps + (ignored === 'impossible_jump' ? 1 : 0),
            },
            current,
            now,
          )
          if ((await this.deps.trips.update(next, current.version, [])) === 'conflict') return 'conflict'
          return ok({ trip: next, ignoredReason: ignored })
        }
        const assessment = await this.assess(current, fix, now, current.trail.length + 1)
        const step = trackingTransition(current, { type: 'locate', now, fix, assessment })
        if (!step.ok) return step
        const next = this.next({ ...step.value.state, lastUpdateAt: now }, current, now)
        const events = this.events(scope, scope.clock, step.value.events, next)
        if ((await this.deps.trips.update(next, current.version, events)) === 'conflict') return 'conflict'
        firstFix = current.currentLocation === null
        if (current.status !== 'arrived' && next.status === 'arrived') await this.learnFrom(next)
        return ok({ trip: next, ignoredReason: null })
      },
    })
    if (!result.ok && result.error._tag === 'ResourceNotFound') return this.notTracked(scope, eventId)
    if (result.ok && firstFix) await this.startWaitingEvents(scope, result.value.trip.userId)
    return result
  }

  /** Stops the trip: its positions are erased now, `event.tracking_stopped` is sent once; stopping again is a no-op. */
  async stop(scope: RequestScope, eventId: string): Promise<Result<Trip, CommandError>> {
    const gate = await this.gate(scope)
    if (!gate.ok) return gate
    const result = await this.command(scope, eventId, (now) => ({ type: 'stop', now, reason: 'requested' }), true)
    if (!result.ok && result.error._tag === 'ResourceNotFound') return this.notTracked(scope, eventId)
    return result
  }

  /** `POST /v1/users/{id}/location`: where the app last saw its user, outside a trip. */
  async reportPosition(
    scope: RequestScope,
    userId: string,
    input: Omit<FixInput, 'speedMps'>,
  ): Promise<Result<ReportedPosition, GateError | InvalidParameter>> {
    const gate = await this.gate(scope)
    if (!gate.ok) return gate
    const user = await this.deps.users.requireActive(scope, userId)
    if (!user.ok) return user
    const now = scope.clock.now()
    const fix = toFix({ ...input, speedMps: undefined })
    const future = checkNotInFuture(fix, now, 'recorded_at')
    if (future !== null) return err(future)
    if (fix.accuracyM !== null && fix.accuracyM > TRACKING_LIMITS.maxAccuracyM)
      return err(
        new InvalidParameter({
          param: 'accuracy_m',
          message: `accuracy_m must be at most ${TRACKING_LIMITS.maxAccuracyM}: a coarser position is no origin.`,
        }),
      )
    if (reportedPositionExpiry(fix).getTime() <= now.getTime())
      return err(
        new InvalidParameter({ param: 'recorded_at', message: 'recorded_at is older than the 24 hour retention.' }),
      )
    const stored = await this.deps.trips.position(scope.accountId, userId)
    // An older report than the stored one changes nothing: the newest position wins.
    if (stored !== null && stored.recordedAt.getTime() >= fix.recordedAt.getTime()) return ok(stored)
    const position: ReportedPosition = {
      accountId: scope.accountId,
      userId,
      lat: fix.lat,
      lng: fix.lng,
      accuracyM: fix.accuracyM,
      recordedAt: fix.recordedAt,
    }
    await this.deps.trips.savePosition(position)
    await this.startWaitingEvents(scope, userId)
    return ok(position)
  }

  /** The user's reported position; 404 when none is kept (never reported, or past its retention). */
  async retrievePosition(
    scope: RequestScope,
    userId: string,
  ): Promise<Result<ReportedPosition, TrackingNotEnabled | ResourceNotFound>> {
    const gate = await this.gate(scope)
    if (!gate.ok) return gate
    const user = await this.deps.users.retrieve(scope, userId)
    if (!user.ok) return user
    const position = await this.deps.trips.position(scope.accountId, userId)
    if (position === null || reportedPositionExpiry(position).getTime() <= scope.clock.now().getTime())
      return err(new ResourceNotFound({ resource: 'user_location', id: userId }))
    return ok(position)
  }

  /** What the event's moves and deletion do to its trip (registered on the EventLifecycle). */
  eventListener(): EventChangeListener {
    return {
      name: 'tracking',
      onUpdated: async (before, after, scope) => {
        const moved =
          before.startTime.getTime() !== after.startTime.getTime() ||
          before.endTime.getTime() !== after.endTime.getTime() ||
          JSON.stringify(before.location) !== JSON.stringify(after.location)
        if (!moved) return
        await this.command(
          scope,
          after.id,
          async (now, trip) => {
            const destinationMoved =
              after.location !== null && JSON.stringify(before.location) !== JSON.stringify(after.location)
            const destination =
              after.location === null ? trip.destination : { lat: after.location.lat, lng: after.location.lng }
            const assessment =
              destinationMoved && trip.currentLocation !== null
                ? await this.assess({ ...trip, destination }, trip.currentLocation, now, trip.trail.length)
                : null
            return {
              type: 'event_changed',
              now,
              startTime: after.startTime,
              expiresAt: expiryFor(after.endTime),
              assessment,
            }
          },
          false,
          (trip) =>
            after.location === null
              ? trip
              : { ...trip, destination: { lat: after.location.lat, lng: after.location.lng } },
        )
      },
      onDeleted: async (event, scope) => {
        await this.command(scope, event.id, (now) => ({ type: 'stop', now, reason: 'event_deleted' }), false)
      },
    }
  }

  /** Removes every trip and the reported position of a user (the user-delete cascade). */
  removeAllOf(accountId: string, userId: string): Promise<number> {
    return this.deps.trips.removeByUser(accountId, userId)
  }

  /**
   * The tracking job: trips silent for their idle timeout become `stalled`; active trips past their expiry are
   * stopped (`expired`); stopped trips past the retention are deleted; reported positions past theirs too.
   */
  async processDue(scope: BackgroundScope): Promise<number> {
    let handled = 0
    for (;;) {
      const now = scope.clock.now()
      const due = await this.deps.trips.due(scope.accountId, now, DUE_BATCH)
      let progressed = 0
      for (const trip of due) progressed += await this.handleDue(trip, now, scope.clock)
      handled += progressed
      if (due.length < DUE_BATCH || progressed === 0) break
    }
    const retention = TRACKING_LIMITS.reportedPositionRetentionSeconds * SECOND
    handled += await this.deps.trips.removePositionsRecordedBefore(
      scope.accountId,
      new Date(scope.clock.now().getTime() - retention),
    )
    // Corrections are forgotten on the real clock only: a sandbox account's clock is its own.
    if (scope.accountId === null && this.deps.corrections !== undefined) {
      const kept = ROUTE_CORRECTION_RULES.retentionDays * 86_400 * SECOND
      await this.deps.corrections.removeUpdatedBefore(new Date(scope.clock.now().getTime() - kept))
    }
    return handled
  }

  async nextDueAt(scope: BackgroundScope, after: Date): Promise<Date | null> {
    const [trip, oldest] = await Promise.all([
      this.deps.trips.nextDueAt(scope.accountId, after),
      this.deps.trips.oldestPositionRecordedAt(scope.accountId),
    ])
    const positionDue = oldest === null ? null : reportedPositionExpiry({ recordedAt: oldest })
    const candidates = [trip, positionDue].filter((due): due is Date => due !== null && due.getTime() > after.getTime())
    return candidates.length === 0 ? null : new Date(Math.min(...candidates.map((due) => due.getTime())))
  }

  private async handleDue(trip: Trip, now: Date, clock: Clock): Promise<number> {
    if (trip.status === 'stopped')
      return (await this.deps.trips.remove(trip.accountId, trip.eventId, trip.version)) === 'removed' ? 1 : 0
    const command: TrackingCommand =
      trip.expiresAt.getTime() <= now.getTime() ? { type: 'stop', now, reason: 'expired' } : { type: 'idle_check', now }
    const step = trackingTransition(trip, command)
    if (!step.ok || step.value.state === trip) return 0
    const next = this.next(step.value.state, trip, now)
    const events = this.events(trip, clock, step.value.events, next)
    return (await this.deps.trips.update(next, trip.version, events)) === 'updated' ? 1 : 0
  }

  /** Loads, gates (paused user, when asked), transitions and writes one trip, retrying lost races. */
  private command(
    scope: RequestScope,
    eventId: string,
    makeCommand: (now: Date, trip: Trip) => TrackingCommand | Promise<TrackingCommand>,
    gateUser: boolean,
    reshape: (trip: Trip) => Trip = (trip) => trip,
  ): Promise<Result<Trip, CommandError>> {
    return retryOnConflict({
      target: { resource: 'tracking', id: eventId },
      read: () => this.deps.trips.get(scope.accountId, eventId),
      attempt: async (current) => {
        if (gateUser) {
          const user = await this.deps.users.requireActive(scope, current.userId)
          if (!user.ok) return user
        }
        const now = scope.clock.now()
        const step = trackingTransition(current, await makeCommand(now, current))
        if (!step.ok) return step
        const reshaped = reshape(step.value.state)
        if (reshaped === current) return ok(current)
        const next = this.next(reshaped, current, now)
        const events = this.events(scope, scope.clock, step.value.events, next)
        return written(await this.deps.trips.update(next, current.version, events), next)
      },
    })
  }

  /**
   * An arrival teaches its route bucket how far the trip strayed from the moving leg predicted when it started (only
   * the log ratio is kept, summed per account and bucket). Best effort: a failed write never fails the location.
   */
  private async learnFrom(trip: Trip): Promise<void> {
    const { plan, arrivedAt } = trip
    if (this.deps.corrections === undefined || plan === undefined || plan === null || arrivedAt === null) return
    const logRatio = observationLogRatio(arrivalObservation(plan, trip.startedAt, arrivedAt))
    if (logRatio === null) return
    try {
      await this.deps.corrections.record({ accountId: trip.accountId, bucket: plan.routeBucket }, logRatio, arrivedAt)
    } catch {
      // The correction is a refinement; the next arrival on the route teaches it again.
    }
  }

  /** Events of the user waiting for an origin start monitoring now that a position is known. */
  private async startWaitingEvents(scope: RequestScope, userId: string): Promise<void> {
    const upcoming = await this.deps.events.list(
      scope.accountId,
      { userId, startFrom: scope.clock.now() },
      { limit: 100 },
    )
    const waiting = upcoming.data.filter((event) => event.monitoring.status === 'no_origin')
    if (waiting.length > 0) await this.deps.monitor.recompute(waiting, scope.clock, 'tracking')
  }

  /** The prediction from a position: arrived within the radius, else the routing's travel time from there. */
  private async assess(
    trip: Pick<Trip, 'destination' | 'mode' | 'timezone'>,
    fix: Fix,
    now: Date,
    trailLength: number,
  ): Promise<Assessment> {
    const left = distanceM(fix, trip.destination)
    if (left <= TRACKING_LIMITS.arrivalRadiusM)
      return { withinArrivalRadius: true, predictedArrival: fix.recordedAt, confidence: 'high' }
    const route = await this.deps.routing.travelTime({
      origin: { lat: fix.lat, lng: fix.lng },
      destination: trip.destination,
      mode: trip.mode,
      timing: { kind: 'depart_at', at: now },
      timezone: trip.timezone,
    })
    if (!route.ok) return { withinArrivalRadius: false, predictedArrival: null, confidence: 'low' }
    return {
      withinArrivalRadius: false,
      predictedArrival: new Date(now.getTime() + Math.round(route.value.expectedMinutes * 60) * SECOND),
      confidence: predictionConfidence({ fix, quality: route.value.quality, distanceLeftM: left, trailLength }),
    }
  }

  /** The private-preview gate: the account (or its platform) has tracking, or the surface's default says so. */
  private async gate(scope: RequestScope): Promise<Result<void, TrackingNotEnabled>> {
    const account = await this.deps.accounts.getAccount(scope.accountId)
    const platform =
      account?.platformId === null || account?.platformId === undefined
        ? null
        : await this.deps.accounts.getAccount(account.platformId)
    return trackingEnabledFor(account, platform, scope.livemode)
      ? ok(undefined)
      : err(new TrackingNotEnabled({ accountId: scope.accountId }))
  }

  /** No trip for the event: 404 naming the event when it does not exist either, else naming the tracking. */
  private async notTracked(scope: RequestScope, eventId: string): Promise<Result<never, ResourceNotFound>> {
    const event = await this.deps.events.get(scope.accountId, eventId)
    return err(new ResourceNotFound({ resource: event === null ? 'event' : 'tracking', id: eventId }))
  }

  /** A trip not stored yet (version 0), stopped: `start` builds it. */
  private blankTrip(scope: RequestScope, event: CalendarEvent, now: Date): Trip {
    return {
      ...blankLifecycle(now),
      accountId: scope.accountId,
      livemode: scope.livemode,
      eventId: event.id,
      userId: event.userId,
      destination: { lat: event.location?.lat ?? 0, lng: event.location?.lng ?? 0 },
      mode: event.travel.mode,
      timezone: event.timezone,
      startedAt: now,
      updatedAt: now,
      version: 0,
    }
  }

  private next(state: Trip, current: Trip, now: Date): Trip {
    return { ...state, updatedAt: now, version: current.version + 1 }
  }

  private events(scope: EventScope, clock: Clock, types: readonly TrackingEventType[], trip: Trip) {
    return types.map((type) =>
      domainEvent(
        { ids: this.deps.ids, clock },
        { accountId: scope.accountId, livemode: scope.livemode },
        type,
        'tracking',
        trip,
      ),
    )
  }
}

const toFix = (input: FixInput): Fix => ({
  lat: input.lat,
  lng: input.lng,
  accuracyM: input.accuracyM ?? null,
  speedMps: input.speedMps ?? null,
  recordedAt: input.recordedAt,
})

const checkNotInFuture = (fix: Fix, now: Date, param: string): InvalidParameter | null =>
  fix.recordedAt.getTime() > now.getTime() + TRACKING_LIMITS.futureToleranceSeconds * SECOND
    ? new InvalidParameter({
        param,
        message: `${param} is more than ${TRACKING_LIMITS.futureToleranceSeconds} seconds in the future.`,
      })
    : null
