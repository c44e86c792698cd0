import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A data directory of the scenario's own, removed when its process exits. Never the `.data/` of `npm start` (the
 * default of `DATA_DIR`): a scenario that wrote there would add its users and events to the developer's, and to every
 * later run's, so each run would start where the last one stopped.
 */
export const temporaryDataDir = (scenario: string): string => {
  const dir = mkdtempSync(join(tmpdir(), `departure-bench-${scenario}-`))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}
