import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const CONFIG = fileURLToPath(new URL('../../clients/dashboard/vite.config.ts', import.meta.url))

/**
 * Builds the dashboard's UI into a directory of the calling test file's own (as `npm run build` does into
 * `dist/dashboard`), so that test files running at once never write over each other's build. The service is then
 * started with `DASHBOARD_ASSETS_DIR` naming it.
 */
export const buildDashboardForTests = async (): Promise<{ readonly dir: string; remove(): void }> => {
  const dir = mkdtempSync(join(tmpdir(), 'dashboard-ui-'))
  await build({ configFile: CONFIG, logLevel: 'error', build: { outDir: dir, emptyOutDir: true } })
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
