import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** `npm test`'s pretest step, run with a PATH and a Chromium path the test controls. */
const SCRIPT = join(import.meta.dirname, '../../scripts/ensure-test-tools.mjs')
const run = (path: string, chromium: string) =>
  spawnSync(process.execPath, [SCRIPT], {
    env: { PATH: path, CHROMIUM_PATH: chromium, TEST_TOOLS_NO_INSTALL: '1' },
    encoding: 'utf8',
  })

const dirWith = (command: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'tools-'))
  writeFileSync(join(dir, command), '#!/bin/sh\n')
  chmodSync(join(dir, command), 0o755)
  return dir
}

describe('pretest: the browser and CalDAV tests’ Debian packages', () => {
  it('passes silently when Chromium and Radicale are there', () => {
    const result = run(dirWith('radicale'), process.execPath)
    expect(result.status).toBe(0)
    expect(result.stderr).toBe('')
  })

  it('stops with one line naming what to install when it may not install it', () => {
    const result = run(mkdtempSync(join(tmpdir(), 'empty-path-')), join(tmpdir(), 'no-such-chromium'))
    expect(result.status).toBe(1)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('apt-get install -y chromium radicale')
  })

  it('names only what is missing', () => {
    const result = run(mkdtempSync(join(tmpdir(), 'empty-path-')), process.execPath)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('the Debian packages radicale:')
    expect(result.stderr).not.toContain('chromium')
  })
})
