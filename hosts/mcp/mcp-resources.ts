import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type RequestId,
  type ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js'
import type { HeldAuthority } from '../../core/account/session-authority.js'
import type { Json } from '../../core/agent/agent-tool.js'
import type { Result } from '../../core/shared/result.js'
import { type ApiErrorBody, errorEnvelope } from '../api/errors.js'

/**
 * The MCP resources and prompts (docs/mcp.md, "Resources" and "Prompts"): a user's upcoming events and profile as
 * resources (templates per user), and `plan_my_day`. Each reads through a read tool, so with its permission, the
 * user check (another account's user is not found) and its output: a resource is what the tool would answer.
 */

/** A read tool's call for a user: the same rules as `tools/call` (permission, user, arguments). */
export type ReadThroughTool = (userId: string, tool: string, args: Json) => Promise<Result<Json, ApiErrorBody>>

export interface ResourceDeps {
  readonly authority: HeldAuthority
  readThroughTool: ReadThroughTool
  /** A user-scoped agent token's user: the prompt's `user_id` defaults to it (the reads refuse any other user). */
  readonly tokenUser: string | null
  /** The surface's time: "upcoming" starts now. */
  now(): Date
}

/** MCP's code for a resource that does not exist (the specification's, not a JSON-RPC standard one). */
const RESOURCE_NOT_FOUND = -32002
/** How far ahead "upcoming" looks, and how many events it holds at most (the tool's page limit). */
export const UPCOMING_DAYS = 7
const UPCOMING_LIMIT = 100

interface ResourceKind {
  readonly template: ResourceTemplate
  readonly pattern: RegExp
  readonly permission: { readonly resource: 'events' | 'users'; readonly access: 'read' }
  readonly read: (deps: ResourceDeps, userId: string) => Promise<Result<Json, ApiErrorBody>>
}

const USER_ID = '(usr_[A-Za-z0-9]{1,60})'

const RESOURCES: readonly ResourceKind[] = [
  {
    template: {
      uriTemplate: 'departure://users/{user_id}/events/upcoming',
      name: 'upcoming_events',
      title: 'Upcoming events',
      description: `The user's events starting in the next ${UPCOMING_DAYS} days (as list_events answers them; needs events:read).`,
      mimeType: 'application/json',
    },
    pattern: new RegExp(`^departure://users/${USER_ID}/events/upcoming$`),
    permission: { resource: 'events', access: 'read' },
    read: (deps, userId) => {
      const from = deps.now()
      const to = new Date(from.getTime() + UPCOMING_DAYS * 86_400_000)
      return deps.readThroughTool(userId, 'list_events', {
        from: from.toISOString(),
        to: to.toISOString(),
        limit: UPCOMING_LIMIT,
      })
    },
  },
  {
    template: {
      uriTemplate: 'departure://users/{user_id}/profile',
      name: 'user_profile',
      title: 'User profile',
      description: 'The user: time zone, home, travel preferences (as get_user answers it; needs users:read).',
      mimeType: 'application/json',
    },
    pattern: new RegExp(`^departure://users/${USER_ID}/profile$`),
    permission: { resource: 'users', access: 'read' },
    read: (deps, userId) => deps.readThroughTool(userId, 'get_user', {}),
  },
]

const PLAN_MY_DAY = 'plan_my_day'

/** The error a refused read carries: the envelope's error, as a tool error carries it. */
const refused = (code: number, body: ApiErrorBody) => new McpError(code, body.message, errorEnvelope('', body))

/** `depsOf`: each request's (its credential's authority and user), by its JSON-RPC id. */
export const registerResourcesAndPrompts = (server: Server, depsOf: (requestId: RequestId) => ResourceDeps): void => {
  const permitted = (deps: ResourceDeps) => (kind: ResourceKind) => deps.authority.permits(kind.permission)

  // Every resource is a user's: none is listed by itself; the templates name them.
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }))
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async (_request, extra) => ({
    resourceTemplates: RESOURCES.filter(permitted(depsOf(extra.requestId))).map((kind) => kind.template),
  }))
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const deps = depsOf(extra.requestId)
    const { uri } = request.params
    for (const kind of RESOURCES) {
      const match = kind.pattern.exec(uri)
      if (match === null) continue
      const read = await kind.read(deps, match[1] as string)
      if (!read.ok)
        throw refused(read.error.code === 'resource_missing' ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams, {
          ...read.error,
          ...(read.error.param === undefined ? {} : { param: read.error.param.replace('arguments.', '') }),
        })
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(read.value) }] }
    }
    throw refused(RESOURCE_NOT_FOUND, {
      code: 'resource_missing',
      message: `No such resource: ${uri.slice(0, 200)}`,
      param: 'uri',
    })
  })

  // The prompt plans with the event and departure reads: offered to a credential that may make them.
  const planPermitted = (deps: ResourceDeps) =>
    deps.authority.permits({ resource: 'events', access: 'read' }) &&
    deps.authority.permits({ resource: 'departure', access: 'read' })
  server.setRequestHandler(ListPromptsRequestSchema, async (_request, extra) => {
    const deps = depsOf(extra.requestId)
    return {
      prompts: planPermitted(deps)
        ? [
            {
              name: PLAN_MY_DAY,
              description: 'Plan a user’s day: their events, when to leave for each, and what is at risk.',
              arguments: [{ name: 'user_id', description: 'The user (usr_...).', required: deps.tokenUser === null }],
            },
          ]
        : [],
    }
  })
  server.setRequestHandler(GetPromptRequestSchema, async (request, extra) => {
    const deps = depsOf(extra.requestId)
    if (request.params.name !== PLAN_MY_DAY || !planPermitted(deps))
      throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name.slice(0, 100)}`)
    const userId = request.params.arguments?.user_id ?? deps.tokenUser ?? undefined
    if (userId === undefined || userId === '')
      throw refused(ErrorCode.InvalidParams, {
        code: 'parameter_missing',
        message: 'The prompt plan_my_day needs user_id.',
        param: 'user_id',
      })
    // The user must be the account's, as for any tool: the prompt names no one else.
    const user = await deps.readThroughTool(userId, 'list_events', { limit: 1 })
    if (!user.ok)
      throw refused(user.error.code === 'resource_missing' ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams, {
        ...user.error,
        param: 'user_id',
      })
    return {
      description: 'Plan the day of one user.',
      messages: [
        {
          role: 'user' as const,
          content: {
            type: 'text' as const,
            text: `Plan today for user ${userId}. Read the resource departure://users/${userId}/events/upcoming (or use list_events for today's events) and get_user for their time zone, then get_departure and get_event_health for each event with a place: say when to leave for each, which ones are at risk and why, and suggest changes. Change nothing without asking me first.`,
          },
        },
      ],
    }
  })
}
