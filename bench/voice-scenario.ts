import WebSocket from 'ws'
import { type AgentReadReport, measureClosedLoops, startAgentBench } from './agent-read-bench.js'

export type VoiceReport = AgentReadReport

const KEY = 'sk_test_5f1c0d9e8b7a6c5d4e3f2a1b0c9d8e7fBENCH'

/**
 * Voice: `sessions` WebSocket sessions on the sandbox surface (embedded storage, one process), each a closed loop of
 * `get_event` tool calls (a read tool: validation, session check, scope, the event use case, rendering) for
 * `seconds`. The per-session message limit is lifted so that the figure is the service's, not the limit's.
 */
export const runVoiceScenario = async (sessions: number, seconds: number): Promise<VoiceReport> => {
  const bench = await startAgentBench('voice', KEY, {
    RATE_LIMIT_REQUESTS: '1000000',
    VOICE_MESSAGES_PER_SECOND: '1000000',
  })
  /** A session's socket and the answer its call waits for. */
  const sockets: { ws: WebSocket; answered: (() => void) | null; calls: number }[] = []
  try {
    for (let index = 0; index < sessions; index++) {
      const session = await bench.call<{ websocket_url: string; client_secret: { value: string } }>(
        'POST',
        '/v1/voice/sessions',
        { user_id: bench.userId, tools: ['get_event'] },
      )
      const ws = new WebSocket(`${session.websocket_url}?token=${session.client_secret.value}`, ['voice.v1'])
      await new Promise<void>((resolve, reject) => {
        ws.once('message', () => resolve())
        ws.once('error', reject)
      })
      const socket = { ws, answered: null as (() => void) | null, calls: 0 }
      ws.on('message', () => socket.answered?.())
      sockets.push(socket)
    }
    return await measureClosedLoops(sessions, seconds, (index) => {
      const socket = sockets[index] as (typeof sockets)[number]
      return new Promise<void>((resolve) => {
        socket.answered = resolve
        socket.ws.send(
          JSON.stringify({
            type: 'tool.call',
            call_id: `c${socket.calls++}`,
            name: 'get_event',
            arguments: { event_id: bench.eventId },
          }),
        )
      })
    })
  } finally {
    for (const { ws } of sockets) ws.close()
    await bench.service.stop()
  }
}
