import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MemoryEventRepository } from '../../adapters/storage/memory/event-repository.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { ProviderCallDeferred } from '../../core/connection/connection.errors.js'
import type { ConnectionService } from '../../core/connection/connection-service.js'
import type { ConnectionSync } from '../../core/connection/connection-sync.js'
import { OutboundMirror } from '../../core/connection/outbound-mirror.js'
import { MIRROR_RETRY_DELAYS_MS, mirrorTransitionTable } from '../../core/connection/outbound-mirror-transition.js'
import type { CalendarEvent, MirrorStatus } from '../../core/event/event.js'
import { API_CHANGE } from '../../core/event/event-lifecycle.js'
import type { CalendarProviderPort, OutboundEvent } from '../../core/ports/calendar-provider.js'
import { ProviderUnavailable } from '../../core/shared/provider.errors.js'
import { err, ok } from '../../core/shared/result.js'
import { makeEvent } from '../contracts/event-repository.contract.js'

/**
 * Model-based test of the outbound calendar mirror (docs/connections.md): random sequences of changes to an API
 * event, sweeps of the mirror job at later times, a provider that answers, fails or asks to wait, and a calendar that
 * stops (or starts again) being writable drive the real `OutboundMirror` over the in-memory event repository. After
 * every step the mirror recorded on the event is the model's (status, attempts, next attempt), every status change
 * is an arrow of the mirror's table, the provider never holds two copies of the event, and a `synced` mirror means
 * the provider's copy has the event's current title.
 */

const ACCOUNT = 'acct_a'
const MINUTE = 60_000
const T0 = new Date('2026-06-01T06:00:00Z').getTime()
/** How long the provider (or the write budget) asks to wait when it defers a write. */
const DEFER_MS = 10 * MINUTE
const CALENDAR = { id: 'cal_mirror', externalId: 'primary' }
const CONNECTION = { id: 'con_mirror' }

type ProviderMood = 'up' | 'down' | 'deferring'

/** A provider calendar that keeps the copies written to it, keyed by the provider's id. */
class ScriptedProvider {
  mood: ProviderMood = 'up'
  readonly copies = new Map<string, OutboundEvent>()
  private readonly byClientKey = new Map<string, string>()
  createEvent(event: OutboundEvent & { readonly clientKey: string }): string {
    // A real provider answers a repeated client key with the copy it made the first time.
    const known = this.byClientKey.get(event.clientKey)
    const externalId = known ?? `ext_${this.copies.size + 1}`
    this.byClientKey.set(event.clientKey, externalId)
    this.copies.set(externalId, event)
    return externalId
  }
}

interface ModelMirror {
  status: MirrorStatus
  attempts: number
  nextAttemptAt: number | null
}

interface Model {
  now: number
  writable: boolean
  mood: ProviderMood
  title: string
  mirror: ModelMirror
}

const harness = () => {
  let now = T0
  const clock = { now: () => new Date(now) }
  const events = new MemoryEventRepository(new MemoryOutbox())
  const provider = new ScriptedProvider()
  let writable = true
  const connections = {
    defaultWritableCalendar: async () => (writable ? { connection: CONNECTION, calendar: CALENDAR } : null),
    canWrite: async () => (writable ? CALENDAR : null),
  } as unknown as ConnectionService
  const port = {
    createEvent: async (_credentials: unknown, _calendar: string, event: OutboundEvent & { clientKey: string }) =>
      ok({ externalId: provider.createEvent(event) }),
    updateEvent: async (_credentials: unknown, _calendar: string, externalId: string, event: OutboundEvent) => {
      provider.copies.set(externalId, event)
      return ok({ externalId })
    },
  } as unknown as CalendarProviderPort
  const sync = {
    callProvider: async (
      _scope: unknown,
      connectionId: string,
      call: (p: CalendarProviderPort, c: unknown) => unknown,
    ) => {
      if (provider.mood === 'deferring')
        return err(new ProviderCallDeferred({ connectionId, why: 'provider_backoff', until: new Date(now + DEFER_MS) }))
      if (provider.mood === 'down')
        return err(new ProviderUnavailable({ provider: 'google', reason: 'server_error', detail: 'HTTP 503' }))
      return call(port, { accessToken: 'token' })
    },
    queueDelete: async () => {},
  } as unknown as ConnectionSync
  const mirror = new OutboundMirror({ events, connections, sync })
  const scope = { accountId: ACCOUNT, livemode: false, clock }
  return {
    events,
    provider,
    mirror,
    scope,
    eventId: '',
    setNow: (at: number) => {
      now = at
    },
    setWritable: (value: boolean) => {
      writable = value
    },
  }
}
type Real = ReturnType<typeof harness>

/** What one attempt does, in the model's words: written, deferred, retried later or given up. */
const attempt = (model: Model): void => {
  const mirror = model.mirror
  if (!model.writable) {
    model.mirror = { status: 'failed', attempts: mirror.attempts + 1, nextAttemptAt: null }
    return
  }
  if (model.mood === 'deferring') {
    model.mirror = { ...mirror, status: 'pending', nextAttemptAt: model.now + DEFER_MS }
    return
  }
  const attempts = mirror.attempts + 1
  if (model.mood === 'up') {
    model.mirror = { status: 'synced', attempts, nextAttemptAt: null }
    return
  }
  const delay = MIRROR_RETRY_DELAYS_MS[attempts - 1]
  model.mirror =
    delay === undefined
      ? { status: 'failed', attempts, nextAttemptAt: null }
      : { status: 'pending', attempts, nextAttemptAt: model.now + delay }
}

const stored = async (real: Real): Promise<CalendarEvent> => {
  const event = await real.events.get(ACCOUNT, real.eventId)
  if (event === null) throw new Error('event gone')
  return event
}

const checkAgreement = async (model: Model, real: Real, before: MirrorStatus | null) => {
  const event = await stored(real)
  const mirror = event.mirror
  if (mirror === null || mirror === undefined) throw new Error('no mirror recorded')
  expect({
    status: mirror.status,
    attempts: mirror.attempts,
    nextAttemptAt: mirror.nextAttemptAt?.getTime() ?? null,
  }).toEqual(model.mirror)
  // Every change of status is an arrow of the table: a request (to pending), then the attempt's outcome.
  if (before !== null && before !== mirror.status) {
    const targets = (from: MirrorStatus) => Object.values(mirrorTransitionTable[from]).flatMap((to) => to ?? [])
    expect([...targets(before), ...targets(before).flatMap(targets)]).toContain(mirror.status)
  }
  // Synced: nothing owed, no error, and the provider's copy is the event as it stands.
  if (mirror.status === 'synced') {
    expect(mirror.lastError).toBeNull()
    expect(mirror.nextAttemptAt).toBeNull()
    expect(mirror.externalId).not.toBeNull()
    expect(real.provider.copies.get(mirror.externalId ?? '')?.title).toBe(model.title)
  } else expect(mirror.lastError).not.toBeNull()
  // Given up: nothing is due any more.
  if (mirror.status === 'failed') expect(mirror.nextAttemptAt).toBeNull()
  // Every create names the event, so the provider holds at most one copy of it however many attempts there were.
  expect(real.provider.copies.size).toBeLessThanOrEqual(1)
}

type MirrorCommand = fc.AsyncCommand<Model, Real>

class Change implements MirrorCommand {
  constructor(readonly title: string) {}
  check = () => true
  async run(model: Model, real: Real) {
    const before = await stored(real)
    const after: CalendarEvent = { ...before, title: this.title, version: before.version + 1 }
    expect(await real.events.update(after, before.version, [])).toBe('updated')
    const statusBefore = model.mirror.status
    model.title = this.title
    if (this.title !== before.title || model.mirror.status === 'pending') {
      model.mirror = { ...model.mirror, attempts: 0 }
      attempt(model)
    }
    await real.mirror.onUpdated(before, after, real.scope, API_CHANGE)
    await checkAgreement(model, real, statusBefore)
  }
  toString = () => `change(${this.title})`
}

class Sweep implements MirrorCommand {
  constructor(readonly minutes: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    model.now += this.minutes * MINUTE
    real.setNow(model.now)
    const statusBefore = model.mirror.status
    const due = model.mirror.nextAttemptAt !== null && model.mirror.nextAttemptAt <= model.now
    if (due) attempt(model)
    expect(await real.mirror.processDue({ accountId: ACCOUNT, clock: real.scope.clock })).toBe(due ? 1 : 0)
    await checkAgreement(model, real, statusBefore)
  }
  toString = () => `sweep(+${this.minutes} min)`
}

class Provider implements MirrorCommand {
  constructor(readonly mood: ProviderMood) {}
  check = () => true
  async run(model: Model, real: Real) {
    model.mood = this.mood
    real.provider.mood = this.mood
    await checkAgreement(model, real, null)
  }
  toString = () => `provider-${this.mood}`
}

class Writable implements MirrorCommand {
  constructor(readonly writable: boolean) {}
  check = () => true
  async run(model: Model, real: Real) {
    model.writable = this.writable
    real.setWritable(this.writable)
    await checkAgreement(model, real, null)
  }
  toString = () => (this.writable ? 'calendar-writable' : 'calendar-read-only')
}

const commands = [
  fc.constantFrom('Dentist', 'Standup', 'Lunch').map((title) => new Change(title)),
  fc.oneof(fc.integer({ min: 1, max: 90 }), fc.integer({ min: 100, max: 8 * 60 })).map((m) => new Sweep(m)),
  fc.constantFrom<ProviderMood>('up', 'down', 'deferring').map((mood) => new Provider(mood)),
  fc.boolean().map((writable) => new Writable(writable)),
]

describe('Calendar mirror: OutboundMirror over the event repository follows the mirror machine (model-based)', () => {
  it('keeps the recorded mirror, its retries and the provider copy in agreement with the model', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<ProviderMood>('up', 'down', 'deferring'),
        fc.commands(commands, { maxCommands: 40 }),
        async (mood, sequence) => {
          const real = harness()
          real.provider.mood = mood
          const event = makeEvent({ accountId: ACCOUNT, title: 'Dentist', source: null, mirror: null })
          real.eventId = event.id
          await real.events.insert(event, [])
          const model: Model = {
            now: T0,
            writable: true,
            mood,
            title: 'Dentist',
            mirror: { status: 'pending', attempts: 0, nextAttemptAt: null },
          }
          // The event is made through the API: the first write is attempted at once.
          attempt(model)
          expect(await real.mirror.onCreated(event, real.scope, API_CHANGE, {})).toBe(true)
          await checkAgreement(model, real, null)
          await fc.asyncModelRun(() => ({ model, real }), sequence)
        },
      ),
      { numRuns: 60 },
    )
  })
})
