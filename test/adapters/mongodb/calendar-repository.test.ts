import { describe, expect, it } from 'vitest'
import { MongoCalendarRepository } from '../../../adapters/storage/mongodb/calendar-repository.js'
import { calendarRepositoryContract } from '../../contracts/calendar-repository.contract.js'
import { makeCalendar } from '../../support/connection-fixtures.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

calendarRepositoryContract('MongoCalendarRepository', async () => {
  const calendars = new MongoCalendarRepository(mongo.freshContext())
  await calendars.ensureIndexes()
  return { calendars }
})

describe('MongoCalendarRepository storage', () => {
  it('keeps one calendar per provider calendar of a connection', async () => {
    const calendars = new MongoCalendarRepository(mongo.freshContext())
    await calendars.ensureIndexes()
    const first = makeCalendar({ connectionId: 'con_x', externalId: 'primary' })
    await calendars.save(first)
    await expect(calendars.save(makeCalendar({ connectionId: 'con_x', externalId: 'primary' }))).rejects.toThrow(
      /E11000/,
    )
    await calendars.save(makeCalendar({ connectionId: 'con_y', externalId: 'primary' }))
    expect(await calendars.listByConnection('acct_a', 'con_x')).toEqual([first])
  })

  it('never lets a value become a query operator', async () => {
    const calendars = new MongoCalendarRepository(mongo.freshContext())
    const calendar = makeCalendar()
    await calendars.save(calendar)
    const operator = { $exists: true } as unknown as string
    expect(await calendars.get('acct_a', operator)).toBeNull()
    expect(await calendars.listByConnection('acct_a', operator)).toEqual([])
    expect(await calendars.removeByUser('acct_a', operator)).toBe(0)
    expect(await calendars.get('acct_a', calendar.id)).toEqual(calendar)
  })
})
