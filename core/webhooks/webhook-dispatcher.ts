import type { BackgroundScope } from '../background/background-job.js'
import type { Clock } from '../ports/clock.js'
import type { DnsResolverPort } from '../ports/dns-resolver.js'
import type { IdGenerator, RandomSource } from '../ports/id-generator.js'
import type { LoggerPort } from '../ports/logger.js'
import type { MetricsPort } from '../ports/metrics.js'
import type { NotificationRendererPort } from '../ports/notification-renderer.js'
import type { DomainEvent, OutboxPort } from '../ports/outbox.js'
import type { WebhookDeliveryRepositoryPort } from '../ports/webhook-delivery-repository.js'
import type { WebhookEndpointRepositoryPort } from '../ports/webhook-endpoint-repository.js'
import type { WebhookTransportPort } from '../ports/webhook-transport.js'
import { domainEvent } from '../shared/domain-event.js'
import type { InvalidParameter } from '../shared/errors.js'
import type { MaybePromise } from '../shared/maybe-promise.js'
import { retryOnConflict, written } from '../shared/optimistic.js'
import { ok, type Result } from '../shared/result.js'
import {
  type AttemptOutcome,
  type Delivery,
  type DeliveryCommand,
  isAcknowledged,
  withholdDetails,
} from './delivery.js'
import { deliveryTransition } from './delivery-transition.js'
import { endpointTransition } from './endpoint-transition.js'
import { subscribes } from './event-types.js'
import { signatureHeader } from './signature.js'
import { type ApprovedTarget, checkEndpointUrl } from './url-policy.js'
import { activeSecrets, type WebhookEndpoint } from './webhook-endpoint.js'

export interface DispatcherLimits {
  /** How long a receiver has to answer (10 s by default: docs/webhooks.md). */
  readonly timeoutMs: number
  /**
   * How long an attempt holds its delivery (longer than `timeoutMs`): another worker retries it only after
   * that, so a worker that dies mid-attempt delays the delivery by at most this. Default: `timeoutMs` + 30 s.
   */
  readonly leaseMs?: number
  /** Attempts in flight at once, all endpoints together. */
  readonly concurrency: number
  /** Attempts in flight at once to one endpoint, so a slow receiver only slows itself. */
  readonly perEndpointConcurrency: number
}

export const DEFAULT_DISPATCHER_LIMITS: DispatcherLimits = {
  timeoutMs: 10_000,
  concurrency: 64,
  perEndpointConcurrency: 8,
}

export interface WebhookDispatcherDeps {
  readonly outbox: OutboxPort
  readonly endpoints: WebhookEndpointRepositoryPort
  readonly deliveries: WebhookDeliveryRepositoryPort
  readonly transport: WebhookTransportPort
  readonly renderer: NotificationRendererPort
  readonly dns: DnsResolverPort
  readonly ids: IdGenerator
  readonly random: RandomSource
  /** Real time, for the signature timestamp: receivers compare it with their own clock, whatever the sandbox clock says. */
  readonly wallClock: Clock
  readonly limits?: Partial<DispatcherLimits>
  /** Whether sandbox endpoints may target loopback (the operator's setting); production never. */
  readonly sandboxLoopback: boolean
  /** Told about an attempt that failed by a bug rather than by the receiver; its lease expires and it is tried again. */
  readonly logger?: LoggerPort
  /** Counts and times each attempt by outcome (`webhook_deliveries_total`, `webhook_delivery_duration_seconds`). */
  readonly metrics?: MetricsPort
  /**
   * Connect: the platform of a connected account (null for a platform), whose Connect endpoints also receive the
   * connected account's notifications. Without it, notifications go to their own account's endpoints only.
   */
  readonly platformOf?: (accountId: string) => MaybePromise<string | null>
}

const FAN_OUT_BATCH = 500

/** Whether `event` is the `webhook_endpoint.disabled` notice of `endpoint` itself (it goes to the other endpoints). */
const isOwnDisabledNotice = (event: DomainEvent, endpoint: WebhookEndpoint): boolean =>
  event.type === 'webhook_endpoint.disabled' && (event.object as { readonly id?: unknown } | null)?.id === endpoint.id

/**
 * How long a rendered body is reused for the other deliveries of its notification (one rendering per notification,
 * not per endpoint). The body depends on the notification, which never changes, and on its account's pinned version
 * and platform, so an account change reaches the bodies at most this long after it: the bound within which MongoDB
 * storage already reads accounts (`ACCOUNT_LOOKUP_TTL_MS`).
 */
export const BODY_REUSE_MS = 1_000
/** Rendered bodies kept at once (the oldest go first). */
const MAX_BODIES = 1_024
/** Checked targets of IP-literal URLs kept at once (one per endpoint URL; all forgotten when full). */
const MAX_LITERAL_TARGETS = 10_000

/** An attempt as the metrics count it: acknowledged (2xx), rejected (another status), blocked (address refused), failed. */
const metricOutcome = (outcome: AttemptOutcome): string => {
  if (isAcknowledged(outcome)) return 'acknowledged'
  if (outcome.kind === 'response') return 'rejected'
  return outcome.kind === 'blocked_address' ? 'blocked' : 'failed'
}

/**
 * Delivers the outbox: fans each domain event out into one delivery per
 * subscribed endpoint, then attempts due deliveries with bounded concurrency
 * (overall and per endpoint), leasing each one first so that it is attempted by
 * one worker at a time and picked up again if that worker dies.
 */
export class WebhookDispatcher {
  private readonly limits: DispatcherLimits
  private readonly inFlightByEndpoint = new Map<string, number>()
  /** The endpoints with `perEndpointConcurrency` attempts in flight. */
  private readonly saturated = new Set<string>()
  private inFlight = 0
  /** Background refills under way, by account (or `*`): a finished attempt starts the next one without waiting for the sweep. */
  private readonly refilling = new Set<string>()
  /** Scopes whose refill was asked for while one ran: it runs again when done. */
  private readonly refillAgain = new Set<string>()
  /** Attempts and refills under way, so that a shutdown can wait for them (`drain`). */
  private readonly pending = new Set<Promise<unknown>>()
  /** Set by `drain`: no new attempt starts. */
  private draining = false
  /** Bodies rendered in the last `BODY_REUSE_MS`, by notification id, oldest first. */
  private readonly bodies = new Map<string, { readonly rendered: Promise<string>; readonly at: number }>()
  /** The approved targets of IP-literal URLs, by surface and URL: their check looks nothing up, so its answer stands. */
  private readonly literalTargets = new Map<string, ApprovedTarget>()

  constructor(private readonly deps: WebhookDispatcherDeps) {
    this.limits = { ...DEFAULT_DISPATCHER_LIMITS, ...deps.limits }
  }

  /** The background job's body: fan out, then deliver what is due. Returns the number of items handled. */
  async run(scope: BackgroundScope): Promise<number> {
    const fannedOut = await this.fanOut(scope)
    const attempted = await this.deliverDue(scope)
    return fannedOut + attempted
  }

  /**
   * How long, at `now`, the oldest notification waiting for delivery has waited, in milliseconds: the oldest domain
   * event not fanned out yet, or the delivery due longest ago and not yet attempted (one leased by an attempt in
   * flight is not waiting). 0 when nothing waits. A flood shows here before any receiver complains.
   */
  async backlogAgeMs(now: Date): Promise<number> {
    const [oldestEvent] = await this.deps.outbox.pending(1)
    const [oldestDue] = await this.deps.deliveries.due(null, now, 1)
    const since = Math.min(
      oldestEvent?.createdAt.getTime() ?? Number.POSITIVE_INFINITY,
      oldestDue?.nextAttemptAt?.getTime() ?? Number.POSITIVE_INFINITY,
    )
    return Number.isFinite(since) ? Math.max(0, now.getTime() - since) : 0
  }

  /** Earliest future retry (for sandbox clock walks). */
  nextDueAt(scope: BackgroundScope, after: Date): Promise<Date | null> {
    return this.deps.deliveries.nextDueAt(scope.accountId, after)
  }

  /**
   * Turns pending outbox events into deliveries, then marks them dispatched (a
   * crash in between re-runs the fan-out; duplicates are skipped). Returns the
   * number of deliveries created.
   */
  async fanOut(scope: BackgroundScope): Promise<number> {
    let handled = 0
    for (;;) {
      const events = await this.deps.outbox.pending(FAN_OUT_BATCH, scope.accountId)
      if (events.length === 0) return handled
      const endpointsByAccount = new Map<string, WebhookEndpoint[]>()
      const deliveries: Delivery[] = []
      const now = scope.clock.now()
      for (const event of events) {
        let endpoints = endpointsByAccount.get(event.accountId)
        if (endpoints === undefined) {
          endpoints = await this.endpointsFor(event.accountId, event.livemode)
          endpointsByAccount.set(event.accountId, endpoints)
        }
        for (const endpoint of endpoints) {
          // An endpoint gets what happens from its creation on, not the backlog before it; an endpoint's own
          // `webhook_endpoint.disabled` goes to the other endpoints only (it may be fanned out after the operator
          // switched the endpoint on again).
          if (
            subscribes(endpoint.events, event.type) &&
            endpoint.createdAt.getTime() <= event.createdAt.getTime() &&
            !isOwnDisabledNotice(event, endpoint)
          )
            deliveries.push(this.newDelivery(event, endpoint, now, null))
        }
      }
      await this.deps.deliveries.insertMany(deliveries)
      await this.deps.outbox.markDispatched(events.map((event) => event.id))
      handled += deliveries.length
      if (events.length < FAN_OUT_BATCH) return handled
    }
  }

  /**
   * Who receives an account's notifications: its own endpoints (not Connect ones), and for a connected account
   * its platform's Connect endpoints of the same surface.
   */
  private async endpointsFor(accountId: string, livemode: boolean): Promise<WebhookEndpoint[]> {
    const own = (await this.deps.endpoints.enabledOf(accountId)).filter(
      (endpoint) => endpoint.livemode === livemode && !endpoint.connect,
    )
    const platform = (await this.deps.platformOf?.(accountId)) ?? null
    if (platform === null) return own
    const connect = (await this.deps.endpoints.enabledOf(platform)).filter(
      (endpoint) => endpoint.livemode === livemode && endpoint.connect,
    )
    return [...own, ...connect]
  }

  /**
   * Attempts the due deliveries. With `scope.settle` (sandbox clock walks) it
   * waits for every attempt and drains the queue; otherwise it starts what the
   * concurrency limits allow and returns, the attempts finishing in the background.
   */
  async deliverDue(scope: BackgroundScope): Promise<number> {
    let started = 0
    for (;;) {
      if (this.draining) return started
      const free = this.limits.concurrency - this.inFlight
      if (free <= 0) return started
      const saturated = [...this.saturated]
      const now = scope.clock.now()
      const due = await this.deps.deliveries.due(scope.accountId, now, free, saturated)
      if (due.length === 0) return started
      // The slots are taken before the leases are written, all at once (storage may commit them together), so
      // that the limits hold whatever else starts attempts meanwhile; a lease lost to another worker gives its slot back.
      const chosen: Delivery[] = []
      for (const delivery of due) {
        if (this.inFlight >= this.limits.concurrency) break
        if ((this.inFlightByEndpoint.get(delivery.endpointId) ?? 0) >= this.limits.perEndpointConcurrency) continue
        this.takeSlot(delivery.endpointId)
        chosen.push(delivery)
      }
      const leases = await Promise.allSettled(chosen.map((delivery) => this.lease(delivery, now)))
      const attempts: Promise<unknown>[] = []
      let failure: { reason: unknown } | undefined
      for (const [index, delivery] of chosen.entries()) {
        const lease = leases[index]
        const leased = lease?.status === 'fulfilled' ? lease.value : null
        if (leased === null) {
          this.freeSlot(delivery.endpointId)
          if (lease?.status === 'rejected') failure ??= { reason: lease.reason }
          continue
        }
        const attempt = this.attemptInSlot(leased, scope.clock)
        attempts.push(attempt)
        if (scope.settle !== true) void attempt.then(() => this.refill(scope))
        started += 1
      }
      if (failure !== undefined) throw failure.reason
      if (scope.settle !== true) return started
      await Promise.all(attempts)
      if (attempts.length === 0) return started
    }
  }

  /**
   * Fills the slot an attempt just freed with the next due delivery (background mode); one refill per scope at a
   * time, and one more after it when attempts finished meanwhile (their slots were freed after it counted them).
   */
  private refill(scope: BackgroundScope): void {
    const key = scope.accountId ?? '*'
    if (this.draining) return
    if (this.refilling.has(key)) {
      this.refillAgain.add(key)
      return
    }
    this.refilling.add(key)
    this.track(
      this.deliverDue(scope)
        .catch(() => 0)
        .finally(() => {
          this.refilling.delete(key)
          if (this.refillAgain.delete(key)) this.refill(scope)
        }),
    )
  }

  /**
   * For a shutdown, before the storage closes: starts no new attempt and waits for those under way (each ends
   * within the receiver timeout) and their refills, so that every leased delivery records its attempt.
   */
  async drain(): Promise<void> {
    this.draining = true
    while (this.pending.size > 0) await Promise.allSettled([...this.pending])
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work)
    void work.finally(() => this.pending.delete(work)).catch(() => {})
    return work
  }

  /** Attempts a delivery inside the caller's request (test sends, replays) and returns it as stored after the attempt. */
  async deliverNow(delivery: Delivery, clock: Clock): Promise<Delivery> {
    // Stored already leased: a dispatch round (of this host or another) cannot take it before this attempt, which
    // would leave the request answering a delivery not attempted yet. A crash before the attempt ends leaves the
    // lease to expire, and the delivery is attempted then like any other.
    const leased = this.leased(delivery, clock.now())
    await this.deps.deliveries.insertMany([leased])
    return this.attemptTracked(leased, clock)
  }

  newDelivery(notification: DomainEvent, endpoint: WebhookEndpoint, now: Date, replayOf: string | null): Delivery {
    return {
      id: this.deps.ids.next('whd'),
      accountId: endpoint.accountId,
      livemode: endpoint.livemode,
      endpointId: endpoint.id,
      notification,
      status: 'pending',
      attempts: [],
      firstAttemptAt: null,
      nextAttemptAt: now,
      failureReason: null,
      replayOf,
      createdAt: now,
      version: 1,
    }
  }

  /** Pushes `nextAttemptAt` past the attempt's longest duration; a lost race means another worker has it. */
  private async lease(delivery: Delivery, now: Date): Promise<Delivery | null> {
    const leased = this.leased(delivery, now)
    return (await this.deps.deliveries.update(leased, delivery.version)) === 'updated' ? leased : null
  }

  /** The delivery leased from `now`: due again when the lease expires, should its attempt never record an end. */
  private leased(delivery: Delivery, now: Date): Delivery {
    const leaseMs = this.limits.leaseMs ?? this.limits.timeoutMs + 30_000
    return { ...delivery, nextAttemptAt: new Date(now.getTime() + leaseMs), version: delivery.version + 1 }
  }

  /** Counts an attempt to `endpointId` in flight, overall and for the endpoint. */
  private takeSlot(endpointId: string): void {
    this.inFlight += 1
    const inFlight = (this.inFlightByEndpoint.get(endpointId) ?? 0) + 1
    this.inFlightByEndpoint.set(endpointId, inFlight)
    if (inFlight >= this.limits.perEndpointConcurrency) this.saturated.add(endpointId)
  }

  private freeSlot(endpointId: string): void {
    this.inFlight -= 1
    const count = (this.inFlightByEndpoint.get(endpointId) ?? 1) - 1
    if (count <= 0) this.inFlightByEndpoint.delete(endpointId)
    else this.inFlightByEndpoint.set(endpointId, count)
    if (count < this.limits.perEndpointConcurrency) this.saturated.delete(endpointId)
  }

  private attemptTracked(delivery: Delivery, clock: Clock): Promise<Delivery> {
    this.takeSlot(delivery.endpointId)
    return this.attemptInSlot(delivery, clock)
  }

  /** Attempts a leased delivery whose slot is taken (`takeSlot`), and frees the slot when done. */
  private async attemptInSlot(delivery: Delivery, clock: Clock): Promise<Delivery> {
    try {
      return await this.track(this.attempt(delivery, clock))
    } catch (error) {
      this.deps.logger?.error(
        { accountId: delivery.accountId, deliveryId: delivery.id, endpointId: delivery.endpointId, err: error },
        'webhook attempt failed',
      )
      return delivery
    } finally {
      this.freeSlot(delivery.endpointId)
    }
  }

  private async attempt(delivery: Delivery, clock: Clock): Promise<Delivery> {
    const endpoint = await this.deps.endpoints.get(delivery.accountId, delivery.endpointId)
    if (endpoint === null || endpoint.status !== 'enabled') {
      return this.apply(delivery, {
        type: 'abandon',
        reason: endpoint === null ? 'endpoint_deleted' : 'endpoint_disabled',
      })
    }
    const at = clock.now()
    const target = await this.checkTarget(endpoint)
    let response: { outcome: AttemptOutcome; durationMs: number; error: string | null }
    if (!target.ok) response = { outcome: { kind: 'blocked_address' }, durationMs: 0, error: target.error.message }
    else {
      const wallTime = this.deps.wallClock.now().getTime()
      const body = await this.bodyOf(delivery.notification, wallTime)
      const timestamp = Math.floor(wallTime / 1000)
      response = await this.deps.transport.send({
        url: target.value.url,
        addresses: target.value.addresses,
        body,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'departure-service-webhooks/1',
          'service-signature': signatureHeader(body, activeSecrets(endpoint, at), timestamp),
        },
        timeoutMs: this.limits.timeoutMs,
      })
    }
    const attempt = { at, durationMs: response.durationMs, outcome: response.outcome, error: response.error }
    if (this.deps.metrics !== undefined) {
      const outcome = metricOutcome(response.outcome)
      this.deps.metrics.increment('webhook_deliveries_total', { outcome })
      this.deps.metrics.observe('webhook_delivery_duration_seconds', response.durationMs / 1000, { outcome })
    }
    const saved = await this.apply(delivery, {
      type: 'attempt',
      attempt: target.ok && target.value.privateTarget ? withholdDetails(attempt) : attempt,
      random: this.deps.random,
    })
    await this.recordEndpointHealth(endpoint.accountId, endpoint.id, isAcknowledged(response.outcome), at, clock)
    return saved
  }

  /**
   * The endpoint's URL checked again at every attempt: a host name may resolve elsewhere since creation (DNS
   * rebinding), so names are looked up and checked each time; an IP literal's answer cannot change and is reused.
   */
  private async checkTarget(endpoint: WebhookEndpoint): Promise<Result<ApprovedTarget, InvalidParameter>> {
    const key = `${endpoint.livemode ? 'live' : 'test'} ${endpoint.url}`
    const known = this.literalTargets.get(key)
    if (known !== undefined) return ok(known)
    const target = await checkEndpointUrl(
      endpoint.url,
      { livemode: endpoint.livemode, sandboxLoopback: this.deps.sandboxLoopback },
      this.deps.dns,
    )
    if (target.ok && target.value.literal) {
      if (this.literalTargets.size >= MAX_LITERAL_TARGETS) this.literalTargets.clear()
      this.literalTargets.set(key, target.value)
    }
    return target
  }

  /** The notification's body, rendered once for all its deliveries within `BODY_REUSE_MS` (see there). */
  private bodyOf(notification: DomainEvent, now: number): Promise<string> {
    const reused = this.bodies.get(notification.id)
    if (reused !== undefined && now - reused.at < BODY_REUSE_MS) return reused.rendered
    const rendered = Promise.resolve(this.deps.renderer.render(notification))
    this.bodies.delete(notification.id)
    if (this.bodies.size >= MAX_BODIES) {
      const oldest = this.bodies.keys().next()
      if (oldest.done !== true) this.bodies.delete(oldest.value)
    }
    const entry = { rendered, at: now }
    this.bodies.set(notification.id, entry)
    // A failed rendering is not reused: the next attempt renders again.
    rendered.catch(() => {
      if (this.bodies.get(notification.id) === entry) this.bodies.delete(notification.id)
    })
    return rendered
  }

  private async apply(delivery: Delivery, command: DeliveryCommand): Promise<Delivery> {
    const next = deliveryTransition(delivery, command)
    if (!next.ok) return delivery
    await this.deps.deliveries.update(next.value.state, delivery.version)
    return next.value.state
  }

  /** A success ends a failure streak; a streak of 72 hours disables the endpoint and says so with `webhook_endpoint.disabled`. */
  private async recordEndpointHealth(
    accountId: string,
    endpointId: string,
    succeeded: boolean,
    at: Date,
    clock: Clock,
  ): Promise<void> {
    // Read once here (and handed to the first try): the usual case, a success on a healthy endpoint, ends at once.
    const first = await this.deps.endpoints.get(accountId, endpointId)
    // Deleted meanwhile: no health to keep.
    if (first === null) return
    if (succeeded && first.failingSince === null) return
    await retryOnConflict({
      target: { resource: 'webhook_endpoint', id: endpointId },
      first,
      read: () => this.deps.endpoints.get(accountId, endpointId),
      attempt: async (current) => {
        const step = endpointTransition(
          current,
          succeeded ? { type: 'delivery_succeeded' } : { type: 'delivery_failed', at },
        )
        if (!step.ok) return step
        const { state, events } = step.value
        if (state === current) return ok(current)
        const next: WebhookEndpoint = {
          ...current,
          ...state,
          ...(state.status === current.status ? {} : { updatedAt: at }),
          version: current.version + 1,
        }
        const scope = { accountId, livemode: current.livemode }
        const notices = events.map((type) =>
          domainEvent({ ids: this.deps.ids, clock }, scope, type, 'webhook_endpoint', next),
        )
        return written(await this.deps.endpoints.update(next, current.version, notices), next)
      },
    })
  }
}
