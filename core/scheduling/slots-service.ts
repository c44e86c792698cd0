import { InvalidParameter, type ResourceNotFound } from '../shared/errors.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { FreeBusyService } from './freebusy-service.js'
import {
  DEFAULT_WORKING_DAYS,
  findSlots,
  isoWeekday,
  type TimeOfDay,
  type Weekday,
  type WeekdayAbbreviation,
} from './slots.js'
import { availabilityWarnings, type Suggestions } from './suggest.js'

export interface FindSlotsRequest {
  readonly participants: readonly string[]
  readonly durationMinutes: number
  readonly earliestStart: Date
  readonly latestEnd: Date
  readonly workingHours: {
    readonly start: string
    readonly end: string
    readonly days: readonly (Weekday | WeekdayAbbreviation)[] | null
    readonly timezone: string | null
  } | null
  readonly bufferMinutes: number
  readonly preferredTimeOfDay: TimeOfDay | null
  readonly limit: number
}

const minuteOfDay = (clock: string): number => {
  const [hours = '0', minutes = '0'] = clock.split(':')
  return Number(hours) * 60 + Number(minutes)
}

/**
 * `POST /v1/freebusy/find_slots`: the participants' free/busy (tentative time
 * counts as busy), then the free slots common to all, never before now (the
 * account's clock, so the sandbox's advanced clock too).
 */
export class SlotFinder {
  constructor(private readonly freeBusy: FreeBusyService) {}

  async find(
    scope: RequestScope,
    request: FindSlotsRequest,
  ): Promise<Result<Suggestions, InvalidParameter | ResourceNotFound>> {
    const hours = request.workingHours
    if (hours !== null && minuteOfDay(hours.end) <= minuteOfDay(hours.start))
      return err(
        new InvalidParameter({
          param: 'working_hours.end',
          message: 'working_hours.end must be after working_hours.start (same day).',
        }),
      )
    if (request.latestEnd.getTime() - request.earliestStart.getTime() < request.durationMinutes * 60_000)
      return err(
        new InvalidParameter({
          param: 'latest_end',
          message: 'latest_end must leave room for duration_minutes after earliest_start.',
        }),
      )
    const freeBusy = await this.freeBusy.query(scope, {
      participants: request.participants,
      from: request.earliestStart,
      to: request.latestEnd,
      includeTentative: true,
      params: { participants: 'participants', to: 'latest_end' },
    })
    if (!freeBusy.ok) return freeBusy
    const now = scope.clock.now().getTime()
    const slots = findSlots(
      {
        participants: freeBusy.value,
        window: { start: Math.max(request.earliestStart.getTime(), now), end: request.latestEnd.getTime() },
        durationMs: request.durationMinutes * 60_000,
        bufferMs: request.bufferMinutes * 60_000,
        workingHours:
          hours === null
            ? null
            : {
                startMinute: minuteOfDay(hours.start),
                endMinute: minuteOfDay(hours.end),
                days: hours.days === null ? DEFAULT_WORKING_DAYS : new Set(hours.days.map(isoWeekday)),
              },
        fallbackZone: hours?.timezone ?? 'UTC',
        preferredTimeOfDay: request.preferredTimeOfDay,
        preferredDays: null,
      },
      request.limit,
    )
    return ok({ slots, warnings: availabilityWarnings(freeBusy.value) })
  }
}
