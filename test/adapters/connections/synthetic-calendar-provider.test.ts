import { describe, expect, it } from 'vitest'
import { SyntheticCalendarProvider } from '../../../adapters/calendar-provider/synthetic/synthetic-calendar-provider.js'
import { SyntheticCalendarWorld } from '../../../adapters/calendar-provider/synthetic/synthetic-calendar-world.js'
import { SystemClock } from '../../../adapters/clock/system/system-clock.js'
import { calendarProviderContract } from '../../contracts/calendar-provider.contract.js'

for (const name of ['google', 'microsoft', 'icloud'] as const) {
  calendarProviderContract(`SyntheticCalendarProvider (${name})`, () => {
    const world = new SyntheticCalendarWorld()
    return {
      provider: new SyntheticCalendarProvider(name, world, 'http://127.0.0.1:8081', new SystemClock()),
      consent: async (input) => world.authorize(input),
      invalidateSyncCursors: async (email) => world.expireSyncCursors(email),
      revokeAtProvider: async (email) => world.revokeAccount(email),
      putForeignEvent: async (email, calendarId, event) =>
        world.putEvent(email, {
          id: event.id,
          calendarId,
          title: event.title,
          start: event.start,
          end: event.end,
          allDay: false,
          timezone: null,
          location: null,
          recurrence: [],
          recurringEventId: null,
          originalStart: null,
          transparency: event.transparent ? 'transparent' : 'opaque',
          selfResponse: event.selfResponse,
          cancelled: false,
        }).id,
    }
  })
}

describe('Sandbox provider seeds', () => {
  it('gives every new provider account three calendars (one read-only) and events, one of them recurring', () => {
    const world = new SyntheticCalendarWorld(() => new Date('2026-06-01T12:00:00Z'))
    world.authorize({ email: 'Ada@Example.com', codeChallenge: 'x', redirectUri: 'http://127.0.0.1/cb' })
    const account = world.account('ada@example.com')!
    expect(
      [...account.calendars.values()].map((calendar) => [calendar.id, calendar.writable, calendar.primary]),
    ).toEqual([
      ['primary', true, true],
      ['team', true, false],
      ['holidays', false, false],
    ])
    const events = [...account.events.values()]
    expect(events.filter((event) => event.recurrence.length > 0).map((event) => event.title)).toEqual([
      'Weekly stand-up',
    ])
    expect(events.find((event) => event.title === 'Dentist')?.start.toISOString()).toBe('2026-06-02T08:00:00.000Z')
  })
})
