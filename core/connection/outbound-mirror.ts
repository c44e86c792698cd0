import type { BackgroundScope } from '../background/background-job.js'
import type { CalendarEvent, EventMirror } from '../event/event.js'
import type { ChangeContext, CreationReads, EventChangeListener, SeriesRefusal } from '../event/event-lifecycle.js'
import { occurrenceId } from '../event/recurrence.js'
import type { OutboundEvent, OutboundOverride } from '../ports/calendar-provider.js'
import type { EventRepositoryPort } from '../ports/event-repository.js'
import { InvalidParameter } from '../shared/errors.js'
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
      return failure.reason === 'bad_request'
        ? `refused by ${failure.provider}: ${failure.detail}`
        : `${failure._tag}: ${failure.detail}`
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
  ...(failure._tag === 'ProviderUnavailable' && failure.reason === 'bad_request' ? { refused: true } : {}),
})

/** One step of the mirror machine; only a pending mirror is attempted, so a refusal here is a bug. */
const step = (mirror: EventMirror, command: MirrorCommand): EventMirror => {
  const moved = mirrorTransition(mirror, command)
  if (!moved.ok) throw new Error(`the calendar mirror table refuses ${command.type} from ${mirror.status}`)
  return moved.value.state
}

const placeOf = (event: CalendarEvent): string | null =>
  event.location?.address ?? event.location?.name ?? event.unresolvedLocation?.address ?? null

const outboundOf = (event: CalendarEvent): OutboundEvent => ({
  title: event.title,
  start: event.startTime,
  end: event.endTime,
  timezone: event.timezone,
  location: placeOf(event),
  allDay: event.allDay ?? null,
})

/**
 * Whether a stored occurrence differs from what the series gives it. The monitoring sweep stores the occurrences it
 * watches as they come (unchanged): only the ones changed on their own are the provider's business.
 */
const changedOnItsOwn = (master: CalendarEvent, occurrence: CalendarEvent): boolean => {
  const original = occurrence.originalStartTime ?? occurrence.startTime
  return (
    occurrence.title !== master.title ||
    occurrence.startTime.getTime() !== original.getTime() ||
    occurrence.endTime.getTime() - occurrence.startTime.getTime() !==
      master.endTime.getTime() - master.startTime.getTime() ||
    placeOf(occurrence) !== placeOf(master)
  )
}

/** A series as the provider receives it: the master with its lines, and every occurrence changed on its own. */
const outboundSeriesOf = (master: CalendarEvent, exceptions: readonly CalendarEvent[]): OutboundEvent => ({
  ...outboundOf(master),
  recurrence: master.recurrence ?? [],
  overrides: exceptions
    .filter((exception) => changedOnItsOwn(master, exception))
    .map(
      (exception): OutboundOverride => ({
        originalStart: exception.originalStartTime ?? exception.startTime,
        title: exception.title,
        start: exception.startTime,
        end: exception.endTime,
        location: placeOf(exception),
        allDay: exception.allDay ?? null,
      }),
    ),
})

const isMaster = (event: CalendarEvent): boolean => event.recurrence !== undefined && event.recurrence !== null

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

  /**
   * A series created or changed through the API: the whole series (master, lines, changed occurrences) is written to
   * the calendar its mirror names, or, for a new series, to the user's writable default calendar. A provider that
   * refuses it (it answered our write with a refusal, not an outage) fails the mirror at once with its reason, and the
   * refusal goes back to the series service, which puts our copy back as it was.
   */
  async onSeriesChanged(
    master: CalendarEvent,
    scope: RequestScope,
    context: ChangeContext,
  ): Promise<SeriesRefusal | null> {
    if (context.origin === 'provider') return null
    let mirror = master.mirror ?? null
    if (mirror === null && master.source?.imported === true) {
      // A series the calendar sync brought in: our edit goes back to the provider's series (when we may write there).
      const link = await this.linkOf(master, scope)
      if (link === null) return null
      mirror = step(link, { type: 'request' })
    } else if (mirror === null) {
      if ((master.source ?? null) !== null) return null
      const target = await this.deps.connections.defaultWritableCalendar(scope.accountId, master.userId)
      if (target === null) return null
      mirror = newMirror({ connectionId: target.connection.id, calendarId: target.calendar.id })
    } else mirror = step(mirror, { type: 'request' })
    const refused = await this.attempt(scope, master.id, mirror)
    return refused === null ? null : { listener: this.name, reason: refused }
  }

  async onSeriesDeleted(master: CalendarEvent, scope: RequestScope, context: ChangeContext): Promise<void> {
    if ((master.mirror ?? null) === null && master.source?.imported !== true) return
    await this.onDeleted(master, scope, context)
  }

  /** A series to be written to Microsoft must fit Graph's patterns (400 naming `recurrence[i]` otherwise). */
  async checkRecurrence(
    series: {
      readonly userId: string
      readonly existing: CalendarEvent | null
      readonly recurrence: readonly string[]
      readonly start: Date
      readonly timezone: string
    },
    scope: RequestScope,
  ): Promise<InvalidParameter | null> {
    const existing = series.existing
    if (existing !== null && (existing.source ?? null) !== null && (existing.mirror ?? null) === null) return null
    const connectionId =
      existing?.mirror?.connectionId ??
      (await this.deps.connections.defaultWritableCalendar(scope.accountId, series.userId))?.connection.id ??
      null
    if (connectionId === null) return null
    const provider = await this.deps.connections.providerOf(scope.accountId, connectionId)
    const refusal = provider?.recurrenceRefusal?.(series.recurrence, series) ?? null
    return refusal === null
      ? null
      : new InvalidParameter({ param: `recurrence[${refusal.index}]`, message: refusal.reason })
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

  /** The event as the provider receives it: a series with its changed occurrences, read now. */
  private async payloadOf(scope: RequestScope, event: CalendarEvent): Promise<OutboundEvent> {
    // A single event says so on an update: a series of ours turned into one loses its recurrence at the provider too.
    if (!isMaster(event)) return { ...outboundOf(event), recurrence: [] }
    const exceptions: CalendarEvent[] = []
    for (const original of event.exceptions ?? []) {
      const exception = await this.deps.events.get(scope.accountId, occurrenceId(event.id, new Date(original)))
      if (exception !== null) exceptions.push(exception)
    }
    return outboundSeriesOf(event, exceptions)
  }

  /** One write of the event; resolves to the provider's refusal of a series (in words), else null. */
  private async attempt(scope: RequestScope, eventId: string, mirror: EventMirror): Promise<string | null> {
    const event = await this.deps.events.get(scope.accountId, eventId)
    if (event === null) return null
    const payload = await this.payloadOf(scope, event)
    const calendar = await this.deps.connections.canWrite(scope.accountId, mirror.connectionId, mirror.calendarId)
    let outcome:
      | { ok: true; externalId: string }
      | { ok: false; error: string; deferredUntil?: Date; retryAfterMs?: number; refused?: boolean }
    if (calendar === null)
      outcome = { ok: false, error: 'the calendar is no longer writable or its connection is disconnected' }
    else if (mirror.operation === 'create' || mirror.externalId === null) {
      const created = await this.deps.sync.callProvider(scope, mirror.connectionId, (provider, credentials) =>
        // The event id as client key: every retry of this create names the same provider copy.
        provider.createEvent(credentials, calendar.externalId, { ...payload, clientKey: event.id }),
      )
      outcome = created.ok ? { ok: true, externalId: created.value.externalId } : failedWith(created.error)
    } else {
      const externalId = mirror.externalId
      const updated = await this.deps.sync.callProvider(scope, mirror.connectionId, (provider, credentials) =>
        provider.updateEvent(credentials, calendar.externalId, externalId, payload),
      )
      outcome = updated.ok ? { ok: true, externalId } : failedWith(updated.error)
    }
    // A series the provider refused (a 4xx about what we sent, not an outage): the same write would be refused again.
    const refused = !outcome.ok && outcome.refused === true && isMaster(event)
    const command: MirrorCommand = outcome.ok
      ? { type: 'succeed', externalId: outcome.externalId }
      : outcome.deferredUntil !== undefined
        ? { type: 'defer', error: outcome.error, until: outcome.deferredUntil }
        : {
            type: 'fail',
            at: scope.clock.now(),
            error: outcome.error,
            calendarGone: calendar === null || refused,
            ...(outcome.retryAfterMs !== undefined ? { retryAfterMs: outcome.retryAfterMs } : {}),
          }
    const next = step(mirror, command)
    await this.save(scope, eventId, next)
    return refused && !outcome.ok ? outcome.error : null
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
                ...(current.source?.imported === true ? { imported: true } : {}),
              }
        const next: CalendarEvent = { ...current, mirror, source, version: current.version + 1 }
        return written(await this.deps.events.update(next, current.version, []), next)
      },
    })
  }
}
