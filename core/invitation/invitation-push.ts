import { DateTime } from 'luxon'
import type { PushMessage } from '../ports/push.js'
import { isWithinQuietHours } from '../reminder/quiet-hours.js'
import type { User } from '../user/user.js'
import type { Invitation } from './invitation.js'

const MIN_TTL_SECONDS = 60
const MAX_TTL_SECONDS = 86_400

/**
 * The in-app side of an invitation, for an attendee who is a user: "Ada invited
 * you: Design review, Tue 14:00" on the attendee's wall clock. Like reminders,
 * it is silent in the attendee's quiet hours or with sound off, and the push
 * service may hold it until the event starts, at most a day.
 */
export const invitationNotification = (
  invitation: Invitation,
  attendee: Pick<User, 'timezone' | 'quietHoursStart' | 'quietHoursEnd' | 'soundEnabled'>,
  now: Date,
): PushMessage => {
  const { event } = invitation
  const silent =
    isWithinQuietHours(now, {
      start: attendee.quietHoursStart,
      end: attendee.quietHoursEnd,
      timezone: attendee.timezone,
    }) || !attendee.soundEnabled
  const when = DateTime.fromJSDate(event.startTime, { zone: attendee.timezone }).toFormat('ccc d LLL, HH:mm')
  const untilStart = Math.floor((event.startTime.getTime() - now.getTime()) / 1000)
  return {
    title: `${event.organizerName ?? event.organizerEmail} invited you`,
    body: `${event.title}, ${when}`,
    silent,
    ttlSeconds: Math.min(MAX_TTL_SECONDS, Math.max(MIN_TTL_SECONDS, untilStart)),
    urgency: 'normal',
    data: { type: 'invitation', invitation_id: invitation.id, event_id: invitation.eventId },
    createdAt: now,
  }
}
