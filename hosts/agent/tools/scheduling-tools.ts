import { Schema } from 'effect'
import { boundedString, DateTime } from '../../../contracts/common.js'
import { healthWeightsFor, renderEventHealth } from '../../../contracts/event-health.js'
import { FindSlotsRequest, FreeBusyQueryRequest, renderFreeBusy, renderSlotList } from '../../../contracts/freebusy.js'
import { ParseEventRequest, renderParsedEvent } from '../../../contracts/scheduling.js'
import { SuggestRequest, suggestQueryFromWire } from '../../../contracts/suggestions.js'
import { CURRENT_VERSION } from '../../../contracts/versions.js'
import { defineTool, type ToolContext } from '../../../core/agent/agent-tool.js'
import { eventHealth } from '../../../core/event/event-health.js'
import { EVENT_DURATION_MIN } from '../../../core/scheduling/parsed-event.js'
import { ResourceNotFound } from '../../../core/shared/errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { ownEvent } from './ownership.js'

const PARTICIPANTS_DESCRIPTION =
  "The session's user id, calendar ids of that user's connections (cal_...), or external:<EMAIL>; the session's user is always included."

/**
 * The scoping rule of the scheduling tools: a voice session asks about its own user only. Participants may be the
 * session's user id, calendars of that user's connections, and external addresses; another user of the account
 * (or a calendar of theirs) is refused as not found, naming `participants`. The session's user is added when absent.
 */
const scopedParticipants = async (
  context: ToolContext,
  participants: readonly string[] | undefined,
): Promise<Result<string[], ResourceNotFound>> => {
  const { actor } = context
  const own = [actor.userId, ...(participants ?? []).filter((p) => p !== actor.userId)]
  let calendars: Set<string> | null = null
  for (const participant of own) {
    if (participant === actor.userId || participant.startsWith('external:')) continue
    if (participant.startsWith('cal_')) {
      calendars ??= await ownCalendars(context)
      if (calendars.has(participant)) continue
    }
    // Anything else (another user, another user's calendar) is refused; malformed ids too, before the use case.
    return err(new ResourceNotFound({ resource: 'participant', id: participant.slice(0, 100), param: 'participants' }))
  }
  return ok(own)
}

const ownCalendars = async ({ scope, actor, services }: ToolContext): Promise<Set<string>> => {
  const ids = new Set<string>()
  const found = await services.connections.list(scope, { userId: actor.userId }, { limit: 100 })
  if (!found.ok) return ids
  for (const connection of found.value.data) {
    const calendars = await services.connections.listCalendars(scope, connection.id)
    if (calendars.ok) for (const calendar of calendars.value) ids.add(calendar.id)
  }
  return ids
}

const optionalParticipants = (description: string) =>
  Schema.optionalKey(FreeBusyQueryRequest.fields.participants.annotate({ description }))

export const findFreeBusy = defineTool({
  name: 'find_free_busy',
  route: 'queryFreeBusy',
  description: "Busy time of the user (and of the user's calendars or external addresses) in [from, to).",
  kind: 'read',
  permission: { resource: 'scheduling', access: 'read' },
  arguments: Schema.Struct({
    participants: optionalParticipants(PARTICIPANTS_DESCRIPTION),
    from: DateTime,
    to: DateTime,
    include_tentative: Schema.optionalKey(Schema.Boolean),
  }),
  run: async (context, args) => {
    const participants = await scopedParticipants(context, args.participants)
    if (!participants.ok) return participants
    const from = new Date(args.from)
    const to = new Date(args.to)
    const result = await context.services.freeBusy.query(context.scope, {
      participants: participants.value,
      from,
      to,
      includeTentative: args.include_tentative ?? false,
    })
    return result.ok ? ok(renderFreeBusy(from, to, result.value)) : result
  },
})

const slotFields = FindSlotsRequest.fields

export const findSlots = defineTool({
  name: 'find_slots',
  route: 'findSlots',
  description: 'Free slots of a given length common to the user and the other participants, best first.',
  kind: 'read',
  permission: { resource: 'scheduling', access: 'read' },
  arguments: Schema.Struct({ ...slotFields, participants: optionalParticipants(PARTICIPANTS_DESCRIPTION) }),
  run: async (context, args) => {
    const participants = await scopedParticipants(context, args.participants)
    if (!participants.ok) return participants
    const hours = args.working_hours
    const result = await context.services.slots.find(context.scope, {
      participants: participants.value,
      durationMinutes: args.duration_minutes,
      earliestStart: new Date(args.earliest_start),
      latestEnd: new Date(args.latest_end),
      workingHours:
        hours === undefined
          ? null
          : { start: hours.start, end: hours.end, days: hours.days ?? null, timezone: hours.timezone ?? null },
      bufferMinutes: args.buffer_minutes_between_meetings ?? 0,
      preferredTimeOfDay: args.preferred_time_of_day ?? null,
      limit: args.limit ?? 5,
    })
    return result.ok ? ok(renderSlotList(result.value.slots, result.value.warnings)) : result
  },
})

export const suggestTimes = defineTool({
  name: 'suggest_times',
  route: 'suggestSlots',
  description: 'Suggested times for a meeting described in words, with the user and external addresses.',
  kind: 'read',
  permission: { resource: 'scheduling', access: 'read' },
  arguments: Schema.Struct({
    ...SuggestRequest.fields,
    participants: optionalParticipants("The session's user id or external:<EMAIL>; the user is always included."),
  }),
  run: async (context, args) => {
    const participants = await scopedParticipants(context, args.participants)
    if (!participants.ok) return participants
    const result = await context.services.suggestions.suggest(
      context.scope,
      suggestQueryFromWire(args, participants.value),
    )
    return result.ok ? ok(renderSlotList(result.value.slots, result.value.warnings)) : result
  },
})

const parseContext = ParseEventRequest.fields.user_context.fields

export const parseEventText = defineTool({
  name: 'parse_event_text',
  route: 'parseSchedulingText',
  description: "Reads an event draft from a sentence, in the user's timezone unless one is given; stores nothing.",
  kind: 'read',
  permission: { resource: 'scheduling', access: 'read' },
  arguments: Schema.Struct({
    text: ParseEventRequest.fields.text,
    timezone: Schema.optionalKey(parseContext.timezone.annotate({ description: "IANA zone; default the user's" })),
    default_event_duration_min: parseContext.default_event_duration_min,
  }),
  run: async ({ scope, actor, services }, args) => {
    let timezone = args.timezone
    if (timezone === undefined) {
      const user = await services.users.retrieve(scope, actor.userId)
      if (!user.ok) return user
      timezone = user.value.timezone
    }
    const result = await services.parser.parse(scope, {
      text: args.text,
      timezone,
      userId: actor.userId,
      defaultDurationMin: args.default_event_duration_min ?? EVENT_DURATION_MIN.default,
    })
    return result.ok ? ok(renderParsedEvent(result.value, actor.userId)) : result
  },
})

export const getEventHealth = defineTool({
  name: 'get_event_health',
  route: 'retrieveEventHealth',
  description: "Health of one of the user's events: score, label and risks, as of the last departure recompute.",
  kind: 'read',
  permission: { resource: 'events', access: 'read' },
  arguments: Schema.Struct({ event_id: boundedString(64) }),
  run: async (context, args) => {
    const own = await ownEvent(context, args.event_id)
    if (!own.ok) return own
    const found = await context.services.events.health(context.scope, own.value.id)
    // A voice session reads the current API version's weights.
    return found.ok
      ? ok(renderEventHealth(eventHealth(found.value.event, healthWeightsFor(CURRENT_VERSION), found.value.userPaused)))
      : found
  },
})
