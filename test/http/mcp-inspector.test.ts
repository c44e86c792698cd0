import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, startTestService, TEST_KEY, type TestService } from '../support/service.js'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..', '..')
/** Each call starts the Inspector's CLI in a child process (npx, then Node loading the SDK): a budget for that. */
const CHILD_BUDGET_MS = 90_000

let test: TestService
beforeAll(async () => {
  test = await startTestService()
}, 60_000)
afterAll(async () => {
  await test?.stop()
})

/**
 * `npx @modelcontextprotocol/inspector --cli <url> --transport http --header "Authorization: Bearer …" --method …`,
 * the installed dev dependency only (`--no-install`: nothing is fetched). It prints the JSON-RPC result on stdout.
 */
const inspect = async (key: string, ...args: string[]) => {
  const { stdout } = await run(
    'npx',
    [
      '--no-install',
      '@modelcontextprotocol/inspector',
      '--cli',
      new URL('/mcp', test.sandbox).toString(),
      '--transport',
      'http',
      '--header',
      `Authorization: Bearer ${key}`,
      ...args,
    ],
    { cwd: root, env: { ...process.env, npm_config_offline: 'true' }, timeout: CHILD_BUDGET_MS },
  )
  return JSON.parse(stdout)
}

describe('the MCP Inspector’s CLI mode against /mcp (a third-party MCP client)', () => {
  it(
    'lists the tools with their annotations and calls a read tool with the API key as its bearer',
    async () => {
      const user = (
        await api(test.sandbox, 'POST', '/v1/users', { key: TEST_KEY, body: { email: 'inspector@example.com' } })
      ).body
      const listed = await inspect(TEST_KEY, '--method', 'tools/list')
      const byName = new Map<string, { annotations?: unknown; outputSchema?: unknown }>(
        listed.tools.map((tool: { name: string }) => [tool.name, tool]),
      )
      expect(listed.tools).toHaveLength(28)
      expect([...byName.keys()]).toEqual(expect.arrayContaining(['get_user', 'list_events', 'confirm_action']))
      expect(byName.get('list_events')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false })
      expect(byName.get('get_user')?.outputSchema).toMatchObject({ type: 'object' })

      const called = await inspect(
        TEST_KEY,
        '--method',
        'tools/call',
        '--tool-name',
        'get_user',
        '--tool-arg',
        `user_id=${user.id}`,
      )
      expect(called.isError ?? false).toBe(false)
      expect(called.structuredContent).toMatchObject({ id: user.id, object: 'user', email: 'inspector@example.com' })
    },
    CHILD_BUDGET_MS * 2,
  )

  it(
    'without a valid key the CLI fails: the server refuses the connection',
    async () => {
      const refused = await inspect('sk_test_not_a_key', '--method', 'tools/list').then(
        () => null,
        (error: { code?: number; stderr?: string }) => error,
      )
      expect(refused?.code).toBe(1)
      expect(refused?.stderr).toContain('authentication_failed')
    },
    CHILD_BUDGET_MS,
  )
})
