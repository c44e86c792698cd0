import { loadConfig } from '../hosts/config.js'
import { type RunningService, startService } from '../hosts/server.js'
import { temporaryDataDir } from './data-dir.js'

/**
 * What the agent channels' scenarios share (`voice-scenario.ts`, `mcp-scenario.ts`): the service on embedded storage
 * with one user and one event two days ahead, and the measure of a closed loop of read tool calls per session.
 */

/** A read tool's round trips over `sessions` sessions, each a closed loop. */
export interface AgentReadReport {
  readonly sessions: number
  readonly seconds: number
  readonly toolCalls: number
  readonly toolCallsPerSecond: number
  readonly readP50Ms: number
  readonly readP99Ms: number
  readonly readMaxMs: number
  readonly goals: { readonly p99Below20Ms: boolean }
}

export interface AgentBench {
  readonly service: RunningService
  readonly key: string
  readonly userId: string
  readonly eventId: string
  /** A REST call on the sandbox with the bench's key. */
  call<T>(method: string, path: string, body: unknown): Promise<T>
}

/** The service (sandbox surface, embedded storage, no worker, the rate limit lifted) with its user and event. */
export const startAgentBench = async (
  name: string,
  key: string,
  env: Readonly<Record<string, string>>,
): Promise<AgentBench> => {
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: temporaryDataDir(name),
    WORKER: 'false',
    SERVICE_BOOTSTRAP_KEYS: key,
    ...env,
  })
  const service = await startService(config, { ephemeralAccounts: true })
  const call = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${service.sandboxUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return (await response.json()) as T
  }
  try {
    const user = await call<{ id: string }>('POST', '/v1/users', { email: `bench-${name}@example.com` })
    const start = Date.now() + 48 * 3_600_000
    const event = await call<{ id: string }>('POST', '/v1/events', {
      user_id: user.id,
      title: 'Bench',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 3_600_000).toISOString(),
    })
    return { service, key, userId: user.id, eventId: event.id, call }
  } catch (error) {
    await service.stop()
    throw error
  }
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)

/**
 * Runs one loop per session (`roundTrip` resolves when the call is answered), 2 s of warm-up, then measures for
 * `seconds`: closed (the next call as soon as the last is answered) or paced (`intervalMs`).
 */
export const measureClosedLoops = async (
  sessions: number,
  seconds: number,
  roundTrip: (session: number) => Promise<unknown>,
  options: {
    /** Each session starts a call at most every `intervalMs` (a paced loop); 0: at once after the last answer. */
    readonly intervalMs?: number
    /** Told when the measured seconds begin and end (the server's CPU is read then). */
    readonly onWindow?: (phase: 'begin' | 'end') => void
  } = {},
): Promise<AgentReadReport> => {
  const intervalMs = options.intervalMs ?? 0
  const latencies: number[] = []
  let measuring = false
  let stop = false
  const loops = Array.from({ length: sessions }, async (_, session) => {
    // Paced sessions start spread over one interval, as independent agents would.
    if (intervalMs > 0) await new Promise((resolve) => setTimeout(resolve, (session * intervalMs) / sessions))
    while (!stop) {
      const sentAt = performance.now()
      await roundTrip(session)
      if (measuring) latencies.push(performance.now() - sentAt)
      const rest = intervalMs - (performance.now() - sentAt)
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest))
    }
  })
  await new Promise((resolve) => setTimeout(resolve, 2000))
  measuring = true
  options.onWindow?.('begin')
  const began = performance.now()
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  measuring = false
  options.onWindow?.('end')
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
}
