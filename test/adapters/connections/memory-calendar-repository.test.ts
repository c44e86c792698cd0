import { MemoryCalendarRepository } from '../../../adapters/storage/memory/calendar-repository.js'
import { calendarRepositoryContract } from '../../contracts/calendar-repository.contract.js'

calendarRepositoryContract('MemoryCalendarRepository', () => ({ calendars: new MemoryCalendarRepository() }))
