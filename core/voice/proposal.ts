/**
 * A change an agent tool (voice, MCP) wants to make, held until the user confirms it: proposed -> confirmed -> executed (or
 * failed, when the use case refuses or the data changed since the proposal), or proposed -> rejected | expired.
 * A confirmation is the only way to `confirmed`, and `executed` is reached from `confirmed` only, once: the
 * repository's version check makes one confirmation win, so nothing executes twice.
 */
export const PROPOSAL_STATUSES = ['proposed', 'confirmed', 'executed', 'failed', 'rejected', 'expired'] as const
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]

/** How long a proposal waits for its confirmation (docs/voice.md). */
export const PROPOSAL_LIFETIME_MS = 5 * 60_000

/** The agent channel a proposal was made on: a voice session's, or an MCP session's. */
export const AGENT_CHANNELS = ['voice', 'mcp'] as const
export type AgentChannel = (typeof AGENT_CHANNELS)[number]

export interface ProposalResource {
  /** Wire name (`event`, `reminder`, `user`, `invitation`). */
  readonly type: string
  /** Null until a create has executed. */
  readonly id: string | null
}

export interface Proposal {
  readonly id: string
  readonly sessionId: string
  /** Absent on proposals stored before channels were recorded: those are voice's. */
  readonly channel?: AgentChannel
  readonly accountId: string
  readonly livemode: boolean
  readonly userId: string
  readonly tool: string
  /** The tool's validated arguments: what `confirm` executes. */
  readonly arguments: Readonly<Record<string, unknown>>
  /** A sentence for the user ("Move 'Dentist' to Tue 3 Jun 10:00"). */
  readonly summary: string
  /** The exact change (field -> { from, to }, or the record to create). */
  readonly change: Readonly<Record<string, unknown>>
  readonly resource: ProposalResource
  /** What the data looked like when proposed (a version); a different basis at confirmation makes it stale. */
  readonly basis: string | null
  readonly status: ProposalStatus
  /** True when the user confirmed; false when the session's policy executed it directly; null before. */
  readonly confirmedByUser: boolean | null
  readonly createdAt: Date
  readonly expiresAt: Date
  readonly decidedAt: Date | null
  readonly executedAt: Date | null
  /** The tool's output once executed (the resource as the REST API renders it). */
  readonly result: Readonly<Record<string, unknown>> | null
  readonly failure: { readonly code: string; readonly message: string } | null
  readonly version: number
}

/** Whether the proposal's time to be confirmed is over at `now`. */
export const isExpiredAt = (proposal: Proposal, now: Date): boolean => now.getTime() >= proposal.expiresAt.getTime()

/** The channel of a proposal (voice for those stored before channels were recorded). */
export const channelOf = (proposal: Proposal): AgentChannel => proposal.channel ?? 'voice'
