import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../contracts/errors.js'
import { AGENT_TOOLS } from '../../hosts/agent/tools/registry.js'
import { createFixtures } from './fixtures.js'
import { bearer, type FuzzResponse, SURFACES, type SurfaceName, send, startFuzzService } from './fuzz-service.js'

/**
 * The fuzzer of `/mcp`: JSON-RPC bodies (requests, notifications, answers to consent requests, batches, broken
 * envelopes) with real and foreign ids, real and broken session ids and headers. No input gets a 5xx; every refusal is
 * a JSON-RPC error or the API's error envelope. `FUZZ_RUNS` scales the run, `FUZZ_SEED` seeds it.
 */
const RUNS = Math.max(50, Math.ceil(Number(process.env.FUZZ_RUNS ?? 3_000) / 10))
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_520)

const fuzz = await startFuzzService()
afterAll(() => fuzz.stop())

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
}

const post = (surface: SurfaceName, headers: Record<string, string>, payload: string) =>
  send(fuzz, { surface, method: 'POST', url: '/mcp', headers, payload })

/** A session of the owner's key on each surface (no elicitation: a call never waits on a user). */
const sessions: Record<SurfaceName, string> = { live: '', sandbox: '' }
const users: Record<SurfaceName, string[]> = { live: [], sandbox: [] }
const events: Record<SurfaceName, string[]> = { live: [], sandbox: [] }
/** What the run reached: answers by status, and tool results (a tool ran, with its rules). */
const reached = { statuses: new Map<number, number>(), toolResults: 0 }
/** Proposals the run made: `confirm_action` and consent answers name them. */
const proposals: string[] = []
for (const surface of SURFACES) {
  const opened = await post(
    surface,
    { ...bearer(fuzz.owner[surface]), ...MCP_HEADERS },
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
    }),
  )
  sessions[surface] = String(opened.headers['mcp-session-id'])
  for (const key of [fuzz.owner[surface], fuzz.stranger[surface]]) {
    const ids = await createFixtures(fuzz, surface, key)
    if (ids.usr !== undefined) users[surface].push(ids.usr)
    if (ids.evt !== undefined) events[surface].push(ids.evt)
  }
}

/** Calls of the tools as an agent makes them. */
const CALLS: readonly {
  readonly name: string
  readonly arguments: (ids: { user: string; event: string; proposal: string }) => Record<string, unknown>
}[] = [
  { name: 'get_user', arguments: ({ user }) => ({ user_id: user }) },
  { name: 'list_events', arguments: ({ user }) => ({ user_id: user, limit: 5 }) },
  { name: 'get_event', arguments: ({ user, event }) => ({ user_id: user, event_id: event }) },
  { name: 'search_events', arguments: ({ user }) => ({ user_id: user, query: 'a' }) },
  { name: 'get_departure', arguments: ({ user, event }) => ({ user_id: user, event_id: event }) },
  {
    name: 'create_event',
    arguments: ({ user }) => ({
      user_id: user,
      title: 'Fuzz',
      start_time: '2030-06-04T12:00:00Z',
      end_time: '2030-06-04T13:00:00Z',
    }),
  },
  { name: 'update_event', arguments: ({ user, event }) => ({ user_id: user, event_id: event, title: 'Renamed' }) },
  { name: 'cancel_event', arguments: ({ user, event }) => ({ user_id: user, event_id: event }) },
  { name: 'confirm_action', arguments: ({ proposal }) => ({ proposal_id: proposal }) },
  { name: 'reject_action', arguments: ({ proposal }) => ({ proposal_id: proposal }) },
]

const TOOL_NAMES = [...AGENT_TOOLS.map((tool) => tool.name), 'confirm_action', 'reject_action']
const METHODS = [
  'tools/call',
  'tools/list',
  'resources/read',
  'resources/list',
  'resources/templates/list',
  'prompts/get',
  'prompts/list',
  'ping',
  'initialize',
  'notifications/initialized',
  'notifications/cancelled',
  'completion/complete',
  'logging/setLevel',
  'sampling/createMessage',
]

const json = fc.jsonValue({ maxDepth: 3 })
const idArbitrary = fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null), json)

const messageArbitrary = (surface: SurfaceName) => {
  const someId = fc.oneof(
    fc.constantFrom(...users[surface], ...events[surface], 'usr_nobody', 'evt_nobody'),
    fc.string({ maxLength: 30 }),
  )
  const someProposal = fc.oneof(
    fc.constant(null).map(() => proposals[proposals.length - 1] ?? 'prp_none'),
    fc.constantFrom('prp_none', 'prp_'),
  )
  const toolArguments = fc.oneof(
    fc.record(
      {
        user_id: someId,
        event_id: someId,
        reminder_id: someId,
        proposal_id: someProposal,
        title: fc.string({ maxLength: 40 }),
        start_time: fc.constantFrom('2030-06-04T12:00:00Z', 'not a date'),
        end_time: fc.constantFrom('2030-06-04T13:00:00Z', ''),
        query: fc.string({ maxLength: 10 }),
        limit: fc.oneof(fc.integer({ min: -5, max: 500 }), fc.string()),
        extra: json,
      },
      { requiredKeys: [] },
    ),
    json,
  )
  // A call of a tool with the arguments it takes (real ids mostly), then at most one argument broken.
  const wellFormedCall = fc
    .record({
      user: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...users[surface]) }, someId),
      event: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...events[surface]) }, someId),
      proposal: someProposal,
      template: fc.constantFrom(...CALLS),
      broken: fc.option(fc.tuple(fc.string({ maxLength: 12 }), json), { freq: 3 }),
    })
    .map(({ user, event, proposal, template, broken }) => {
      const args = template.arguments({ user, event, proposal })
      return {
        name: template.name,
        arguments: broken === null ? args : { ...args, [Object.keys(args)[0] ?? broken[0]]: broken[1] },
      }
    })
  const params = fc.oneof(
    { weight: 6, arbitrary: wellFormedCall },
    fc.record({
      name: fc.oneof(fc.constantFrom(...TOOL_NAMES), fc.string({ maxLength: 20 })),
      arguments: toolArguments,
    }),
    fc.record({
      uri: fc.oneof(
        someId.map((id) => `departure://users/${id}/events/upcoming`),
        someId.map((id) => `departure://users/${id}/profile`),
        fc.string({ maxLength: 60 }),
      ),
    }),
    fc.record({ name: fc.constantFrom('plan_my_day', 'nope'), arguments: fc.dictionary(fc.string(), someId) }),
    fc.record({ protocolVersion: fc.string(), capabilities: json, clientInfo: json }),
    json,
  )
  const request = fc.record(
    {
      jsonrpc: fc.oneof({ weight: 9, arbitrary: fc.constant('2.0') }, json),
      id: fc.oneof({ weight: 4, arbitrary: fc.nat() }, idArbitrary),
      method: fc.oneof(
        { weight: 4, arbitrary: fc.constant('tools/call') },
        fc.constantFrom(...METHODS),
        fc.string({ maxLength: 20 }),
      ),
      params,
    },
    { requiredKeys: ['jsonrpc', 'method'] },
  )
  // An answer to a consent request: its id is a proposal's.
  const answer = fc.record({
    jsonrpc: fc.constant('2.0'),
    id: someProposal,
    result: fc.oneof(fc.record({ action: fc.constantFrom('accept', 'decline', 'cancel', 'maybe') }), json),
  })
  const failure = fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.oneof(someProposal, idArbitrary),
    error: fc.oneof(fc.record({ code: fc.integer(), message: fc.string() }), json),
  })
  const one = fc.oneof({ weight: 8, arbitrary: request }, answer, failure, json)
  return fc.oneof({ weight: 5, arbitrary: one }, fc.array(one, { maxLength: 4 }))
}

/** Most requests are well formed around their body (so that the tools run); the others break one header. */
const requestArbitrary = (surface: SurfaceName) => {
  const valid = {
    session: sessions[surface] as string | null,
    key: fuzz.owner[surface] as string | null,
    protocol: '2025-06-18' as string | null,
    accept: 'application/json, text/event-stream' as string | null,
  }
  const broken = fc.oneof(
    fc
      .oneof(
        fc.constant(sessions[surface === 'live' ? 'sandbox' : 'live']),
        fc.constant(`${sessions[surface].slice(0, -3)}abc`),
        fc.string({ maxLength: 20 }),
        fc.constant(null),
      )
      .map((session) => ({ ...valid, session })),
    fc.constantFrom(fuzz.stranger[surface], null, 'sk_test_nope').map((key) => ({ ...valid, key })),
    fc.constantFrom('1999-01-01', 'x', null).map((protocol) => ({ ...valid, protocol })),
    fc.constantFrom('application/json', 'text/html', null).map((accept) => ({ ...valid, accept })),
  )
  return fc.record({
    body: fc.oneof(
      { weight: 9, arbitrary: messageArbitrary(surface).map((message) => JSON.stringify(message)) },
      fc.string({ maxLength: 40 }),
    ),
    headers: fc.oneof({ weight: 4, arbitrary: fc.constant(valid) }, broken),
  })
}

/** What is wrong with an answer of `/mcp`: a 5xx, or an error that is neither JSON-RPC nor the API's envelope. */
const problemsOf = (response: FuzzResponse): string[] => {
  if (response.status >= 500) return [`a ${response.status}`]
  if (response.status === 202 || response.status < 300) return []
  const body = response.json
  const error = body?.error
  if (body?.jsonrpc === '2.0' && typeof error?.code === 'number' && typeof error?.message === 'string') return []
  const known = ERROR_CODES[error?.code as keyof typeof ERROR_CODES]
  if (known === undefined) return [`an error that is neither JSON-RPC nor the envelope: ${response.text.slice(0, 200)}`]
  return known.status === response.status ? [] : [`${String(error.code)} with status ${response.status}`]
}

for (const surface of SURFACES) {
  describe(`/mcp on ${surface === 'live' ? 'production' : 'the sandbox'}: never a 5xx, every refusal JSON-RPC or the envelope`, () => {
    it('answers any JSON-RPC body, session and headers', async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(surface), async ({ body, headers: { session, key, protocol, accept } }) => {
          const headers: Record<string, string> = {
            ...bearer(key),
            'content-type': 'application/json',
            ...(accept === null ? {} : { accept }),
            ...(protocol === null ? {} : { 'mcp-protocol-version': protocol }),
            ...(session === null ? {} : { 'mcp-session-id': session }),
          }
          const response = await post(surface, headers, body)
          for (const match of response.text.matchAll(/"(prp_[0-9a-z]+)"/g))
            if (match[1] !== undefined) proposals.push(match[1])
          reached.statuses.set(response.status, (reached.statuses.get(response.status) ?? 0) + 1)
          if (response.text.includes('"structuredContent"') || response.text.includes('"isError":true'))
            reached.toolResults += 1
          const problems = problemsOf(response)
          if (problems.length > 0)
            throw new Error(
              `${problems.join('; ')}\n${body.slice(0, 400)}\n-> ${response.status} ${response.text.slice(0, 400)}`,
            )
        }),
        { seed: SEED, numRuns: RUNS },
      )
      expect(sessions[surface]).not.toBe('')
    }, 120_000)
  })
}

describe('the fuzzer reaches the tools', () => {
  it('got tool results and refusals of every kind (transport, session, authentication)', () => {
    if (process.env.FUZZ_STATS === '1') console.log(reached, proposals.length)
    expect(reached.toolResults).toBeGreaterThan(0)
    for (const status of [200, 400, 401, 404])
      expect(reached.statuses.get(status) ?? 0, String(status)).toBeGreaterThan(0)
  })
})
