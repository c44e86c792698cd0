import { describe, expect, it } from 'vitest'
import { defaultReminderBody, reminderNotification } from '../../../core/reminder/notification.js'
import { makeReminder } from '../../contracts/reminder-repository.contract.js'

describe('the push a reminder sends', () => {
  const reminder = makeReminder({ id: 'rem_1', eventId: 'evt_1', message: null })
  const event = {
    title: 'Dentist',
    startTime: new Date('2026-06-02T12:00:00Z'),
    endTime: new Date('2026-06-02T13:00:00Z'),
  }
  const user = { timezone: 'Europe/Berlin', quietHoursStart: '22:00', quietHoursEnd: '07:00', soundEnabled: true }

  it('names the event, says when it starts on the user’s clock, and carries the ids', () => {
    const message = reminderNotification(reminder, event, user, new Date('2026-06-02T11:45:00Z'))
    expect(message).toMatchObject({
      title: 'Dentist',
      body: 'Starts in 15 min (at 14:00)',
      silent: false,
      urgency: 'high',
      data: { type: 'reminder', reminder_id: 'rem_1', event_id: 'evt_1' },
    })
    expect(message.ttlSeconds).toBe(75 * 60)
  })

  it('uses the reminder’s own message when it has one', () => {
    expect(
      reminderNotification({ ...reminder, message: 'Bring the card' }, event, user, new Date('2026-06-02T11:45:00Z'))
        .body,
    ).toBe('Bring the card')
  })

  it('is silent in quiet hours and when the user turned sound off', () => {
    expect(reminderNotification(reminder, event, user, new Date('2026-06-01T21:00:00Z'))).toMatchObject({
      silent: true,
      urgency: 'normal',
    })
    expect(
      reminderNotification(reminder, event, { ...user, soundEnabled: false }, new Date('2026-06-02T11:45:00Z')).silent,
    ).toBe(true)
  })

  it('keeps the TTL between a minute and a day', () => {
    expect(reminderNotification(reminder, event, user, new Date('2026-06-02T12:59:50Z')).ttlSeconds).toBe(60)
    expect(reminderNotification(reminder, event, user, new Date('2026-05-20T12:00:00Z')).ttlSeconds).toBe(86_400)
  })

  it.each<[number, string]>([
    [5, 'Starts in 5 min (at 14:00)'],
    [120, 'Starts in 2 h (at 14:00)'],
    [150, 'Starts in 2 h 30 min (at 14:00)'],
    [1440, 'Starts in 1 day (at 14:00)'],
    [10080, 'Starts in 7 days (at 14:00)'],
    [-3, 'Started at 14:00'],
  ])('%i minutes ahead reads "%s"', (minutes, body) => {
    expect(
      defaultReminderBody(event.startTime, new Date(event.startTime.getTime() - minutes * 60_000), 'Europe/Berlin'),
    ).toBe(body)
  })
})
