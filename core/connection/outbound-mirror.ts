import type { BackgroundScope } from '../background/background-job.js'
import type { CalendarEvent, EventMirror } from '../event/event.js'
import type { ChangeContext, CreationReads, EventChangeListener } from '../event/event-lifecycle.js'
import type { OutboundEvent } from '../ports/calendar-provider.js'
import type { EventRepositoryPort } from '../ports/event-repository.js'
import { retryOnConflict, written } from '../shared/optimistic.js'
import type { RequestScope } from '../shared/request-scope.js'
import type { ConnectionService } from './connection-service.js'
import type { ConnectionSync, ProviderCallFailure } from './connection-sync.js'
import { type MirrorCommand, mirrorTransition, newMirror } from './outbound-mirror-transition.js'

const DUE_BATCH = 25

/** The mirror's `last_error`: what stopped the write, in words. */
const describeFailure = (failure: ProviderCallFailure): string => {
  switch (failure._tag) {
    case 'ConnectionDisconnected':
      return 'the connection is disconnected'
    case 'ProviderNotConfigured':
      return `provider ${failure.provider} is not configured`
    case 'CredentialsUnavailable':
      return 'provider credentials unavailable (token refresh failed or grant revoked)'
    case 'ProviderCallDeferred':
      return failure.why === 'write_budget'
        ? `deferred: the per-user write budget is spent until ${failure.until.toISOString()}`
        : `deferred: the provider asked to wait until ${failure.until.toISOString()}`
    case 'ProviderUnavailable':
    case 'GrantRevoked':
      return `${failure._tag}: ${failure.detail}`
    case 'AccessTokenRejected':
    case 'ProviderObjectMissing':
      return failure._tag
  }
}

/** A failed write as the mirror records it: in words, with when to come back if the provider or the budget said. */
const failedWith = (failure: ProviderCallFailure) => ({
  ok: false as const,
  error: describeFailure(failure),
  ...(failure._tag === 'ProviderCallDeferred' ? { deferredUntil: failure.until } : {}),
  ...(failure._tag === 'ProviderUnavailable' && failure.retryAfterMs !== undefined
    ? { retryAfterMs: failure.retryAfterMs }
    : {}),
})

/** One step of the mirror machine; only a pending mirror is attempted, so a refusal here is a bug. */
const step = (mirror: EventMirror, command: MirrorCommand): EventMirror => {
  const moved = mirrorTransition(mirror, command)
  if (!moved.ok) throw new Error(`the calendar mirror table refuses ${command.type} from ${mirror.status}`)
  return moved.value.state
}

const outboundOf = (event: CalendarEvent): OutboundEvent => ({
  title: event.title,
  start: event.startTime,
  end: event.endTime,
  timezone: event.timezone,
  location: event.location?.address ?? event.location?.name ?? null,
})

/**
 * Writes events created through the API to the user's writable default
 * calendar, and their changes and deletion after them. Provider-made changes
 * (calendar sync) are never echoed back. A failed write never touches the
 * event itself: the mirror shows `pending` with the error and is retried on
 * the schedule above, then `failed`.
 */
export class OutboundMirror implements EventChangeListener {
  readonly name = 'calendar-mirror'

  constructor(
    private readonly deps: {
      readonly events: EventRepositoryPort
      readonly connections: ConnectionService
      readonly sync: ConnectionSync
    },
  ) {}

  async onCreated(
    event: CalendarEvent,
    scope: RequestScope,
    context: ChangeContext,
    reads: CreationReads,
  ): Promise<boolean> {
    if (context.origin === 'provider' || (event.source ?? null) !== null) return false
    const target = await this.deps.connections.defaultWritableCalendar(scope.accountId, event.userId, reads.connections)
    if (target === null) return false
    await this.attempt(
      scope,
      event.id,
      newMirror({ connectionId: target.connection.id, calendarId: target.calendar.id }),
    )
    return true
  }

  async onUpdated(
    before: CalendarEvent,
    after: CalendarEvent,
    scope: RequestScope,
    context: ChangeContext,
  ): Promise<void> {
    if (context.origin === 'provider') return
    const link = await this.linkOf(after, scope)
    if (link === null) return
    const changed = JSON.stringify(outboundOf(before)) !== JSON.stringify(outboundOf(after))
    if (!changed && link.status !== 'pending') return
    await this.attempt(scope, after.id, step(link, { type: 'request' }))
  }

  async onDeleted(event: CalendarEvent, scope: RequestScope, context: ChangeContext): Promise<void> {
    if (context.origin === 'provider') return
    const link = await this.linkOf(event, scope)
    if (link === null || link.externalId === null) return
    const externalId = link.externalId
    const calendar = await this.deps.connections.canWrite(scope.accountId, link.connectionId, link.calendarId)
    if (calendar === null) return
    // The event is gone here; a failed delete is queued on the connection and retried at its next syncs.
    const deleted = await this.deps.sync.callProvider(scope, link.connectionId, (provider, credentials) =>
      provider.deleteEvent(credentials, calendar.externalId, externalId),
    )
    if (!deleted.ok) await this.deps.sync.queueDelete(scope, link.connectionId, calendar.externalId, externalId)
  }

  /** The background job: retries due mirrors. */
  async processDue(scope: BackgroundScope): Promise<number> {
    const now = scope.clock.now()
    const due = await this.deps.events.mirrorDue(scope.accountId, now, DUE_BATCH)
    for (const event of due) {
      if (event.mirror === null || event.mirror === undefined) continue
      await this.attempt(
        { accountId: event.accountId, livemode: event.livemode, clock: scope.clock },
        event.id,
        event.mirror,
      )
    }
    return due.length
  }

  nextDueAt(scope: BackgroundScope, after: Date): Promise<Date | null> {
    return this.deps.events.nextMirrorDueAt(scope.accountId, after)
  }

  /** The mirror of an API event, or the source of a synced event in a calendar we may write to. */
  private async linkOf(event: CalendarEvent, scope: RequestScope): Promise<EventMirror | null> {
    if (event.mirror !== null && event.mirror !== undefined) return event.mirror
    const source = event.source
    if (source === null || source === undefined || source.seriesId !== null) return null
    const calendar = await this.deps.connections.canWrite(scope.accountId, source.connectionId, source.calendarId)
    if (calendar === null) return null
    return {
      connectionId: source.connectionId,
      calendarId: source.calendarId,
      externalId: source.externalId,
      status: 'synced',
      operation: 'update',
      attempts: 0,
      lastError: null,
      nextAttemptAt: null,
    }
  }

  private async attempt(scope: RequestScope, eventId: string, mirror: EventMirror): Promise<void> {
    const event = await this.deps.events.get(scope.accountId, eventId)
    if (event === null) return
    const calendar = await this.deps.connections.canWrite(scope.accountId, mirror.connectionId, mirror.calendarId)
    let outcome:
      | { ok: true; externalId: string }
      | { ok: false; error: string; deferredUntil?: Date; retryAfterMs?: number }
    if (calendar === null)
      outcome = { ok: false, error: 'the calendar is no longer writable or its connection is disconnected' }
    else if (mirror.operation === 'create' || mirror.externalId === null) {
      const created = await this.deps.sync.callProvider(scope, mirror.connectionId, (provider, credentials) =>
        // The event id as client key: every retry of this create names the same provider copy.
        provider.createEvent(credentials, calendar.externalId, { ...outboundOf(event), clientKey: event.id }),
      )
      outcome = created.ok ? { ok: true, externalId: created.value.externalId } : failedWith(created.error)
    } else {
      const externalId = mirror.externalId
      const updated = await this.deps.sync.callProvider(scope, mirror.connectionId, (provider, credentials) =>
        provider.updateEvent(credentials, calendar.externalId, externalId, outboundOf(event)),
      )
      outcome = updated.ok ? { ok: true, externalId } : failedWith(updated.error)
    }
    const command: MirrorCommand = outcome.ok
      ? { type: 'succeed', externalId: outcome.externalId }
      : outcome.deferredUntil !== undefined
        ? { type: 'defer', error: outcome.error, until: outcome.deferredUntil }
        : {
            type: 'fail',
            at: scope.clock.now(),
            error: outcome.error,
            calendarGone: calendar === null,
            ...(outcome.retryAfterMs !== undefined ? { retryAfterMs: outcome.retryAfterMs } : {}),
          }
    const next = step(mirror, command)
    await this.save(scope, eventId, next)
  }

  /** Records the mirror on the event (and, once created, its provider link), re-reading on a version race. */
  private async save(scope: RequestScope, eventId: string, mirror: EventMirror): Promise<void> {
    await retryOnConflict({
      target: { resource: 'event', id: eventId },
      // Gone meanwhile: nothing to record.
      read: () => this.deps.events.get(scope.accountId, eventId),
      attempt: async (current) => {
        const source =
          mirror.externalId === null
            ? (current.source ?? null)
            : {
                connectionId: mirror.connectionId,
                calendarId: mirror.calendarId,
                externalId: mirror.externalId,
                seriesId: null,
              }
        const next: CalendarEvent = { ...current, mirror, source, version: current.version + 1 }
        return written(await this.deps.events.update(next, current.version, []), next)
      },
    })
  }
}
