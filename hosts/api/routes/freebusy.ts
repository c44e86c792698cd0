import type { FastifyInstance } from 'fastify'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderFreeBusy, renderSlotList } from '../../../contracts/freebusy.js'
import type { FreeBusyService } from '../../../core/scheduling/freebusy-service.js'
import type { SlotFinder } from '../../../core/scheduling/slots-service.js'
import { mapResult } from '../../../core/shared/result.js'
import { defineRoute, type RouteOptions } from '../route.js'

export const freeBusyRoutes = (
  app: FastifyInstance,
  options: RouteOptions & { freeBusy: FreeBusyService; slots: SlotFinder },
): void => {
  const { freeBusy, slots } = options

  defineRoute(app, Endpoints.queryFreeBusy, options, async ({ body, scope }) => {
    const from = new Date(body.from)
    const to = new Date(body.to)
    const result = await freeBusy.query(scope, {
      participants: body.participants,
      from,
      to,
      includeTentative: body.include_tentative ?? false,
    })
    return mapResult(result, (participants) => ({ body: renderFreeBusy(from, to, participants) }))
  })

  defineRoute(app, Endpoints.findSlots, options, async ({ body, scope }) => {
    const hours = body.working_hours
    const result = await slots.find(scope, {
      participants: body.participants,
      durationMinutes: body.duration_minutes,
      earliestStart: new Date(body.earliest_start),
      latestEnd: new Date(body.latest_end),
      workingHours:
        hours === undefined
          ? null
          : { start: hours.start, end: hours.end, days: hours.days ?? null, timezone: hours.timezone ?? null },
      bufferMinutes: body.buffer_minutes_between_meetings ?? 0,
      preferredTimeOfDay: body.preferred_time_of_day ?? null,
      limit: body.limit ?? 5,
    })
    return mapResult(result, (found) => ({ body: renderSlotList(found.slots, found.warnings) }))
  })
}
