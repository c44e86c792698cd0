import { Schema } from 'effect'
import type { Proposal } from '../core/voice/proposal.js'
import { boundedString, DateTime } from './common.js'
import type { EndpointContract } from './endpoint.js'
import { toJsonSchema } from './json-schema.js'

/**
 * The MCP channel's own shapes (docs/mcp.md): where the server listens, the arguments every tool adds (the user it
 * acts for), the output of a change tool (a proposal, or its execution), and `confirm_action` / `reject_action`.
 */

export const MCP_PATH = '/mcp'
/** The audience of an MCP session id (a signed token): never a voice connect token or a Connect access token. */
export const MCP_SESSION_AUDIENCE = 'mcp_session'

export const UserIdArgument = boundedString(64).annotate({
  description: 'The user this call acts for (usr_...). Every call names it; another account’s user is not found.',
})

const ProposalOutput = Schema.Struct({
  id: Schema.String,
  tool: Schema.String,
  status: Schema.Literals(['proposed', 'confirmed', 'executed', 'failed', 'rejected', 'expired']),
  summary: Schema.String,
  change: Schema.Record(Schema.String, Schema.Unknown),
  resource: Schema.Struct({ type: Schema.String, id: Schema.NullOr(Schema.String) }),
  user_id: Schema.String,
  expires_at: DateTime,
  confirmed_by_user: Schema.NullOr(Schema.Boolean),
})

/** What a change tool, `confirm_action` and `reject_action` answer in `structuredContent`. */
export const AgentActionOutput = Schema.Struct({
  object: Schema.Literal('agent_action'),
  proposal: ProposalOutput,
  /** The resource as the REST API renders it, once executed; null before. */
  result: Schema.NullOr(Schema.Record(Schema.String, Schema.Unknown)),
  /** True when a confirmation found the proposal already executed: nothing ran twice. */
  replayed: Schema.Boolean,
}).annotate({ identifier: 'AgentActionOutput' })

export const ConfirmActionArguments = Schema.Struct({
  proposal_id: boundedString(64).annotate({ description: 'The id (prp_...) a change tool answered.' }),
})

export const renderAgentAction = (proposal: Proposal, replayed = false) => ({
  object: 'agent_action' as const,
  proposal: {
    id: proposal.id,
    tool: proposal.tool,
    status: proposal.status,
    summary: proposal.summary,
    change: { ...proposal.change },
    resource: { type: proposal.resource.type, id: proposal.resource.id },
    user_id: proposal.userId,
    expires_at: proposal.expiresAt.toISOString(),
    confirmed_by_user: proposal.confirmedByUser,
  },
  result: proposal.result === null ? null : { ...proposal.result },
  replayed,
})

type Json = Record<string, unknown>

/**
 * A schema as one self-contained JSON Schema object: definitions under `$defs` (references rewritten to them), and a
 * root that names a definition replaced by that definition (MCP wants `type` at the root).
 */
export const jsonSchemaOf = (schema: Schema.Top): Json => {
  const document = toJsonSchema(schema)
  const rewrite = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('#/definitions/', '#/$defs/')) as Json
  const defs = rewrite(document.definitions)
  const root = rewrite(document.schema)
  const ref = root.$ref
  const named = typeof ref === 'string' ? (defs[ref.replace('#/$defs/', '')] as Json | undefined) : undefined
  const { $ref: _ref, ...rest } = root
  const resolved = named === undefined ? root : { ...rest, ...named }
  return Object.keys(defs).length === 0 ? resolved : { ...resolved, $defs: defs }
}

/** Request metadata of the REST answer, which a tool's output does not carry. */
const REST_ONLY = ['request_id', 'livemode']

/**
 * A read tool's output schema: its REST route's response schema, without the request metadata (`request_id`,
 * `livemode`, a list's `url`) a tool's output does not carry. Null when the route declares no JSON object response.
 */
export const readOutputSchema = (endpoint: EndpointContract): Json | null => {
  if (endpoint.response === undefined) return null
  const schema = jsonSchemaOf(endpoint.response)
  if (schema.type !== 'object') return null
  // A list's `url` is the REST endpoint's path: a tool's list has none.
  const object = (schema.properties as Json | undefined)?.object as Json | undefined
  const isList = object?.const === 'list' || (Array.isArray(object?.enum) && object.enum.join() === 'list')
  const restOnly = isList ? [...REST_ONLY, 'url'] : REST_ONLY
  const properties = Object.fromEntries(
    Object.entries((schema.properties as Json | undefined) ?? {}).filter(([name]) => !restOnly.includes(name)),
  )
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => !restOnly.includes(name))
  return { ...schema, properties, required }
}
