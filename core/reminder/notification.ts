import { DateTime } from 'luxon'
import type { PushMessage } from '../ports/push.js'
import { isWithinQuietHours } from './quiet-hours.js'
import type { Reminder } from './reminder.js'

export interface NotifiedEvent {
  readonly title: string
  readonly startTime: Date
  readonly endTime: Date
}

export interface NotifiedUser {
  readonly timezone: string
  readonly quietHoursStart: string | null
  readonly quietHoursEnd: string | null
  readonly soundEnabled: boolean
}

const MINUTE = 60_000
const MIN_TTL_SECONDS = 60
const MAX_TTL_SECONDS = 86_400

const duration = (minutes: number): string => {
  if (minutes < 60) return `${minutes} min`
  if (minutes < 1440)
    return minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
  const days = Math.round(minutes / 1440)
  return days === 1 ? '1 day' : `${days} days`
}

/** "Starts in 15 min (at 14:00)", on the user's wall clock. */
export const defaultReminderBody = (startTime: Date, now: Date, timezone: string): string => {
  const at = DateTime.fromJSDate(startTime, { zone: timezone }).toFormat('HH:mm')
  const minutes = Math.round((startTime.getTime() - now.getTime()) / MINUTE)
  return minutes > 0 ? `Starts in ${duration(minutes)} (at ${at})` : `Started at ${at}`
}

/**
 * The push a reminder sends when it fires at `now`. Quiet hours and a user who
 * turned sound off make it silent (delivered on time, shown without sound);
 * the push service may hold it until the event is over, at most a day.
 */
export const reminderNotification = (
  reminder: Reminder,
  event: NotifiedEvent | null,
  user: NotifiedUser,
  now: Date,
): PushMessage => {
  const quiet = isWithinQuietHours(now, {
    start: user.quietHoursStart,
    end: user.quietHoursEnd,
    timezone: user.timezone,
  })
  const silent = quiet || !user.soundEnabled
  const untilEnd = event === null ? 3600 : Math.floor((event.endTime.getTime() - now.getTime()) / 1000)
  return {
    title: event?.title ?? 'Reminder',
    body: reminder.message ?? (event === null ? 'Reminder' : defaultReminderBody(event.startTime, now, user.timezone)),
    silent,
    ttlSeconds: Math.min(MAX_TTL_SECONDS, Math.max(MIN_TTL_SECONDS, untilEnd)),
    urgency: silent ? 'normal' : 'high',
    data: { type: 'reminder', reminder_id: reminder.id, event_id: reminder.eventId },
    createdAt: now,
  }
}
