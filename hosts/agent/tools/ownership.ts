import type { ToolContext } from '../../../core/agent/agent-tool.js'
import type { CalendarEvent } from '../../../core/event/event.js'
import type { Invitation } from '../../../core/invitation/invitation.js'
import type { Reminder } from '../../../core/reminder/reminder.js'
import { ResourceNotFound } from '../../../core/shared/errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'

/**
 * A tool reaches the session's user's records only: another user's record (or another account's, which the use
 * case does not find) is the same "not found", naming the argument that carried the id.
 */
const mine = <T extends { readonly userId: string }>(
  context: ToolContext,
  found: Result<T, unknown>,
  resource: string,
  id: string,
  param: string,
): Result<T, ResourceNotFound> =>
  found.ok && found.value.userId === context.actor.userId
    ? ok(found.value)
    : err(new ResourceNotFound({ resource, id, param }))

export const ownEvent = async (context: ToolContext, id: string): Promise<Result<CalendarEvent, ResourceNotFound>> =>
  mine(context, await context.services.events.retrieve(context.scope, id), 'event', id, 'event_id')

export const ownReminder = async (context: ToolContext, id: string): Promise<Result<Reminder, ResourceNotFound>> =>
  mine(context, await context.services.reminders.retrieve(context.scope, id), 'reminder', id, 'reminder_id')

export const ownInvitation = async (
  context: ToolContext,
  id: string,
): Promise<Result<Invitation, ResourceNotFound>> => {
  const found = await context.services.invitations.retrieve(context.scope, id)
  return found.ok && found.value.organizerUserId === context.actor.userId
    ? ok(found.value)
    : err(new ResourceNotFound({ resource: 'invitation', id, param: 'invitation_id' }))
}
