import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { type AgentReadReport, measureClosedLoops } from './agent-read-bench.js'

/**
 * The MCP scenario's clients, in a process of their own (forked by `mcp-scenario.ts`): `sessions` sessions of the
 * official SDK client, each calling `get_event` in a loop. The SDK client costs more CPU per call than the server
 * (its HTTP client, schema parsing, output validation): in the server's process it measured the clients.
 *
 * Messages to the parent: `{ phase: 'begin' | 'end' }` around the measured seconds, then `{ report }`.
 */
export interface McpClientsTask {
  readonly url: string
  readonly key: string
  readonly sessions: number
  readonly seconds: number
  readonly intervalMs: number
  readonly arguments: Readonly<Record<string, string>>
}

const run = async (task: McpClientsTask): Promise<AgentReadReport> => {
  const clients: Client[] = []
  try {
    for (let index = 0; index < task.sessions; index++) {
      const client = new Client({ name: 'bench', version: '1.0.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(task.url), {
          requestInit: { headers: { authorization: `Bearer ${task.key}` } },
        }),
      )
      // The tools' output schemas, as a client reads them before calling.
      await client.listTools()
      clients.push(client)
    }
    return await measureClosedLoops(
      task.sessions,
      task.seconds,
      (session) => (clients[session] as Client).callTool({ name: 'get_event', arguments: { ...task.arguments } }),
      { intervalMs: task.intervalMs, onWindow: (phase) => process.send?.({ phase }) },
    )
  } finally {
    await Promise.all(clients.map((client) => client.close()))
  }
}

process.once('message', (task: McpClientsTask) => {
  run(task).then(
    (report) => process.send?.({ report }, () => process.exit(0)),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
})
