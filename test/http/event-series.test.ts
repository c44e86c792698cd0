import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { clients, startTestService, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>
let userId: string

const OFFICE = { name: 'Office', address: 'Friedrichstrasse 100, Berlin', lat: 52.5208, lng: 13.3874 }
/** Mondays from 2 March 2026, 09:00 Berlin: the sixth one is after the change to summer time (29 March). */
const FIRST = '2026-03-02T08:00:00Z'

beforeAll(async () => {
  // Back-to-back requests: on a quiet machine, more than the default 100 a second.
  test = await startTestService({ RATE_LIMIT_REQUESTS: '100000' })
  client = clients(test)
  userId = (
    await client.live('POST', '/v1/users', {
      body: { email: 'series@example.com', timezone: 'Europe/Berlin' },
    })
  ).body.id
})
afterAll(() => test.stop())

const weekly = async (overrides: Record<string, unknown> = {}) => {
  const created = await client.live('POST', '/v1/events', {
    body: {
      user_id: userId,
      title: 'Team meeting',
      start_time: FIRST,
      end_time: '2026-03-02T09:00:00Z',
      timezone: 'Europe/Berlin',
      location: OFFICE,
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=8'],
      ...overrides,
    },
  })
  expect(created.status).toBe(201)
  return created.body
}

const instances = async (id: string, query = 'from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z&limit=100') => {
  const listed = await client.live('GET', `/v1/events/${id}/instances?${query}`)
  expect(listed.status).toBe(200)
  return listed.body
}

const starts = (list: { data: { start_time: string }[] }) => list.data.map((event) => event.start_time)

describe('POST /v1/events with recurrence: a series, expanded in its timezone', () => {
  it('answers the series with its lines; its occurrences keep 09:00 Berlin across the DST change', async () => {
    const series = await weekly()
    expect(series).toMatchObject({
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=8'],
      all_day: false,
      recurring_event_id: null,
      original_start_time: null,
    })
    const list = await instances(series.id)
    expect(list.object).toBe('list')
    expect(starts(list)).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-09T08:00:00.000Z',
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
      '2026-04-13T07:00:00.000Z',
      '2026-04-20T07:00:00.000Z',
    ])
    const [first] = list.data
    expect(first).toMatchObject({
      id: `${series.id}_20260302T080000Z`,
      recurring_event_id: series.id,
      original_start_time: '2026-03-02T08:00:00.000Z',
      recurrence: null,
      title: 'Team meeting',
    })
    // The same occurrence is read by its derived id.
    const read = await client.live('GET', `/v1/events/${first.id}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual({ ...first, request_id: read.body.request_id })
  })

  it('pages the instances with the list envelope, soonest first', async () => {
    const series = await weekly()
    const page = await instances(series.id, 'from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z&limit=3')
    expect(page.has_more).toBe(true)
    const next = await instances(
      series.id,
      `from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z&limit=10&starting_after=${page.data[2].id}`,
    )
    expect([...starts(page), ...starts(next)]).toHaveLength(8)
    expect(next.has_more).toBe(false)
  })

  it.each([
    [['RRULE:FREQ=MINUTELY'], 'recurrence[0]'],
    [['RRULE:FREQ=DAILY', 'EXDATE:tomorrow'], 'recurrence[1]'],
    [['RRULE:FREQ=HOURLY'], 'recurrence[0]'],
  ])('refuses %j with a 400 naming %s, storing nothing', async (recurrence, param) => {
    const refused = await client.live('POST', '/v1/events', {
      body: { user_id: userId, title: 'x', start_time: FIRST, end_time: '2026-03-02T09:00:00Z', recurrence },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({ param })
  })

  it('an occurrence id of a deleted series is 404', async () => {
    const series = await weekly()
    const occurrence = `${series.id}_20260309T080000Z`
    expect((await client.live('GET', `/v1/events/${occurrence}`)).status).toBe(200)
    expect((await client.live('DELETE', `/v1/events/${series.id}`)).status).toBe(200)
    expect((await client.live('GET', `/v1/events/${occurrence}`)).status).toBe(404)
    expect((await client.live('GET', `/v1/events/${series.id}_20260310T080000Z`)).status).toBe(404)
  })
})

describe('GET /v1/events lists occurrences, not series masters, unless series=masters', () => {
  it('shows each occurrence in the window, and the master alone with series=masters', async () => {
    const lister = (
      await client.live('POST', '/v1/users', { body: { email: 'lister@example.com', timezone: 'Europe/Berlin' } })
    ).body.id
    const series = await weekly({ user_id: lister, recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] })
    const window = 'start_time[gte]=2026-03-01T00:00:00Z&start_time[lt]=2026-04-01T00:00:00Z'
    const listed = await client.live('GET', `/v1/events?user_id=${lister}&${window}&limit=10`)
    expect(listed.body.data.map((event: { id: string }) => event.id)).toEqual([
      `${series.id}_20260316T080000Z`,
      `${series.id}_20260309T080000Z`,
      `${series.id}_20260302T080000Z`,
    ])
    const masters = await client.live('GET', `/v1/events?user_id=${lister}&${window}&series=masters`)
    expect(masters.body.data.map((event: { id: string }) => event.id)).toEqual([series.id])
    const paged = await client.live('GET', `/v1/events?user_id=${lister}&${window}&limit=2`)
    expect(paged.body.has_more).toBe(true)
    const rest = await client.live(
      'GET',
      `/v1/events?user_id=${lister}&${window}&limit=2&starting_after=${paged.body.data[1].id}`,
    )
    expect(rest.body.data.map((event: { id: string }) => event.id)).toEqual([`${series.id}_20260302T080000Z`])
    expect(rest.body.has_more).toBe(false)
  })
})

describe('GET /v1/events pages several series and single events as one listing, both ways', () => {
  it('walking pages of 2 forwards (starting_after) and back (ending_before) gives the one-page listing', async () => {
    const pager = (
      await client.live('POST', '/v1/users', { body: { email: 'pager@example.com', timezone: 'Europe/Berlin' } })
    ).body.id
    for (const count of [3, 2, 4]) await weekly({ user_id: pager, recurrence: [`RRULE:FREQ=WEEKLY;COUNT=${count}`] })
    for (const day of ['05', '12'])
      await client.live('POST', '/v1/events', {
        body: {
          user_id: pager,
          title: 'One-off',
          start_time: `2026-03-${day}T10:00:00Z`,
          end_time: `2026-03-${day}T11:00:00Z`,
        },
      })
    const window = 'start_time[gte]=2026-03-01T00:00:00Z&start_time[lt]=2026-04-01T00:00:00Z'
    const ids = (list: { data: { id: string }[] }) => list.data.map((event) => event.id)
    const whole = ids((await client.live('GET', `/v1/events?user_id=${pager}&${window}&limit=100`)).body)
    expect(whole).toHaveLength(11)
    expect([...whole].sort().reverse()).toEqual(whole)
    const forwards: string[] = []
    let cursor = ''
    for (;;) {
      const page = (await client.live('GET', `/v1/events?user_id=${pager}&${window}&limit=2${cursor}`)).body
      forwards.push(...ids(page))
      if (!page.has_more) break
      cursor = `&starting_after=${page.data.at(-1).id}`
    }
    expect(forwards).toEqual(whole)
    const backwards: string[] = []
    cursor = `&ending_before=${whole.at(-1)}`
    backwards.unshift(whole.at(-1) as string)
    for (;;) {
      const page = (await client.live('GET', `/v1/events?user_id=${pager}&${window}&limit=2${cursor}`)).body
      backwards.unshift(...ids(page))
      if (!page.has_more) break
      cursor = `&ending_before=${page.data[0].id}`
    }
    expect(backwards).toEqual(whole)
  })
})

describe('edit scopes: apply_to = this, following, all', () => {
  it('this (the default for an occurrence): only that occurrence changes, and keeps its id', async () => {
    const series = await weekly()
    const id = `${series.id}_20260316T080000Z`
    const moved = await client.live('PATCH', `/v1/events/${id}`, {
      body: { title: 'Moved once', start_time: '2026-03-17T08:00:00Z', end_time: '2026-03-17T09:00:00Z' },
    })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({
      id,
      title: 'Moved once',
      start_time: '2026-03-17T08:00:00.000Z',
      recurring_event_id: series.id,
      original_start_time: '2026-03-16T08:00:00.000Z',
    })
    const list = await instances(series.id)
    expect(list.data.map((event: { title: string }) => event.title)).toEqual([
      'Team meeting',
      'Team meeting',
      'Moved once',
      'Team meeting',
      'Team meeting',
      'Team meeting',
      'Team meeting',
      'Team meeting',
    ])
    expect(starts(list)[2]).toBe('2026-03-17T08:00:00.000Z')
  })

  it('all: every occurrence is retitled; an exception keeps the field it changed itself (Google rule)', async () => {
    const series = await weekly()
    const exception = `${series.id}_20260309T080000Z`
    await client.live('PATCH', `/v1/events/${exception}`, { body: { title: 'Own title' } })
    const relocated = `${series.id}_20260316T080000Z`
    await client.live('PATCH', `/v1/events/${relocated}`, {
      body: { location: { name: 'Cafe', lat: 52.5, lng: 13.4 } },
    })
    const renamed = await client.live('PATCH', `/v1/events/${series.id}_20260323T080000Z?apply_to=all`, {
      body: { title: 'Weekly sync' },
    })
    expect(renamed.status).toBe(200)
    const titles = (await instances(series.id)).data.map((event: { title: string }) => event.title)
    expect(titles).toEqual([
      'Weekly sync',
      'Own title',
      'Weekly sync',
      'Weekly sync',
      'Weekly sync',
      'Weekly sync',
      'Weekly sync',
      'Weekly sync',
    ])
    const kept = await client.live('GET', `/v1/events/${relocated}`)
    expect(kept.body.location.name).toBe('Cafe')
  })

  it('all with a move: every occurrence moves by the same wall-clock shift', async () => {
    const series = await weekly()
    const moved = await client.live('PATCH', `/v1/events/${series.id}_20260309T080000Z?apply_to=all`, {
      body: { start_time: '2026-03-09T09:00:00Z', end_time: '2026-03-09T10:00:00Z' },
    })
    expect(moved.status).toBe(200)
    const list = await instances(series.id)
    expect(starts(list)[0]).toBe('2026-03-02T09:00:00.000Z')
    expect(starts(list)[5]).toBe('2026-04-06T08:00:00.000Z')
  })

  it('following: the series is split there (UNTIL on the old part, a new series from here)', async () => {
    const series = await weekly({ recurrence: ['RRULE:FREQ=WEEKLY'] })
    const at = `${series.id}_20260323T080000Z`
    const split = await client.live('PATCH', `/v1/events/${at}?apply_to=following`, {
      body: { title: 'New format', location: { name: 'Hall', lat: 52.51, lng: 13.39 } },
    })
    expect(split.status).toBe(200)
    expect(split.body.title).toBe('New format')
    const newSeries = split.body.recurring_event_id
    expect(newSeries).not.toBe(series.id)
    const old = await client.live('GET', `/v1/events/${series.id}`)
    expect(old.body.recurrence).toEqual(['RRULE:FREQ=WEEKLY;UNTIL=20260323T075959Z'])
    expect(starts(await instances(series.id))).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-09T08:00:00.000Z',
      '2026-03-16T08:00:00.000Z',
    ])
    const following = await instances(newSeries, 'from=2026-03-01T00:00:00Z&to=2026-04-10T00:00:00Z')
    expect(starts(following)).toEqual([
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
    ])
    expect(following.data.every((event: { title: string }) => event.title === 'New format')).toBe(true)
  })

  it('following on the first occurrence equals all (no split)', async () => {
    const series = await weekly()
    const changed = await client.live('PATCH', `/v1/events/${series.id}_20260302T080000Z?apply_to=following`, {
      body: { title: 'Renamed' },
    })
    expect(changed.body.recurring_event_id).toBe(series.id)
    expect((await client.live('GET', `/v1/events/${series.id}`)).body.title).toBe('Renamed')
  })

  it('cancel: this adds an EXDATE, following ends the series, all removes it', async () => {
    const series = await weekly()
    const gone = await client.live('DELETE', `/v1/events/${series.id}_20260309T080000Z`)
    expect(gone.status).toBe(200)
    expect(gone.body).toMatchObject({ deleted: true, id: `${series.id}_20260309T080000Z` })
    expect((await client.live('GET', `/v1/events/${series.id}_20260309T080000Z`)).status).toBe(404)
    expect(starts(await instances(series.id))).toHaveLength(7)
    await client.live('DELETE', `/v1/events/${series.id}_20260330T070000Z?apply_to=following`)
    expect(starts(await instances(series.id))).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
    ])
    await client.live('DELETE', `/v1/events/${series.id}_20260316T080000Z?apply_to=all`)
    expect((await client.live('GET', `/v1/events/${series.id}`)).status).toBe(404)
  })

  it('apply_to on a single event is ignored; apply_to=this on a series id is a 400 naming apply_to', async () => {
    const single = await client.live('POST', '/v1/events', {
      body: { user_id: userId, title: 'Once', start_time: FIRST, end_time: '2026-03-02T09:00:00Z' },
    })
    const changed = await client.live('PATCH', `/v1/events/${single.body.id}?apply_to=following`, {
      body: { title: 'Still once' },
    })
    expect(changed.body).toMatchObject({ id: single.body.id, title: 'Still once' })
    const series = await weekly()
    const refused = await client.live('PATCH', `/v1/events/${series.id}?apply_to=this`, { body: { title: 'x' } })
    expect(refused.status).toBe(400)
    expect(refused.body.error.param).toBe('apply_to')
  })
})

describe('all-day events: start_date and end_date (exclusive) in the event timezone', () => {
  it.each([
    ['Etc/GMT+12', '2026-07-01T12:00:00.000Z'],
    ['UTC', '2026-07-01T00:00:00.000Z'],
    ['Asia/Kolkata', '2026-06-30T18:30:00.000Z'],
    ['Pacific/Kiritimati', '2026-06-30T10:00:00.000Z'],
  ])('in %s the dates mean the instants from local midnight, and read back unchanged', async (timezone, start) => {
    const created = await client.live('POST', '/v1/events', {
      body: {
        user_id: userId,
        title: 'Holiday',
        all_day: true,
        start_date: '2026-07-01',
        end_date: '2026-07-03',
        timezone,
      },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      all_day: true,
      start_date: '2026-07-01',
      end_date: '2026-07-03',
      start_time: start,
    })
    expect(Date.parse(created.body.end_time) - Date.parse(created.body.start_time)).toBe(2 * 86_400_000)
    // No location, no arrival time: not monitored.
    expect(created.body.monitoring.status).toBe('no_location')
    const read = await client.live('GET', `/v1/events/${created.body.id}`)
    expect(read.body).toMatchObject({ start_date: '2026-07-01', end_date: '2026-07-03' })
  })

  it('end_date defaults to the day after; start_time with all_day, or dates without it, are 400 naming them', async () => {
    const oneDay = await client.live('POST', '/v1/events', {
      body: { user_id: userId, title: 'Day off', all_day: true, start_date: '2026-12-31' },
    })
    expect(oneDay.body).toMatchObject({ start_date: '2026-12-31', end_date: '2027-01-01' })
    const mixed = await client.live('POST', '/v1/events', {
      body: { user_id: userId, title: 'x', all_day: true, start_date: '2026-12-31', start_time: FIRST },
    })
    expect(mixed.body.error).toMatchObject({ param: 'start_time' })
    const undated = await client.live('POST', '/v1/events', {
      body: { user_id: userId, title: 'x', start_date: '2026-12-31' },
    })
    expect(undated.body.error).toMatchObject({ param: 'start_date' })
    const missing = await client.live('POST', '/v1/events', { body: { user_id: userId, title: 'x' } })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'start_time' })
  })

  it('an all-day event with a location is not monitored (it has no arrival time); a time makes it monitored', async () => {
    const created = await client.live('POST', '/v1/events', {
      body: { user_id: userId, title: 'Conference', all_day: true, start_date: '2030-05-20', location: OFFICE },
    })
    expect(created.body.monitoring.status).toBe('no_location')
    const timed = await client.live('PATCH', `/v1/events/${created.body.id}`, {
      body: { start_time: '2030-05-20T07:00:00Z', end_time: '2030-05-20T15:00:00Z' },
    })
    expect(timed.body).toMatchObject({ all_day: false, start_date: null })
    expect(timed.body.monitoring.status).not.toBe('no_location')
  })

  it('a yearly all-day series keeps its date', async () => {
    const created = await client.live('POST', '/v1/events', {
      body: {
        user_id: userId,
        title: 'Check-up',
        all_day: true,
        start_date: '2026-03-29',
        timezone: 'Europe/Berlin',
        recurrence: ['RRULE:FREQ=YEARLY;COUNT=3'],
      },
    })
    const list = await instances(created.body.id, 'from=2026-01-01T00:00:00Z&to=2030-01-01T00:00:00Z')
    expect(list.data.map((event: { start_date: string }) => event.start_date)).toEqual([
      '2026-03-29',
      '2027-03-29',
      '2028-03-29',
    ])
  })
})

describe('departure monitoring of a series: only the occurrences within the horizon are stored and monitored', () => {
  it('the sweep stores the occurrence starting within 24 hours and computes its window; later ones stay unstored', async () => {
    const monitoredUser = (
      await client.live('POST', '/v1/users', {
        body: { email: 'monitored@example.com', timezone: 'Europe/Berlin', home_location: { lat: 52.52, lng: 13.405 } },
      })
    ).body.id
    const start = new Date(Math.ceil((Date.now() + 5 * 3_600_000) / 60_000) * 60_000)
    const series = await weekly({
      user_id: monitoredUser,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
      recurrence: ['RRULE:FREQ=DAILY'],
    })
    await test.service.application.surfaces.live.monitor.processDue(null, { now: () => new Date() })
    const upcoming = await instances(
      series.id,
      `from=${new Date().toISOString()}&to=${new Date(Date.now() + 3 * 86_400_000).toISOString()}`,
    )
    const [first, second] = upcoming.data
    // The first occurrence is stored and its window computed by the sweep; the next day's is not stored yet. The
    // service's own background sweep may have stored the occurrence first and still be computing it (a sweep skips
    // what another holds): the window is waited for, sweeping again meanwhile.
    await vi.waitFor(
      async () => {
        await test.service.application.surfaces.live.monitor.processDue(null, { now: () => new Date() })
        const read = await client.live('GET', `/v1/events/${first!.id}`)
        expect(read.body.monitoring.status).toBe('monitoring')
      },
      { timeout: 15_000, interval: 50 },
    )
    const firstRead = await client.live('GET', `/v1/events/${first!.id}`)
    expect(firstRead.body.recurring_event_id).toBe(series.id)
    const secondRead = await client.live('GET', `/v1/events/${second!.id}`)
    expect(secondRead.body.monitoring.status).toBe('pending')
    expect(secondRead.body.monitoring.earliest_departure).toBeNull()
  })
})

describe('per occurrence: departure, reminders, invitations and free/busy', () => {
  /** Mondays from 1 March 2027, 09:00 Berlin: in the future, beyond the monitoring horizon. */
  const future = () =>
    weekly({
      start_time: '2027-03-01T08:00:00Z',
      end_time: '2027-03-01T09:00:00Z',
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=10'],
    })

  it('an occurrence not stored yet answers its departure with 409 departure_unavailable saying when monitoring starts', async () => {
    const series = await future()
    const occurrence = `${series.id}_20270308T080000Z`
    for (const [method, path] of [
      ['GET', `/v1/events/${occurrence}/departure`],
      ['POST', `/v1/events/${occurrence}/departure/recompute`],
    ] as const) {
      const answer = await client.live(method, path)
      expect(answer.status).toBe(409)
      expect(answer.body.error).toMatchObject({ code: 'departure_unavailable' })
      expect(answer.body.error.message).toContain('2027-03-07T08:00:00.000Z')
    }
    // Not an occurrence (the rule does not name it), or one of a deleted series: 404.
    expect((await client.live('GET', `/v1/events/${series.id}_20270309T080000Z/departure`)).status).toBe(404)
    expect((await client.live('DELETE', `/v1/events/${series.id}`)).status).toBe(200)
    const gone = await client.live('GET', `/v1/events/${occurrence}/departure`)
    expect(gone.status).toBe(404)
    expect(gone.body.error).toMatchObject({ code: 'resource_missing' })
  })

  it('an occurrence carries its own reminder and invitation; it is stored once and listed once', async () => {
    const series = await future()
    const occurrence = `${series.id}_20270315T080000Z`
    const reminder = await client.live('POST', `/v1/events/${occurrence}/reminders`, { body: { offset_minutes: 60 } })
    expect(reminder.status).toBe(201)
    expect(reminder.body).toMatchObject({ event_id: occurrence, scheduled_at: '2027-03-15T07:00:00.000Z' })
    const invited = await client.live('POST', '/v1/invitations', {
      body: { event_id: occurrence, attendees: [{ email: 'guest@example.com' }] },
    })
    expect(invited.status).toBe(201)
    expect(invited.body.data[0]).toMatchObject({ event_id: occurrence })
    const read = await client.live('GET', `/v1/events/${occurrence}`)
    expect(read.body).toMatchObject({
      id: occurrence,
      recurring_event_id: series.id,
      start_time: '2027-03-15T08:00:00.000Z',
    })
    const list = await instances(series.id, 'from=2027-01-01T00:00:00Z&to=2028-01-01T00:00:00Z&limit=100')
    expect(list.data.map((event: { id: string }) => event.id).filter((id: string) => id === occurrence)).toHaveLength(1)
    expect(list.data).toHaveLength(10)
    // The other occurrences carry nothing (and exist: their lists are empty, not 404).
    const none = await client.live('GET', `/v1/events/${series.id}_20270322T080000Z/reminders`)
    expect(none.status).toBe(200)
    expect(none.body.data).toEqual([])
    const own = await client.live('GET', `/v1/events/${occurrence}/reminders`)
    expect(own.body.data.map((item: { id: string }) => item.id)).toEqual([reminder.body.id])
    const other = await client.live('GET', `/v1/invitations?event_id=${series.id}_20270322T080000Z`)
    expect(other.body.data ?? []).toEqual([])
  })

  it('free/busy and find_slots count every occurrence of a series, not only its first', async () => {
    const owner = (
      await client.live('POST', '/v1/users', { body: { email: 'busy-series@example.com', timezone: 'Europe/Berlin' } })
    ).body.id
    await weekly({
      user_id: owner,
      start_time: '2027-03-01T08:00:00Z',
      end_time: '2027-03-01T09:00:00Z',
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=10', 'EXDATE:20270315T080000Z'],
    })
    const busy = await client.live('POST', '/v1/freebusy/query', {
      body: { participants: [owner], from: '2027-03-07T00:00:00Z', to: '2027-03-30T00:00:00Z' },
    })
    expect(busy.status).toBe(200)
    // 8 and 22 March (15 March is excluded); 29 March is in summer time, an hour earlier in UTC.
    expect(busy.body.participants[owner].busy).toEqual([
      { start: '2027-03-08T08:00:00.000Z', end: '2027-03-08T09:00:00.000Z' },
      { start: '2027-03-22T08:00:00.000Z', end: '2027-03-22T09:00:00.000Z' },
      { start: '2027-03-29T07:00:00.000Z', end: '2027-03-29T08:00:00.000Z' },
    ])
    const slots = await client.live('POST', '/v1/freebusy/find_slots', {
      body: {
        participants: [owner],
        duration_minutes: 60,
        earliest_start: '2027-03-22T07:00:00Z',
        latest_end: '2027-03-22T10:00:00Z',
      },
    })
    expect(slots.status).toBe(200)
    const starts = slots.body.data.map((slot: { start: string }) => slot.start)
    expect(starts).not.toContain('2027-03-22T08:00:00.000Z')
    expect(starts).toContain('2027-03-22T09:00:00.000Z')
  })
})

describe('series history: a master keeps a year of EXDATEs, RDATEs and stored occurrences', () => {
  it('the sweep compacts a daily series edited for years: it starts a year back, old EXDATEs go, every later occurrence keeps its id', async () => {
    const day = 86_400_000
    const now = Date.now()
    // A daily series at 08:00 UTC started two years ago, with 40 cancellations in its first months and one last month.
    const start = new Date(Math.floor((now - 730 * day) / day) * day + 8 * 3_600_000)
    const old = Array.from({ length: 40 }, (_, index) => new Date(start.getTime() + (index + 1) * day))
    const recent = new Date(start.getTime() + 700 * day)
    const icalOf = (date: Date) =>
      date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')
    const series = await weekly({
      timezone: 'UTC',
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
      recurrence: ['RRULE:FREQ=DAILY', `EXDATE:${[...old, recent].map(icalOf).join(',')}`],
    })
    const window = `from=${new Date(now - 300 * day).toISOString()}&to=${new Date(now + 30 * day).toISOString()}&limit=100`
    const before = await instances(series.id, window)
    const ancient = `${series.id}_${icalOf(new Date(start.getTime() + 50 * day))}`
    // The background sweep may compact the series before the explicit one below (it runs on its own timer): the
    // series' start and lines are checked after it, whichever ran first.
    await test.service.application.surfaces.live.monitor.processDue(null, { now: () => new Date() })
    const compacted = (await client.live('GET', `/v1/events/${series.id}`)).body
    expect(Date.parse(compacted.start_time)).toBeGreaterThanOrEqual(now - 366 * day - day)
    expect(compacted.recurrence).toEqual(['RRULE:FREQ=DAILY', `EXDATE:${icalOf(recent)}`])
    const after = await instances(series.id, window)
    expect(after.data.map((event: { id: string }) => event.id)).toEqual(
      before.data.map((event: { id: string }) => event.id),
    )
    // An occurrence before the history kept is no longer named.
    expect((await client.live('GET', `/v1/events/${ancient}`)).status).toBe(404)
  })
})
