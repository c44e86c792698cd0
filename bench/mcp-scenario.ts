import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { type Pinning, pinServer, withPinnedLoadGenerator } from './affinity.js'
import { type AgentReadReport, startAgentBench } from './agent-read-bench.js'
import type { McpClientsTask } from './mcp-clients.js'

/** One load of the scenario: the clients' figures and the server's CPU per call over the same seconds. */
export interface McpLoadReport extends AgentReadReport {
  /** Calls each session starts a second at most; null: a closed loop (the next call as soon as one is answered). */
  readonly callsPerSessionPerSecond: number | null
  /** The service process's CPU (user + system) over the measured seconds, per answered call. */
  readonly serverCpuMicrosPerCall: number
}

export interface McpReport {
  readonly sessions: number
  readonly pinned: boolean
  /** Each session as fast as it is answered: the server saturated, the latency its queue. */
  readonly closed: McpLoadReport
  /** Each session at most 10 calls a second (500 a second in all): a burst of tool calls from every session at once. */
  readonly paced: McpLoadReport
  /**
   * Each session one call a second (50 a second in all): the pace of agents that wait for their model between calls
   * (a model's turn takes a second or more), with 50 sessions open at once.
   */
  readonly agentPaced: McpLoadReport
}

const KEY = 'sk_test_7a2b3c4d5e6f708192a3b4c5d6e7f809MCPB'
const CLIENTS = fileURLToPath(new URL('./mcp-clients.js', import.meta.url))
const PACED_CALLS_PER_SECOND = 10
const AGENT_CALLS_PER_SECOND = 1

/**
 * MCP: `sessions` sessions of the official SDK client over Streamable HTTP on the sandbox surface (embedded SQLite
 * storage), `tools/call` of `get_event` (a read tool: the key, the rate pool, the session id's signature and
 * authority, validation, the user, the event use case, rendering). The clients run in a process of their own, pinned
 * to another core than the service (as the HTTP scenario's load generator): in one process they cost most of the CPU.
 * Three loads: closed loops (saturation), sessions paced at 10 calls a second and at an agent's pace (one a second). The rate, concurrency and per-address connection limits
 * are lifted so that the figure is the service's, not the limit's.
 */
export const runMcpScenario = async (sessions: number, seconds: number, pin = true): Promise<McpReport> => {
  const bench = await startAgentBench('mcp', KEY, {
    RATE_LIMIT_REQUESTS: '10000000',
    RATE_LIMIT_CONCURRENCY: '1000',
    // Every client is on loopback: a busy machine's client pool may hold more than the default 100 sockets at once.
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '1000',
    // Longer than the clients' own idle timeout (undici's 4 s), so that the clients close idle sockets first: with
    // the default 5 s, a client on a busy machine could send on a socket the service was closing ("other side
    // closed"), and a POST is not retried.
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '60000',
  })
  const load = (intervalMs: number, pinning: Pinning | null) =>
    new Promise<McpLoadReport>((resolve, reject) => {
      const child = fork(CLIENTS, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
      if (pinning !== null && child.pid !== undefined) pinServer(child.pid, pinning)
      let began = process.cpuUsage()
      let used = 0
      child.on('message', (message: { phase?: 'begin' | 'end'; report?: AgentReadReport }) => {
        if (message.phase === 'begin') began = process.cpuUsage()
        if (message.phase === 'end') {
          const spent = process.cpuUsage(began)
          used = spent.user + spent.system
        }
        if (message.report !== undefined) {
          const report = message.report
          resolve({
            ...report,
            callsPerSessionPerSecond: intervalMs === 0 ? null : 1000 / intervalMs,
            serverCpuMicrosPerCall: report.toolCalls === 0 ? 0 : Math.round((used / report.toolCalls) * 10) / 10,
          })
        }
      })
      child.once('error', reject)
      child.once('exit', (code) => {
        if (code !== 0) reject(new Error(`the MCP clients exited with ${code}`))
      })
      const task: McpClientsTask = {
        url: new URL('/mcp', bench.service.sandboxUrl).href,
        key: KEY,
        sessions,
        seconds,
        intervalMs,
        arguments: { user_id: bench.userId, event_id: bench.eventId },
      }
      child.send(task)
    })
  try {
    const measure = async (pinning: Pinning | null) => ({
      sessions,
      pinned: pinning !== null,
      closed: await load(0, pinning),
      paced: await load(1000 / PACED_CALLS_PER_SECOND, pinning),
      agentPaced: await load(1000 / AGENT_CALLS_PER_SECOND, pinning),
    })
    return pin ? await withPinnedLoadGenerator(measure) : await measure(null)
  } finally {
    await bench.service.stop()
  }
}
