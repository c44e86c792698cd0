import { createHash } from 'node:crypto'
import type { CallToolResult, RequestId } from '@modelcontextprotocol/sdk/types.js'
import type { Clock } from '../../core/ports/clock.js'
import type { IdempotencyStorePort } from '../../core/ports/idempotency-store.js'
import { PROPOSAL_LIFETIME_MS } from '../../core/voice/proposal.js'
import { errorEnvelope } from '../api/errors.js'
import { canonicalJson } from '../api/plugins/idempotency.js'

/**
 * A retried `tools/call` executes once (docs/mcp.md, "Retries"): a call that may change something (a change tool,
 * `confirm_action`, `reject_action`) claims its JSON-RPC id in its session in the REST idempotency store, so any host
 * sees the claim; a retry with the same id and the same call answers the first result, as `Idempotency-Key` does
 * for REST. Reads are not recorded: running one twice changes nothing.
 */

/** How long a call's result is replayed: twice a proposal's lifetime, after which any proposal it made is over. */
export const MCP_CALL_REPLAY_MS = 2 * PROPOSAL_LIFETIME_MS
/** A call may wait for the user's answer up to a proposal's lifetime; a claim older than this was abandoned. */
export const MCP_CALL_LEASE_MS = PROPOSAL_LIFETIME_MS + 60_000

/** Set on a replayed result's `_meta`: the call ran once, earlier; this is its result again. */
export const REPLAYED_META = 'departure/replayed'

export interface CallReplayDeps {
  readonly store: IdempotencyStorePort
  readonly clock: Clock
}

const inFlight = (): CallToolResult => ({
  isError: true,
  content: [
    {
      type: 'text',
      text: JSON.stringify(
        errorEnvelope('', {
          code: 'idempotency_request_in_flight',
          message: 'A call with this JSON-RPC id is still running in this session; retry once it has finished.',
        }),
      ),
    },
  ],
})

/**
 * Runs a call once per (session, JSON-RPC id). The same id with another tool or other arguments is another call (a
 * client that restarted its id counter on a resumed session): it runs, unrecorded.
 */
export const onceByRequestId = async (
  deps: CallReplayDeps,
  sessionRef: string,
  requestId: RequestId,
  call: { readonly name: string; readonly arguments: unknown },
  run: () => Promise<CallToolResult>,
): Promise<CallToolResult> => {
  const scope = `mcp|${sessionRef}|tools/call|${typeof requestId}:${requestId}`
  const fingerprint = createHash('sha256')
    .update(canonicalJson({ name: call.name, arguments: call.arguments ?? null }))
    .digest('hex')
  const claimed = await deps.store.claim(scope, fingerprint, deps.clock.now(), MCP_CALL_REPLAY_MS, MCP_CALL_LEASE_MS)
  switch (claimed.kind) {
    case 'replay': {
      const first = JSON.parse(claimed.response.body) as CallToolResult
      return { ...first, _meta: { ...first._meta, [REPLAYED_META]: true } }
    }
    case 'in_flight':
      return inFlight()
    case 'mismatch':
      return run()
    case 'execute':
      break
  }
  let result: CallToolResult
  try {
    result = await run()
  } catch (error) {
    await deps.store.release(scope)
    throw error
  }
  await deps.store.complete(scope, { statusCode: 200, headers: {}, body: JSON.stringify(result) })
  return result
}
