import { Schema } from 'effect'
import type { AllDayDates } from '../core/event/all-day.js'
import type { CalendarEvent } from '../core/event/event.js'
import { EDIT_SCOPES, SERIES_LISTINGS } from '../core/event/event-series.js'
import { InvalidParameter, MissingParameter } from '../core/shared/errors.js'
import { err, ok, type Result } from '../core/shared/result.js'
import { DateTime, described, ListQuery } from './common.js'

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/

/** A day of the calendar (`2026-05-20`), as all-day events are written. */
export const CalendarDate = Schema.String.check(
  Schema.makeFilter((value: string) => {
    const parsed = new Date(`${value}T00:00:00Z`)
    return CALENDAR_DATE.test(value) && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value)
      ? undefined
      : 'expected a date YYYY-MM-DD, such as 2026-05-20'
  }),
).annotate({
  description: 'A calendar date (YYYY-MM-DD)',
  ...described({ format: 'date', pattern: CALENDAR_DATE.source }),
})

const RecurrenceLine = Schema.String.check(
  Schema.makeFilter((value: string) =>
    value.length >= 1 && value.length <= 1000 ? undefined : 'must be 1 to 1000 characters',
  ),
)

/** The request fields of a series and an all-day event (create and update). */
export const seriesRequestFields = {
  recurrence: Schema.optionalKey(
    Schema.NullOr(Schema.Array(RecurrenceLine).check(Schema.isMaxLength(100))).annotate({
      description:
        'RFC 5545 lines (RRULE, EXDATE, RDATE), expanded in the event timezone; null (update): a single event again',
    }),
  ),
  all_day: Schema.optionalKey(Schema.Boolean),
  start_date: Schema.optionalKey(CalendarDate),
  end_date: Schema.optionalKey(CalendarDate.annotate({ description: 'Exclusive; default: the day after start_date' })),
}

/** `apply_to` of `PATCH` and `DELETE /v1/events/{id}`. */
export const EventEditQuery = Schema.Struct({
  apply_to: Schema.optionalKey(
    Schema.Literals(EDIT_SCOPES).annotate({
      description:
        'For an occurrence: this (default), following (splits the series) or all. For a series id: all (default) or following. Ignored for a single event.',
    }),
  ),
})

/** `series` of `GET /v1/events`. */
export const seriesListingField = {
  series: Schema.optionalKey(
    Schema.Literals(SERIES_LISTINGS).annotate({
      description:
        'occurrences (default): each series as its occurrences in the window; masters: the series themselves, not expanded',
    }),
  ),
}

export const EventInstancesQuery = Schema.Struct({
  ...ListQuery,
  from: Schema.optionalKey(DateTime),
  to: Schema.optionalKey(DateTime),
})

/** The response fields of a series, an occurrence and an all-day event. */
export const seriesResourceFields = {
  recurrence: Schema.NullOr(Schema.Array(Schema.String)).annotate({
    description: 'The RFC 5545 lines of a series master; null on single events and occurrences',
  }),
  all_day: Schema.Boolean,
  start_date: Schema.NullOr(CalendarDate),
  end_date: Schema.NullOr(CalendarDate).annotate({ description: 'Exclusive; null unless all_day' }),
  recurring_event_id: Schema.NullOr(Schema.String).annotate({ description: 'The series of an occurrence' }),
  original_start_time: Schema.NullOr(DateTime).annotate({
    description: "Where the series' rule puts the occurrence (its id is derived from it)",
  }),
}

export const renderSeriesFields = (event: CalendarEvent) => ({
  recurrence: event.recurrence === undefined || event.recurrence === null ? null : [...event.recurrence],
  all_day: event.allDay !== undefined && event.allDay !== null,
  start_date: event.allDay?.startDate ?? null,
  end_date: event.allDay?.endDate ?? null,
  recurring_event_id: event.recurringEventId ?? null,
  original_start_time: event.originalStartTime?.toISOString() ?? null,
})

interface SeriesBody {
  readonly start_time?: string | undefined
  readonly end_time?: string | undefined
  readonly recurrence?: readonly string[] | null | undefined
  readonly all_day?: boolean | undefined
  readonly start_date?: string | undefined
  readonly end_date?: string | undefined
}

const dayAfter = (date: string): string => {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10)
}

/**
 * The times of a request: instants (`start_time`, `end_time`) or, with `all_day: true`, dates (`start_date`,
 * `end_date` defaulting to the day after). A create needs one or the other; an update may give neither.
 */
export const seriesTimesFromWire = (
  body: SeriesBody,
  creating: boolean,
): Result<
  {
    startTime?: Date | undefined
    endTime?: Date | undefined
    allDay?: AllDayDates | null | undefined
    recurrence?: readonly string[] | null | undefined
  },
  InvalidParameter | MissingParameter
> => {
  const dated = body.start_date !== undefined || body.end_date !== undefined
  if (body.all_day === true || (dated && !creating && body.all_day !== false)) {
    if (body.start_time !== undefined || body.end_time !== undefined)
      return err(
        new InvalidParameter({
          param: body.start_time !== undefined ? 'start_time' : 'end_time',
          message: 'An all-day event takes start_date and end_date, not start_time and end_time.',
        }),
      )
    if (body.start_date === undefined)
      return err(new MissingParameter({ param: 'start_date', message: 'An all-day event needs start_date.' }))
    const allDay = { startDate: body.start_date, endDate: body.end_date ?? dayAfter(body.start_date) }
    // The core derives the instants from the dates in the event's zone; a create still names a start.
    const placeholder = new Date(`${body.start_date}T00:00:00Z`)
    return ok({
      allDay,
      ...(creating ? { startTime: placeholder, endTime: placeholder } : {}),
      recurrence: body.recurrence,
    })
  }
  if (dated)
    return err(
      new InvalidParameter({
        param: body.start_date !== undefined ? 'start_date' : 'end_date',
        message: 'start_date and end_date are for all-day events: set all_day to true.',
      }),
    )
  const needsBoth = creating || body.all_day === false
  for (const param of ['start_time', 'end_time'] as const)
    if (needsBoth && body[param] === undefined)
      return err(
        new MissingParameter({
          param,
          message: `${param} is required (or all_day: true with start_date and end_date).`,
        }),
      )
  return ok({
    startTime: body.start_time === undefined ? undefined : new Date(body.start_time),
    endTime: body.end_time === undefined ? undefined : new Date(body.end_time),
    ...(body.all_day === false ? { allDay: null } : {}),
    recurrence: body.recurrence,
  })
}
