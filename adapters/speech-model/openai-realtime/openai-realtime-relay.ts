import WebSocket from 'ws'
import type { SpeechModelLink, SpeechModelPort, SpeechToolCall } from '../../../core/ports/speech-model.js'

export interface RealtimeRelayOptions {
  /** The provider's realtime WebSocket URL (`wss://api.openai.com/v1/realtime`). */
  readonly url: string
  readonly apiKey: string
  readonly model: string
  /** How long the provider has to accept the connection. */
  readonly connectTimeoutMs?: number
}

/**
 * Relays a session to a realtime model speaking the OpenAI Realtime protocol: binds the tools with
 * `session.update`, executes each `response.function_call_arguments.done` itself (through `onToolCall`), answers
 * with a `function_call_output` item and asks for the next `response.create`. Audio flows between the client and
 * the provider's own media path; this link carries control events only.
 */
export class OpenAiRealtimeRelay implements SpeechModelPort {
  readonly kind = 'realtime_relay' as const

  constructor(private readonly options: RealtimeRelayOptions) {}

  open(input: Parameters<SpeechModelPort['open']>[0]): Promise<SpeechModelLink> {
    const url = new URL(this.options.url)
    url.searchParams.set('model', this.options.model)
    const socket = new WebSocket(url, {
      headers: { Authorization: `Bearer ${this.options.apiKey}`, 'OpenAI-Beta': 'realtime=v1' },
      handshakeTimeout: this.options.connectTimeoutMs ?? 10_000,
    })
    const send = (event: Record<string, unknown>) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event))
    }
    const handled = new Set<string>()
    socket.on('message', (data) => {
      let event: { type?: unknown; call_id?: unknown; name?: unknown; arguments?: unknown }
      try {
        event = JSON.parse(data.toString()) as typeof event
      } catch {
        return
      }
      if (event.type !== 'response.function_call_arguments.done') return
      if (typeof event.call_id !== 'string' || typeof event.name !== 'string') return
      // A provider may repeat an event on reconnection: a call runs once.
      if (handled.has(event.call_id)) return
      handled.add(event.call_id)
      const call: SpeechToolCall = {
        callId: event.call_id,
        name: event.name,
        arguments: typeof event.arguments === 'string' ? event.arguments : '{}',
      }
      void input.onToolCall(call).then((output) => {
        send({ type: 'conversation.item.create', item: { type: 'function_call_output', call_id: call.callId, output } })
        send({ type: 'response.create' })
      })
    })
    return new Promise((resolve, reject) => {
      socket.once('error', reject)
      socket.once('open', () => {
        socket.off('error', reject)
        socket.on('error', () => {})
        send({
          type: 'session.update',
          session: {
            instructions: input.instructions,
            tool_choice: 'auto',
            tools: input.tools.map((tool) => ({
              type: 'function',
              name: tool.name,
              description: tool.description,
              parameters: tool.parameters,
            })),
          },
        })
        resolve({
          close: async () => {
            if (socket.readyState === WebSocket.CLOSED) return
            await new Promise<void>((done) => {
              socket.once('close', () => done())
              socket.close(1000)
            })
          },
        })
      })
    })
  }
}
