import { Schema, Struct } from 'effect'
import { boundedString, DateTime, intBetween } from '../../../contracts/common.js'
import {
  ComputeDepartureRequest,
  CreateTimedEventRequest,
  DEPARTURE_RECOMPUTE_LIMIT,
  eventPatchFromWire,
  renderDeparture,
  renderEvent,
  UpdateEventRequest,
} from '../../../contracts/events.js'
import { defineTool, type Json } from '../../../core/agent/agent-tool.js'
import { ok } from '../../../core/shared/result.js'
import { executeOn, ownEvent, planOn, versionOn } from './ownership.js'

const EventId = Schema.Struct({ event_id: boundedString(64) })
const when = (value: Date) => value.toISOString()
const list = (data: readonly Json[], hasMore: boolean) => ({ object: 'list', data: [...data], has_more: hasMore })

export const listEvents = defineTool({
  name: 'list_events',
  route: 'listEvents',
  description: "The user's events, newest first; optionally those starting in [from, to).",
  kind: 'read',
  permission: { resource: 'events', access: 'read' },
  arguments: Schema.Struct({
    from: Schema.optionalKey(DateTime),
    to: Schema.optionalKey(DateTime),
    limit: Schema.optionalKey(intBetween(1, 100)),
  }),
  run: async ({ scope, actor, services }, args) => {
    const found = await services.events.list(
      scope,
      {
        userId: actor.userId,
        startFrom: args.from === undefined ? undefined : new Date(args.from),
        startBefore: args.to === undefined ? undefined : new Date(args.to),
      },
      { limit: args.limit ?? 20 },
    )
    return found.ok ? ok(list(found.value.data.map(renderEvent), found.value.hasMore)) : found
  },
})

/** Pages read at most by a search (100 events each): a search looks at the user's latest 500 events. */
const SEARCH_PAGES = 5

export const searchEvents = defineTool({
  name: 'search_events',
  route: 'listEvents',
  description: "The user's events whose title contains `query` (case-insensitive), optionally in [from, to).",
  kind: 'read',
  permission: { resource: 'events', access: 'read' },
  arguments: Schema.Struct({
    query: boundedString(200),
    from: Schema.optionalKey(DateTime),
    to: Schema.optionalKey(DateTime),
  }),
  run: async ({ scope, actor, services }, args) => {
    const needle = args.query.toLowerCase()
    const matches: Json[] = []
    let startingAfter: string | undefined
    for (let page = 0; page < SEARCH_PAGES; page++) {
      const found = await services.events.list(
        scope,
        {
          userId: actor.userId,
          startFrom: args.from === undefined ? undefined : new Date(args.from),
          startBefore: args.to === undefined ? undefined : new Date(args.to),
        },
        { limit: 100, startingAfter },
      )
      if (!found.ok) return found
      for (const event of found.value.data)
        if (event.title.toLowerCase().includes(needle)) matches.push(renderEvent(event))
      const last = found.value.data.at(-1)
      if (!found.value.hasMore || last === undefined) break
      startingAfter = last.id
    }
    return ok(list(matches, false))
  },
})

export const getEvent = defineTool({
  name: 'get_event',
  route: 'retrieveEvent',
  description: 'One event of the user.',
  kind: 'read',
  permission: { resource: 'events', access: 'read' },
  arguments: EventId,
  run: async (context, args) => {
    const found = await ownEvent(context, args.event_id)
    return found.ok ? ok(renderEvent(found.value)) : found
  },
})

export const getDeparture = defineTool({
  name: 'get_departure',
  route: 'retrieveDeparture',
  description: 'The departure window of one of the user’s events (when to leave).',
  kind: 'read',
  permission: { resource: 'departure', access: 'read' },
  arguments: EventId,
  run: async (context, args) => {
    const found = await ownEvent(context, args.event_id)
    if (!found.ok) return found
    const window = await context.services.events.departure(context.scope, found.value.id)
    return window.ok
      ? ok(renderDeparture(window.value.departure, window.value.event.id, window.value.event.originSource))
      : window
  },
})

export const computeDeparture = defineTool({
  name: 'compute_departure',
  route: 'computeDeparture',
  description: 'A departure window for a hypothetical trip; stores nothing.',
  kind: 'read',
  permission: { resource: 'departure', access: 'read' },
  arguments: ComputeDepartureRequest,
  run: async ({ scope, services }, args) => {
    const computed = await services.events.computeStateless(scope, {
      from: args.from_location,
      to: args.to_location,
      arriveBy: new Date(args.arrive_by),
      timezone: args.timezone ?? 'UTC',
      mode: args.travel?.mode ?? 'drive',
      parkingBufferMin: args.travel?.parking_buffer_min ?? null,
    })
    return computed.ok ? ok(renderDeparture(computed.value, null, 'explicit')) : computed
  },
})

/** The REST body of `POST /v1/events` without `user_id` (the session's user) and attendees (`send_invitations`). */
const CreateEventArguments = CreateTimedEventRequest.mapFields(Struct.omit(['user_id', 'attendees']))

export const createEvent = defineTool({
  name: 'create_event',
  route: 'createEvent',
  hints: { destructive: false, idempotent: false, openWorld: false },
  description: 'Proposes a new event for the user.',
  kind: 'write',
  risk: 'normal',
  permission: { resource: 'events', access: 'write' },
  arguments: CreateEventArguments,
  plan: async (_context, args) =>
    ok({
      summary: `Create '${args.title}' from ${args.start_time} to ${args.end_time}.`,
      change: { create: { ...args } },
      resource: { type: 'event', id: null },
      basis: null,
    }),
  basis: async () => null,
  execute: async ({ scope, actor, services }, args) => {
    const created = await services.events.create(scope, {
      ...eventPatchFromWire(args),
      userId: actor.userId,
      title: args.title,
      startTime: new Date(args.start_time),
      endTime: new Date(args.end_time),
    })
    return created.ok ? ok({ resourceId: created.value.id, result: renderEvent(created.value) }) : created
  },
})

/** The new start and end of a moved event: the end given, or the same duration as before. */
const movedTimes = (
  event: { readonly startTime: Date; readonly endTime: Date },
  args: { readonly start_time: string; readonly end_time?: string },
): { start: Date; end: Date } => {
  const start = new Date(args.start_time)
  const end =
    args.end_time === undefined
      ? new Date(start.getTime() + event.endTime.getTime() - event.startTime.getTime())
      : new Date(args.end_time)
  return { start, end }
}

export const moveEvent = defineTool({
  name: 'move_event',
  route: 'updateEvent',
  hints: { destructive: true, idempotent: true, openWorld: false },
  description: 'Proposes moving an event to a new start (and end; by default the same duration).',
  kind: 'write',
  risk: 'normal',
  permission: { resource: 'events', access: 'write' },
  arguments: Schema.Struct({
    event_id: boundedString(64),
    start_time: DateTime,
    end_time: Schema.optionalKey(DateTime),
  }),
  plan: (context, args) =>
    planOn(ownEvent(context, args.event_id), 'event', (event) => {
      const { start, end } = movedTimes(event, args)
      return {
        summary: `Move '${event.title}' from ${when(event.startTime)} to ${when(start)}.`,
        change: {
          start_time: { from: when(event.startTime), to: when(start) },
          end_time: { from: when(event.endTime), to: when(end) },
        },
      }
    }),
  basis: (context, args) => versionOn(ownEvent(context, args.event_id)),
  execute: (context, args) =>
    executeOn(ownEvent(context, args.event_id), async (event) => {
      const { start, end } = movedTimes(event, args)
      const moved = await context.services.events.update(context.scope, event.id, { startTime: start, endTime: end })
      return moved.ok ? ok({ resourceId: event.id, result: renderEvent(moved.value) }) : moved
    }),
})

const UpdateEventArguments = Schema.Struct({
  event_id: boundedString(64),
  ...UpdateEventRequest.mapFields(Struct.omit(['start_time', 'end_time', 'attendees'])).fields,
})

export const updateEvent = defineTool({
  name: 'update_event',
  route: 'updateEvent',
  hints: { destructive: true, idempotent: true, openWorld: false },
  description: 'Proposes changing an event’s title, category, place or travel (use move_event for its time).',
  kind: 'write',
  risk: 'normal',
  permission: { resource: 'events', access: 'write' },
  arguments: UpdateEventArguments,
  plan: (context, { event_id, ...fields }) =>
    planOn(ownEvent(context, event_id), 'event', (event) => {
      const current = renderEvent(event) as Json
      return {
        summary: `Change ${Object.keys(fields).join(', ') || 'nothing'} of '${event.title}'.`,
        change: Object.fromEntries(
          Object.entries(fields).map(([name, value]) => [name, { from: current[name] ?? null, to: value }]),
        ),
      }
    }),
  basis: (context, args) => versionOn(ownEvent(context, args.event_id)),
  execute: (context, { event_id, ...fields }) =>
    executeOn(ownEvent(context, event_id), async (event) => {
      const updated = await context.services.events.update(context.scope, event.id, eventPatchFromWire(fields))
      return updated.ok ? ok({ resourceId: event.id, result: renderEvent(updated.value) }) : updated
    }),
})

export const cancelEvent = defineTool({
  name: 'cancel_event',
  route: 'deleteEvent',
  hints: { destructive: true, idempotent: true, openWorld: false },
  description: 'Proposes cancelling (deleting) an event; its monitoring and reminders stop.',
  kind: 'write',
  risk: 'normal',
  permission: { resource: 'events', access: 'write' },
  arguments: EventId,
  plan: (context, args) =>
    planOn(ownEvent(context, args.event_id), 'event', (event) => ({
      summary: `Cancel '${event.title}' on ${when(event.startTime)}.`,
      change: { delete: { id: event.id, title: event.title } },
    })),
  basis: (context, args) => versionOn(ownEvent(context, args.event_id)),
  execute: (context, args) =>
    executeOn(ownEvent(context, args.event_id), async (event) => {
      const removed = await context.services.events.delete(context.scope, event.id)
      return removed.ok
        ? ok({ resourceId: event.id, result: { ...renderEvent(removed.value), deleted: true } })
        : removed
    }),
})

export const recomputeDeparture = defineTool({
  name: 'recompute_departure',
  route: 'recomputeDeparture',
  hints: { destructive: false, idempotent: true, openWorld: false },
  description: 'Proposes a fresh routing, traffic and weather lookup for an event’s departure window.',
  kind: 'write',
  risk: 'low',
  permission: { resource: 'departure', access: 'write' },
  subLimit: { ...DEPARTURE_RECOMPUTE_LIMIT, per: 'event_id' },
  arguments: EventId,
  plan: (context, args) =>
    planOn(ownEvent(context, args.event_id), 'event', (event) => ({
      summary: `Recompute the departure window of '${event.title}'.`,
      change: { recompute: { event_id: event.id } },
      versioned: false,
    })),
  basis: async () => null,
  execute: (context, args) =>
    executeOn(ownEvent(context, args.event_id), async (event) => {
      const window = await context.services.events.recompute(context.scope, event.id)
      return window.ok
        ? ok({
            resourceId: event.id,
            result: renderDeparture(window.value.departure, window.value.event.id, window.value.event.originSource),
          })
        : window
    }),
})
