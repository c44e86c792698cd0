import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { type AgentReadReport, measureClosedLoops, startAgentBench } from './agent-read-bench.js'

export type McpReport = AgentReadReport

const KEY = 'sk_test_7a2b3c4d5e6f708192a3b4c5d6e7f809MCPB'

/**
 * MCP: `sessions` sessions of the official SDK client over Streamable HTTP on the sandbox surface (embedded SQLite
 * storage, one process with the clients), each a closed loop of `tools/call` of `get_event` (a read tool: the key,
 * the rate pool, the session id's signature and authority, validation, the user, the event use case, rendering) for
 * `seconds`. The rate and concurrency limits are lifted so that the figure is the service's, not the limit's.
 */
export const runMcpScenario = async (sessions: number, seconds: number): Promise<McpReport> => {
  const bench = await startAgentBench('mcp', KEY, {
    RATE_LIMIT_REQUESTS: '10000000',
    RATE_LIMIT_CONCURRENCY: '1000',
  })
  const clients: Client[] = []
  try {
    for (let index = 0; index < sessions; index++) {
      const client = new Client({ name: 'bench', version: '1.0.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', bench.service.sandboxUrl), {
          requestInit: { headers: { authorization: `Bearer ${KEY}` } },
        }),
      )
      // The tools' output schemas, as a client reads them before calling.
      await client.listTools()
      clients.push(client)
    }
    const args = { user_id: bench.userId, event_id: bench.eventId }
    return await measureClosedLoops(sessions, seconds, (session) =>
      (clients[session] as Client).callTool({ name: 'get_event', arguments: args }),
    )
  } finally {
    await Promise.all(clients.map((client) => client.close()))
    await bench.service.stop()
  }
}
