import { DateTime } from 'luxon'

export interface QuietHours {
  /** `HH:mm` in `timezone`; both null: no quiet hours. */
  readonly start: string | null
  readonly end: string | null
  readonly timezone: string
}

const minutesOfDay = (clock: string): number => {
  const [hours, minutes] = clock.split(':').map(Number)
  return (hours ?? 0) * 60 + (minutes ?? 0)
}

/**
 * Whether `instant` falls in the user's quiet hours: the window [start, end) read
 * on the user's wall clock, wrapping past midnight when end is before start
 * (22:00-07:00). start equal to end is an empty window. DST is the wall clock's:
 * 22:00 means 22:00 local on both sides of a change.
 */
export const isWithinQuietHours = (instant: Date, quiet: QuietHours): boolean => {
  if (quiet.start === null || quiet.end === null) return false
  const start = minutesOfDay(quiet.start)
  const end = minutesOfDay(quiet.end)
  if (start === end) return false
  const local = DateTime.fromJSDate(instant, { zone: quiet.timezone })
  const now = local.hour * 60 + local.minute
  return start < end ? now >= start && now < end : now >= start || now < end
}
