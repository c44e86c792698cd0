import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { MCP_PATH } from '../../contracts/mcp.js'

/** What `departure-mcp` reads from its environment: the key it acts with and the service it talks to. */
export interface BridgeConfig {
  readonly apiKey: string
  /** The service's base URL (`https://api.example.com`); `/mcp` is appended. */
  readonly apiUrl: URL
}

export type ConfigProblem = { readonly ok: false; readonly message: string }

/** Parses `DEPARTURE_API_KEY` and `DEPARTURE_API_URL` once, with a clear message for a missing or bad value. */
export const bridgeConfigFrom = (
  env: Readonly<Record<string, string | undefined>>,
): { readonly ok: true; readonly config: BridgeConfig } | ConfigProblem => {
  const apiKey = env.DEPARTURE_API_KEY?.trim() ?? ''
  if (apiKey === '') return { ok: false, message: 'DEPARTURE_API_KEY is required: an API key (sk_..., rk_...).' }
  const raw = env.DEPARTURE_API_URL?.trim() ?? ''
  if (raw === '') return { ok: false, message: 'DEPARTURE_API_URL is required: the service’s base URL.' }
  let apiUrl: URL
  try {
    apiUrl = new URL(raw)
  } catch {
    return { ok: false, message: `DEPARTURE_API_URL is not a URL: ${raw}` }
  }
  if (apiUrl.protocol !== 'https:' && apiUrl.protocol !== 'http:')
    return { ok: false, message: `DEPARTURE_API_URL must be http(s): ${raw}` }
  return { ok: true, config: { apiKey, apiUrl } }
}

/**
 * The stdio MCP server an agent runs beside its user (`npx departure-mcp`): every request it receives is answered by
 * the running service's `/mcp` (Streamable HTTP, the official SDK's client), so the tools, their rules and the
 * consent flow are the service's own; nothing is decided here.
 */
export const runStdioBridge = async (config: BridgeConfig, local: Transport): Promise<{ close(): Promise<void> }> => {
  const remote = new Client({ name: 'departure-mcp', version: '1.0.0' })
  await remote.connect(
    new StreamableHTTPClientTransport(new URL(MCP_PATH, config.apiUrl), {
      requestInit: { headers: { authorization: `Bearer ${config.apiKey}` } },
    }),
  )
  const server = new Server(remote.getServerVersion() ?? { name: 'departure', version: '1.0.0' }, {
    capabilities: { tools: {}, prompts: {} },
    ...(remote.getInstructions() === undefined ? {} : { instructions: remote.getInstructions() }),
  })
  server.setRequestHandler(ListToolsRequestSchema, (request) => remote.listTools(request.params))
  // Passed through as the service answered (its structured content was checked against the schemas it published).
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    remote.request({ method: 'tools/call', params: request.params }, CallToolResultSchema),
  )
  server.setRequestHandler(ListPromptsRequestSchema, (request) => remote.listPrompts(request.params))
  server.setRequestHandler(GetPromptRequestSchema, (request) => remote.getPrompt(request.params))
  await server.connect(local)
  return {
    close: async () => {
      await server.close()
      await remote.close()
    },
  }
}
