import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, TEST_KEY, type TestService } from '../support/service.js'

/**
 * The client's README example, run the way a user runs it: the package packed (`npm pack`, whose `prepare` builds
 * `dist/`), the archive installed into an empty project (offline: its one dependency is packed from this
 * repository's own install, so no registry is asked), the example compiled against the installed package's types
 * (its `exports`) and run with Node against a sandbox on loopback.
 */

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const README = join(ROOT, 'clients/typescript/README.md')
const PLACEHOLDER_URL = 'https://sandbox.example.com'

let test: TestService
let project: string

const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env: { ...process.env } })

beforeAll(async () => {
  test = await startTestService({ WORKER: 'false' })
  project = mkdtempSync(join(tmpdir(), 'client-package-'))
  const packed = async (directory: string) =>
    (await npm(['pack', directory, '--pack-destination', project, '--silent'], ROOT)).stdout.trim().split('\n').at(-1)!
  const archives = [
    await packed('./clients/typescript'),
    await packed('./node_modules/openapi-fetch'),
    await packed('./node_modules/openapi-typescript-helpers'),
  ]
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
  await npm(['install', '--offline', ...archives.map((archive) => `./${archive}`)], project)
}, 300_000)

afterAll(async () => {
  await test?.stop()
  if (project !== undefined) rmSync(project, { recursive: true, force: true })
})

describe("the client's README example runs from a fresh install", () => {
  it('compiles against the installed package and lists with limit: 5', async () => {
    const readme = readFileSync(README, 'utf8')
    const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1]
    expect(example).toContain('limit: 5')
    expect(example).toContain(PLACEHOLDER_URL)
    writeFileSync(join(project, 'example.ts'), example!.replace(PLACEHOLDER_URL, test.sandbox))
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules/@types')],
        },
        files: ['example.ts'],
      }),
    )
    // The package is resolved through its `exports` (NodeNext), from the project's node_modules.
    await run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: project })
    const { stdout } = await run(process.execPath, ['example.js'], {
      cwd: project,
      env: { ...process.env, API_KEY: TEST_KEY },
    })
    const lines = stdout.trim().split('\n')
    expect(lines).toContain('Analytical Engine review')
    // The list helper pages five at a time and ends; the user's events are listed once each.
    const titles = lines.slice(0, -1)
    expect(titles.length).toBeGreaterThanOrEqual(1)
    expect(lines.at(-1)).toMatch(/^leave between \d{4}-\d{2}-\d{2}T\S+ and \d{4}-\d{2}-\d{2}T\S+$/)
  }, 120_000)
})
