import { describe, expect, it } from 'vitest'
import { OpenAiRealtimeRelay } from '../../../adapters/speech-model/openai-realtime/openai-realtime-relay.js'
import { speechModelContract } from '../../contracts/speech-model.contract.js'
import { FakeRealtimeServer } from '../../support/fakes/fake-realtime-server.js'

speechModelContract('OpenAiRealtimeRelay', async () => {
  const server = await FakeRealtimeServer.start()
  return {
    model: new OpenAiRealtimeRelay({ url: server.url, apiKey: 'sk-fake', model: 'gpt-realtime' }),
    callFunction: async (callId, name, args) => {
      const item = await server.callFunction(callId, name, args)
      return (item.item as { output: string }).output
    },
    teardown: () => server.stop(),
  }
})

describe('OpenAiRealtimeRelay speaks the Realtime protocol', () => {
  it('authenticates with the API key, names the model, binds the tools with session.update', async () => {
    const server = await FakeRealtimeServer.start()
    try {
      const relay = new OpenAiRealtimeRelay({ url: server.url, apiKey: 'sk-fake', model: 'gpt-realtime' })
      const link = await relay.open({
        sessionId: 'vs_1',
        instructions: 'Be brief.',
        tools: [{ name: 'get_event', description: 'An event.', parameters: { type: 'object' } }],
        onToolCall: async () => '{}',
      })
      const update = await server.event((event) => event.type === 'session.update')
      expect(update.session).toEqual({
        instructions: 'Be brief.',
        tool_choice: 'auto',
        tools: [{ type: 'function', name: 'get_event', description: 'An event.', parameters: { type: 'object' } }],
      })
      expect(server.handshakes[0]).toEqual({ url: '/v1/realtime?model=gpt-realtime', authorization: 'Bearer sk-fake' })
      // After the output, the model is asked to go on.
      await server.callFunction('call_9', 'get_event', { event_id: 'evt_1' })
      await server.event((event) => event.type === 'response.create')
      await link.close()
    } finally {
      await server.stop()
    }
  })

  it('an unreachable provider fails the open', async () => {
    const server = await FakeRealtimeServer.start()
    const url = server.url
    await server.stop()
    const relay = new OpenAiRealtimeRelay({ url, apiKey: 'k', model: 'm', connectTimeoutMs: 2000 })
    await expect(
      relay.open({ sessionId: 'vs_1', instructions: '', tools: [], onToolCall: async () => '{}' }),
    ).rejects.toThrow()
  })
})
