import { Schema } from 'effect'
import { boundedString } from '../../../contracts/common.js'
import { renderTracking } from '../../../contracts/tracking.js'
import { defineTool } from '../../../core/agent/agent-tool.js'
import { ok } from '../../../core/shared/result.js'
import { ownEvent } from './ownership.js'

export const getTrackingStatus = defineTool({
  name: 'get_tracking_status',
  route: 'retrieveTracking',
  description:
    "Live ETA tracking of the trip to one of the user's events: status, predicted arrival and minutes late (private preview).",
  kind: 'read',
  permission: { resource: 'tracking', access: 'read' },
  arguments: Schema.Struct({ event_id: boundedString(64) }),
  run: async (context, args) => {
    const own = await ownEvent(context, args.event_id)
    if (!own.ok) return own
    const trip = await context.services.tracking.retrieve(context.scope, own.value.id)
    return trip.ok ? ok(renderTracking(trip.value)) : trip
  },
})
