import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { CallToolResult, ClientCapabilities } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll } from 'vitest'
import { api, type ResponseJson, startTestService, TEST_KEY, type TestService } from './service.js'

export interface ConnectOptions {
  /** What the client declares at `initialize` (elicitation...). */
  readonly capabilities?: ClientCapabilities
  /** The transport's fetch (to send some requests to another host). */
  readonly fetch?: FetchLike
  /** Called before `connect`: a request handler of the client (an elicitation's), set on it. */
  readonly prepare?: (client: Client) => void
}

/** The official SDK's client on Streamable HTTP, with an API key as its bearer (and an existing session to resume). */
export const connectMcp = async (
  base: string,
  key: string,
  sessionId?: string,
  options: ConnectOptions = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> => {
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', base), {
    // One connection per request, as `api()` does: a kept-alive socket may sit idle past the server's keep-alive
    // timeout on a busy machine and be reset as the next request is written on it.
    requestInit: { headers: { authorization: `Bearer ${key}`, connection: 'close' } },
    ...(sessionId === undefined ? {} : { sessionId }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  })
  const client = new Client(
    { name: 'departure-tests', version: '1.0.0' },
    options.capabilities === undefined ? {} : { capabilities: options.capabilities },
  )
  options.prepare?.(client)
  await client.connect(transport)
  return { client, transport }
}

/** The error body of a tool error (`isError`), as its text carries it. */
// biome-ignore lint/suspicious/noExplicitAny: untyped wire JSON on purpose; the assertions are its type check
export const toolErrorOf = (result: unknown): any => {
  const call = result as CallToolResult
  if (call.isError !== true) throw new Error(`not a tool error: ${JSON.stringify(result)}`)
  const first = call.content[0]
  return first?.type === 'text' ? JSON.parse(first.text).error : undefined
}

/**
 * A suite's service (sandbox, no background worker), started before its tests and stopped after them, with the
 * sandbox calls the MCP suites make beside their MCP client: `sandbox` with the test key, and `newUser` (its e-mail
 * numbered under `emailPrefix`).
 */
export const mcpSuiteService = (emailPrefix: string) => {
  let test: TestService | undefined
  beforeAll(async () => {
    test = await startTestService({ WORKER: 'false' })
  }, 60_000)
  afterAll(async () => {
    await test?.stop()
  })
  /** The sandbox's base URL. */
  const sandboxUrl = (): string => {
    if (test === undefined) throw new Error('the suite service is not started')
    return test.sandbox
  }
  const sandbox = (method: string, path: string, body?: unknown) =>
    api(sandboxUrl(), method, path, { key: TEST_KEY, ...(body === undefined ? {} : { body }) })
  let counter = 0
  const newUser = async (): Promise<ResponseJson> =>
    (await sandbox('POST', '/v1/users', { email: `${emailPrefix}${++counter}@example.com` })).body
  return { sandboxUrl, sandbox, newUser }
}

/**
 * One JSON-RPC message posted to `/mcp` by hand (what the SDK client would send, outside its transport): the
 * credential, the session and the protocol version as its headers. The Response as it came.
 */
export const postMcp = (
  base: string,
  key: string,
  sessionId: string,
  message: unknown,
  headers: Record<string, string> = {},
): Promise<Response> =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
      ...headers,
    },
    body: JSON.stringify(message),
  })
