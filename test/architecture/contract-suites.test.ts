import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
/** Ports whose first adapter is still being written; each leaves this list with its suite. */
const PENDING = new Set<string>([])

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )

const ports = readdirSync(join(root, 'core', 'ports'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''))
const adapterTests = filesUnder(join(root, 'test', 'adapters')).filter((file) => file.endsWith('.test.ts'))

describe('Architecture: every port has one shared contract suite, run against its adapters', () => {
  it('each port in core/ports has test/contracts/<port>.contract.ts', () => {
    const suites = new Set(readdirSync(join(root, 'test', 'contracts')))
    expect(ports.filter((port) => !PENDING.has(port) && !suites.has(`${port}.contract.ts`))).toEqual([])
  })

  it('each suite is run by at least one adapter test', () => {
    const imported = new Set(
      adapterTests.flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/contracts\/([\w-]+)\.contract\.js/g)].map((match) => match[1]),
      ),
    )
    expect(ports.filter((port) => !PENDING.has(port) && !imported.has(port))).toEqual([])
  })
})
