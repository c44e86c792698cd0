import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { decodeJwt } from 'jose'
import { WebSocket, WebSocketServer } from 'ws'
import { ERROR_CODES } from '../../contracts/errors.js'
import { argumentsJsonSchema } from '../../contracts/json-schema.js'
import { decodeRequest } from '../../contracts/validation.js'
import {
  CLIENT_MESSAGES,
  type ClientMessageType,
  VOICE_CLOSE_CODES,
  VOICE_SUBPROTOCOL,
  VOICE_WEBSOCKET_PATH,
} from '../../contracts/voice.js'
import { permissionName } from '../../core/account/permissions.js'
import type { HeldAuthority } from '../../core/account/session-authority.js'
import type { Json, Tool, ToolContext, ToolServices } from '../../core/agent/agent-tool.js'
import { AgentToolCalls, type ProposalDesk, type SubLimitCounter } from '../../core/agent/tool-calls.js'
import type { Clock } from '../../core/ports/clock.js'
import type { RandomSource } from '../../core/ports/id-generator.js'
import type { LoggerPort } from '../../core/ports/logger.js'
import type { SpeechModelLink, SpeechModelPort } from '../../core/ports/speech-model.js'
import type { DomainError } from '../../core/shared/domain-error.js'
import type { RequestScope } from '../../core/shared/request-scope.js'
import type { Result } from '../../core/shared/result.js'
import { PROPOSAL_LIFETIME_MS } from '../../core/voice/proposal.js'
import type { ConfirmOutcome, Connected, VoiceService } from '../../core/voice/voice-service.js'
import { decodeArguments } from '../agent/arguments.js'
import { AGENT_TOOLS } from '../agent/tools/registry.js'
import { type ApiErrorBody, domainErrorToApi, errorEnvelope } from '../shared/errors.js'
import { newRequestId } from '../shared/request-id.js'

/** The largest message read (32 KiB); a larger one is answered `message_too_large`, the connection stays open. */
export const MAX_MESSAGE_BYTES = 32 * 1024
/** Frames beyond this are refused by the WebSocket layer itself (close 1009). */
const MAX_FRAME_BYTES = 1024 * 1024
/** Refused messages in a row before the connection is closed (1008): a client that ignores every 429. */
const MAX_REFUSED_IN_A_ROW = 200
/** Messages handled at once per connection; reading pauses beyond (back-pressure on the client). */
const MAX_IN_FLIGHT = 8
/** Unsent bytes queued to a client before reading from it pauses until they drain. */
const SEND_HIGH_WATER = 1024 * 1024
const HEARTBEAT_MS = 15_000

export interface VoiceGatewayDeps {
  readonly livemode: boolean
  readonly voice: VoiceService
  readonly services: ToolServices
  readonly clock: Clock
  readonly clockOf: (accountId: string) => Promise<Clock>
  readonly logger: LoggerPort
  /** The relay for `realtime_relay` sessions (null: not configured). */
  readonly relay: SpeechModelPort | null
  /** Messages a session may send per second (a token bucket, burst twice as many); beyond, each is answered 429. */
  readonly messagesPerSecond: number
  /** How often the open connections' sessions are checked: ended elsewhere, or their authority gone. */
  readonly sessionCheckMs: number
  /** Counts a tool's REST sub-limit (the REST gate's own counter). */
  readonly subLimits: SubLimitCounter
  /** Draws the request id of a refused handshake, as the HTTP host does for every answer. */
  readonly random: RandomSource
}

const apiError = (body: ApiErrorBody) => errorEnvelope('', body).error

/** Binds the voice WebSocket (`/v1/voice/ws`) to the Fastify host's HTTP server. */
export class VoiceGateway {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    handleProtocols: (protocols) => (protocols.has(VOICE_SUBPROTOCOL) ? VOICE_SUBPROTOCOL : false),
  })
  private readonly open = new Map<string, VoiceConnection>()
  private sweep: NodeJS.Timeout | null = null
  private sweeping = false

  constructor(private readonly deps: VoiceGatewayDeps) {}

  /** Every tool a session may be given, in the order `session.ready` lists them. */
  readonly tools: readonly Tool[] = AGENT_TOOLS

  attach(app: FastifyInstance): void {
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.upgrade(request, socket, head).catch((error: unknown) => {
        this.deps.logger.error({ error: String(error) }, 'voice upgrade failed')
        socket.destroy()
      })
    })
    // An idle connection learns of a revocation, a paused or deleted user, or an end on another host, here.
    this.sweep = setInterval(() => void this.checkOpenSessions(), this.deps.sessionCheckMs)
    this.sweep.unref()
    app.addHook('onClose', async () => {
      if (this.sweep !== null) clearInterval(this.sweep)
      for (const connection of [...this.open.values()]) connection.close(VOICE_CLOSE_CODES.goingAway, 'server closing')
      this.wss.close()
    })
  }

  /** `POST .../end` on this host: the connection hears it at once (another host's learns at its next message). */
  endLocal(sessionId: string): void {
    this.open.get(sessionId)?.ended('ended_by_api', VOICE_CLOSE_CODES.endedByApi)
  }

  /** One pass over the open connections, one at a time; a pass still running when the next is due skips it. */
  private async checkOpenSessions(): Promise<void> {
    if (this.sweeping || this.open.size === 0) return
    this.sweeping = true
    try {
      for (const connection of [...this.open.values()])
        await connection
          .recheck()
          .catch((error: unknown) => this.deps.logger.error({ error: String(error) }, 'voice session check failed'))
    } finally {
      this.sweeping = false
    }
  }

  get openConnections(): number {
    return this.open.size
  }

  private refuseUpgrade(socket: Duplex, status: number, body: ApiErrorBody): void {
    refuseUpgrade(socket, status, body, newRequestId(this.deps.random))
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== VOICE_WEBSOCKET_PATH)
      return this.refuseUpgrade(socket, 404, {
        code: 'route_not_found',
        message: `Unrecognized WebSocket URL (${url.pathname}).`,
      })
    const token = url.searchParams.get('token') ?? bearerProtocol(request.headers['sec-websocket-protocol'])
    if (token === null || token === '')
      return this.refuseUpgrade(socket, 401, {
        code: 'voice_token_invalid',
        message: 'Pass the session token as ?token= or as the subprotocol bearer.<token>; never an API key.',
        param: 'token',
      })
    // The token's times are on its account's clock (a sandbox clock may run ahead): read the account unverified to
    // pick that clock; `connect` then verifies everything against it.
    const clock = await this.deps.clockOf(accountClaim(token))
    const connected = await this.deps.voice.connect(this.deps.livemode, token, clock.now())
    if (!connected.ok && connected.error._tag !== 'VoiceConcurrencyExceeded') {
      const body = domainErrorToApi(connected.error)
      return this.refuseUpgrade(socket, ERROR_CODES[body.code].status, body)
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      if (!connected.ok) {
        // Said as a close code and reason, which a browser can read (it cannot read an HTTP refusal).
        const body = domainErrorToApi(connected.error)
        ws.send(JSON.stringify({ type: 'error', error: apiError(body) }))
        ws.close(VOICE_CLOSE_CODES.tooManySessions, 'too many concurrent voice sessions for this API key')
        return
      }
      void this.start(ws, connected.value)
    })
  }

  private async start(ws: WebSocket, connected: Connected): Promise<void> {
    const clock = await this.deps.clockOf(connected.session.accountId)
    const scope: RequestScope = { accountId: connected.session.accountId, livemode: this.deps.livemode, clock }
    const connection = new VoiceConnection(ws, connected, scope, this.deps, () => {
      if (this.open.get(connected.session.id) === connection) this.open.delete(connected.session.id)
    })
    this.open.set(connected.session.id, connection)
    await connection.begin()
  }
}

const accountClaim = (token: string): string => {
  try {
    const account = decodeJwt(token).account
    return typeof account === 'string' ? account : ''
  } catch {
    return ''
  }
}

const bearerProtocol = (header: string | string[] | undefined): string | null => {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  const found = value
    .split(',')
    .map((part) => part.trim())
    .find((part) => part.startsWith('bearer.'))
  return found === undefined ? null : found.slice('bearer.'.length)
}

/** A handshake refused in HTTP, in the error envelope with its request id (body and `Request-Id`), as the API answers. */
const refuseUpgrade = (socket: Duplex, status: number, body: ApiErrorBody, requestId: string): void => {
  const json = JSON.stringify(errorEnvelope(requestId, body))
  socket.end(
    `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : status === 401 ? 'Unauthorized' : 'Refused'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
      `Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${json}`,
  )
}

/** One open session: reads client messages, runs tools, holds proposals' confirmations. */
class VoiceConnection {
  private toolCalls = 0
  private inFlight = 0
  private tokens: number
  private refilledAt = Date.now()
  private refusedInARow = 0
  private closed = false
  private pausedForSend = false
  private readonly confirming = new Map<string, Promise<Result<ConfirmOutcome, DomainError>>>()
  private readonly timers: NodeJS.Timeout[] = []
  private relay: SpeechModelLink | null = null
  /** What the session may do, as last checked (at the connection, each call, each sweep). */
  private authority: HeldAuthority
  private readonly calls: AgentToolCalls

  constructor(
    private readonly ws: WebSocket,
    private readonly connected: Connected,
    private scope: RequestScope,
    private readonly deps: VoiceGatewayDeps,
    private readonly onGone: () => void,
  ) {
    this.tokens = 2 * deps.messagesPerSecond
    this.authority = connected.authority
    this.calls = new AgentToolCalls({ tools: AGENT_TOOLS, decode: decodeArguments, subLimits: deps.subLimits })
  }

  private get session() {
    return this.connected.session
  }

  /** The session's tools its key still grants (a grant removed before the connection leaves its tools out). */
  private tools(): Tool[] {
    return this.calls.available(this.authority, (name) => this.session.tools.includes(name))
  }

  async begin(): Promise<void> {
    this.ws.on('message', (data, isBinary) => this.receive(data as Buffer, isBinary))
    this.ws.on('close', () => void this.gone())
    this.ws.on('error', () => {})
    const untilExpiry = this.session.expiresAt.getTime() - this.scope.clock.now().getTime()
    this.timers.push(setTimeout(() => this.ended('expired', VOICE_CLOSE_CODES.expired), Math.max(0, untilExpiry)))
    let alive = true
    this.ws.on('pong', () => {
      alive = true
    })
    this.timers.push(
      setInterval(() => {
        if (!alive) return this.ws.terminate()
        alive = false
        this.ws.ping()
        this.send({ type: 'heartbeat', at: this.scope.clock.now().toISOString() })
      }, HEARTBEAT_MS),
    )
    for (const timer of this.timers) timer.unref()
    const tools = this.tools().map((tool) => ({
      name: tool.name,
      description: tool.description,
      kind: tool.kind,
      permission: permissionName(tool.permission),
      parameters: argumentsJsonSchema(tool.arguments),
    }))
    if (this.session.model === 'realtime_relay' && this.deps.relay !== null) {
      try {
        this.relay = await this.deps.relay.open({
          sessionId: this.session.id,
          instructions: `You manage the calendar of one user (locale ${this.session.locale}). Changes are proposals the user confirms.`,
          tools: tools.map(({ name, description, parameters }) => ({ name, description, parameters })),
          onToolCall: async (call) => {
            let args: unknown
            try {
              args = JSON.parse(call.arguments)
            } catch {
              args = null
            }
            const answer = await this.toolCall(call.callId, call.name, args)
            // The client sees what the model did: results, and the proposals it shows the user to confirm.
            this.send(answer)
            return JSON.stringify(answer)
          },
        })
      } catch (error) {
        this.deps.logger.warn({ session: this.session.id, error: String(error) }, 'voice relay unavailable')
        this.send({
          type: 'error',
          error: apiError({ code: 'calendar_provider_unavailable', message: 'The realtime model is unavailable.' }),
        })
      }
    }
    this.send({
      type: 'session.ready',
      session: { id: this.session.id, user_id: this.session.userId, expires_at: this.session.expiresAt.toISOString() },
      tools,
      limits: {
        max_message_bytes: MAX_MESSAGE_BYTES,
        messages_per_second: this.deps.messagesPerSecond,
        proposal_lifetime_seconds: PROPOSAL_LIFETIME_MS / 1000,
      },
    })
  }

  close(code: number, reason: string): void {
    if (this.closed) return
    this.closed = true
    this.ws.close(code, reason)
  }

  ended(reason: string, code: number): void {
    if (this.closed) return
    // The audit trail of an end the client did not ask for: a revocation, a paused user, the API, the expiry.
    this.deps.logger.info(
      { voice_session: this.session.id, account: this.session.accountId, key: this.session.caller.keyId, reason },
      'voice session ended',
    )
    this.send({ type: 'session.ended', reason })
    this.close(code, reason)
  }

  private async gone(): Promise<void> {
    this.closed = true
    for (const timer of this.timers) clearTimeout(timer)
    this.onGone()
    await this.relay?.close().catch(() => {})
    await this.deps.voice
      .disconnected(this.scope, this.connected, this.toolCalls, 'ended_by_client')
      .catch((error: unknown) => this.deps.logger.error({ error: String(error) }, 'voice disconnect failed'))
  }

  private send(message: Json): void {
    if (this.ws.readyState !== WebSocket.OPEN) return
    this.ws.send(JSON.stringify(message), () => {
      if (this.pausedForSend && this.ws.bufferedAmount < SEND_HIGH_WATER / 4) {
        this.pausedForSend = false
        this.resumeIfIdle()
      }
    })
    // Back-pressure: a client that does not read stops being read.
    if (this.ws.bufferedAmount > SEND_HIGH_WATER && !this.pausedForSend) {
      this.pausedForSend = true
      this.ws.pause()
    }
  }

  private error(body: ApiErrorBody, ref?: string): void {
    this.send({ type: 'error', ...(ref === undefined ? {} : { ref }), error: apiError(body) })
  }

  private admitRate(): boolean {
    const now = Date.now()
    const rate = this.deps.messagesPerSecond
    this.tokens = Math.min(2 * rate, this.tokens + ((now - this.refilledAt) / 1000) * rate)
    this.refilledAt = now
    if (this.tokens >= 1) {
      this.tokens -= 1
      this.refusedInARow = 0
      return true
    }
    this.refusedInARow += 1
    return false
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (this.closed) return
    if (!this.admitRate()) {
      if (this.refusedInARow > MAX_REFUSED_IN_A_ROW) this.close(VOICE_CLOSE_CODES.policy, 'message rate')
      else
        this.error({
          code: 'rate_limit_exceeded',
          message: `More than ${this.deps.messagesPerSecond} messages per second on this session.`,
          retryAfterSeconds: 1,
        })
      return
    }
    const read = readMessage(data, isBinary)
    if (!read.ok) {
      this.error(read.error, read.ref)
      return
    }
    const { message: decoded, ref } = read
    this.inFlight += 1
    if (this.inFlight >= MAX_IN_FLIGHT) this.ws.pause()
    void this.handle(decoded)
      .catch((error: unknown) => {
        this.deps.logger.error({ session: this.session.id, error: String(error) }, 'voice message failed')
        this.error({ code: 'internal_error', message: 'An internal error occurred.' }, ref)
      })
      .finally(() => {
        this.inFlight -= 1
        this.resumeIfIdle()
      })
  }

  private resumeIfIdle(): void {
    if (!this.closed && this.inFlight < MAX_IN_FLIGHT && !this.pausedForSend) this.ws.resume()
  }

  private async handle(message: Json): Promise<void> {
    // The account's clock now: a sandbox clock moved by advance_time since the connection opened.
    this.scope = { ...this.scope, clock: await this.deps.clockOf(this.session.accountId) }
    switch (message.type) {
      case 'ping':
        return this.send({ type: 'pong', ...(message.id === undefined ? {} : { id: message.id }) })
      case 'session.end': {
        await this.deps.voice.end(this.scope, this.session.id, 'ended_by_client')
        return this.ended('ended_by_client', VOICE_CLOSE_CODES.normal)
      }
      case 'tool.call':
        return this.send(await this.toolCall(String(message.call_id), String(message.name), message.arguments ?? {}))
      case 'action.confirm':
        return this.confirm(String(message.proposal_id))
      case 'action.reject':
        return this.reject(String(message.proposal_id))
    }
  }

  /** The periodic check of an idle connection (`VOICE_SESSION_CHECK_MS`), on the account's clock now. */
  async recheck(): Promise<void> {
    if (this.closed) return
    this.scope = { ...this.scope, clock: await this.deps.clockOf(this.session.accountId) }
    if (this.closed) return
    const reason = await this.closedFor()
    if (reason !== null) this.ended(reason, closeCodeOf(reason))
  }

  /**
   * Null while the session is open and holds its authority (kept for the permission checks); else why it is over:
   * an end by the API on another host, its expiry, or the loss of its key, a permission, its account or its user.
   */
  private async closedFor(): Promise<string | null> {
    const open = await this.deps.voice.requireOpen(this.scope, this.session)
    if (!open.ok) return open.error.reason
    this.authority = open.value
    return null
  }

  /** Answers a message of a session that is over with `refusal` first, then `session.ended` and the close. */
  private async stillOpen(refusal: (reason: string) => Json): Promise<Json | null> {
    const reason = await this.closedFor()
    if (reason === null) return null
    const answer = refusal(reason)
    this.send(answer)
    this.ended(reason, closeCodeOf(reason))
    return answer
  }

  /** One tool call, from the client (`tool.call`) or the relayed model: the answer message. */
  private async toolCall(callId: string, name: string, rawArguments: unknown): Promise<Json> {
    this.toolCalls += 1
    const failed = (error: ApiErrorBody) => {
      this.audit(name, 'refused', error.code)
      return { type: 'tool.error', call_id: callId, name, error: apiError(error) }
    }
    // Sent here before the close (the caller's own send of it then finds the socket closing and does nothing).
    const refused = await this.stillOpen((reason) =>
      failed({ code: 'voice_session_closed', message: `The voice session '${this.session.id}' is ended (${reason}).` }),
    )
    if (refused !== null) return refused
    const outcome = await this.calls.call({
      name,
      arguments: rawArguments,
      authority: this.authority,
      enabled: (tool) => this.session.tools.includes(tool),
      policy: this.session.confirmationPolicy,
      context: this.context(),
      desk: this.desk,
    })
    switch (outcome.type) {
      case 'refused': {
        const { refusal } = outcome
        if (refusal.kind === 'domain') return failed(domainErrorToApi(refusal.error))
        if (refusal.kind === 'arguments') return failed(refusal.problem)
        return failed({
          code: 'rate_limit_exceeded',
          message: `Rate limit of ${refusal.limit} per ${refusal.windowMs / 1000} s exceeded for this resource.`,
          retryAfterSeconds: Math.max(1, Math.ceil(refusal.retryAfterMs / 1000)),
        })
      }
      case 'result':
        this.audit(name, 'read')
        return { type: 'tool.result', call_id: callId, name, result: outcome.result }
      case 'executed':
        return {
          type: 'action.executed',
          call_id: callId,
          proposal_id: outcome.outcome.proposal.id,
          confirmed_by_user: false,
          replayed: outcome.outcome.replayed,
          result: outcome.outcome.proposal.result ?? {},
        }
      case 'proposed': {
        const { proposal } = outcome
        return {
          type: 'action.proposed',
          call_id: callId,
          proposal: {
            id: proposal.id,
            tool: proposal.tool,
            summary: proposal.summary,
            change: proposal.change,
            resource: proposal.resource,
            expires_at: proposal.expiresAt.toISOString(),
          },
        }
      }
    }
  }

  private context(): ToolContext {
    return { scope: this.scope, actor: { userId: this.session.userId }, services: this.deps.services }
  }

  /** The session's proposals: held in the voice repository, executed once. */
  private readonly desk: ProposalDesk = {
    propose: async (draft) => {
      const proposal = await this.deps.voice.propose(this.scope, this.session, draft)
      this.audit(draft.tool, 'proposed', proposal.id)
      return proposal
    },
    execute: (proposalId, byUser) => this.execute(proposalId, byUser),
  }

  /** Confirmations of one proposal on this connection share one execution (the repository settles other hosts). */
  private execute(proposalId: string, byUser: boolean): Promise<Result<ConfirmOutcome, DomainError>> {
    const running = this.confirming.get(proposalId)
    if (running !== undefined)
      return running.then((outcome) =>
        outcome.ok ? { ok: true, value: { ...outcome.value, replayed: true } } : outcome,
      )
    const context = this.context()
    const started = this.deps.voice.confirm(
      this.scope,
      this.session,
      proposalId,
      byUser,
      this.calls.executor(context, () => this.deps.voice.proposalOf(this.scope, this.session, proposalId)),
    )
    this.confirming.set(proposalId, started)
    void started.finally(() => this.confirming.delete(proposalId))
    return started
  }

  private closedError(proposalId: string) {
    return (reason: string): Json => ({
      type: 'error',
      ref: proposalId,
      error: apiError({
        code: 'voice_session_closed',
        message: `The voice session '${this.session.id}' is ended (${reason}).`,
      }),
    })
  }

  private async confirm(proposalId: string): Promise<void> {
    if ((await this.stillOpen(this.closedError(proposalId))) !== null) return
    const outcome = await this.execute(proposalId, true)
    if (!outcome.ok) {
      this.audit('action.confirm', 'refused', proposalId)
      return this.error(domainErrorToApi(outcome.error), proposalId)
    }
    this.audit(outcome.value.proposal.tool, outcome.value.replayed ? 'replayed' : 'executed', proposalId)
    this.send({
      type: 'action.executed',
      proposal_id: proposalId,
      confirmed_by_user: outcome.value.proposal.confirmedByUser === true,
      replayed: outcome.value.replayed,
      result: outcome.value.proposal.result ?? {},
    })
  }

  private async reject(proposalId: string): Promise<void> {
    if ((await this.stillOpen(this.closedError(proposalId))) !== null) return
    const rejected = await this.deps.voice.reject(this.scope, this.session, proposalId)
    if (!rejected.ok) return this.error(domainErrorToApi(rejected.error), proposalId)
    this.audit(rejected.value.tool, 'rejected', proposalId)
    this.send({ type: 'action.rejected', proposal_id: proposalId })
  }

  /** The audit trail: one line per tool call and decision, with the session, user and key. */
  private audit(tool: string, outcome: string, detail?: string): void {
    this.deps.logger.info(
      {
        voice_session: this.session.id,
        user_id: this.session.userId,
        account: this.session.accountId,
        key: this.session.caller.keyId,
        tool,
        outcome,
        ...(detail === undefined ? {} : { detail }),
      },
      'voice tool',
    )
  }
}

/** The close code of an end reason: the API's end, the expiry, or a lost authority (4003). */
const closeCodeOf = (reason: string): number =>
  reason === 'expired'
    ? VOICE_CLOSE_CODES.expired
    : reason === 'ended_by_api'
      ? VOICE_CLOSE_CODES.endedByApi
      : reason === 'ended_by_client'
        ? VOICE_CLOSE_CODES.normal
        : VOICE_CLOSE_CODES.authorityRevoked

type ReadMessage =
  | { readonly ok: true; readonly message: Json; readonly ref: string | undefined }
  | { readonly ok: false; readonly error: ApiErrorBody; readonly ref?: string | undefined }

/** A client message, validated against its contract; or the error to answer it with. */
const readMessage = (data: Buffer, isBinary: boolean): ReadMessage => {
  if (data.length > MAX_MESSAGE_BYTES)
    return {
      ok: false,
      error: { code: 'message_too_large', message: `A message is at most ${MAX_MESSAGE_BYTES} bytes.` },
    }
  if (isBinary)
    return {
      ok: false,
      error: { code: 'unsupported_media_type', message: 'Messages are JSON text frames; no binary frames.' },
    }
  let parsed: unknown
  try {
    parsed = JSON.parse(data.toString('utf8'))
  } catch {
    return { ok: false, error: { code: 'invalid_json', message: 'The message is not valid JSON.' } }
  }
  const type = (parsed as { type?: unknown } | null)?.type
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || typeof type !== 'string')
    return {
      ok: false,
      error: { code: 'parameter_missing', message: 'A message is a JSON object with a `type`.', param: 'type' },
    }
  const schema = CLIENT_MESSAGES[type as ClientMessageType]
  if (schema === undefined)
    return {
      ok: false,
      error: {
        code: 'parameter_invalid',
        message: `Unknown message type '${type.slice(0, 64)}'; one of ${Object.keys(CLIENT_MESSAGES).join(', ')}.`,
        param: 'type',
      },
    }
  const decoded = decodeRequest(schema as never, parsed)
  const ref = refOf(parsed)
  if (!decoded.ok)
    return {
      ok: false,
      ref,
      error: {
        code: decoded.problem.code,
        message: decoded.problem.message,
        param: decoded.problem.param ?? undefined,
      },
    }
  return { ok: true, message: decoded.value as Json, ref }
}

const refOf = (message: unknown): string | undefined => {
  const record = message as { call_id?: unknown; proposal_id?: unknown; id?: unknown }
  for (const value of [record.call_id, record.proposal_id, record.id])
    if (typeof value === 'string' && value.length <= 128) return value
  return undefined
}
