import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The repository's root. */
export const root = join(import.meta.dirname, '..', '..')

/** Every TypeScript source under `dir`, recursively. */
export const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  )

/** Every module specifier of a source: static imports and re-exports (type-only too), side-effect and dynamic imports. */
export const importsOf = (source: string): string[] =>
  [
    ...source.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3] ?? '')
