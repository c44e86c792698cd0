import type { TrackingService } from '../../../core/tracking/tracking-service.js'
import type { Schema } from 'effect'
import type { RequiredPermission } from '../../../core/account/permissions.js'
import type { ConnectionService } from '../../../core/connection/connection-service.js'
import type { EventService } from '../../../core/event/event-service.js'
import type { InvitationService } from '../../../core/invitation/invitation-service.js'
import type { SchedulingParseService } from '../../../core/scheduling/parse-service.js'
import type { FreeBusyService } from '../../../core/scheduling/freebusy-service.js'
import type { SlotFinder } from '../../../core/scheduling/slots-service.js'
import type { SuggestionService } from '../../../core/scheduling/suggest.js'
import type { ReminderService } from '../../../core/reminder/reminder-service.js'
import type { DomainError } from '../../../core/shared/errors.js'
import type { RequestScope } from '../../../core/shared/request-scope.js'
import type { Result } from '../../../core/shared/result.js'
import type { UserService } from '../../../core/user/user-service.js'
import type { VoiceSession } from '../../../core/voice/voice-session.js'
import { toJsonSchema } from '../../../contracts/json-schema.js'

export type Json = Record<string, unknown>

/** The use cases the tools call: the same services the REST routes call, never a second implementation. */
export interface ToolServices {
  readonly users: UserService
  readonly events: EventService
  readonly reminders: ReminderService
  readonly invitations: InvitationService
  readonly connections: ConnectionService
  readonly freeBusy: FreeBusyService
  readonly slots: SlotFinder
  readonly suggestions: SuggestionService
  readonly parser: SchedulingParseService
  readonly tracking: TrackingService
}

/** A tool call's context: the session's account and user, nothing else is reachable. */
export interface ToolContext {
  readonly scope: RequestScope
  readonly session: VoiceSession
  readonly services: ToolServices
}

/** What a write tool proposes: shown to the user, executed on confirmation. */
export interface ToolPlan {
  readonly summary: string
  readonly change: Json
  readonly resource: { readonly type: string; readonly id: string | null }
  /** The version of the data the change was planned on (null: no precondition). */
  readonly basis: string | null
}

type Args<S extends Schema.Top> = S['Type']

interface ToolBase<S extends Schema.Top> {
  readonly name: string
  readonly description: string
  /** The arguments, validated like a request body (unknown keys refused); the JSON Schema the model sees. */
  readonly arguments: S
  /** What the session's key needs (a voice session acts with its key's permissions). */
  readonly permission: RequiredPermission
  /** A REST sub-limit the call counts against (same key as REST), per the id in the argument `per`. */
  readonly subLimit?: { readonly name: string; readonly limit: number; readonly windowMs: number; readonly per: string }
}

export interface ReadTool<S extends Schema.Top> extends ToolBase<S> {
  readonly kind: 'read'
  run(context: ToolContext, args: Args<S>): Promise<Result<Json, DomainError>>
}

export interface WriteTool<S extends Schema.Top> extends ToolBase<S> {
  readonly kind: 'write'
  /** `low`: the `low_risk_direct` policy executes it without a confirmation (a snooze). */
  readonly risk: 'low' | 'normal'
  plan(context: ToolContext, args: Args<S>): Promise<Result<ToolPlan, DomainError>>
  /** The basis now, compared with the plan's at confirmation. */
  basis(context: ToolContext, args: Args<S>): Promise<string | null>
  execute(context: ToolContext, args: Args<S>): Promise<Result<{ resourceId: string; result: Json }, DomainError>>
}

export type Tool<S extends Schema.Top = Schema.Top> = ReadTool<S> | WriteTool<S>

/** Declares a tool, keeping the argument types of its handlers. */
export const defineTool = <S extends Schema.Top>(tool: Tool<S>): Tool => tool as unknown as Tool

/** Unknown keys are refused at every level (as in request bodies): the published schema says so to the model. */
const closed = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(closed)
  if (node === null || typeof node !== 'object') return node
  const entries = Object.entries(node).map(([key, value]) => [key, closed(value)] as const)
  const object = Object.fromEntries(entries) as Json
  if ('properties' in object && object.additionalProperties === true) object.additionalProperties = false
  return object
}

/** The tool's arguments as a JSON Schema (definitions inlined under `$defs`). */
export const argumentsJsonSchema = (tool: Tool): Json => {
  const document = toJsonSchema(tool.arguments)
  const definitions = document.definitions
  const schema = Object.keys(definitions).length === 0 ? document.schema : { ...document.schema, $defs: definitions }
  return closed(schema) as Json
}
