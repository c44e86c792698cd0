import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  GetPromptRequestSchema,
  isInitializeRequest,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type Tool as McpTool,
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
import { AgentToolCalls, type ProposalDesk, type SubLimitCounter } from '../../core/agent/tool-calls.js'
import { SUPPORTED_SCOPES } from '../../core/oauth/oauth.js'
import type { Clock } from '../../core/ports/clock.js'
import type { RandomSource } from '../../core/ports/id-generator.js'
import type { LoggerPort } from '../../core/ports/logger.js'
import type { TokenSignerPort } from '../../core/ports/token-signer.js'
import { InvalidParameter, ResourceNotFound } from '../../core/shared/errors.js'
import type { RequestScope } from '../../core/shared/request-scope.js'
import type { UserService } from '../../core/user/user-service.js'
import type { ProposalHolder, VoiceService } from '../../core/voice/voice-service.js'
import { decodeArguments } from '../agent/arguments.js'
import { AGENT_TOOLS } from '../agent/tools/registry.js'
import { type ApiErrorBody, domainErrorToApi, errorEnvelope, sendError } from '../api/errors.js'
import type { RateLimitGate } from '../api/plugins/rate-limit.js'
import { requireAuth } from '../api/request-context.js'
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
const describeTool = (tool: Tool, userScoped: boolean): McpTool => {
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

const PLAN_MY_DAY = 'plan_my_day'

/** A tool error: the REST error body, as text for the model and with `isError` (the call had no effect). */
const toolError = (body: ApiErrorBody): CallToolResult => {
  const error = errorEnvelope('', body).error
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error }) }] }
}

const structured = (value: Json, text?: string): CallToolResult => ({
  content: [{ type: 'text', text: text ?? JSON.stringify(value) }],
  structuredContent: value,
})

/** One request's MCP server: the session's tools, prompts, and the calls, on the SDK's protocol implementation. */
const serverFor = (
  session: McpSession,
  scope: RequestScope,
  options: McpRouteOptions,
  calls: AgentToolCalls,
  jsonSchemaValidator: AjvJsonSchemaValidator,
  /** A user-scoped agent token's record: every call acts for its user, under its confirmation policy. */
  agentToken: AgentToken | null,
) => {
  const tokenUser = agentToken?.userId ?? null
  const server = new Server(
    { name: 'departure', version: SERVER_VERSION },
    {
      jsonSchemaValidator,
      capabilities: { tools: {}, prompts: {} },
      instructions:
        'Calendar and departure tools for the users of one account. Every tool takes the user_id it acts for. Reads answer at once; changes are proposals that execute only once the user confirms them (confirm_action).',
    },
  )
  const holder = (userId: string): ProposalHolder => ({
    id: session.ref,
    accountId: scope.accountId,
    livemode: scope.livemode,
    userId,
  })
  const context = (userId: string) => ({ scope, actor: { userId }, services: options.services })
  const execute = (userId: string, proposalId: string, byUser: boolean) =>
    options.voice.confirm(
      scope,
      holder(userId),
      proposalId,
      byUser,
      calls.executor(context(userId), () => options.voice.proposalOf(scope, holder(userId), proposalId)),
    )

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const tools = calls.available(session.authority).map((tool) => describeTool(tool, tokenUser !== null))
    return { tools: tools.length === 0 ? [] : [...tools, ...ACTION_TOOLS] }
  })

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
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
      case 'refused': {
        const { refusal } = outcome
        if (refusal.kind === 'domain') return toolError(domainErrorToApi(refusal.error))
        if (refusal.kind === 'arguments') return toolError(refusal.problem)
        return toolError({
          code: 'rate_limit_exceeded',
          message: `Rate limit of ${refusal.limit} per ${refusal.windowMs / 1000} s exceeded for this resource.`,
          retryAfterSeconds: Math.max(1, Math.ceil(refusal.retryAfterMs / 1000)),
        })
      }
      case 'result':
        return structured(outcome.result)
      case 'proposed':
        return structured(
          renderAgentAction(outcome.proposal),
          `Proposed, not done: ${outcome.proposal.summary} Ask the user; if they agree call ${CONFIRM_ACTION} with proposal_id ${outcome.proposal.id}, else ${REJECT_ACTION}.`,
        )
      case 'executed':
        return structured(renderAgentAction(outcome.outcome.proposal, outcome.outcome.replayed))
    }
  })

  const decide = async (name: string, raw: Json): Promise<CallToolResult> => {
    const decoded = decodeRequest(ConfirmActionArguments, raw)
    if (!decoded.ok)
      return toolError({
        code: decoded.problem.code,
        message: decoded.problem.message,
        param: decoded.problem.param === null ? 'arguments' : `arguments.${decoded.problem.param}`,
      })
    const proposalId = decoded.value.proposal_id
    // The holder's user is the proposal's own: a proposal of another session is not found whatever the user.
    const stored = await options.voice.proposalOf(scope, holder(''), proposalId)
    if (!stored.ok) return toolError(domainErrorToApi(stored.error))
    const tool = calls.toolNamed(stored.value.tool)
    if (tool === undefined || !session.authority.permits(tool.permission))
      return toolError(
        domainErrorToApi(new InvalidParameter({ param: 'proposal_id', message: 'Not an executable proposal.' })),
      )
    const userId = stored.value.userId
    if (name === REJECT_ACTION) {
      const rejected = await options.voice.reject(scope, holder(userId), proposalId)
      audit(options.logger, session, name, rejected.ok ? 'rejected' : 'refused')
      return rejected.ok ? structured(renderAgentAction(rejected.value)) : toolError(domainErrorToApi(rejected.error))
    }
    const outcome = await execute(userId, proposalId, true)
    audit(options.logger, session, name, outcome.ok ? 'executed' : 'refused')
    return outcome.ok
      ? structured(renderAgentAction(outcome.value.proposal, outcome.value.replayed))
      : toolError(domainErrorToApi(outcome.error))
  }

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: [
      {
        name: PLAN_MY_DAY,
        description: 'Plan a user’s day: their events, when to leave for each, and what is at risk.',
        arguments: [{ name: 'user_id', description: 'The user (usr_...).', required: true }],
      },
    ],
  }))

  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name !== PLAN_MY_DAY)
      throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`)
    const userId = request.params.arguments?.user_id ?? tokenUser ?? undefined
    if (userId === undefined || userId === '')
      throw new McpError(ErrorCode.InvalidParams, 'The prompt plan_my_day needs user_id.')
    return {
      description: 'Plan the day of one user.',
      messages: [
        {
          role: 'user' as const,
          content: {
            type: 'text' as const,
            text: `Plan today for user ${userId}. Use get_user for their time zone, list_events for today's events, then get_departure and get_event_health for each event with a place: say when to leave for each, which ones are at risk and why, and suggest changes. Change nothing without asking me first.`,
          },
        },
      ],
    }
  })
  return server
}

const audit = (logger: LoggerPort, session: McpSession, tool: string, outcome: string) =>
  logger.info(
    { mcp_session: session.ref, account: session.grant.accountId, key: session.grant.keyId, tool, outcome },
    'mcp tool',
  )

/** A JSON-RPC error answered over HTTP (before any MCP request ran), as the SDK's transport answers its own. */
const jsonRpcError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }))

/** The Fastify request as a web `Request` (the SDK's web-standard transport); the body is handed over parsed. */
const webRequestOf = (request: FastifyRequest): Request => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  return new Request(`http://localhost${MCP_PATH}`, { method: request.method, headers })
}

/**
 * MCP over Streamable HTTP at `/mcp` (docs/mcp.md). Each request runs on a fresh SDK server and stateless transport;
 * the session (`Mcp-Session-Id`) is the signed token `McpSessions` issues at `initialize`, so any host serves any
 * request of a session. The request has passed the API's own hooks first: the key, the account, the rate pool.
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
  // One for every request's server: the SDK otherwise builds an Ajv instance per server, the largest cost of a call.
  const jsonSchemaValidator = new AjvJsonSchemaValidator()

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
      session = await sessions.open(auth, request.scope, userId)
      if (session.ok) reply.header('mcp-session-id', session.value.id)
    } else {
      if (named === undefined || named === '')
        return jsonRpcError(reply, 400, -32000, 'Bad Request: Mcp-Session-Id header is required')
      session = await sessions.resume(named, auth, request.scope, userId)
    }
    if (!session.ok)
      return jsonRpcError(
        reply,
        404,
        -32001,
        session.error.reason === 'authority_lost'
          ? `Session ended (${session.error.loss}).`
          : 'Session not found: initialize a new session.',
      )
    const server = serverFor(session.value, request.scope, options, calls, jsonSchemaValidator, request.agentToken)
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    await server.connect(transport)
    try {
      const response = await transport.handleRequest(webRequestOf(request), { parsedBody: request.body })
      reply.status(response.status)
      response.headers.forEach((value, name) => {
        reply.header(name, value)
      })
      const text = await response.text()
      return reply.send(text === '' ? undefined : text)
    } finally {
      await server.close()
    }
  })

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
