import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CalendarRepositoryPort } from '../../core/ports/calendar-repository.js'
import { makeCalendar } from '../support/connection-fixtures.js'

export interface CalendarRepositorySubject {
  readonly calendars: CalendarRepositoryPort
  readonly teardown?: () => Promise<void>
}

/** What every CalendarRepositoryPort adapter must do. */
export const calendarRepositoryContract = (
  name: string,
  makeSubject: () => CalendarRepositorySubject | Promise<CalendarRepositorySubject>,
): void => {
  describe(`${name} honours the CalendarRepositoryPort contract`, () => {
    let subject: CalendarRepositorySubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('round-trips a calendar and replaces it on save by id', async () => {
      const calendar = makeCalendar()
      await subject.calendars.save(calendar)
      expect(await subject.calendars.get('acct_a', calendar.id)).toEqual(calendar)
      await subject.calendars.save({ ...calendar, selected: false, syncCursor: 'cursor-2' })
      expect(await subject.calendars.get('acct_a', calendar.id)).toMatchObject({
        selected: false,
        syncCursor: 'cursor-2',
      })
      expect(await subject.calendars.listByConnection('acct_a', calendar.connectionId)).toHaveLength(1)
    })

    it("lists a connection's calendars in the order they were first seen, and keeps accounts apart", async () => {
      const first = makeCalendar({ connectionId: 'con_x', externalId: 'a' })
      const second = makeCalendar({ connectionId: 'con_x', externalId: 'b' })
      const elsewhere = makeCalendar({ connectionId: 'con_y' })
      await subject.calendars.save(second)
      await subject.calendars.save(first)
      await subject.calendars.save(elsewhere)
      expect((await subject.calendars.listByConnection('acct_a', 'con_x')).map((c) => c.externalId)).toEqual(['a', 'b'])
      expect(await subject.calendars.get('acct_b', first.id)).toBeNull()
      expect(await subject.calendars.listByConnection('acct_b', 'con_x')).toEqual([])
    })

    it('removes every calendar of a user', async () => {
      const mine = makeCalendar({ userId: 'usr_gone', connectionId: 'con_gone' })
      const kept = makeCalendar({ userId: 'usr_kept', connectionId: 'con_kept' })
      await subject.calendars.save(mine)
      await subject.calendars.save(kept)
      expect(await subject.calendars.removeByUser('acct_a', 'usr_gone')).toBe(1)
      expect(await subject.calendars.get('acct_a', mine.id)).toBeNull()
      expect(await subject.calendars.get('acct_a', kept.id)).not.toBeNull()
      expect(await subject.calendars.removeByUser('acct_a', 'usr_gone')).toBe(0)
    })
  })
}
