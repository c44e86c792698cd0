import { Schema, Struct } from 'effect'
import { boundedString } from '../../../contracts/common.js'
import { renderCalendar, renderConnection } from '../../../contracts/connections.js'
import { CreateInvitationsRequest, renderInvitation } from '../../../contracts/invitations.js'
import { preferencesFromWire, renderUser, UpdateUserRequest } from '../../../contracts/users.js'
import { defineTool, type Json } from '../../../core/agent/agent-tool.js'
import { ResourceNotFound } from '../../../core/shared/errors.js'
import { err, ok } from '../../../core/shared/result.js'
import { ownEvent, ownInvitation } from './ownership.js'

/** No arguments: an empty object (an empty struct alone would let any key through). */
const NoArguments = Schema.Struct({}).check(
  Schema.makeFilter((value: object) =>
    Object.keys(value).length === 0 ? undefined : `takes no arguments (received ${Object.keys(value).join(', ')})`,
  ),
)

export const getUser = defineTool({
  name: 'get_user',
  route: 'retrieveUser',
  description: 'The session’s user: profile and preferences.',
  kind: 'read',
  permission: { resource: 'users', access: 'read' },
  arguments: NoArguments,
  run: async ({ scope, actor, services }) => {
    const found = await services.users.retrieve(scope, actor.userId)
    return found.ok ? ok(renderUser(found.value)) : found
  },
})

/** The REST body of `PATCH /v1/users/{id}` without `email` (not a preference). */
const PreferenceArguments = UpdateUserRequest.mapFields(Struct.omit(['email']))

export const updatePreferences = defineTool({
  name: 'update_preferences',
  route: 'updateUser',
  hints: { destructive: true, idempotent: true, openWorld: false },
  description: 'Proposes changing the user’s preferences (timezone, travel mode, buffers, alerts, quiet hours...).',
  kind: 'write',
  risk: 'normal',
  permission: { resource: 'users', access: 'write' },
  arguments: PreferenceArguments,
  plan: async ({ scope, actor, services }, args) => {
    const found = await services.users.retrieve(scope, actor.userId)
    if (!found.ok) return found
    const current = renderUser(found.value) as Json
    const change = Object.fromEntries(
      Object.entries(args).map(([name, value]) => [name, { from: current[name] ?? null, to: value }]),
    )
    return ok({
      summary: `Change ${Object.keys(args).join(', ') || 'nothing'}.`,
      change,
      resource: { type: 'user', id: actor.userId },
      basis: String(found.value.version),
    })
  },
  basis: async ({ scope, actor, services }) => {
    const found = await services.users.retrieve(scope, actor.userId)
    return found.ok ? String(found.value.version) : null
  },
  execute: async ({ scope, actor, services }, args) => {
    const updated = await services.users.update(scope, actor.userId, preferencesFromWire(args))
    return updated.ok ? ok({ resourceId: actor.userId, result: renderUser(updated.value) }) : updated
  },
})

export const listConnections = defineTool({
  name: 'list_connections',
  route: 'listConnections',
  description: 'The user’s calendar connections (Google, Microsoft, iCloud), never their tokens.',
  kind: 'read',
  permission: { resource: 'connections', access: 'read' },
  arguments: NoArguments,
  run: async ({ scope, actor, services }) => {
    const found = await services.connections.list(scope, { userId: actor.userId }, { limit: 100 })
    return found.ok
      ? ok({
          object: 'list',
          data: found.value.data.map((connection) => renderConnection(connection)),
          has_more: found.value.hasMore,
        })
      : found
  },
})

export const listCalendars = defineTool({
  name: 'list_calendars',
  route: 'listCalendars',
  description: 'The calendars of one of the user’s connections.',
  kind: 'read',
  permission: { resource: 'connections', access: 'read' },
  arguments: Schema.Struct({ connection_id: boundedString(64) }),
  run: async ({ scope, actor, services }, args) => {
    const found = await services.connections.retrieve(scope, args.connection_id, true)
    if (!found.ok || found.value.connection.userId !== actor.userId)
      return err(new ResourceNotFound({ resource: 'connection', id: args.connection_id, param: 'connection_id' }))
    return ok({ object: 'list', data: (found.value.calendars ?? []).map(renderCalendar), has_more: false })
  },
})

export const getInvitation = defineTool({
  name: 'get_invitation',
  route: 'retrieveInvitation',
  description: 'One invitation the user sent: delivery and response.',
  kind: 'read',
  permission: { resource: 'invitations', access: 'read' },
  arguments: Schema.Struct({ invitation_id: boundedString(64) }),
  run: async (context, args) => {
    const found = await ownInvitation(context, args.invitation_id)
    return found.ok ? ok(renderInvitation(found.value)) : found
  },
})

export const sendInvitations = defineTool({
  name: 'send_invitations',
  route: 'createInvitations',
  hints: { destructive: false, idempotent: false, openWorld: true },
  description: 'Proposes inviting attendees (by e-mail) to one of the user’s events.',
  kind: 'write',
  risk: 'normal',
  permission: { resource: 'invitations', access: 'write' },
  arguments: CreateInvitationsRequest,
  plan: async (context, args) => {
    const event = await ownEvent(context, args.event_id)
    if (!event.ok) return event
    return ok({
      summary: `Invite ${args.attendees.map((attendee) => attendee.email).join(', ')} to '${event.value.title}'.`,
      change: { invite: args.attendees.map((attendee) => ({ ...attendee })) },
      resource: { type: 'event', id: event.value.id },
      basis: null,
    })
  },
  basis: async () => null,
  execute: async (context, args) => {
    const event = await ownEvent(context, args.event_id)
    if (!event.ok) return event
    const sent = await context.services.invitations.create(context.scope, {
      eventId: event.value.id,
      attendees: args.attendees,
    })
    return sent.ok
      ? ok({
          resourceId: event.value.id,
          result: { object: 'list', data: sent.value.map(renderInvitation), has_more: false },
        })
      : sent
  },
})
