import { Schema } from 'effect'
import { AGENT_CHANNELS, channelOf, type Proposal } from '../core/voice/proposal.js'
import { DateTime } from './common.js'

/**
 * The `agent.action_executed` notification's object: a change an agent made for a user, on any agent channel (voice,
 * MCP), with whether the user confirmed it or the policy executed it directly.
 */
export const AgentActionExecution = Schema.Struct({
  id: Schema.String.annotate({ description: 'The proposal (prp_...) that was executed.' }),
  object: Schema.Literal('agent_action_execution'),
  channel: Schema.Literals(AGENT_CHANNELS).annotate({
    description: 'The agent channel: `voice` (a voice session) or `mcp` (an MCP session).',
  }),
  session: Schema.String.annotate({ description: 'The voice session (vs_...) or MCP session reference (mcps_...).' }),
  user_id: Schema.String,
  tool: Schema.String,
  target: Schema.Struct({ type: Schema.String, id: Schema.NullOr(Schema.String) }).annotate({
    description: 'The resource the change acted on (for a creation, the resource created).',
  }),
  summary: Schema.String,
  change: Schema.Unknown,
  confirmed_by_user: Schema.Boolean.annotate({
    description: 'True when the user confirmed the change; false when the `low_risk_direct` policy executed it.',
  }),
  executed_at: DateTime,
}).annotate({ identifier: 'AgentActionExecution' })

export const renderAgentActionExecution = (proposal: Proposal) => ({
  id: proposal.id,
  object: 'agent_action_execution' as const,
  channel: channelOf(proposal),
  session: proposal.sessionId,
  user_id: proposal.userId,
  tool: proposal.tool,
  target: { type: proposal.resource.type, id: proposal.resource.id },
  summary: proposal.summary,
  change: proposal.change,
  confirmed_by_user: proposal.confirmedByUser === true,
  executed_at: (proposal.executedAt ?? proposal.decidedAt ?? proposal.createdAt).toISOString(),
})
