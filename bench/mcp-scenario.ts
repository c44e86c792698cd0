import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { loadConfig } from '../hosts/config.js'
import { startService } from '../hosts/server.js'
import { temporaryDataDir } from './data-dir.js'

export interface McpReport {
  readonly sessions: number
  readonly seconds: number
  readonly toolCalls: number
  readonly toolCallsPerSecond: number
  readonly readP50Ms: number
  readonly readP99Ms: number
  readonly readMaxMs: number
  readonly goals: { readonly p99Below20Ms: boolean }
}

const KEY = 'sk_test_7a2b3c4d5e6f708192a3b4c5d6e7f809MCPB'

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)

/**
 * MCP: `sessions` sessions of the official SDK client over Streamable HTTP on the sandbox surface (embedded SQLite
 * storage, one process with the clients), each a closed loop of `tools/call` of `get_event` (a read tool: the key,
 * the rate pool, the session id's signature and authority, validation, the user, the event use case, rendering) for
 * `seconds`. The rate and concurrency limits are lifted so that the figure is the service's, not the limit's.
 */
export const runMcpScenario = async (sessions: number, seconds: number): Promise<McpReport> => {
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: temporaryDataDir('mcp'),
    WORKER: 'false',
    SERVICE_BOOTSTRAP_KEYS: KEY,
    RATE_LIMIT_REQUESTS: '10000000',
    RATE_LIMIT_CONCURRENCY: '1000',
  })
  const service = await startService(config, { ephemeralAccounts: true })
  const clients: Client[] = []
  const call = async (method: string, path: string, body: unknown): Promise<{ id: string }> => {
    const response = await fetch(`${service.sandboxUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return (await response.json()) as { id: string }
  }
  try {
    const user = await call('POST', '/v1/users', { email: 'bench-mcp@example.com' })
    const start = Date.now() + 48 * 3_600_000
    const event = await call('POST', '/v1/events', {
      user_id: user.id,
      title: 'Bench',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 3_600_000).toISOString(),
    })
    for (let index = 0; index < sessions; index++) {
      const client = new Client({ name: 'bench', version: '1.0.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', service.sandboxUrl), {
          requestInit: { headers: { authorization: `Bearer ${KEY}` } },
        }),
      )
      // The tools' output schemas, as a client reads them before calling.
      await client.listTools()
      clients.push(client)
    }
    const latencies: number[] = []
    let measuring = false
    let stop = false
    const loops = clients.map(async (client) => {
      while (!stop) {
        const sentAt = performance.now()
        await client.callTool({ name: 'get_event', arguments: { user_id: user.id, event_id: event.id } })
        if (measuring) latencies.push(performance.now() - sentAt)
      }
    })
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
    await Promise.all(clients.map((client) => client.close()))
    await service.stop()
  }
}
