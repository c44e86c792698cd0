import { describe, expect, it } from 'vitest'
import { MemoryCalendarRepository } from '../../adapters/storage/memory/calendar-repository.js'
import { MemoryConnectionRepository } from '../../adapters/storage/memory/connection-repository.js'
import { MemoryEventRepository } from '../../adapters/storage/memory/event-repository.js'
import { MemoryInvitationRepository } from '../../adapters/storage/memory/invitation-repository.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../adapters/storage/memory/user-repository.js'
import type { CalendarEvent } from '../../core/event/event.js'
import type { GeocodingPort } from '../../core/ports/geocoding.js'
import type { RouteQuery, RoutingPort } from '../../core/ports/routing.js'
import { FreeBusyService } from '../../core/scheduling/freebusy-service.js'
import { SlotFinder } from '../../core/scheduling/slots-service.js'
import { SUGGESTION_BUDGET_MS, SuggestionService, type SuggestRequest } from '../../core/scheduling/suggest.js'
import { ok } from '../../core/shared/result.js'
import { DEFAULT_PREFERENCES, type User } from '../../core/user/user.js'
import { makeEvent } from '../contracts/event-repository.contract.js'
import { makeCalendar, makeConnection } from '../support/connection-fixtures.js'

const HOUR = 3_600_000
const DAY0 = Date.parse('2026-06-01T00:00:00Z')
const at = (hours: number) => new Date(DAY0 + hours * HOUR)

const makeUser = (id: string, overrides: Partial<User> = {}): User => ({
  ...DEFAULT_PREFERENCES,
  id,
  accountId: 'acct_a',
  livemode: false,
  email: `${id}@example.com`,
  deactivatedAt: null,
  createdAt: at(-100),
  version: 1,
  ...overrides,
})

const world = () => {
  const outbox = new MemoryOutbox()
  const deps = {
    events: new MemoryEventRepository(outbox),
    users: new MemoryUserRepository(outbox),
    calendars: new MemoryCalendarRepository(),
    connections: new MemoryConnectionRepository(outbox),
    invitations: new MemoryInvitationRepository(outbox),
  }
  return { ...deps, freeBusy: new FreeBusyService(deps) }
}

const event = (userId: string, startHours: number, endHours: number, overrides: Partial<CalendarEvent> = {}) => ({
  ...makeEvent({ userId, startTime: at(startHours), attendees: [], ...overrides }),
  endTime: at(endHours),
})

const scopeAt = (now: () => Date) => ({ accountId: 'acct_a', livemode: false, clock: { now } })

describe('Free/busy of a user: every selected calendar', () => {
  it('leaves out the events of a calendar the user no longer selects, and says when a connection is not active', async () => {
    const w = world()
    await w.users.insert(makeUser('usr_a'), [])
    const connection = makeConnection({ id: 'con_a', status: 'error' })
    await w.connections.insert(connection, [])
    const selected = makeCalendar({ id: 'cal_on', connectionId: 'con_a', selected: true })
    const deselected = makeCalendar({ id: 'cal_off', connectionId: 'con_a', selected: false, externalId: 'other' })
    await w.calendars.save(selected)
    await w.calendars.save(deselected)
    const source = (calendarId: string, externalId: string) => ({
      connectionId: 'con_a',
      calendarId,
      externalId,
      seriesId: null,
    })
    await w.events.insert(event('usr_a', 9, 10, { source: source('cal_on', 'e1') }), [])
    await w.events.insert(event('usr_a', 11, 12, { source: source('cal_off', 'e2') }), [])
    await w.events.insert(event('usr_a', 13, 14), [])
    const result = await w.freeBusy.query(
      scopeAt(() => at(0)),
      {
        participants: ['usr_a', 'cal_off'],
        from: at(0),
        to: at(24),
        includeTentative: false,
      },
    )
    if (!result.ok) throw new Error(JSON.stringify(result.error))
    const [user, calendar] = result.value
    expect(user?.busy).toEqual([
      { start: at(9).getTime(), end: at(10).getTime() },
      { start: at(13).getTime(), end: at(14).getTime() },
    ])
    expect(user).toMatchObject({ availability: 'partial', reason: 'connection_not_active' })
    // Asked by id, a deselected calendar answers what the service last saw, marked partial.
    expect(calendar).toMatchObject({
      busy: [{ start: at(11).getTime(), end: at(12).getTime() }],
      availability: 'partial',
      reason: 'calendar_not_selected',
    })
  })
})

describe('Free events and tentative answers: transparent and declined are free, tentative is busy by default', () => {
  // One synced day of usr_a (June 1st 2026 is a Monday): 09-10 busy, 10-11 marked free (transparent),
  // 11-12 declined, 12-13 answered tentative, 13-14 awaiting an answer.
  const synced = async () => {
    const w = world()
    await w.users.insert(makeUser('usr_a', { timezone: 'UTC' }), [])
    const source = (externalId: string) => ({ connectionId: 'con_a', calendarId: 'cal_a', externalId, seriesId: null })
    await w.events.insert(event('usr_a', 9, 10, { source: source('busy'), showAs: 'busy' }), [])
    await w.events.insert(event('usr_a', 10, 11, { source: source('transparent'), showAs: 'free' }), [])
    await w.events.insert(event('usr_a', 11, 12, { source: source('declined'), showAs: 'free' }), [])
    await w.events.insert(event('usr_a', 12, 13, { source: source('tentative'), showAs: 'tentative' }), [])
    await w.events.insert(event('usr_a', 13, 14, { source: source('unanswered'), showAs: 'busy' }), [])
    return w
  }
  const span = (start: number, end: number) => ({ start: at(start).getTime(), end: at(end).getTime() })

  it('free/busy: neither a transparent nor a declined event is busy; tentative only with include_tentative', async () => {
    const w = await synced()
    const query = (includeTentative: boolean) =>
      w.freeBusy.query(
        scopeAt(() => at(0)),
        { participants: ['usr_a'], from: at(0), to: at(24), includeTentative },
      )
    const plain = await query(false)
    if (!plain.ok) throw new Error(JSON.stringify(plain.error))
    expect(plain.value[0]?.busy).toEqual([span(9, 10), span(13, 14)])
    const withTentative = await query(true)
    if (!withTentative.ok) throw new Error(JSON.stringify(withTentative.error))
    expect(withTentative.value[0]?.busy).toEqual([span(9, 10), span(12, 14)])
  })

  it('find_slots: the two hours marked free and declined make one two-hour slot; the tentative hour is not offered', async () => {
    const w = await synced()
    const result = await new SlotFinder(w.freeBusy).find(
      scopeAt(() => at(0)),
      {
        participants: ['usr_a'],
        durationMinutes: 120,
        earliestStart: at(9),
        latestEnd: at(14),
        workingHours: null,
        bufferMinutes: 0,
        preferredTimeOfDay: null,
        limit: 25,
      },
    )
    if (!result.ok) throw new Error(JSON.stringify(result.error))
    expect(result.value.slots.map((slot) => [slot.start, slot.end])).toEqual([[at(10).getTime(), at(12).getTime()]])
  })

  it('suggestions: read the same free/busy, so the same hours', async () => {
    const w = await synced()
    const clock = { t: at(0).getTime() }
    const service = new SuggestionService({ ...w, geocoding, routing: routing(5, clock) })
    const result = await service.suggest(
      scopeAt(() => new Date(clock.t)),
      request({
        durationMinutes: 120,
        earliest: at(9),
        latest: at(14),
        location: { address: null, type: 'virtual' },
      }),
    )
    if (!result.ok) throw new Error(JSON.stringify(result.error))
    expect(result.value.slots.map((slot) => [slot.start, slot.end])).toEqual([[at(10).getTime(), at(12).getTime()]])
  })
})

/** A routing port whose trips take `minutes`, and that moves the clock on by `costMs` per question. */
const routing = (minutes: number, clock: { t: number }, costMs = 0): RoutingPort & { asked: RouteQuery[] } => {
  const asked: RouteQuery[] = []
  return {
    asked,
    travelTime: async (query) => {
      asked.push(query)
      clock.t += costMs
      return ok({ expectedMinutes: minutes, freeFlowMinutes: minutes, distanceKm: minutes, quality: 'estimate' })
    },
  }
}

const geocoding: GeocodingPort = {
  geocode: async () =>
    ok({ coordinates: { lat: 52.5, lng: 13.4 }, displayName: 'Venue', confidence: 'high', source: 'provider' }),
}

const request = (overrides: Partial<SuggestRequest> = {}): SuggestRequest => ({
  intent: 'Meet',
  participants: ['usr_a'],
  durationMinutes: 60,
  earliest: at(8),
  latest: at(20),
  preferredDays: null,
  preferredTimeOfDay: null,
  maxTravelMinutes: null,
  location: { address: 'Venue 1', type: 'in_person' },
  limit: 25,
  ...overrides,
})

const place = { name: 'Elsewhere', address: 'Far 1', lat: 53.5, lng: 10, source: 'caller' as const }

describe('Suggestions are travel-aware', () => {
  it('drops slots the participant cannot reach from the event before, or that make the next one late', async () => {
    const w = world()
    await w.users.insert(makeUser('usr_a'), [])
    await w.events.insert(event('usr_a', 9, 10, { location: place }), [])
    await w.events.insert(event('usr_a', 16, 17, { location: place }), [])
    const clock = { t: at(0).getTime() }
    const trips = routing(90, clock)
    const service = new SuggestionService({ ...w, geocoding, routing: trips })
    const result = await service.suggest(
      scopeAt(() => new Date(clock.t)),
      request({ maxTravelMinutes: 60 }),
    )
    if (!result.ok) throw new Error(JSON.stringify(result.error))
    expect(result.value.slots.length).toBeGreaterThan(0)
    for (const slot of result.value.slots) {
      const afterFirst = slot.start >= at(10).getTime()
      const beforeSecond = slot.end <= at(16).getTime()
      if (afterFirst && beforeSecond) {
        // Between the two: 90 minutes each way.
        expect(slot.start).toBeGreaterThanOrEqual(at(11.5).getTime())
        expect(slot.end).toBeLessThanOrEqual(at(14.5).getTime())
        expect(slot.misses).toContain('max_travel_minutes_between_meetings')
      }
      if (slot.end <= at(9).getTime()) expect(slot.end).toBeLessThanOrEqual(at(7.5).getTime())
      if (slot.start >= at(17).getTime()) expect(slot.start).toBeGreaterThanOrEqual(at(18.5).getTime())
      expect(slot.matches.includes('max_travel_minutes_between_meetings')).toBe(
        !slot.misses.includes('max_travel_minutes_between_meetings'),
      )
    }
    expect(trips.asked.every((query) => query.mode === 'drive')).toBe(true)
  })

  it('a virtual meeting asks no routes', async () => {
    const w = world()
    await w.users.insert(makeUser('usr_a'), [])
    await w.events.insert(event('usr_a', 9, 10, { location: place }), [])
    const clock = { t: at(0).getTime() }
    const trips = routing(90, clock)
    const service = new SuggestionService({ ...w, geocoding, routing: trips })
    const result = await service.suggest(
      scopeAt(() => new Date(clock.t)),
      request({ location: { address: null, type: 'virtual' } }),
    )
    expect(result.ok && result.value.slots.length).toBeGreaterThan(0)
    expect(trips.asked).toEqual([])
  })

  it('stops past its time budget and says how to narrow the window', async () => {
    const w = world()
    const ids = Array.from({ length: 9 }, (_, i) => `usr_${i}`)
    for (const id of ids) {
      await w.users.insert(makeUser(id), [])
      for (let day = 0; day < 10; day++)
        await w.events.insert(
          event(id, day * 24 + 7, day * 24 + 7.5, { location: { ...place, lat: 50 + Number(id.slice(4)) / 10 } }),
          [],
        )
    }
    const clock = { t: at(0).getTime() }
    // Each route costs a tenth of the budget: the search cannot check 25 slots for 9 people.
    const service = new SuggestionService({ ...w, geocoding, routing: routing(5, clock, SUGGESTION_BUDGET_MS / 10) })
    const result = await service.suggest(
      scopeAt(() => new Date(clock.t)),
      request({ participants: ids, latest: at(24 * 10) }),
    )
    if (!result.ok) throw new Error(JSON.stringify(result.error))
    expect(result.value.slots.length).toBeLessThan(25)
    expect(result.value.warnings).toContainEqual(
      expect.objectContaining({ code: 'search_truncated', message: expect.stringContaining('narrow the window') }),
    )
  })
})
