import type { Schema } from 'effect'
import type { RequiredPermission } from '../account/permissions.js'
import type { ConnectionService } from '../connection/connection-service.js'
import type { EventService } from '../event/event-service.js'
import type { InvitationService } from '../invitation/invitation-service.js'
import type { ReminderService } from '../reminder/reminder-service.js'
import type { FreeBusyService } from '../scheduling/freebusy-service.js'
import type { SchedulingParseService } from '../scheduling/parse-service.js'
import type { SlotFinder } from '../scheduling/slots-service.js'
import type { SuggestionService } from '../scheduling/suggest.js'
import type { DomainError } from '../shared/domain-error.js'
import type { RequestScope } from '../shared/request-scope.js'
import type { Result } from '../shared/result.js'
import type { TrackingService } from '../tracking/tracking-service.js'
import type { UserService } from '../user/user-service.js'

/**
 * An agent tool: one capability of the API offered to an AI agent, declared once and served on every agent channel
 * (the voice WebSocket, MCP). A tool reads at once, or changes only through a proposal the user confirms
 * (`tool-calls.ts` holds the rules every channel applies).
 */

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

/** Whom a call acts for: one user of the scope's account; nothing of another user is reachable. */
export interface ToolActor {
  readonly userId: string
}

/** A tool call's context: the account (scope) and the user (actor); nothing else is reachable. */
export interface ToolContext {
  readonly scope: RequestScope
  readonly actor: ToolActor
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

/**
 * How a change tool behaves, for the agent's client to know before calling it (MCP's tool annotations): whether it
 * may destroy data, whether calling it twice with the same arguments changes nothing more, and whether it reaches
 * people or systems outside the user's calendar.
 */
export interface ToolHints {
  readonly destructive: boolean
  readonly idempotent: boolean
  readonly openWorld: boolean
}

type Args<S extends Schema.Top> = S['Type']

interface ToolBase<S extends Schema.Top> {
  readonly name: string
  readonly description: string
  /** The arguments, validated like a request body (unknown keys refused); the JSON Schema the model sees. */
  readonly arguments: S
  /** What the caller needs: always the permission of `route` (a test holds them equal). */
  readonly permission: RequiredPermission
  /**
   * The REST endpoint (its `operationId`) whose use case the tool calls: the permission is the same, and its response
   * schema describes a read tool's output.
   */
  readonly route: string
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
  readonly hints: ToolHints
  plan(context: ToolContext, args: Args<S>): Promise<Result<ToolPlan, DomainError>>
  /** The basis now, compared with the plan's at confirmation. */
  basis(context: ToolContext, args: Args<S>): Promise<string | null>
  execute(context: ToolContext, args: Args<S>): Promise<Result<{ resourceId: string; result: Json }, DomainError>>
}

export type Tool<S extends Schema.Top = Schema.Top> = ReadTool<S> | WriteTool<S>

/** Declares a tool, keeping the argument types of its handlers. */
export const defineTool = <S extends Schema.Top>(tool: Tool<S>): Tool => tool as unknown as Tool

/** The hints of a read tool: it changes nothing, so it destroys nothing and is idempotent. */
export const READ_HINTS: ToolHints = { destructive: false, idempotent: true, openWorld: false }

export const hintsOf = (tool: Tool): ToolHints => (tool.kind === 'read' ? READ_HINTS : tool.hints)
