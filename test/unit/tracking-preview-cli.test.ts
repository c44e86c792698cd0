import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runKeysCli } from '../../hosts/cli/keys.js'
import { loadConfig } from '../../hosts/config.js'
import { startService } from '../../hosts/server.js'
import { api } from '../support/service.js'

const dataDir = mkdtempSync(join(tmpdir(), 'tracking-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const run = async (...argv: string[]) => {
  const lines: string[] = []
  const code = await runKeysCli(argv, { DATA_DIR: dataDir }, (line) => lines.push(line))
  return { code, output: lines.join('\n') }
}

describe('Private preview: an operator enables tracking for an account with `npm run keys -- tracking on`', () => {
  // Starts the whole service five times in a row: a longer safety net than the default, not a timing goal.
  it('off in production until enabled; on enables it; off disables it in the sandbox too', {
    timeout: 90_000,
  }, async () => {
    const created = await run('create-account')
    const liveSecret = /sk_live_[0-9a-f]+/.exec(created.output)![0]
    const testSecret = /sk_test_[0-9a-f]+/.exec(created.output)![0]
    const accountId = /acct_[0-9a-z]+/.exec(created.output)![0]
    const tracking = async (surface: 'live' | 'sandbox') => {
      const service = await startService(
        loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent' }),
      )
      try {
        const [base, key] = surface === 'live' ? [service.liveUrl, liveSecret] : [service.sandboxUrl, testSecret]
        return (await api(base, 'GET', '/v1/events/evt_none/tracking', { key })).body.error.code as string
      } finally {
        await service.stop()
      }
    }
    expect(await tracking('live')).toBe('tracking_not_enabled')
    expect(await tracking('sandbox')).toBe('resource_missing')
    expect(await run('tracking', 'on', '--account', accountId)).toEqual({
      code: 0,
      output: `tracking on for ${accountId}`,
    })
    expect(await tracking('live')).toBe('resource_missing')
    expect((await run('tracking', 'off')).code).toBe(0)
    expect(await tracking('sandbox')).toBe('tracking_not_enabled')
    expect((await run('tracking', 'maybe')).code).toBe(2)
    expect((await run('tracking', 'on', '--account', 'acct_unknown')).code).toBe(1)
  })
})
