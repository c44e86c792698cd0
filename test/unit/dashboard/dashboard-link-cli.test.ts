import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runKeysCli } from '../../../hosts/cli/keys.js'

const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-link-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const run = async (...argv: string[]) => {
  const lines: string[] = []
  const env = { DATA_DIR: dataDir, PUBLIC_BASE_URL: 'https://api.example.com' }
  const code = await runKeysCli(argv, env, (line) => lines.push(line))
  return { code, output: lines.join('\n') }
}

describe('npm run keys -- dashboard-link: the first owner, and automation, get a one-time link', () => {
  it('refuses without an account, without --email, and with an unknown role', async () => {
    expect((await run('dashboard-link', '--email', 'a@example.com')).output).toContain('No account yet')
    expect((await run('create-account')).code).toBe(0)
    expect((await run('dashboard-link')).code).toBe(2)
    const role = await run('dashboard-link', '--email', 'a@example.com', '--role', 'root')
    expect(role).toMatchObject({ code: 2, output: '--role is one of owner, admin, developer, viewer' })
    expect((await run('dashboard-link', '--email', 'not an address')).code).toBe(2)
  })

  it('makes the member if needed (the first one the owner) and prints a link on the public address', async () => {
    const first = await run('dashboard-link', '--email', 'Founder@Example.com')
    expect(first.code).toBe(0)
    expect(first.output).toMatch(/^founder@example\.com \(owner\) on acct_\w+$/m)
    expect(first.output).toMatch(/^https:\/\/api\.example\.com\/dashboard\/sign-in\?token=[0-9a-f]{64}$/m)
    const second = await run('dashboard-link', '--email', 'ops@example.com')
    expect(second.output).toContain('ops@example.com (viewer)')
    const promoted = await run('dashboard-link', '--email', 'ops@example.com', '--role', 'admin')
    expect(promoted.output).toContain('ops@example.com (admin)')
  })
})

describe('dashboard-link with STORAGE=memory', () => {
  it('refuses: the link would live in the CLI’s process only', async () => {
    const lines: string[] = []
    const code = await runKeysCli(
      ['dashboard-link', '--email', 'a@example.com'],
      { STORAGE: 'memory', DATA_DIR: dataDir },
      (line) => lines.push(line),
    )
    expect(code).toBe(2)
    expect(lines.join('\n')).toContain('needs a shared storage')
  })
})
