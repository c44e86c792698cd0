import { InvalidParameter } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import { type AllDayDates, allDaySpan } from './all-day.js'
import type { CalendarEvent } from './event.js'
import { validateRecurrence } from './recurrence.js'

/** When an event is and how it repeats, once its zone is known. */
export interface SeriesTimes {
  readonly startTime: Date
  readonly endTime: Date
  /** Null for a single event or an occurrence. */
  readonly recurrence: readonly string[] | null
  readonly allDay: AllDayDates | null
}

/** Whether the event is a series master (has a `recurrence`). */
export const isSeriesMaster = (event: CalendarEvent): boolean =>
  event.recurrence !== undefined && event.recurrence !== null

/** Whether the event is a master or one of its occurrences. */
export const isSeriesPart = (event: CalendarEvent): boolean =>
  isSeriesMaster(event) || (event.recurringEventId !== undefined && event.recurringEventId !== null)

const checked = (times: SeriesTimes, timezone: string): Result<SeriesTimes, InvalidParameter> => {
  if (times.recurrence === null) return ok(times)
  const valid = validateRecurrence({
    start: times.startTime,
    end: times.endTime,
    timezone,
    recurrence: times.recurrence,
    allDay: times.allDay !== null,
  })
  return valid.ok ? ok(times) : valid
}

const listOrNull = (lines: readonly string[] | null | undefined): readonly string[] | null =>
  lines === undefined || lines === null || lines.length === 0 ? null : lines.map((line) => line.trim())

/** The times of a new event: from its dates when all-day, its instants otherwise; its recurrence checked. */
export const seriesShapeOf = (
  input: {
    readonly startTime: Date
    readonly endTime: Date
    readonly allDay?: AllDayDates | null | undefined
    readonly recurrence?: readonly string[] | null | undefined
  },
  timezone: string,
): Result<SeriesTimes, InvalidParameter> => {
  const allDay = input.allDay ?? null
  const recurrence = listOrNull(input.recurrence)
  if (allDay === null)
    return checked({ startTime: input.startTime, endTime: input.endTime, recurrence, allDay }, timezone)
  const span = allDaySpan(allDay, timezone)
  if (!span.ok) return span
  return checked({ ...span.value, recurrence, allDay }, timezone)
}

/**
 * The times of a changed event. New dates make it all-day; new instants (without dates) make it timed; a new zone
 * moves an all-day event's instants so that it keeps its dates. An occurrence has no recurrence of its own.
 */
export const patchedSeriesShape = (
  current: CalendarEvent,
  patch: {
    readonly startTime?: Date | undefined
    readonly endTime?: Date | undefined
    readonly allDay?: AllDayDates | null | undefined
    readonly recurrence?: readonly string[] | null | undefined
  },
  timezone: string,
): Result<SeriesTimes, InvalidParameter> => {
  const isOccurrence = current.recurringEventId !== undefined && current.recurringEventId !== null
  if (isOccurrence && patch.recurrence !== undefined && patch.recurrence !== null)
    return err(
      new InvalidParameter({
        param: 'recurrence',
        message: 'An occurrence has no recurrence of its own: change the series (apply_to=all or following).',
      }),
    )
  const recurrence = patch.recurrence === undefined ? (current.recurrence ?? null) : listOrNull(patch.recurrence)
  const timed = patch.startTime !== undefined || patch.endTime !== undefined
  const allDay = patch.allDay !== undefined ? patch.allDay : timed ? null : (current.allDay ?? null)
  if (allDay === null)
    return checked(
      {
        startTime: patch.startTime ?? current.startTime,
        endTime: patch.endTime ?? current.endTime,
        recurrence,
        allDay,
      },
      timezone,
    )
  const span = allDaySpan(allDay, timezone)
  if (!span.ok) return span
  return checked({ ...span.value, recurrence, allDay }, timezone)
}
