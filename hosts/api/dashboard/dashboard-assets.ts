import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, extname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/** One built file of the UI, kept in memory with its gzip form (the whole UI is a few tens of kilobytes). */
export interface DashboardAsset {
  readonly type: string
  readonly body: Buffer
  readonly gzip: Buffer
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
}

/** The project's directory: the nearest one up from this file with a package.json (sources and `dist/` alike). */
const projectRoot = (): string => {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) return process.cwd()
    dir = parent
  }
  return dir
}

/** Where `npm run build` writes the UI (`vite build`, `clients/dashboard/vite.config.ts`). */
export const defaultAssetsDir = (): string => join(projectRoot(), 'dist', 'dashboard')

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })

/**
 * The built UI, by path under `/dashboard/` (`index.html`, `assets/index-abc123.js`); null when it was not built
 * (the dashboard then answers that it needs `npm run build`).
 */
export const loadDashboardAssets = (dir: string): ReadonlyMap<string, DashboardAsset> | null => {
  const root = resolve(dir)
  if (!existsSync(join(root, 'index.html'))) return null
  const assets = new Map<string, DashboardAsset>()
  for (const path of walk(root)) {
    const body = readFileSync(path)
    assets.set(relative(root, path).split('\\').join('/'), {
      type: TYPES[extname(path)] ?? 'application/octet-stream',
      body,
      gzip: gzipSync(body, { level: 9 }),
    })
  }
  return assets
}
