import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeRealtimeServer } from '../support/fakes/fake-realtime-server.js'
import { clients, startTestService, type TestService } from '../support/service.js'
import { VoiceClient } from '../support/voice-client.js'

let test: TestService
let client: ReturnType<typeof clients>
let model: FakeRealtimeServer

beforeAll(async () => {
  model = await FakeRealtimeServer.start()
  test = await startTestService({
    WORKER: 'false',
    VOICE_REALTIME_URL: model.url,
    VOICE_REALTIME_API_KEY: 'sk-relay-test',
    VOICE_REALTIME_MODEL: 'gpt-realtime-test',
  })
  client = clients(test)
})
afterAll(async () => {
  await test.stop()
  await model.stop()
})

describe('A realtime_relay session relays the model’s function calls through the same tools', () => {
  it('binds the tools, executes read calls itself, and proposes changes the user confirms on the WebSocket', async () => {
    const user = (await client.sandbox('POST', '/v1/users', { body: { email: 'relay@example.com' } })).body.id
    const start = Date.now() + 48 * 3_600_000
    const event = (
      await client.sandbox('POST', '/v1/events', {
        body: {
          user_id: user,
          title: 'Relayed',
          start_time: new Date(start).toISOString(),
          end_time: new Date(start + 3_600_000).toISOString(),
        },
      })
    ).body
    const session = (
      await client.sandbox('POST', '/v1/voice/sessions', { body: { user_id: user, model: 'realtime_relay' } })
    ).body
    expect(session.model).toBe('realtime_relay')
    const voice = await VoiceClient.connect(session.websocket_url, session.client_secret.value)
    await voice.nextOfType('session.ready')
    const update = await model.event((message) => message.type === 'session.update')
    const bound = (update.session as { tools: { name: string; type: string }[] }).tools
    expect(bound).toHaveLength(26)
    expect(bound[0]).toMatchObject({ type: 'function', name: 'get_user' })
    expect(model.handshakes.at(-1)).toEqual({
      url: '/v1/realtime?model=gpt-realtime-test',
      authorization: 'Bearer sk-relay-test',
    })

    const read = await model.callFunction('call_read', 'get_event', { event_id: event.id })
    const readOutput = JSON.parse((read.item as { output: string }).output)
    expect(readOutput).toMatchObject({ type: 'tool.result', call_id: 'call_read', result: { id: event.id } })

    const invalid = await model.callFunction('call_bad', 'get_event', { event_id: 7 })
    expect(JSON.parse((invalid.item as { output: string }).output).error).toMatchObject({
      code: 'parameter_invalid',
      param: 'arguments.event_id',
    })

    const write = await model.callFunction('call_write', 'cancel_event', { event_id: event.id })
    const proposal = JSON.parse((write.item as { output: string }).output)
    expect(proposal).toMatchObject({ type: 'action.proposed', proposal: { tool: 'cancel_event' } })
    expect((await client.sandbox('GET', `/v1/events/${event.id}`)).status).toBe(200)
    // The client sees the model's calls too: the proposal to show the user.
    expect((await voice.next((message) => message.call_id === 'call_write')).proposal.id).toBe(proposal.proposal.id)
    voice.send({ type: 'action.confirm', proposal_id: proposal.proposal.id })
    expect(await voice.nextOfType('action.executed')).toMatchObject({ confirmed_by_user: true, replayed: false })
    expect((await client.sandbox('GET', `/v1/events/${event.id}`)).status).toBe(404)
    voice.close()
  })
})
