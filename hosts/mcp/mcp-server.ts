import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { setTimeout as sleep } from 'node:timers/promises'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  type ClientCapabilities,
  ErrorCode,
  isInitializeRequest,
  isJSONRPCRequest,
  type JSONRPCMessage,
  ListToolsRequestSchema,
  McpError,
  type Tool as McpTool,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { EndpointContract } from '../../contracts/endpoint.js'
import { Endpoints } from '../../contracts/endpoints.js'
import { argumentsJsonSchema } from '../../contracts/json-schema.js'
import {
  AgentActionOutput,
  ConfirmActionArguments,
  jsonSchemaOf,
  MCP_PATH,
  readOutputSchema,
  renderAgentAction,
  UserIdArgument,
} from '../../contracts/mcp.js'
import { decodeRequest } from '../../contracts/validation.js'
import type { SessionAuthorityService } from '../../core/account/session-authority.js'
import type { AgentToken } from '../../core/agent/agent-token.js'
import { hintsOf, type Json, type Tool, type ToolServices } from '../../core/agent/agent-tool.js'
import {
  AgentToolCalls,
  type ProposalDesk,
  type SubLimitCounter,
  type ToolCallRefusal,
} from '../../core/agent/tool-calls.js'
import { SUPPORTED_SCOPES } from '../../core/oauth/oauth.js'
import type { Clock } from '../../core/ports/clock.js'
import type { RandomSource } from '../../core/ports/id-generator.js'
import type { IdempotencyStorePort } from '../../core/ports/idempotency-store.js'
import type { LoggerPort } from '../../core/ports/logger.js'
import type { TokenSignerPort } from '../../core/ports/token-signer.js'
import type { DomainError } from '../../core/shared/domain-error.js'
import { InvalidParameter, ResourceNotFound } from '../../core/shared/errors.js'
import type { RequestScope } from '../../core/shared/request-scope.js'
import { err, ok, type Result } from '../../core/shared/result.js'
import type { UserService } from '../../core/user/user-service.js'
import type { Proposal } from '../../core/voice/proposal.js'
import type { ProposalHolder, VoiceService } from '../../core/voice/voice-service.js'
import { decodeArguments } from '../agent/arguments.js'
import { AGENT_TOOLS } from '../agent/tools/registry.js'
import { type ApiErrorBody, domainErrorToApi, errorEnvelope, sendError } from '../api/errors.js'
import type { RateLimitGate } from '../api/plugins/rate-limit.js'
import { requireAuth } from '../api/request-context.js'
import { onceByRequestId } from './mcp-call-replay.js'
import {
  type ConsentAction,
  type ConsentAnswer,
  consentAnswersOf,
  consentRequest,
  ELICITATION_WATCH_MS,
  ElicitationWaiters,
  nameConsentRequests,
} from './mcp-elicitation.js'
import { type KeptServer, KeptServers } from './mcp-kept-servers.js'
import { type ReadThroughTool, type ResourceDeps, registerResourcesAndPrompts } from './mcp-resources.js'
import { type McpSession, McpSessions } from './mcp-sessions.js'

export interface McpRouteOptions {
  readonly livemode: boolean
  readonly voice: VoiceService
  readonly users: UserService
  readonly services: ToolServices
  readonly authority: SessionAuthorityService
  readonly signer: TokenSignerPort
  readonly random: RandomSource
  /** The platform's time (sessions' lifetimes). */
  readonly clock: Clock
  readonly subLimits: SubLimitCounter
  /** The REST idempotency records: a retried `tools/call` (same session, same JSON-RPC id) executes once. */
  readonly idempotency: IdempotencyStorePort
  /** The surface's public base URL: the sessions' issuer, and the origin of the `/mcp` resource's URL. */
  readonly publicBaseUrl: () => string
  /** The issuer of the surface's OAuth authorization server (Connect), named in the protected resource metadata. */
  readonly authorizationServer: () => string
  readonly logger: LoggerPort
  /** The API's rate limiter: the metadata documents, read without a key, count against the caller's address. */
  readonly rateLimit: RateLimitGate
}

/** The MCP server's own version, told at `initialize` (the API's version is `Service-Version`). */
const SERVER_VERSION = '1.0.0'
const CONFIRM_ACTION = 'confirm_action'
const REJECT_ACTION = 'reject_action'

const endpoints = Endpoints as unknown as Record<string, EndpointContract>

/**
 * Every tool's arguments plus the user it acts for: an account-level credential names the user on each call; with a
 * user-scoped agent token `user_id` may be left out (it can only be the token's user).
 */
const inputSchemaOf = (tool: Tool, userScoped: boolean): McpTool['inputSchema'] => {
  const schema = argumentsJsonSchema(tool.arguments)
  const properties = { user_id: jsonSchemaOf(UserIdArgument), ...((schema.properties as Json | undefined) ?? {}) }
  const required = [...(userScoped ? [] : ['user_id']), ...((schema.required as string[] | undefined) ?? [])]
  return { ...schema, type: 'object', properties, required }
}

const actionOutputSchema = jsonSchemaOf(AgentActionOutput) as McpTool['outputSchema']

/** The tools as MCP lists them: JSON Schemas, output schemas, and the annotations of what each may do. */
/** Each tool's description, built once per tool and kind of credential (its JSON Schemas cost about a millisecond). */
const described = new WeakMap<Tool, { account?: McpTool; user?: McpTool }>()
const describeTool = (tool: Tool, userScoped: boolean): McpTool => {
  const entry = described.get(tool) ?? {}
  described.set(tool, entry)
  const slot = userScoped ? 'user' : 'account'
  const description = entry[slot] ?? buildDescription(tool, userScoped)
  entry[slot] = description
  return description
}

const buildDescription = (tool: Tool, userScoped: boolean): McpTool => {
  const hints = hintsOf(tool)
  const route = endpoints[tool.route]
  const output = tool.kind === 'read' && route !== undefined ? readOutputSchema(route) : actionOutputSchema
  return {
    name: tool.name,
    description:
      tool.kind === 'read'
        ? tool.description
        : `${tool.description} Nothing changes until the user confirms: the answer is a proposal; show its summary to the user and call ${CONFIRM_ACTION} with its id once they agree.`,
    inputSchema: inputSchemaOf(tool, userScoped),
    ...(output === null ? {} : { outputSchema: output as McpTool['outputSchema'] }),
    annotations: {
      readOnlyHint: tool.kind === 'read',
      destructiveHint: hints.destructive,
      idempotentHint: hints.idempotent,
      openWorldHint: hints.openWorld,
    },
  }
}

const ACTION_TOOLS: McpTool[] = [
  {
    name: CONFIRM_ACTION,
    description:
      'Executes a proposal once the user has confirmed it, exactly once (a repeated confirmation answers the same outcome with replayed: true), within 5 minutes of the proposal and only if the data has not changed since.',
    inputSchema: jsonSchemaOf(ConfirmActionArguments) as McpTool['inputSchema'],
    outputSchema: actionOutputSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: REJECT_ACTION,
    description: 'Drops a proposal the user declined; it can no longer be confirmed.',
    inputSchema: jsonSchemaOf(ConfirmActionArguments) as McpTool['inputSchema'],
    outputSchema: actionOutputSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
]

/**
 * A tool error: the REST error body, as text for the model and with `isError` (the call had no effect). Its `param`
 * names the tool's argument as `arguments.<name>`, whichever layer found the problem (docs/mcp.md, "Bad input").
 */
const toolError = (body: ApiErrorBody): CallToolResult => {
  const param = body.param === undefined || body.param.startsWith('arguments') ? body.param : `arguments.${body.param}`
  const error = errorEnvelope('', param === undefined ? body : { ...body, param }).error
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error }) }] }
}

const structured = (value: Json, text?: string): CallToolResult => ({
  content: [{ type: 'text', text: text ?? JSON.stringify(value) }],
  structuredContent: value,
})

/** What a session does with its proposals: propose, execute once, reject, read; for the user a call names. */
const proposalActions = (session: McpSession, scope: RequestScope, options: McpRouteOptions, calls: AgentToolCalls) => {
  const holder = (userId: string): ProposalHolder => ({
    id: session.ref,
    channel: 'mcp',
    accountId: scope.accountId,
    livemode: scope.livemode,
    userId,
  })
  const context = (userId: string) => ({ scope, actor: { userId }, services: options.services })
  // The holder's user is the proposal's own: a proposal of another session is not found whatever the user.
  const stored = (proposalId: string) => options.voice.proposalOf(scope, holder(''), proposalId)
  return {
    holder,
    context,
    stored,
    execute: (userId: string, proposalId: string, byUser: boolean) =>
      options.voice.confirm(
        scope,
        holder(userId),
        proposalId,
        byUser,
        calls.executor(context(userId), () => options.voice.proposalOf(scope, holder(userId), proposalId)),
      ),
    reject: (userId: string, proposalId: string) => options.voice.reject(scope, holder(userId), proposalId),
    /** A stored proposal of this session whose tool the session may still use; else why not. */
    decidable: async (proposalId: string): Promise<Result<Proposal, DomainError>> => {
      const found = await stored(proposalId)
      if (!found.ok) return found
      const tool = calls.toolNamed(found.value.tool)
      return tool === undefined || !session.authority.permits(tool.permission)
        ? err(new InvalidParameter({ param: 'proposal_id', message: 'Not an executable proposal.' }))
        : found
    },
  }
}

/**
 * A consent answer that reached this host while no call of its session waits here (the call waits on another host):
 * the answer decides the stored proposal (docs/mcp.md); the waiting call reads the decision.
 */
const decideHere = async (
  session: McpSession,
  scope: RequestScope,
  options: McpRouteOptions,
  calls: AgentToolCalls,
  answer: ConsentAnswer,
): Promise<void> => {
  const actions = proposalActions(session, scope, options, calls)
  const proposal = await actions.decidable(answer.proposalId)
  if (!proposal.ok || proposal.value.status !== 'proposed') return
  const { userId } = proposal.value
  const outcome =
    answer.action === 'accept'
      ? await actions.execute(userId, answer.proposalId, true)
      : await actions.reject(userId, answer.proposalId)
  audit(options.logger, session, `elicitation:${answer.action}`, outcome.ok ? 'decided' : 'refused')
}

/** Why a call was refused, as the error envelope says it. */
const refusalBody = (refusal: ToolCallRefusal): ApiErrorBody => {
  if (refusal.kind === 'domain') return domainErrorToApi(refusal.error)
  if (refusal.kind === 'arguments') return refusal.problem
  return {
    code: 'rate_limit_exceeded',
    message: `Rate limit of ${refusal.limit} per ${refusal.windowMs / 1000} s exceeded for this resource.`,
    retryAfterSeconds: Math.max(1, Math.ceil(refusal.retryAfterMs / 1000)),
  }
}

/** The desk of a read: a read proposes nothing (a call reaching it is a bug). */
const READS_PROPOSE_NOTHING: ProposalDesk = {
  propose: () => Promise.reject(new Error('a read tool proposed a change')),
  execute: () => Promise.reject(new Error('a read tool executed a change')),
}

/** What became of a proposal the user was asked about, for the model. */
const consentText = (proposal: Proposal): string => {
  switch (proposal.status) {
    case 'executed':
      return `Done, the user accepted: ${proposal.summary}`
    case 'rejected':
      return `The user did not accept (declined or dismissed the request): nothing was changed. ${proposal.summary}`
    case 'proposed':
    case 'expired':
      return `The user did not answer in time: nothing was changed. ${proposal.summary}`
    default:
      return `Not done (${proposal.failure?.code ?? proposal.status}): nothing was changed. ${proposal.summary}`
  }
}

/** What one request brings: its session (the authority as read for this request), scope and agent token. */
export interface CallContext {
  readonly session: McpSession
  readonly scope: RequestScope
  /** A user-scoped agent token's record: every call acts for its user, under its confirmation policy. */
  readonly agentToken: AgentToken | null
}

/** What a server's handlers share, whichever request they serve. */
interface ServerDeps {
  readonly options: McpRouteOptions
  readonly calls: AgentToolCalls
  readonly consent: { readonly waiters: ElicitationWaiters; readonly deliver: (message: JSONRPCMessage) => void }
}

/**
 * A session's MCP server on the SDK's protocol implementation: the tools, resources and prompts, each request's
 * handlers built for that request's context (`contextOf` its JSON-RPC id), so that one server may serve a session's
 * successive requests (`KeptServers`).
 */
const serverFor = (
  elicitation: boolean,
  deps: ServerDeps,
  jsonSchemaValidator: AjvJsonSchemaValidator,
  contextOf: (requestId: RequestId) => CallContext,
) => {
  const server = new Server(
    { name: 'departure', version: SERVER_VERSION },
    {
      jsonSchemaValidator,
      capabilities: { tools: {}, prompts: {}, resources: {} },
      instructions:
        'Calendar and departure tools for the users of one account. Every tool takes the user_id it acts for. Reads answer at once; changes execute only once the user accepts them (asked through elicitation when the client supports it, else confirm_action).',
    },
  )
  // The SDK's server learns the client's capabilities at `initialize`, which this server did not see: the
  // session's id carries what the client declared.
  if (elicitation)
    (server as unknown as { _clientCapabilities: ClientCapabilities })._clientCapabilities = {
      elicitation: { form: {} },
    }
  const handlersOf = (requestId: RequestId) => requestHandlers(server, deps, contextOf(requestId))
  server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => handlersOf(extra.requestId).listTools())
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
    handlersOf(extra.requestId).callTool(request, extra.requestId),
  )
  registerResourcesAndPrompts(server, (requestId) => handlersOf(requestId).resources)
  return server
}

/** The handlers of one request: its session's tools and proposals, for its credential and user. */
const requestHandlers = (server: Server, deps: ServerDeps, { session, scope, agentToken }: CallContext) => {
  const { options, calls, consent } = deps
  const tokenUser = agentToken?.userId ?? null
  const { holder, execute, reject, stored, decidable, context } = proposalActions(session, scope, options, calls)

  /**
   * Asks the user to accept a proposal (an elicitation on the call's stream) and answers what became of it: executed
   * on accept, rejected on decline or cancel, decided by an answer another host received, or left to expire when no
   * answer came in its lifetime.
   */
  const askConsent = async (proposal: Proposal, requestId: RequestId): Promise<CallToolResult> => {
    const asking = new AbortController()
    const watching = new AbortController()
    const stopWaiting = consent.waiters.wait(session.ref, proposal.id, consent.deliver)
    const decidedElsewhere = async (): Promise<'elsewhere'> => {
      for (;;) {
        await sleep(ELICITATION_WATCH_MS, undefined, { signal: watching.signal })
        const current = await stored(proposal.id)
        // `confirmed` is a decision still executing on the other host: its outcome is what the call answers.
        if (!current.ok || (current.value.status !== 'proposed' && current.value.status !== 'confirmed'))
          return 'elsewhere'
      }
    }
    let answer: ConsentAction | 'elsewhere' | 'no_answer'
    try {
      answer = await Promise.race([
        server
          .elicitInput(consentRequest(proposal), {
            relatedRequestId: requestId,
            signal: asking.signal,
            timeout: Math.max(1, proposal.expiresAt.getTime() - scope.clock.now().getTime()),
          })
          .then((result) => result.action),
        decidedElsewhere(),
      ])
    } catch (error) {
      // An error answer from the client is a refusal; a timeout leaves the proposal to expire.
      answer = error instanceof McpError && error.code === ErrorCode.RequestTimeout ? 'no_answer' : 'cancel'
    } finally {
      stopWaiting()
      watching.abort()
    }
    // Decided elsewhere: the request is withdrawn from the client (`notifications/cancelled`).
    if (answer === 'elsewhere') asking.abort()
    const { userId } = proposal
    if (answer === 'accept') {
      const outcome = await execute(userId, proposal.id, true)
      audit(options.logger, session, 'elicitation:accept', outcome.ok ? 'executed' : 'refused')
      return outcome.ok
        ? structured(renderAgentAction(outcome.value.proposal, outcome.value.replayed))
        : toolError(domainErrorToApi(outcome.error))
    }
    if (answer === 'decline' || answer === 'cancel') {
      const rejected = await reject(userId, proposal.id)
      audit(options.logger, session, `elicitation:${answer}`, rejected.ok ? 'rejected' : 'refused')
    }
    const now = await stored(proposal.id)
    if (!now.ok) return toolError(domainErrorToApi(now.error))
    return structured(renderAgentAction(now.value), consentText(now.value))
  }
  const listTools = () => {
    const tools = calls.available(session.authority).map((tool) => describeTool(tool, tokenUser !== null))
    return { tools: tools.length === 0 ? [] : [...tools, ...ACTION_TOOLS] }
  }

  /** A call that may change something executes once per JSON-RPC id in its session (`onceByRequestId`). */
  const callOnce = async (request: CallToolRequest, requestId: RequestId): Promise<CallToolResult> => {
    const { name } = request.params
    const changes = name === CONFIRM_ACTION || name === REJECT_ACTION || calls.toolNamed(name)?.kind === 'write'
    if (!changes) return callTool(request, requestId)
    return onceByRequestId(
      { store: options.idempotency, clock: options.clock },
      session.ref,
      requestId,
      { name, arguments: request.params.arguments },
      () => callTool(request, requestId),
    )
  }

  const callTool = async (request: CallToolRequest, requestId: RequestId): Promise<CallToolResult> => {
    const { name } = request.params
    const raw = (request.params.arguments ?? {}) as Json
    if (name === CONFIRM_ACTION || name === REJECT_ACTION) return decide(name, raw)
    if (calls.toolNamed(name) === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`)
    const { user_id: named, ...args } = raw
    // A user-scoped token acts for its user only: another user is as unknown as a foreign id.
    if (tokenUser !== null && named !== undefined && named !== tokenUser)
      return toolError(
        domainErrorToApi(new ResourceNotFound({ resource: 'user', id: String(named), param: 'arguments.user_id' })),
      )
    const userId = tokenUser ?? named
    if (typeof userId !== 'string' || userId === '')
      return toolError({
        code: 'parameter_missing',
        message: 'Missing required parameter: arguments.user_id.',
        param: 'arguments.user_id',
      })
    const user = await options.users.requireActive(scope, userId, 'arguments.user_id')
    if (!user.ok) return toolError(domainErrorToApi(user.error))
    const desk: ProposalDesk = {
      propose: (draft) => options.voice.propose(scope, holder(userId), draft),
      execute: (proposalId, byUser) => execute(userId, proposalId, byUser),
    }
    const outcome = await calls.call({
      name,
      arguments: args,
      authority: session.authority,
      enabled: () => true,
      policy: agentToken?.confirmationPolicy ?? 'always',
      context: context(userId),
      desk,
    })
    audit(options.logger, session, name, outcome.type)
    switch (outcome.type) {
      case 'refused':
        return toolError(refusalBody(outcome.refusal))
      case 'result':
        return structured(outcome.result)
      case 'proposed':
        if (session.elicitation) return askConsent(outcome.proposal, requestId)
        return structured(
          renderAgentAction(outcome.proposal),
          `Proposed, not done: ${outcome.proposal.summary} Ask the user; if they agree call ${CONFIRM_ACTION} with proposal_id ${outcome.proposal.id}, else ${REJECT_ACTION}.`,
        )
      case 'executed':
        return structured(renderAgentAction(outcome.outcome.proposal, outcome.outcome.replayed))
    }
  }

  const decide = async (name: string, raw: Json): Promise<CallToolResult> => {
    const decoded = decodeRequest(ConfirmActionArguments, raw)
    if (!decoded.ok)
      return toolError({
        code: decoded.problem.code,
        message: decoded.problem.message,
        param: decoded.problem.param === null ? 'arguments' : `arguments.${decoded.problem.param}`,
      })
    const proposalId = decoded.value.proposal_id
    const found = await decidable(proposalId)
    if (!found.ok) return toolError(domainErrorToApi(found.error))
    const userId = found.value.userId
    if (name === REJECT_ACTION) {
      const rejected = await reject(userId, proposalId)
      audit(options.logger, session, name, rejected.ok ? 'rejected' : 'refused')
      return rejected.ok ? structured(renderAgentAction(rejected.value)) : toolError(domainErrorToApi(rejected.error))
    }
    const outcome = await execute(userId, proposalId, true)
    audit(options.logger, session, name, outcome.ok ? 'executed' : 'refused')
    return outcome.ok
      ? structured(renderAgentAction(outcome.value.proposal, outcome.value.replayed))
      : toolError(domainErrorToApi(outcome.error))
  }

  // A read for the resources and prompts: the tools' own rules.
  const readThroughTool: ReadThroughTool = async (userId, name, args) => {
    // A user-scoped token reads its user only: another user is as unknown as a foreign id.
    if (tokenUser !== null && userId !== tokenUser)
      return err(domainErrorToApi(new ResourceNotFound({ resource: 'user', id: userId, param: 'arguments.user_id' })))
    const user = await options.users.requireActive(scope, userId, 'arguments.user_id')
    if (!user.ok) return err(domainErrorToApi(user.error))
    const outcome = await calls.call({
      name,
      arguments: args,
      authority: session.authority,
      enabled: () => true,
      policy: 'always',
      context: context(userId),
      desk: READS_PROPOSE_NOTHING,
    })
    if (outcome.type === 'result') return ok(outcome.result)
    if (outcome.type === 'refused') return err(refusalBody(outcome.refusal))
    throw new Error(`the read tool ${name} answered ${outcome.type}`)
  }
  const resources: ResourceDeps = {
    authority: session.authority,
    readThroughTool,
    tokenUser,
    now: () => scope.clock.now(),
  }
  return { listTools, callTool: callOnce, resources }
}

const audit = (logger: LoggerPort, session: McpSession, tool: string, outcome: string) =>
  logger.info(
    { mcp_session: session.ref, account: session.grant.accountId, key: session.grant.keyId, tool, outcome },
    'mcp tool',
  )

/** Whether an `initialize` declares form elicitation (an empty `elicitation` capability means form, as in the SDK). */
const declaresFormElicitation = (body: unknown): boolean => {
  const declared = isInitializeRequest(body) ? body.params.capabilities.elicitation : undefined
  return declared !== undefined && (declared.form !== undefined || declared.url === undefined)
}

/** A JSON-RPC error answered over HTTP (before any MCP request ran), as the SDK's transport answers its own. */
const jsonRpcError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }))

const MCP_URL = `http://localhost${MCP_PATH}`

/**
 * The Fastify request as the SDK's web-standard transport reads it: its method, URL and `Headers` (the body is
 * handed over parsed, so no web `Request` with a body stream is made: that was a tenth of a call's CPU).
 */
const webRequestOf = (request: FastifyRequest): Request => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  return { method: request.method, url: MCP_URL, headers } as Request
}

/** The JSON-RPC ids of the requests in a POST body (one message or a batch). */
const requestIdsOf = (body: unknown): RequestId[] =>
  (Array.isArray(body) ? body : [body]).filter(isJSONRPCRequest).map((message) => message.id)

/** A session's server and transport on this host, and the context of each request in flight on it. */
interface Served extends KeptServer {
  readonly server: Server
  readonly transport: WebStandardStreamableHTTPServerTransport
  readonly contexts: Map<RequestId, CallContext>
}

/** How many sessions' servers a host keeps at most, and how long one idle is kept (`KeptServers`). */
export const MCP_KEPT_SERVERS = 1000
export const MCP_KEPT_SERVER_IDLE_MS = 5 * 60_000

/**
 * MCP over Streamable HTTP at `/mcp` (docs/mcp.md). The session (`Mcp-Session-Id`) is the signed token `McpSessions`
 * issues at `initialize`, so any host serves any request of a session; a host keeps an SDK server per session it
 * serves (`KeptServers`), made again from the session's id when it holds none. The request has passed the API's own hooks first: the key, the account, the rate pool.
 */
export const mcpRoutes = (app: FastifyInstance, options: McpRouteOptions): void => {
  const sessions = new McpSessions({
    signer: options.signer,
    authority: options.authority,
    random: options.random,
    clock: options.clock,
    issuer: () => options.publicBaseUrl().replace(/\/+$/, ''),
  })
  const calls = new AgentToolCalls({ tools: AGENT_TOOLS, decode: decodeArguments, subLimits: options.subLimits })
  const waiters = new ElicitationWaiters()
  // One for every server: the SDK otherwise builds an Ajv instance per server, the largest cost of a call.
  const jsonSchemaValidator = new AjvJsonSchemaValidator()
  const kept = new KeptServers<Served>({
    max: MCP_KEPT_SERVERS,
    idleMs: MCP_KEPT_SERVER_IDLE_MS,
    now: () => options.clock.now().getTime(),
  })

  /**
   * A server and transport for a session. `keep`: a session transport that serves the session's later requests
   * (the session was initialized earlier, on any host); else a stateless one for this request only (an
   * `initialize`, or a retry of a call in flight). A session that asks its user through elicitation answers on an
   * SSE stream (the request reaches the client on the call's own stream); any other, with one JSON body.
   */
  const serve = async (session: McpSession, keep: boolean): Promise<Served> => {
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: keep ? () => session.id : undefined,
      enableJsonResponse: !session.elicitation,
    })
    if (keep) {
      transport.sessionId = session.id
      ;(transport as unknown as { _initialized: boolean })._initialized = true
    }
    const contexts = new Map<RequestId, CallContext>()
    const deliver = nameConsentRequests(transport)
    const server = serverFor(
      session.elicitation,
      { options, calls, consent: { waiters, deliver } },
      jsonSchemaValidator,
      (id) => {
        const context = contexts.get(id)
        if (context === undefined) throw new McpError(ErrorCode.InternalError, 'A request without its context.')
        return context
      },
    )
    await server.connect(transport)
    return {
      server,
      transport,
      contexts,
      get inFlight() {
        return contexts.size
      },
      close: () => server.close(),
    }
  }

  const base = () => options.publicBaseUrl().replace(/\/+$/, '')
  // RFC 9728 3.1: the metadata of a resource with a path is at the well-known prefix followed by that path.
  const metadataUrl = () => `${base()}${Endpoints.mcpProtectedResourceMetadata.path}`
  const protectedResourceMetadata = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('application/json')
      .send({
        resource: `${base()}${MCP_PATH}`,
        authorization_servers: [options.authorizationServer()],
        bearer_methods_supported: ['header'],
        scopes_supported: SUPPORTED_SCOPES,
        resource_name: 'Departure MCP server',
      })
  // Both the path-suffixed document (RFC 9728) and the bare one (what MCP clients try when no challenge named one).
  const metadataRoute = {
    config: { public: true },
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await options.rateLimit.admitAnonymous(request, reply))) return reply
    },
  }
  app.get(Endpoints.mcpProtectedResourceMetadata.path, metadataRoute, protectedResourceMetadata)
  app.get(Endpoints.protectedResourceMetadata.path, metadataRoute, protectedResourceMetadata)

  // RFC 9728 5.1 and RFC 6750 3: a 401 at /mcp (no credential, or one refused) names the metadata in its challenge,
  // whichever hook answered it (the authentication hook answers before the handler runs).
  const challenge = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 401) reply.header('WWW-Authenticate', `Bearer resource_metadata="${metadataUrl()}"`)
    return payload
  }

  app.post(MCP_PATH, { config: { permission: 'any_key' }, onSend: challenge }, async (request, reply) => {
    const auth = requireAuth(request.auth)
    const header = request.headers['mcp-session-id']
    const named = Array.isArray(header) ? header[0] : header
    let session: Awaited<ReturnType<McpSessions['open']>>
    const userId = request.agentToken?.userId ?? null
    if (isInitializeRequest(request.body)) {
      session = await sessions.open(auth, request.scope, { elicitation: declaresFormElicitation(request.body) }, userId)
      if (session.ok) reply.header('mcp-session-id', session.value.id)
    } else {
      if (named === undefined || named === '')
        return jsonRpcError(reply, 400, -32000, 'Bad Request: Mcp-Session-Id header is required')
      session = await sessions.resume(named, auth, request.scope, userId)
    }
    if (!session.ok) {
      // The session is over: this host keeps nothing for it.
      if (named !== undefined) kept.drop(named)
      return jsonRpcError(
        reply,
        404,
        -32001,
        session.error.reason === 'authority_lost'
          ? `Session ended (${session.error.loss}).`
          : 'Session not found: initialize a new session.',
      )
    }
    // The client's answer to a consent request: to the call waiting on this host, else decided here.
    const answers = consentAnswersOf(request.body)
    if (answers !== null) {
      for (const answer of answers)
        if (!waiters.deliver(session.value.ref, answer))
          await decideHere(session.value, request.scope, options, calls, answer)
      return reply.status(202).send()
    }
    const context: CallContext = { session: session.value, scope: request.scope, agentToken: request.agentToken }
    const ids = requestIdsOf(request.body)
    // An `initialize`, or a request whose JSON-RPC id is in flight on the session's kept server (a retry while the
    // first is running: the transport maps answers by id), runs on a server of its own; any other request on the
    // session's kept server, made now if this host holds none.
    let served = isInitializeRequest(request.body) ? undefined : kept.take(session.value.id)
    let keptHere = served !== undefined
    if (served === undefined && !isInitializeRequest(request.body)) {
      served = await serve(session.value, true)
      keptHere = kept.keep(session.value.id, served)
    }
    if (served === undefined || ids.some((id) => served?.contexts.has(id))) {
      served = await serve(session.value, false)
      keptHere = false
    }
    const { server, transport, contexts } = served
    for (const id of ids) contexts.set(id, context)
    const done = () => {
      for (const id of ids) contexts.delete(id)
      if (!keptHere) void server.close()
    }
    let streaming = false
    try {
      const response = await transport.handleRequest(webRequestOf(request), { parsedBody: request.body })
      reply.status(response.status)
      response.headers.forEach((value, name) => {
        reply.header(name, value)
      })
      if (response.body !== null && response.headers.get('content-type')?.startsWith('text/event-stream')) {
        streaming = true
        const stream = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
        stream.once('close', done)
        return reply.send(stream)
      }
      const text = await response.text()
      return reply.send(text === '' ? undefined : text)
    } finally {
      if (!streaming) done()
    }
  })
  app.addHook('onClose', () => kept.closeAll())

  // No server-initiated stream (every answer comes with its request), and a session ends by its expiry or the loss
  // of its authority, not by the client: both are allowed answers of the transport (405).
  const notAllowed = async (request: FastifyRequest, reply: FastifyReply) =>
    sendError(request, reply.header('Allow', 'POST'), {
      code: 'method_not_allowed',
      message: `${request.method} is not allowed on ${MCP_PATH}; allowed: POST.`,
    })
  app.get(MCP_PATH, { config: { permission: 'any_key' }, onSend: challenge }, notAllowed)
  app.delete(MCP_PATH, { config: { permission: 'any_key' }, onSend: challenge }, notAllowed)
}
