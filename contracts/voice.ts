import { Schema } from 'effect'
import type { Proposal } from '../core/voice/proposal.js'
import { PROPOSAL_STATUSES } from '../core/voice/proposal.js'
import {
  CONFIRMATION_POLICIES,
  effectiveStatus,
  SPEECH_MODELS,
  type VoiceSession,
} from '../core/voice/voice-session.js'
import { boundedString, DateTime, intBetween, ResponseMeta } from './common.js'
import { type EndpointContract, NoBody } from './endpoint.js'
import { toJsonSchema } from './json-schema.js'

/** The WebSocket path of the voice channel, on each surface's host. */
export const VOICE_WEBSOCKET_PATH = '/v1/voice/ws'
/** The WebSocket subprotocol a client names (with `bearer.<token>` when not sending `?token=`). */
export const VOICE_SUBPROTOCOL = 'voice.v1'

// ---------- REST: sessions ----------

export const CreateVoiceSessionRequest = Schema.Struct({
  user_id: boundedString(64),
  tools: Schema.optionalKey(
    Schema.Array(boundedString(64))
      .check(Schema.isMinLength(1))
      .check(Schema.isMaxLength(64))
      .annotate({ description: 'A subset of the tool names; all tools the key may use by default.' }),
  ),
  confirmation_policy: Schema.optionalKey(
    Schema.Literals(CONFIRMATION_POLICIES).annotate({
      description:
        '`always` (default): every change waits for `action.confirm`; `low_risk_direct`: snoozes execute at once.',
    }),
  ),
  locale: Schema.optionalKey(boundedString(35)),
  model: Schema.optionalKey(
    Schema.Literals(SPEECH_MODELS).annotate({
      description:
        '`embedded` (default): the client sends the tool calls; `realtime_relay`: the service relays to a configured realtime model.',
    }),
  ),
  expires_in: Schema.optionalKey(
    intBetween(60, 7200).annotate({ description: 'Session lifetime in seconds; default 1800, at most 7200.' }),
  ),
}).annotate({ identifier: 'CreateVoiceSessionRequest' })

const VoiceActionItem = Schema.Struct({
  id: Schema.String,
  tool: Schema.String,
  status: Schema.Literals(PROPOSAL_STATUSES),
  summary: Schema.String,
  confirmed_by_user: Schema.NullOr(Schema.Boolean),
  resource: Schema.Struct({ type: Schema.String, id: Schema.NullOr(Schema.String) }),
  created_at: DateTime,
  executed_at: Schema.NullOr(DateTime),
})

export const VoiceSessionResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('voice_session'),
  user_id: Schema.String,
  status: Schema.Literals(['created', 'active', 'ended']),
  end_reason: Schema.NullOr(Schema.String),
  tools: Schema.Array(Schema.String),
  confirmation_policy: Schema.Literals(CONFIRMATION_POLICIES),
  locale: Schema.String,
  model: Schema.Literals(SPEECH_MODELS),
  created_at: DateTime,
  connect_by: DateTime,
  expires_at: DateTime,
  connected_at: Schema.NullOr(DateTime),
  ended_at: Schema.NullOr(DateTime),
  tool_calls: Schema.Int,
  actions: Schema.Array(VoiceActionItem),
  websocket_url: Schema.optionalKey(Schema.String),
  client_secret: Schema.optionalKey(
    Schema.Struct({ value: Schema.String, expires_at: DateTime }).annotate({
      description: 'The connect token (a JWT): only in the answer of create. Connects once, until `expires_at`.',
    }),
  ),
  ...ResponseMeta,
}).annotate({ identifier: 'VoiceSession', description: 'A voice conversation of one user.' })

const iso = (date: Date | null) => (date === null ? null : date.toISOString())

export const renderVoiceAction = (proposal: Proposal) => ({
  id: proposal.id,
  tool: proposal.tool,
  status: proposal.status,
  summary: proposal.summary,
  confirmed_by_user: proposal.confirmedByUser,
  resource: { type: proposal.resource.type, id: proposal.resource.id },
  created_at: proposal.createdAt.toISOString(),
  executed_at: iso(proposal.executedAt),
})

export const renderVoiceSession = (
  session: VoiceSession,
  proposals: readonly Proposal[],
  now: Date,
  extra: { readonly websocketUrl?: string; readonly token?: string } = {},
): Record<string, unknown> => {
  const status = effectiveStatus(session, now)
  return {
    id: session.id,
    object: 'voice_session',
    user_id: session.userId,
    status,
    end_reason: status === 'ended' ? (session.endReason ?? 'expired') : null,
    tools: [...session.tools],
    confirmation_policy: session.confirmationPolicy,
    locale: session.locale,
    model: session.model,
    created_at: session.createdAt.toISOString(),
    connect_by: session.connectBy.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    connected_at: iso(session.connectedAt),
    ended_at: status === 'ended' ? (iso(session.endedAt) ?? session.expiresAt.toISOString()) : null,
    tool_calls: session.toolCalls,
    actions: proposals.map(renderVoiceAction),
    ...(extra.websocketUrl === undefined ? {} : { websocket_url: extra.websocketUrl }),
    ...(extra.token === undefined
      ? {}
      : { client_secret: { value: extra.token, expires_at: session.connectBy.toISOString() } }),
  }
}

/** The `voice.action_executed` notification's object (`confirmed_by_user` since 2026-05-20). */
export const renderVoiceActionNotice = (proposal: Proposal) => ({
  id: proposal.id,
  object: 'voice_action',
  session: proposal.sessionId,
  user_id: proposal.userId,
  tool: proposal.tool,
  resource: { type: proposal.resource.type, id: proposal.resource.id },
  summary: proposal.summary,
  change: proposal.change,
  confirmed_by_user: proposal.confirmedByUser === true,
  executed_at: iso(proposal.executedAt),
})

// ---------- WebSocket messages ----------

const CallId = boundedString(128).annotate({ description: 'The caller’s id of this call; echoed in the answer.' })
const ProposalId = boundedString(64)

/** Client -> service. */
export const ToolCallMessage = Schema.Struct({
  type: Schema.Literal('tool.call'),
  call_id: CallId,
  name: boundedString(64),
  arguments: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
}).annotate({ identifier: 'VoiceToolCall' })

export const ActionConfirmMessage = Schema.Struct({
  type: Schema.Literal('action.confirm'),
  proposal_id: ProposalId,
}).annotate({ identifier: 'VoiceActionConfirm' })

export const ActionRejectMessage = Schema.Struct({
  type: Schema.Literal('action.reject'),
  proposal_id: ProposalId,
}).annotate({ identifier: 'VoiceActionReject' })

export const PingMessage = Schema.Struct({
  type: Schema.Literal('ping'),
  id: Schema.optionalKey(boundedString(128)),
}).annotate({ identifier: 'VoicePing' })

export const SessionEndMessage = Schema.Struct({ type: Schema.Literal('session.end') }).annotate({
  identifier: 'VoiceSessionEnd',
})

export const CLIENT_MESSAGES = {
  'tool.call': ToolCallMessage,
  'action.confirm': ActionConfirmMessage,
  'action.reject': ActionRejectMessage,
  ping: PingMessage,
  'session.end': SessionEndMessage,
} as const
export type ClientMessageType = keyof typeof CLIENT_MESSAGES
export type ClientMessage = (typeof CLIENT_MESSAGES)[ClientMessageType]['Type']

const ErrorBody = Schema.Struct({
  type: Schema.String,
  code: Schema.String,
  message: Schema.String,
  param: Schema.optionalKey(Schema.String),
  retry_after_seconds: Schema.optionalKey(Schema.Number),
})

/** Service -> client. */
export const SessionReadyMessage = Schema.Struct({
  type: Schema.Literal('session.ready'),
  session: Schema.Struct({ id: Schema.String, user_id: Schema.String, expires_at: DateTime }),
  tools: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      description: Schema.String,
      kind: Schema.Literals(['read', 'write']),
      permission: Schema.String,
      parameters: Schema.Record(Schema.String, Schema.Unknown),
    }),
  ),
  limits: Schema.Struct({
    max_message_bytes: Schema.Int,
    messages_per_second: Schema.Int,
    proposal_lifetime_seconds: Schema.Int,
  }),
}).annotate({ identifier: 'VoiceSessionReady' })

export const ToolResultMessage = Schema.Struct({
  type: Schema.Literal('tool.result'),
  call_id: Schema.String,
  name: Schema.String,
  result: Schema.Record(Schema.String, Schema.Unknown),
}).annotate({ identifier: 'VoiceToolResult' })

export const ToolErrorMessage = Schema.Struct({
  type: Schema.Literal('tool.error'),
  call_id: Schema.String,
  name: Schema.String,
  error: ErrorBody,
}).annotate({ identifier: 'VoiceToolError' })

export const ActionProposedMessage = Schema.Struct({
  type: Schema.Literal('action.proposed'),
  call_id: Schema.String,
  proposal: Schema.Struct({
    id: Schema.String,
    tool: Schema.String,
    summary: Schema.String,
    change: Schema.Record(Schema.String, Schema.Unknown),
    resource: Schema.Struct({ type: Schema.String, id: Schema.NullOr(Schema.String) }),
    expires_at: DateTime,
  }),
}).annotate({ identifier: 'VoiceActionProposed' })

export const ActionExecutedMessage = Schema.Struct({
  type: Schema.Literal('action.executed'),
  call_id: Schema.optionalKey(Schema.String),
  proposal_id: Schema.String,
  confirmed_by_user: Schema.Boolean,
  replayed: Schema.Boolean,
  result: Schema.Record(Schema.String, Schema.Unknown),
}).annotate({ identifier: 'VoiceActionExecuted' })

export const ActionRejectedMessage = Schema.Struct({
  type: Schema.Literal('action.rejected'),
  proposal_id: Schema.String,
}).annotate({ identifier: 'VoiceActionRejected' })

export const PongMessage = Schema.Struct({
  type: Schema.Literal('pong'),
  id: Schema.optionalKey(Schema.String),
}).annotate({ identifier: 'VoicePong' })

export const HeartbeatMessage = Schema.Struct({
  type: Schema.Literal('heartbeat'),
  at: DateTime,
}).annotate({ identifier: 'VoiceHeartbeat' })

export const ErrorMessage = Schema.Struct({
  type: Schema.Literal('error'),
  /** The client message this answers, when it could be read (`call_id`, `proposal_id`). */
  ref: Schema.optionalKey(Schema.String),
  error: ErrorBody,
}).annotate({ identifier: 'VoiceError' })

export const SessionEndedMessage = Schema.Struct({
  type: Schema.Literal('session.ended'),
  reason: Schema.String,
}).annotate({ identifier: 'VoiceSessionEnded' })

export const SERVER_MESSAGES = [
  SessionReadyMessage,
  ToolResultMessage,
  ToolErrorMessage,
  ActionProposedMessage,
  ActionExecutedMessage,
  ActionRejectedMessage,
  PongMessage,
  HeartbeatMessage,
  ErrorMessage,
  SessionEndedMessage,
] as const

/** Close codes of the voice WebSocket (docs/voice.md). */
export const VOICE_CLOSE_CODES = {
  /** The client sent `session.end`. */
  normal: 1000,
  /** The service is shutting down. */
  goingAway: 1001,
  /** The client floods: far past the message rate, or never reads (back-pressure). */
  policy: 1008,
  /** A frame beyond the hard frame limit (1 MiB). */
  tooBig: 1009,
  /** `POST /v1/voice/sessions/{id}/end`. */
  endedByApi: 4000,
  /** The session reached `expires_at`. */
  expired: 4001,
  /**
   * The authority the session acted with is gone: its key revoked (or rolled without overlap), a permission it needs
   * removed, its connected account or its user deleted, its user paused. The close reason names which.
   */
  authorityRevoked: 4003,
  /** Every concurrent voice session of the API key is taken. */
  tooManySessions: 4429,
} as const

/**
 * A JSON Schema document of every message, both ways (an AsyncAPI-style reference for clients): `client` by message
 * type and `server` as a list, each a `$ref` into the shared `$defs`.
 */
export const voiceMessagesJsonSchema = () => {
  const $defs: Record<string, unknown> = {}
  const add = (schema: Schema.Top) => {
    const document = toJsonSchema(schema)
    Object.assign($defs, document.definitions)
    return document.schema
  }
  return {
    client: Object.fromEntries(Object.entries(CLIENT_MESSAGES).map(([type, schema]) => [type, add(schema)])),
    server: SERVER_MESSAGES.map(add),
    $defs,
  }
}

/** The Voice endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const VoiceEndpoints = {
  createVoiceSession: {
    operationId: 'createVoiceSession',
    permission: { resource: 'voice', access: 'write' },
    method: 'POST',
    path: '/v1/voice/sessions',
    summary: 'Create a voice session and its connect token (60 per hour per user)',
    description:
      'Creates a voice session for a user and the short-lived token to connect its WebSocket with. Limited to 60 per hour per user, and to a number of concurrent sessions per key.',
    tag: 'Voice',
    body: CreateVoiceSessionRequest,
    response: VoiceSessionResource,
    successStatus: 201,
  },
  retrieveVoiceSession: {
    operationId: 'retrieveVoiceSession',
    permission: { resource: 'voice', access: 'read' },
    method: 'GET',
    path: '/v1/voice/sessions/{id}',
    summary: 'Retrieve a voice session: status, times, actions taken',
    description: 'Returns a voice session: status, start and end times, tool calls and the actions it took.',
    tag: 'Voice',
    response: VoiceSessionResource,
  },
  endVoiceSession: {
    operationId: 'endVoiceSession',
    permission: { resource: 'voice', access: 'write' },
    method: 'POST',
    path: '/v1/voice/sessions/{id}/end',
    summary: 'End a voice session; its connection is closed (4000)',
    description:
      'Ends a voice session now: its WebSocket is closed with code 4000 and the session is answered in its final state.',
    tag: 'Voice',
    body: NoBody,
    response: VoiceSessionResource,
  },
} as const satisfies Record<string, EndpointContract>
