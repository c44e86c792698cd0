import { PermissionDenied } from '../account/account.errors.js'
import { permissionName } from '../account/permissions.js'
import type { HeldAuthority } from '../account/session-authority.js'
import type { DomainError } from '../shared/domain-error.js'
import { InvalidParameter } from '../shared/errors.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { Proposal } from '../voice/proposal.js'
import {
  type ConfirmOutcome,
  checkToolNames,
  type ProposalDraft,
  type ProposalExecutor,
} from '../voice/voice-service.js'
import type { ConfirmationPolicy } from '../voice/voice-session.js'
import type { Json, Tool, ToolContext } from './agent-tool.js'

/**
 * The rules of a tool call, the same on every agent channel (voice, MCP): the tool must exist, be granted by the
 * caller's authority and enabled for the session; its arguments are validated like a request body; a read answers
 * at once; a change is planned on data the caller's user owns, counted against its REST sub-limit, and held as a
 * proposal that executes only once the user confirms it, except a low-risk change under `low_risk_direct`.
 */

/** Why the arguments were refused: the request validator's problem (`parameter_missing`, `parameter_invalid`...). */
export interface ArgumentsProblem {
  readonly code: 'parameter_missing' | 'parameter_unknown' | 'parameter_invalid'
  readonly message: string
  /** The argument at fault, `arguments.<name>`, or `arguments` for the whole. */
  readonly param: string
}

/** Decodes a tool's arguments as a request body is decoded (the contracts' validator, supplied by the host). */
export type ArgumentsDecoder = (tool: Tool, raw: unknown) => Result<Json, ArgumentsProblem>

/** Counts a call against a REST sub-limit, with the REST gate's own counter. */
export interface SubLimitCounter {
  consumeSubLimit(
    scope: RequestScope,
    limit: { readonly name: string; readonly limit: number; readonly windowMs: number },
    resource: string,
  ): Promise<{ readonly allowed: boolean; readonly retryAfterMs: number }>
}

/** Where a channel holds its proposals: a voice session's, an MCP session's. */
export interface ProposalDesk {
  propose(draft: ProposalDraft): Promise<Proposal>
  /** Executes one of the desk's proposals once: confirmed by the user, or directly by the policy (`byUser` false). */
  execute(proposalId: string, byUser: boolean): Promise<Result<ConfirmOutcome, DomainError>>
}

export interface ToolCallRequest {
  readonly name: string
  readonly arguments: unknown
  /** What the caller may do now (a session's grants then and its credential's now). */
  readonly authority: HeldAuthority
  /** Whether the session enabled the tool (a voice session names its tools; MCP enables every granted one). */
  readonly enabled: (name: string) => boolean
  readonly policy: ConfirmationPolicy
  readonly context: ToolContext
  readonly desk: ProposalDesk
}

export type ToolCallRefusal =
  | { readonly kind: 'domain'; readonly error: DomainError }
  | { readonly kind: 'arguments'; readonly problem: ArgumentsProblem }
  | {
      readonly kind: 'rate_limited'
      readonly limit: number
      readonly windowMs: number
      readonly retryAfterMs: number
    }

export type ToolCallOutcome =
  | { readonly type: 'result'; readonly tool: Tool; readonly result: Json }
  | { readonly type: 'proposed'; readonly tool: Tool; readonly proposal: Proposal }
  | { readonly type: 'executed'; readonly tool: Tool; readonly outcome: ConfirmOutcome }
  | { readonly type: 'refused'; readonly refusal: ToolCallRefusal }

export interface AgentToolCallsDeps {
  readonly tools: readonly Tool[]
  readonly decode: ArgumentsDecoder
  readonly subLimits: SubLimitCounter
}

const refused = (refusal: ToolCallRefusal): ToolCallOutcome => ({ type: 'refused', refusal })
const domain = (error: DomainError): ToolCallOutcome => refused({ kind: 'domain', error })

export class AgentToolCalls {
  constructor(private readonly deps: AgentToolCallsDeps) {}

  get tools(): readonly Tool[] {
    return this.deps.tools
  }

  toolNamed(name: string): Tool | undefined {
    return this.deps.tools.find((tool) => tool.name === name)
  }

  /** The tools a caller may see: granted by its authority and enabled, in the registry's order. */
  available(authority: HeldAuthority, enabled: (name: string) => boolean = () => true): Tool[] {
    return this.deps.tools.filter((tool) => enabled(tool.name) && authority.permits(tool.permission))
  }

  async call(request: ToolCallRequest): Promise<ToolCallOutcome> {
    const { name, context } = request
    const tool = this.toolNamed(name)
    if (tool === undefined) return domain(new InvalidParameter({ param: 'name', message: `Unknown tool '${name}'.` }))
    if (!request.authority.permits(tool.permission))
      return domain(new PermissionDenied({ permission: permissionName(tool.permission) }))
    if (!request.enabled(tool.name))
      return domain(
        new InvalidParameter({ param: 'name', message: `The tool '${name}' is not enabled in this session.` }),
      )
    const decoded = this.deps.decode(tool, request.arguments)
    if (!decoded.ok) return refused({ kind: 'arguments', problem: decoded.error })
    const args = decoded.value
    if (tool.kind === 'read') {
      const result = await tool.run(context, args)
      return result.ok ? { type: 'result', tool, result: result.value } : domain(result.error)
    }
    const plan = await tool.plan(context, args)
    if (!plan.ok) return domain(plan.error)
    // Counted once the plan found the resource the user owns, as REST counts only owned resources.
    if (tool.subLimit !== undefined) {
      const { per, ...limit } = tool.subLimit
      const decision = await this.deps.subLimits.consumeSubLimit(context.scope, limit, String(args[per]))
      if (!decision.allowed)
        return refused({
          kind: 'rate_limited',
          limit: limit.limit,
          windowMs: limit.windowMs,
          retryAfterMs: decision.retryAfterMs,
        })
    }
    const proposal = await request.desk.propose({ tool: tool.name, arguments: args, ...plan.value })
    if (!executesDirectly(request.policy, tool)) return { type: 'proposed', tool, proposal }
    const outcome = await request.desk.execute(proposal.id, false)
    return outcome.ok ? { type: 'executed', tool, outcome: outcome.value } : domain(outcome.error)
  }

  /** How a confirmed proposal is carried out: its tool's basis and use case, on the proposal as stored now. */
  executor(context: ToolContext, stored: () => Promise<Result<Proposal, DomainError>>): ProposalExecutor {
    return {
      basis: async () => {
        const proposal = await stored()
        const tool = proposal.ok ? this.toolNamed(proposal.value.tool) : undefined
        return proposal.ok && tool?.kind === 'write' ? tool.basis(context, proposal.value.arguments as Json) : null
      },
      execute: async () => {
        const proposal = await stored()
        if (!proposal.ok) return proposal
        const tool = this.toolNamed(proposal.value.tool)
        if (tool?.kind !== 'write')
          return err(new InvalidParameter({ param: 'proposal_id', message: 'Not an executable proposal.' }))
        return tool.execute(context, proposal.value.arguments as Json)
      },
    }
  }
}

/** Whether a change runs without the user's confirmation: only a low-risk one, under `low_risk_direct`. */
export const executesDirectly = (policy: ConfirmationPolicy, tool: Tool): boolean =>
  policy === 'low_risk_direct' && tool.kind === 'write' && tool.risk === 'low'

/**
 * The tools a session enables: those requested (every one its credential grants by default). A name that is no tool
 * is `tools[i]` invalid; a tool beyond the credential's grants is refused when the session is made, not at its first
 * call.
 */
export const enabledTools = (
  tools: readonly Pick<Tool, 'name' | 'permission'>[],
  grants: (required: Tool['permission']) => boolean,
  requested: readonly string[] | undefined,
): Result<readonly string[], InvalidParameter | PermissionDenied> => {
  if (requested === undefined) return ok(tools.filter((tool) => grants(tool.permission)).map((tool) => tool.name))
  const named = checkToolNames(
    requested,
    tools.map((tool) => tool.name),
  )
  if (!named.ok) return named
  const beyond = tools.find((tool) => named.value.includes(tool.name) && !grants(tool.permission))
  return beyond === undefined ? named : err(new PermissionDenied({ permission: permissionName(beyond.permission) }))
}
