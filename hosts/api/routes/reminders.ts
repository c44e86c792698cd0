import type { FastifyInstance } from 'fastify'
import { pageRequestOf } from '../../../contracts/common.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderReminder } from '../../../contracts/reminders.js'
import type { Reminder } from '../../../core/reminder/reminder.js'
import type { ReminderService } from '../../../core/reminder/reminder-service.js'
import { mapResult, ok, type Result } from '../../../core/shared/result.js'
import { defineRoute, listBody, type RouteOptions } from '../route.js'

const rendered = <E>(result: Result<Reminder, E>) =>
  mapResult(result, (reminder) => ({ body: renderReminder(reminder) }))

export const reminderRoutes = (app: FastifyInstance, options: RouteOptions & { reminders: ReminderService }): void => {
  const { reminders } = options

  defineRoute(app, Endpoints.createReminder, options, async ({ params, body, scope }) => {
    const result = await reminders.create(scope, params.id, {
      offsetMinutes: body.offset_minutes,
      customTime: body.custom_time === undefined ? undefined : new Date(body.custom_time),
      message: body.message,
    })
    return result.ok
      ? ok({ body: renderReminder(result.value.reminder), status: result.value.created ? 201 : 200 })
      : result
  })

  defineRoute(app, Endpoints.listReminders, options, async ({ params, query, scope, request }) => {
    const page = pageRequestOf(query)
    const result = await reminders.list(scope, params.id, { status: query.status }, page)
    return mapResult(result, (found) => ({ body: listBody(request, found.data.map(renderReminder), found.hasMore) }))
  })

  defineRoute(app, Endpoints.retrieveReminder, options, async ({ params, scope }) =>
    rendered(await reminders.retrieve(scope, params.id)),
  )
  defineRoute(app, Endpoints.cancelReminder, options, async ({ params, scope }) =>
    rendered(await reminders.cancel(scope, params.id)),
  )
  defineRoute(app, Endpoints.snoozeReminder, options, async ({ params, body, scope }) =>
    rendered(await reminders.snooze(scope, params.id, body.snooze_minutes)),
  )
  defineRoute(app, Endpoints.dismissReminder, options, async ({ params, scope }) =>
    rendered(await reminders.dismiss(scope, params.id)),
  )
}
