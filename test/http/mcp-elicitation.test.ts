import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { connectMcp, mcpSuiteService, postMcp } from '../support/mcp-client.js'
import { TEST_KEY } from '../support/service.js'

const { sandboxUrl, sandbox, newUser } = mcpSuiteService('elicit')

/** The SDK client declaring form elicitation, answering every request with `answer`; the requests it got. */
const elicitingClient = async (answer: ElicitResult) => {
  const asked: { request: ElicitRequest; id: unknown }[] = []
  const { client } = await connectMcp(sandboxUrl(), TEST_KEY, undefined, {
    capabilities: { elicitation: { form: {} } },
    prepare: (client) =>
      client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
        asked.push({ request, id: extra.requestId })
        return answer
      }),
  })
  return { client, asked }
}

const createLunch = (userId: string) => ({
  name: 'create_event',
  arguments: { user_id: userId, title: 'Lunch', start_time: '2030-06-04T12:00:00Z', end_time: '2030-06-04T13:00:00Z' },
})

describe('A client that declares elicitation is asked through an elicitation request; the change executes only on accept', () => {
  it('accept: the user is asked with the proposal’s summary, and the change executes once, confirmed by the user', async () => {
    const user = await newUser()
    const { client, asked } = await elicitingClient({ action: 'accept', content: {} })
    const result = await client.callTool(createLunch(user.id))
    expect(asked).toHaveLength(1)
    const request = asked[0]!
    expect(request.request.params).toMatchObject({ mode: 'form', requestedSchema: { type: 'object' } })
    expect(request.request.params.message).toContain('Lunch')
    // The elicitation is named after the proposal it decides.
    expect(request.id).toMatch(/^prp_/)
    expect(result.isError).toBeUndefined()
    expect(result.structuredContent).toMatchObject({
      object: 'agent_action',
      proposal: { id: request.id, status: 'executed', confirmed_by_user: true },
      result: { title: 'Lunch' },
      replayed: false,
    })
    const events = (await sandbox('GET', `/v1/events?user_id=${user.id}`)).body.data
    expect(events).toHaveLength(1)
    // The proposal executed: a later confirm_action replays it, nothing runs twice.
    const again = await client.callTool({ name: 'confirm_action', arguments: { proposal_id: request.id } })
    expect(again.structuredContent).toMatchObject({ replayed: true })
    expect((await sandbox('GET', `/v1/events?user_id=${user.id}`)).body.data).toHaveLength(1)
    await client.close()
  })

  it.each(['decline', 'cancel'] as const)('%s: nothing executes, and the result says so', async (action) => {
    const user = await newUser()
    const event = (
      await sandbox('POST', '/v1/events', {
        user_id: user.id,
        title: 'Gym',
        start_time: '2030-06-03T10:00:00Z',
        end_time: '2030-06-03T11:00:00Z',
      })
    ).body
    const { client, asked } = await elicitingClient({ action })
    const result = await client.callTool({ name: 'cancel_event', arguments: { user_id: user.id, event_id: event.id } })
    expect(asked).toHaveLength(1)
    expect(result.isError).toBeUndefined()
    expect(result.structuredContent).toMatchObject({ proposal: { status: 'rejected' }, result: null })
    expect(JSON.stringify(result.content)).toContain('nothing was changed')
    expect((await sandbox('GET', `/v1/events/${event.id}`)).status).toBe(200)
    // The declined proposal cannot be confirmed afterwards either.
    const confirm = await client.callTool({ name: 'confirm_action', arguments: { proposal_id: asked[0]!.id } })
    expect(confirm.isError).toBe(true)
    expect((await sandbox('GET', `/v1/events/${event.id}`)).status).toBe(200)
    await client.close()
  })

  it('a read tool asks nothing; a client without the capability keeps the proposal and confirm_action; another session’s answer decides nothing', async () => {
    const user = await newUser()
    const { client, asked } = await elicitingClient({ action: 'accept', content: {} })
    expect(
      (await client.callTool({ name: 'get_user', arguments: { user_id: user.id } })).structuredContent,
    ).toMatchObject({ id: user.id })
    expect(asked).toHaveLength(0)
    await client.close()
    const plain = await connectMcp(sandboxUrl(), TEST_KEY)
    const proposed = await plain.client.callTool(createLunch(user.id))
    expect(proposed.structuredContent).toMatchObject({ proposal: { status: 'proposed' } })
    expect((await sandbox('GET', `/v1/events?user_id=${user.id}`)).body.data).toEqual([])
    // An "accept" sent by another session, naming this proposal, decides nothing.
    const proposalId = (proposed.structuredContent as { proposal: { id: string } }).proposal.id
    const other = await connectMcp(sandboxUrl(), TEST_KEY)
    const forged = await postMcp(sandboxUrl(), TEST_KEY, other.transport.sessionId ?? '', {
      jsonrpc: '2.0',
      id: proposalId,
      result: { action: 'accept', content: {} },
    })
    expect(forged.status).toBe(202)
    expect((await sandbox('GET', `/v1/events?user_id=${user.id}`)).body.data).toEqual([])
    const confirmed = await plain.client.callTool({ name: 'confirm_action', arguments: { proposal_id: proposalId } })
    expect(confirmed.structuredContent).toMatchObject({ proposal: { status: 'executed' }, replayed: false })
    await Promise.all([plain.client.close(), other.client.close()])
  })

  it('a retried tools/call while the first waits for the user is refused as in flight; the change executes once', async () => {
    const user = await newUser()
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let askedSignal: () => void = () => {}
    const askedOnce = new Promise<void>((resolve) => {
      askedSignal = resolve
    })
    const { client, transport } = await connectMcp(sandboxUrl(), TEST_KEY, undefined, {
      capabilities: { elicitation: { form: {} } },
      prepare: (client) =>
        client.setRequestHandler(ElicitRequestSchema, async () => {
          askedSignal()
          await released
          return { action: 'accept', content: {} }
        }),
    })
    // The JSON-RPC id the SDK client gives the call, to retry it as a client whose answer was lost would.
    let sent: JSONRPCMessage | undefined
    const send = transport.send.bind(transport)
    transport.send = (message, options) => {
      if ('method' in message && message.method === 'tools/call') sent = message
      return send(message, options)
    }
    const first = client.callTool(createLunch(user.id))
    await askedOnce
    const retry = await postMcp(sandboxUrl(), TEST_KEY, transport.sessionId ?? '', sent, { connection: 'close' })
    // An elicitation session answers on an SSE stream: the retry's one event is its result.
    const data = (await retry.text()).split('\n').find((line) => line.startsWith('data: '))
    const answer = JSON.parse(data?.slice('data: '.length) ?? 'null')
    expect(answer.id).toBe((sent as { id: unknown }).id)
    expect(answer.result.isError).toBe(true)
    expect(JSON.parse(answer.result.content[0].text).error.code).toBe('idempotency_request_in_flight')
    release()
    expect((await first).structuredContent).toMatchObject({ proposal: { status: 'executed' } })
    expect((await sandbox('GET', `/v1/events?user_id=${user.id}`)).body.data).toHaveLength(1)
    await client.close()
  })
})
