import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import type { CalendarEvent } from '../../core/event/event.js'
import { openMonitoring } from '../../core/monitoring/monitoring-transition.js'
import type { EventRepositoryPort } from '../../core/ports/event-repository.js'
import type { DomainEvent, OutboxPort } from '../../core/ports/outbox.js'

export interface EventRepositorySubject {
  readonly events: EventRepositoryPort
  /** The outbox the repository writes its domain events to. */
  readonly outbox: OutboxPort
  readonly teardown?: () => Promise<void>
}

const HOUR = 3_600_000
const base = new Date('2026-06-01T08:00:00Z')
const ids = new UlidIdGenerator()

/** An event of the suite's fixed account and user (other tests reuse it). */
export const makeEvent = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => {
  const startTime = overrides.startTime ?? new Date(base.getTime() + 5 * HOUR)
  const endTime = new Date(startTime.getTime() + HOUR)
  const monitoring = openMonitoring({ startTime, endTime, hasLocation: true, preAlertMinutes: 10, now: base })
  return {
    id: ids.next('evt'),
    accountId: 'acct_a',
    livemode: false,
    userId: 'usr_a',
    title: 'Contract',
    category: 'meeting',
    startTime,
    endTime,
    timezone: 'Europe/Berlin',
    location: { name: 'Office', address: 'Main St 1', lat: 52.52, lng: 13.4, source: 'caller' },
    origin: null,
    travel: { mode: 'drive', parkingBufferMin: 5 },
    attendees: [{ email: 'a@example.com', userId: null, name: 'A' }],
    monitoring,
    originSource: null,
    dueAt: base,
    createdAt: base,
    updatedAt: base,
    version: 1,
    ...overrides,
  }
}

const note = (type: string, accountId = 'acct_a'): DomainEvent => ({
  id: ids.next('ntf'),
  type,
  accountId,
  livemode: false,
  createdAt: base,
  objectType: 'event',
  object: { type },
})

/** What every EventRepositoryPort adapter must do; call it from the adapter's own test file. */
export const eventRepositoryContract = (
  name: string,
  makeSubject: () => EventRepositorySubject | Promise<EventRepositorySubject>,
): void => {
  describe(`${name} honours the EventRepositoryPort contract`, () => {
    let subject: EventRepositorySubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('round-trips an event with its dates, places and monitoring state, and writes its domain events', async () => {
      const event = makeEvent()
      await subject.events.insert(event, [note('event.created')])
      const stored = await subject.events.get('acct_a', event.id)
      expect(stored).toEqual(event)
      expect((await subject.outbox.list('acct_a', 10)).map((e) => e.type)).toEqual(['event.created'])
    })

    it('round-trips an address the geocoder could not place, with no location', async () => {
      const event = makeEvent({
        location: null,
        unresolvedLocation: { name: 'Club', address: 'Somewhere 1, Nowhereville' },
        monitoring: {
          ...makeEvent().monitoring,
          status: 'unresolved_location',
          hasLocation: false,
          nextRecalcAt: null,
        },
        dueAt: null,
      })
      await subject.events.insert(event, [])
      expect(await subject.events.get(event.accountId, event.id)).toEqual(event)
    })

    it('keeps accounts apart', async () => {
      const event = makeEvent()
      await subject.events.insert(event, [])
      expect(await subject.events.get('acct_b', event.id)).toBeNull()
      expect((await subject.events.list('acct_b', {}, { limit: 10 })).data).toEqual([])
    })

    it('updates with the expected version only, writing events only when the write happens', async () => {
      const event = makeEvent()
      await subject.events.insert(event, [])
      const renamed = { ...event, title: 'Renamed', version: 2 }
      expect(await subject.events.update(renamed, 1, [note('event.updated')])).toBe('updated')
      expect(await subject.events.update({ ...event, title: 'Stale', version: 2 }, 1, [note('lost')])).toBe('conflict')
      expect((await subject.events.get('acct_a', event.id))?.title).toBe('Renamed')
      expect((await subject.outbox.list('acct_a', 10)).map((e) => e.type)).toEqual(['event.updated'])
    })

    it('updates many at once, each against its own version: a conflict leaves the others written, with their domain events only', async () => {
      const first = makeEvent()
      const stale = makeEvent()
      const third = makeEvent()
      for (const event of [first, stale, third]) await subject.events.insert(event, [])
      expect(await subject.events.updateMany([])).toEqual([])
      const outcomes = await subject.events.updateMany([
        {
          event: { ...first, title: 'First, updated', version: 2 },
          expectedVersion: 1,
          events: [note('event.updated')],
        },
        { event: { ...stale, title: 'Lost the race', version: 3 }, expectedVersion: 2, events: [note('lost')] },
        {
          event: { ...third, title: 'Third, updated', version: 2 },
          expectedVersion: 1,
          events: [note('event.updated')],
        },
        { event: { ...makeEvent(), version: 2 }, expectedVersion: 1, events: [note('never stored')] },
      ])
      expect(outcomes).toEqual(['updated', 'conflict', 'updated', 'conflict'])
      expect((await subject.events.get('acct_a', first.id))?.title).toBe('First, updated')
      expect(await subject.events.get('acct_a', stale.id)).toEqual(stale)
      expect((await subject.events.get('acct_a', third.id))?.version).toBe(2)
      expect((await subject.outbox.list('acct_a', 10)).map((e) => e.type)).toEqual(['event.updated', 'event.updated'])
    })

    it('removes with the expected version, and removes all of a user’s events', async () => {
      const first = makeEvent()
      const second = makeEvent()
      const other = makeEvent({ userId: 'usr_b' })
      for (const event of [first, second, other]) await subject.events.insert(event, [])
      expect(await subject.events.remove('acct_a', first.id, 7, [])).toBe('conflict')
      expect(await subject.events.remove('acct_a', first.id, 1, [note('event.deleted')])).toBe('removed')
      expect(await subject.events.get('acct_a', first.id)).toBeNull()
      expect(await subject.events.removeByUser('acct_a', 'usr_a')).toBe(1)
      expect(await subject.events.get('acct_a', second.id)).toBeNull()
      expect(await subject.events.get('acct_a', other.id)).not.toBeNull()
    })

    it('lists newest first, filtered by user and start time, with cursors', async () => {
      const events = [0, 1, 2, 3].map((hours) => makeEvent({ startTime: new Date(base.getTime() + hours * HOUR) }))
      for (const event of events) await subject.events.insert(event, [])
      await subject.events.insert(makeEvent({ userId: 'usr_b' }), [])
      const page = await subject.events.list('acct_a', { userId: 'usr_a' }, { limit: 3 })
      expect(page.data.map((e) => e.id)).toEqual([events[3]!.id, events[2]!.id, events[1]!.id])
      expect(page.hasMore).toBe(true)
      const next = await subject.events.list('acct_a', { userId: 'usr_a' }, { limit: 3, startingAfter: events[1]!.id })
      expect(next.data.map((e) => e.id)).toEqual([events[0]!.id])
      const window = await subject.events.list(
        'acct_a',
        { startFrom: new Date(base.getTime() + HOUR), startBefore: new Date(base.getTime() + 3 * HOUR) },
        { limit: 10 },
      )
      expect(window.data.map((e) => e.id)).toEqual([events[2]!.id, events[1]!.id])
    })

    it('lists without the series masters, or the masters alone, and round-trips the series fields', async () => {
      const single = makeEvent()
      const master = makeEvent({
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO', 'EXDATE:20260608T130000Z'],
        allDay: { startDate: '2026-06-01', endDate: '2026-06-02' },
        exceptions: ['2026-06-15T13:00:00.000Z'],
        dueAt: null,
      })
      const exception = makeEvent({
        id: `${master.id}_20260615T130000Z`,
        recurringEventId: master.id,
        originalStartTime: new Date('2026-06-15T13:00:00Z'),
      })
      for (const event of [single, master, exception]) await subject.events.insert(event, [])
      const ids = async (series: 'exclude' | 'only' | undefined) =>
        (await subject.events.list('acct_a', { userId: 'usr_a', series }, { limit: 10 })).data.map((e) => e.id)
      expect(await ids('exclude')).toEqual([exception.id, single.id])
      expect(await ids('only')).toEqual([master.id])
      expect(await ids(undefined)).toEqual([exception.id, master.id, single.id])
      expect(await subject.events.get('acct_a', master.id)).toEqual(master)
      expect(await subject.events.get('acct_a', exception.id)).toEqual(exception)
      // A cursor between a series and its occurrences (their ids sort beside it) pages as any id.
      const after = await subject.events.list(
        'acct_a',
        { userId: 'usr_a', series: 'exclude' },
        { limit: 10, startingAfter: exception.id },
      )
      expect(after.data.map((e) => e.id)).toEqual([single.id])
    })

    it('pages back towards newer events with ending_before, still newest first', async () => {
      const events = [0, 1, 2, 3, 4].map(() => makeEvent())
      for (const event of events) await subject.events.insert(event, [])
      const previous = await subject.events.list('acct_a', {}, { limit: 2, endingBefore: events[1]!.id })
      expect(previous.data.map((e) => e.id)).toEqual([events[3]!.id, events[2]!.id])
      expect(previous.hasMore).toBe(true)
      const first = await subject.events.list('acct_a', {}, { limit: 2, endingBefore: events[3]!.id })
      expect(first.data.map((e) => e.id)).toEqual([events[4]!.id])
      expect(first.hasMore).toBe(false)
    })

    it('finds the events overlapping a window that one of the free/busy criteria names, earliest first', async () => {
      const at = (hours: number) => new Date(base.getTime() + hours * HOUR)
      const owned = makeEvent({ startTime: at(2), attendees: [] })
      const longOwned = { ...makeEvent({ startTime: at(-30), attendees: [] }), endTime: at(1) }
      const ownedOutside = makeEvent({ startTime: at(10), attendees: [] })
      const inviting = makeEvent({
        userId: 'usr_z',
        startTime: at(3),
        attendees: [{ email: 'guest@example.com', userId: null, name: null }],
      })
      const invitingUser = makeEvent({
        userId: 'usr_z',
        startTime: at(4),
        attendees: [{ email: null, userId: 'usr_c', name: null }],
      })
      const synced = makeEvent({
        userId: 'usr_z',
        startTime: at(5),
        attendees: [],
        source: { connectionId: 'con_a', calendarId: 'cal_a', externalId: 'x1', seriesId: null },
      })
      const otherAccount = makeEvent({ accountId: 'acct_b', startTime: at(2), attendees: [] })
      const unrelated = makeEvent({ userId: 'usr_z', startTime: at(2), attendees: [] })
      for (const event of [owned, longOwned, ownedOutside, inviting, invitingUser, synced, otherAccount, unrelated])
        await subject.events.insert(event, [])
      const query = {
        userIds: ['usr_a'],
        calendarIds: ['cal_a'],
        attendeeEmails: ['guest@example.com'],
        attendeeUserIds: ['usr_c'],
        from: at(0),
        to: at(8),
      }
      const found = await subject.events.overlapping('acct_a', query, 100)
      expect(found.map((e) => e.id)).toEqual([longOwned.id, owned.id, inviting.id, invitingUser.id, synced.id])
      expect((await subject.events.overlapping('acct_a', query, 2)).map((e) => e.id)).toEqual([longOwned.id, owned.id])
      const ownersOnly = { ...query, calendarIds: [], attendeeEmails: [], attendeeUserIds: [] }
      expect((await subject.events.overlapping('acct_a', ownersOnly, 100)).map((e) => e.id)).toEqual([
        longOwned.id,
        owned.id,
      ])
      const nothing = { ...ownersOnly, userIds: [] }
      expect(await subject.events.overlapping('acct_a', nothing, 100)).toEqual([])
    })

    it('free/busy follows the stored event: an update that moves it or changes its attendees, and its removal', async () => {
      const at = (hours: number) => new Date(base.getTime() + hours * HOUR)
      const event = makeEvent({
        userId: 'usr_z',
        startTime: at(2),
        attendees: [{ email: 'old@example.com', userId: null, name: null }],
      })
      await subject.events.insert(event, [])
      const byEmail = (email: string, from: Date, to: Date) =>
        subject.events.overlapping(
          'acct_a',
          { userIds: [], calendarIds: [], attendeeEmails: [email], attendeeUserIds: [], from, to },
          10,
        )
      expect((await byEmail('old@example.com', at(0), at(4))).map((e) => e.id)).toEqual([event.id])
      // The monitor's kind of write: same times, same attendees.
      const monitored = { ...event, version: event.version + 1 }
      expect(await subject.events.update(monitored, event.version, [])).toBe('updated')
      expect((await byEmail('old@example.com', at(0), at(4))).map((e) => e.id)).toEqual([event.id])
      // Moved a day later, with another guest.
      const moved = {
        ...monitored,
        version: monitored.version + 1,
        startTime: at(26),
        endTime: at(27),
        attendees: [{ email: 'new@example.com', userId: null, name: null }],
      }
      expect(await subject.events.update(moved, monitored.version, [])).toBe('updated')
      expect(await byEmail('old@example.com', at(0), at(48))).toEqual([])
      expect(await byEmail('new@example.com', at(0), at(4))).toEqual([])
      expect((await byEmail('new@example.com', at(25), at(28))).map((e) => e.id)).toEqual([event.id])
      expect(await subject.events.remove('acct_a', event.id, moved.version, [])).toBe('removed')
      expect(await byEmail('new@example.com', at(25), at(28))).toEqual([])
    })

    it('lists the events synced from one calendar, of that account only', async () => {
      const source = (calendarId: string, externalId: string) => ({
        connectionId: 'con_a',
        calendarId,
        externalId,
        seriesId: null,
      })
      const synced = makeEvent({ source: source('cal_1', 'x1') })
      const sibling = makeEvent({ source: source('cal_1', 'x2') })
      const elsewhere = makeEvent({ source: source('cal_2', 'x3') })
      const local = makeEvent()
      const otherAccount = makeEvent({ accountId: 'acct_b', source: source('cal_1', 'x4') })
      for (const event of [synced, sibling, elsewhere, local, otherAccount]) await subject.events.insert(event, [])
      expect((await subject.events.listByCalendar('acct_a', 'cal_1')).map((e) => e.id).sort()).toEqual(
        [synced.id, sibling.id].sort(),
      )
      expect((await subject.events.listByCalendar('acct_a', 'cal_1')).find((e) => e.id === synced.id)?.source).toEqual(
        source('cal_1', 'x1'),
      )
      expect(await subject.events.listByCalendar('acct_a', 'cal_9')).toEqual([])
    })

    it("keeps how a synced event takes its owner's time (free, tentative), through an update, in the overlap read", async () => {
      const at = (hours: number) => new Date(base.getTime() + hours * HOUR)
      const event = makeEvent({
        startTime: at(1),
        source: { connectionId: 'con_a', calendarId: 'cal_a', externalId: 'free', seriesId: null },
        showAs: 'free',
      })
      await subject.events.insert(event, [])
      expect((await subject.events.get('acct_a', event.id))?.showAs).toBe('free')
      const answered = { ...event, showAs: 'tentative' as const, version: event.version + 1 }
      expect(await subject.events.update(answered, event.version, [])).toBe('updated')
      const overlapping = await subject.events.overlapping(
        'acct_a',
        { userIds: [event.userId], calendarIds: [], attendeeEmails: [], attendeeUserIds: [], from: at(0), to: at(48) },
        10,
      )
      expect(overlapping.find((e) => e.id === event.id)?.showAs).toBe('tentative')
    })

    /** A mirror waiting for its attempt `minutes` after `base` (null: none due). */
    const mirror = (minutes: number | null) => ({
      connectionId: 'con_a',
      calendarId: 'cal_a',
      externalId: null,
      status: 'pending' as const,
      operation: 'create' as const,
      attempts: 1,
      lastError: 'x',
      nextAttemptAt: minutes === null ? null : new Date(base.getTime() + minutes * 60_000),
    })

    it('answers events whose mirror attempt is due, earliest first, and the next attempt time', async () => {
      const late = makeEvent({ mirror: mirror(10) })
      const early = makeEvent({ mirror: mirror(5) })
      const done = makeEvent({ mirror: mirror(null) })
      const other = makeEvent({ accountId: 'acct_b', mirror: mirror(1) })
      for (const event of [late, early, done, other, makeEvent()]) await subject.events.insert(event, [])
      expect(
        (await subject.events.mirrorDue('acct_a', new Date(base.getTime() + 10 * 60_000), 10)).map((e) => e.id),
      ).toEqual([early.id, late.id])
      expect(
        (await subject.events.mirrorDue(null, new Date(base.getTime() + 10 * 60_000), 2)).map((e) => e.id),
      ).toEqual([other.id, early.id])
      expect(await subject.events.nextMirrorDueAt('acct_a', new Date(base.getTime() + 5 * 60_000))).toEqual(
        new Date(base.getTime() + 10 * 60_000),
      )
      expect(await subject.events.nextMirrorDueAt('acct_a', new Date(base.getTime() + 10 * 60_000))).toBeNull()
    })

    it('follows an event whose mirror attempt is set, made, set again and removed', async () => {
      const at = new Date(base.getTime() + 60 * 60_000)
      const dueIds = async () => (await subject.events.mirrorDue('acct_a', at, 10)).map((e) => e.id)
      const event = makeEvent()
      await subject.events.insert(event, [])
      expect(await dueIds()).toEqual([])
      const waiting = { ...event, mirror: mirror(5), version: 2 }
      expect(await subject.events.update(waiting, 1, [])).toBe('updated')
      expect(await dueIds()).toEqual([event.id])
      expect((await subject.events.mirrorDue('acct_a', at, 10))[0]?.mirror?.nextAttemptAt).toEqual(
        mirror(5).nextAttemptAt,
      )
      const made = { ...waiting, mirror: mirror(null), version: 3 }
      expect(await subject.events.update(made, 2, [])).toBe('updated')
      expect(await dueIds()).toEqual([])
      expect(await subject.events.nextMirrorDueAt('acct_a', base)).toBeNull()
      const again = { ...made, mirror: mirror(20), version: 4 }
      expect(await subject.events.update(again, 3, [])).toBe('updated')
      expect(await dueIds()).toEqual([event.id])
      expect(await subject.events.nextMirrorDueAt('acct_a', base)).toEqual(mirror(20).nextAttemptAt)
      expect(await subject.events.remove('acct_a', event.id, 4, [])).toBe('removed')
      expect(await dueIds()).toEqual([])
      expect(await subject.events.nextMirrorDueAt('acct_a', base)).toBeNull()
    })

    it('a write naming another account changes nothing', async () => {
      const event = makeEvent()
      await subject.events.insert(event, [])
      expect(
        await subject.events.update({ ...event, accountId: 'acct_b', title: 'Mallory', version: 2 }, 1, [
          note('event.updated', 'acct_b'),
        ]),
      ).toBe('conflict')
      expect(await subject.events.remove('acct_b', event.id, 1, [note('event.deleted', 'acct_b')])).toBe('conflict')
      expect(await subject.events.removeByUser('acct_b', 'usr_a')).toBe(0)
      expect(await subject.events.get('acct_a', event.id)).toEqual(event)
      expect(await subject.outbox.list('acct_b', 10)).toEqual([])
    })

    it('finds due events earliest first, per account or for all, and the next due time', async () => {
      const soon = makeEvent({ dueAt: new Date(base.getTime() + 60_000) })
      const now = makeEvent({ dueAt: base })
      const later = makeEvent({ dueAt: new Date(base.getTime() + HOUR) })
      const never = makeEvent({ dueAt: null })
      const elsewhere = makeEvent({ accountId: 'acct_b', dueAt: base })
      for (const event of [soon, now, later, never, elsewhere]) await subject.events.insert(event, [])
      const due = await subject.events.due('acct_a', new Date(base.getTime() + 60_000), 10)
      expect(due.map((e) => e.id)).toEqual([now.id, soon.id])
      expect((await subject.events.due(null, base, 10)).map((e) => e.id).sort()).toEqual([now.id, elsewhere.id].sort())
      expect((await subject.events.due('acct_a', new Date(base.getTime() + HOUR), 1)).map((e) => e.id)).toEqual([
        now.id,
      ])
      expect(await subject.events.nextDueAt('acct_a', base)).toEqual(soon.dueAt)
      expect(await subject.events.nextDueAt('acct_a', later.dueAt!)).toBeNull()
    })

    it('counts the events the monitor still watches, per account, up to a cap', async () => {
      expect(await subject.events.countMonitored('acct_a', 100)).toBe(0)
      const watched = [base, new Date(base.getTime() + HOUR), new Date(base.getTime() + 2 * HOUR)]
      for (const dueAt of watched) await subject.events.insert(makeEvent({ dueAt }), [])
      await subject.events.insert(makeEvent({ dueAt: null }), [])
      await subject.events.insert(makeEvent({ accountId: 'acct_b', dueAt: base }), [])
      expect(await subject.events.countMonitored('acct_a', 100)).toBe(3)
      expect(await subject.events.countMonitored('acct_a', 2)).toBe(2)
      expect(await subject.events.countMonitored('acct_b', 100)).toBe(1)
      expect(await subject.events.countMonitored('acct_c', 100)).toBe(0)
    })

    it("lists a user's upcoming events soonest first, in the window, up to the limit, with a stored health assessment", async () => {
      const at = (hours: number) => new Date(base.getTime() + hours * HOUR)
      const health = {
        factors: { traffic: 0.25, weather: 0, margin: 0, conflict: 1, connection: 0 },
        risks: [{ type: 'conflict' as const, severity: 'high' as const, detail: 'Overlaps' }],
        blockedReason: null,
        calculatedAt: base,
      }
      const third = makeEvent({ startTime: at(3) })
      const first = makeEvent({ startTime: at(1), health })
      const second = makeEvent({ startTime: at(2) })
      const past = makeEvent({ startTime: at(-1) })
      const beyond = makeEvent({ startTime: at(24) })
      const otherUser = makeEvent({ startTime: at(1), userId: 'usr_b' })
      const otherAccount = makeEvent({ startTime: at(1), accountId: 'acct_b' })
      for (const event of [third, first, second, past, beyond, otherUser, otherAccount])
        await subject.events.insert(event, [])
      const found = await subject.events.upcoming('acct_a', 'usr_a', base, at(24), 10)
      expect(found.map((e) => e.id)).toEqual([first.id, second.id, third.id])
      expect(found[0]?.health).toEqual(health)
      expect((await subject.events.upcoming('acct_a', 'usr_a', base, at(24), 2)).map((e) => e.id)).toEqual([
        first.id,
        second.id,
      ])
      expect(await subject.events.upcoming('acct_a', 'usr_nobody', base, at(24), 10)).toEqual([])
    })

    it("answers a user's neighbouring events as spans: list's first page, the same events in the same order, with times and coordinates only", async () => {
      const at = (hours: number) => new Date(base.getTime() + hours * HOUR)
      const earlier = makeEvent({ startTime: at(1) })
      const unplaced = makeEvent({ startTime: at(2), location: null })
      const later = makeEvent({ startTime: at(3) })
      // Stored after `later` but starting before it: the page is newest id first, not by start.
      const movedEarlier = makeEvent({ startTime: at(1.5) })
      const outside = makeEvent({ startTime: at(10) })
      const otherUser = makeEvent({ startTime: at(2), userId: 'usr_b' })
      const otherAccount = makeEvent({ startTime: at(2), accountId: 'acct_b' })
      for (const event of [earlier, unplaced, later, movedEarlier, outside, otherUser, otherAccount])
        await subject.events.insert(event, [])
      const window = { userId: 'usr_a', startFrom: at(1), startBefore: at(10) }
      const spanOf = (event: CalendarEvent) => ({
        id: event.id,
        startTime: event.startTime,
        endTime: event.endTime,
        location: event.location === null ? null : { lat: event.location.lat, lng: event.location.lng },
      })
      const asSpans = (spans: readonly { id: string; startTime: Date; endTime: Date; location: unknown }[]) =>
        spans.map((span) => ({
          id: span.id,
          startTime: span.startTime,
          endTime: span.endTime,
          location:
            span.location === null
              ? null
              : { lat: (span.location as { lat: number }).lat, lng: (span.location as { lng: number }).lng },
        }))
      const spans = await subject.events.spansOfUser('acct_a', 'usr_a', window.startFrom, window.startBefore, 10)
      expect(asSpans(spans)).toEqual([movedEarlier, later, unplaced, earlier].map(spanOf))
      const page = await subject.events.list('acct_a', window, { limit: 10 })
      expect(spans.map((span) => span.id)).toEqual(page.data.map((event) => event.id))
      expect(
        asSpans(await subject.events.spansOfUser('acct_a', 'usr_a', window.startFrom, window.startBefore, 2)),
      ).toEqual([movedEarlier, later].map(spanOf))
      expect(await subject.events.spansOfUser('acct_a', 'usr_a', window.startFrom, window.startBefore, 0)).toEqual([])
      expect(
        await subject.events.spansOfUser('acct_a', 'usr_nobody', window.startFrom, window.startBefore, 10),
      ).toEqual([])
      // A span follows the stored event: moved and unplaced by an update, gone with its removal.
      const moved = { ...later, startTime: at(4), endTime: at(5), location: null, version: 2 }
      expect(await subject.events.update(moved, 1, [])).toBe('updated')
      expect(await subject.events.remove('acct_a', earlier.id, 1, [])).toBe('removed')
      expect(
        asSpans(await subject.events.spansOfUser('acct_a', 'usr_a', window.startFrom, window.startBefore, 10)),
      ).toEqual([movedEarlier, moved, unplaced].map(spanOf))
    })
  })
}
