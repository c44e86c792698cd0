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
