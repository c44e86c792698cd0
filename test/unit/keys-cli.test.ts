import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runKeysCli } from '../../hosts/cli/keys.js'
import { api } from '../support/service.js'

const dataDir = mkdtempSync(join(tmpdir(), 'keys-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const run = async (...argv: string[]) => {
  const lines: string[] = []
  const code = await runKeysCli(argv, { DATA_DIR: dataDir }, (line) => lines.push(line))
  return { code, output: lines.join('\n') }
}

describe('Admin CLI: npm run keys -- create / revoke', () => {
  it('creates an account and keys that a running server accepts, and revokes them', async () => {
    const created = await run('create-account')
    expect(created.code).toBe(0)
    const testSecret = /sk_test_[0-9a-f]+/.exec(created.output)![0]
    const config = { DATA_DIR: dataDir }
    const { loadConfig } = await import('../../hosts/config.js')
    const { startService } = await import('../../hosts/server.js')
    const service = await startService(
      loadConfig({ ...config, HOST: '127.0.0.1', PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent' }),
    )
    try {
      expect((await api(service.sandboxUrl, 'GET', '/v1/health', { key: testSecret })).status).toBe(200)
      const extra = await run('create', '--mode', 'test')
      const extraSecret = /sk_test_[0-9a-f]+/.exec(extra.output)![0]
      const extraId = /key_[0-9a-z]+/.exec(extra.output)![0]
      expect((await api(service.sandboxUrl, 'GET', '/v1/health', { key: extraSecret })).status).toBe(200)
      expect((await run('revoke', extraId)).code).toBe(0)
      expect((await api(service.sandboxUrl, 'GET', '/v1/health', { key: extraSecret })).status).toBe(401)
      const listed = await run('list')
      expect(listed.output).toContain('revoked')
      expect(listed.output).not.toContain(testSecret)
    } finally {
      await service.stop()
    }
  })

  it('refuses bad arguments', async () => {
    expect((await run('create', '--mode', 'prod')).code).toBe(2)
    expect((await run('revoke', 'key_missing')).code).toBe(1)
    expect((await run('frobnicate')).code).toBe(2)
  })
})

describe('Admin CLI: create --restricted with permissions and an allowlist', () => {
  it('creates an rk_ key with those grants that the server enforces, and lists it with them', async () => {
    if ((await run('list')).output.trim() === '') await run('create-account')
    const created = await run(
      'create',
      '--mode',
      'live',
      '--restricted',
      '--permissions',
      'users:read,events:write',
      '--allow',
      '127.0.0.0/8,2001:db8::/32',
      '--name',
      'Reporting',
    )
    expect(created.code).toBe(0)
    const secret = /rk_live_[0-9a-f]+/.exec(created.output)![0]
    const { loadConfig } = await import('../../hosts/config.js')
    const { startService } = await import('../../hosts/server.js')
    const service = await startService(
      loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent' }),
    )
    try {
      expect((await api(service.liveUrl, 'GET', '/v1/users', { key: secret })).status).toBe(200)
      const refused = await api(service.liveUrl, 'POST', '/v1/users', { key: secret, body: { email: 'x@example.com' } })
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toContain('users:write')
    } finally {
      await service.stop()
    }
    const listed = await run('list')
    expect(listed.output).toMatch(
      /rk_live_\.\.\.\w{4} {2}active {2}users:read,events:write {2}from 127\.0\.0\.0\/8,2001:db8::\/32/,
    )
    expect(listed.output).not.toContain(secret)
  })

  it('refuses unknown families and levels, grants without --restricted, and a bad allowlist entry', async () => {
    expect((await run('create', '--mode', 'live', '--restricted', '--permissions', 'billing:read')).code).toBe(2)
    expect((await run('create', '--mode', 'live', '--restricted', '--permissions', 'users:admin')).code).toBe(2)
    expect((await run('create', '--mode', 'live', '--restricted')).code).toBe(2)
    expect((await run('create', '--mode', 'live', '--permissions', 'users:read')).code).toBe(2)
    const bad = await run('create', '--mode', 'live', '--restricted', '--permissions', 'users:read', '--allow', 'nope')
    expect(bad.code).toBe(2)
    expect(bad.output).toContain('nope')
  })
})

describe("Admin CLI: permissions KEY_ID replaces a restricted key's grants", () => {
  it('a grant removed is refused on the next request; a secret key, an unknown key and bad grants are refused', async () => {
    if ((await run('list')).output.trim() === '') await run('create-account')
    const created = await run('create', '--mode', 'test', '--restricted', '--permissions', 'users:write')
    const secret = /rk_test_[0-9a-f]+/.exec(created.output)![0]
    const id = /key_[0-9a-z]+/.exec(created.output)![0]
    const { loadConfig } = await import('../../hosts/config.js')
    const { startService } = await import('../../hosts/server.js')
    const service = await startService(
      loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent' }),
    )
    try {
      const create = () =>
        api(service.sandboxUrl, 'POST', '/v1/users', { key: secret, body: { email: `cli${Date.now()}@example.com` } })
      expect((await create()).status).toBe(201)
      const narrowed = await run('permissions', id, '--permissions', 'users:read')
      expect(narrowed).toEqual({ code: 0, output: `${id}  users:read` })
      // The CLI wrote the accounts file beside the running server: the next request sees the grant gone.
      const refused = await create()
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toContain('users:write')
      expect((await api(service.sandboxUrl, 'GET', '/v1/users', { key: secret })).status).toBe(200)
    } finally {
      await service.stop()
    }
    const secretKeyId = /(key_[0-9a-z]+) {2}sk_test_/.exec((await run('list')).output)![1]!
    expect((await run('permissions', secretKeyId, '--permissions', 'users:read')).code).toBe(2)
    expect((await run('permissions', 'key_missing', '--permissions', 'users:read')).code).toBe(1)
    expect((await run('permissions', id, '--permissions', 'users:admin')).code).toBe(2)
    expect((await run('permissions', id)).code).toBe(2)
  })
})
