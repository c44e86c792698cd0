import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  type ElicitRequestFormParams,
  ElicitResultSchema,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js'
import type { Proposal } from '../../core/voice/proposal.js'

/**
 * Consent through MCP elicitation (docs/mcp.md, "Changes only with the user's consent"). A change tool, for a client
 * that declared elicitation, holds its proposal as any change does, then asks the user with an `elicitation/create`
 * request sent on the `tools/call`'s own SSE stream. That request's JSON-RPC id is the proposal's id (`prp_...`): the
 * client's answer, a POST of its own, names the proposal it decides, whichever host receives it.
 *
 * - The answer reaches the host where the call waits: it is handed to that call's SDK server (`ElicitationWaiters`),
 *   whose `elicitInput` resolves; the call executes the proposal on `accept`, rejects it on `decline` or `cancel`.
 * - The answer reaches another host: that host decides the stored proposal itself (execute once on `accept`, reject
 *   otherwise); the waiting call sees the proposal decided in storage (`ELICITATION_WATCH_MS`) and answers it.
 * Either way the proposal's version-checked confirmation executes it at most once.
 */

/** How often a waiting call reads its proposal, to learn a decision another host applied. */
export const ELICITATION_WATCH_MS = 500

/** Where an elicitation request carries its proposal, for the transport to name the request after it. */
export const PROPOSAL_META = 'departure/proposal_id'

/** A consent needs no field: the user's answer is the action (accept, decline, cancel). */
const CONSENT_SCHEMA: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: {} }

export const consentRequest = (proposal: Proposal): ElicitRequestFormParams => ({
  mode: 'form',
  message: `${proposal.summary} Do you want this change? Nothing changes unless you accept.`,
  requestedSchema: CONSENT_SCHEMA,
  _meta: { [PROPOSAL_META]: proposal.id },
})

/** What the user answered: the elicitation result's action, or `cancel` for an error answer. */
export type ConsentAction = 'accept' | 'decline' | 'cancel'

/** A JSON-RPC answer to a consent request: a result or error response whose id is a proposal's. */
export interface ConsentAnswer {
  readonly proposalId: string
  readonly action: ConsentAction
  readonly message: JSONRPCMessage
}

const isProposalId = (id: unknown): id is string => typeof id === 'string' && id.startsWith('prp_')

/**
 * The consent answers of a POST body when it holds only answers to consent requests (one message or a batch); null
 * for anything else, which the SDK's transport handles.
 */
export const consentAnswersOf = (body: unknown): ConsentAnswer[] | null => {
  const messages = Array.isArray(body) ? body : [body]
  const answers: ConsentAnswer[] = []
  for (const message of messages) {
    if (isJSONRPCResultResponse(message) && isProposalId(message.id)) {
      const result = ElicitResultSchema.safeParse(message.result)
      answers.push({ proposalId: message.id, action: result.success ? result.data.action : 'cancel', message })
    } else if (isJSONRPCErrorResponse(message) && isProposalId(message.id))
      answers.push({ proposalId: message.id, action: 'cancel', message })
    else return null
  }
  return answers.length === 0 ? null : answers
}

/** The calls of this host waiting for a consent answer, by session and proposal. */
export class ElicitationWaiters {
  private readonly waiting = new Map<string, (message: JSONRPCMessage) => void>()

  /** Registers a waiting call; the returned function removes it. */
  wait(sessionRef: string, proposalId: string, deliver: (message: JSONRPCMessage) => void): () => void {
    const key = `${sessionRef} ${proposalId}`
    this.waiting.set(key, deliver)
    return () => {
      if (this.waiting.get(key) === deliver) this.waiting.delete(key)
    }
  }

  /** Hands an answer to the call of this session waiting on it; false when none waits here. */
  deliver(sessionRef: string, answer: ConsentAnswer): boolean {
    const deliver = this.waiting.get(`${sessionRef} ${answer.proposalId}`)
    if (deliver === undefined) return false
    deliver(answer.message)
    return true
  }
}

/**
 * Names each consent request the transport sends after its proposal (instead of the SDK's counter, which restarts
 * with each request's server), and gives the answers back to the SDK under the number it chose. Call after the
 * server is connected to the transport. Returns how to hand the transport an answer received outside it.
 */
export const nameConsentRequests = (transport: Transport): ((message: JSONRPCMessage) => void) => {
  const numberOf = new Map<string, string | number>()
  const send = transport.send.bind(transport)
  transport.send = (message, options) => {
    if (isJSONRPCRequest(message) && message.method === 'elicitation/create') {
      const proposalId = message.params?._meta?.[PROPOSAL_META]
      if (isProposalId(proposalId)) {
        numberOf.set(proposalId, message.id)
        return send({ ...message, id: proposalId }, options)
      }
    }
    return send(message, options)
  }
  return (message) => {
    const id = (message as { id?: unknown }).id
    const number = isProposalId(id) ? numberOf.get(id) : undefined
    if (number === undefined) return
    numberOf.delete(id as string)
    transport.onmessage?.({ ...message, id: number } as JSONRPCMessage)
  }
}
