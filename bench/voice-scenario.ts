import WebSocket from 'ws'
import { loadConfig } from '../hosts/config.js'
import { startService } from '../hosts/server.js'
import { temporaryDataDir } from './data-dir.js'

export interface VoiceReport {
  readonly sessions: number
  readonly seconds: number
  readonly toolCalls: number
  readonly toolCallsPerSecond: number
  readonly readP50Ms: number
  readonly readP99Ms: number
  readonly readMaxMs: number
  readonly goals: { readonly p99Below20Ms: boolean }
}

const KEY = 'sk_test_5f1c0d9e8b7a6c5d4e3f2a1b0c9d8e7fBENCH'

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)

/**
 * Voice: `sessions` WebSocket sessions on the sandbox surface (embedded storage, one process), each a closed loop of
 * `get_event` tool calls (a read tool: validation, session check, scope, the event use case, rendering) for
 * `seconds`. The per-session message limit is lifted so that the figure is the service's, not the limit's.
 */
export const runVoiceScenario = async (sessions: number, seconds: number): Promise<VoiceReport> => {
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: temporaryDataDir('voice'),
    WORKER: 'false',
    SERVICE_BOOTSTRAP_KEYS: KEY,
    RATE_LIMIT_REQUESTS: '1000000',
    VOICE_MESSAGES_PER_SECOND: '1000000',
  })
  const service = await startService(config, { ephemeralAccounts: true })
  /** The fields the scenario reads of the answers (users, events, voice sessions). */
  type Answer = { id: string; websocket_url: string; client_secret: { value: string } }
  const call = async (method: string, path: string, body: unknown): Promise<Answer> => {
    const response = await fetch(`${service.sandboxUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return (await response.json()) as Answer
  }
  const sockets: WebSocket[] = []
  try {
    const user = await call('POST', '/v1/users', { email: 'bench-voice@example.com' })
    const start = Date.now() + 48 * 3_600_000
    const event = await call('POST', '/v1/events', {
      user_id: user.id,
      title: 'Bench',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 3_600_000).toISOString(),
    })
    const latencies: number[] = []
    let measuring = false
    let stop = false
    const loops: Promise<void>[] = []
    for (let index = 0; index < sessions; index++) {
      const session = await call('POST', '/v1/voice/sessions', { user_id: user.id, tools: ['get_event'] })
      const ws = new WebSocket(`${session.websocket_url}?token=${session.client_secret.value}`, ['voice.v1'])
      sockets.push(ws)
      await new Promise<void>((resolve, reject) => {
        ws.once('message', () => resolve())
        ws.once('error', reject)
      })
      loops.push(
        new Promise<void>((resolve) => {
          let sentAt = 0
          let n = 0
          const next = () => {
            if (stop) return resolve()
            sentAt = performance.now()
            ws.send(
              JSON.stringify({
                type: 'tool.call',
                call_id: `c${n++}`,
                name: 'get_event',
                arguments: { event_id: event.id },
              }),
            )
          }
          ws.on('message', () => {
            if (measuring) latencies.push(performance.now() - sentAt)
            next()
          })
          next()
        }),
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 2000))
    measuring = true
    const began = performance.now()
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
    measuring = false
    const elapsed = (performance.now() - began) / 1000
    stop = true
    await Promise.all(loops)
    const sorted = [...latencies].sort((a, b) => a - b)
    const round = (value: number) => Math.round(value * 100) / 100
    const p99 = round(percentile(sorted, 99))
    return {
      sessions,
      seconds: round(elapsed),
      toolCalls: latencies.length,
      toolCallsPerSecond: Math.round(latencies.length / elapsed),
      readP50Ms: round(percentile(sorted, 50)),
      readP99Ms: p99,
      readMaxMs: round(sorted.at(-1) ?? 0),
      goals: { p99Below20Ms: p99 < 20 },
    }
  } finally {
    for (const ws of sockets) ws.close()
    await service.stop()
  }
}
