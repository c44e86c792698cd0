import type { Json, ToolContext, ToolPlan } from '../../../core/agent/agent-tool.js'
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

/** A user's record a change tool works on: found by its id, versioned. */
interface Owned {
  readonly id: string
  readonly version: number
}

/**
 * A change tool's plan on one of the user's records (`found`, by `ownEvent` or the like): that record as the
 * resource, and its version as the basis compared at confirmation unless `versioned` is false.
 */
export const planOn = async <T extends Owned>(
  found: Promise<Result<T, ResourceNotFound>>,
  type: string,
  describe: (record: T) => { readonly summary: string; readonly change: Json; readonly versioned?: boolean },
): Promise<Result<ToolPlan, ResourceNotFound>> => {
  const record = await found
  if (!record.ok) return record
  const { summary, change, versioned = true } = describe(record.value)
  return ok({
    summary,
    change,
    resource: { type, id: record.value.id },
    basis: versioned ? String(record.value.version) : null,
  })
}

/** The version of one of the user's records now (a change tool's `basis`); null when it is gone. */
export const versionOn = async (found: Promise<Result<Owned, ResourceNotFound>>): Promise<string | null> => {
  const record = await found
  return record.ok ? String(record.value.version) : null
}

/** A change tool's execution on one of the user's records, found again at confirmation: `act` on it, or not found. */
export const executeOn = async <T, E>(
  found: Promise<Result<T, ResourceNotFound>>,
  act: (record: T) => Promise<Result<{ readonly resourceId: string; readonly result: Json }, E>>,
): Promise<Result<{ readonly resourceId: string; readonly result: Json }, E | ResourceNotFound>> => {
  const record = await found
  return record.ok ? act(record.value) : record
}
