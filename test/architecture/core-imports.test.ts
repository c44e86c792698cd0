import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, root, sourceFiles } from './source-imports.js'

const coreDir = join(root, 'core')

/**
 * What core/ may import besides its own files: an allowlist, so that a new dependency is a decision made here.
 * Pure libraries only (no I/O, no framework, no driver), and of Node only hashing and timing-safe comparison.
 */
const ALLOWED_PACKAGES: Readonly<Record<string, string>> = {
  effect: 'schemas, tagged errors, Result',
  luxon: 'time zones and wall-clock arithmetic',
  rrule: 'expanding recurring provider events',
  'chrono-node': 'reading dates and times in natural-language scheduling text',
  'ipaddr.js': 'classifying webhook and push endpoint addresses',
  'escape-html': 'escaping text in invitation e-mails',
  'ical-generator': 'building invitation iCalendar files',
  'timezones-ical-library': 'VTIMEZONE blocks for those files',
  'node:crypto': 'hashes, HMAC signatures, timing-safe comparison (no randomness: that comes through a port)',
}

/** The package a bare specifier names: `@scope/name`, `name` (a subpath `name/x` is still `name`), or `node:x`. */
const packageOf = (specifier: string): string =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier)

/** Why an import of `file` breaks the rule, or null when it is allowed. */
const violation = (file: string, specifier: string): string | null => {
  if (specifier.startsWith('.')) {
    const target = resolve(dirname(file), specifier)
    if (target.startsWith(coreDir + sep)) return null
    return `reaches outside core: ${relative(root, target)}`
  }
  const name = packageOf(specifier)
  return name in ALLOWED_PACKAGES ? null : `imports ${specifier}, which is not on the allowlist`
}

const violationsIn = (file: string, source: string): string[] =>
  importsOf(source).flatMap((specifier) => {
    const problem = violation(file, specifier)
    return problem === null ? [] : [`${relative(root, file)} ${problem}`]
  })

describe('Architecture: core/ imports only itself and an allowlist of pure libraries', () => {
  it('every import of core/ is within core/ or on the allowlist', () => {
    const offenders = sourceFiles(coreDir).flatMap((file) => violationsIn(file, readFileSync(file, 'utf8')))
    expect(offenders).toEqual([])
  })

  it('reads no time or randomness directly', () => {
    const code = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    const offenders = sourceFiles(coreDir).filter((file) => /Date\.now\(|Math\.random\(|new Date\(\)/.test(code(file)))
    expect(offenders.map((file) => relative(root, file))).toEqual([])
  })

  describe('the check itself', () => {
    const file = join(coreDir, 'event', 'example.ts')

    it('finds every kind of import', () => {
      expect(
        importsOf(
          "import Fastify from 'fastify'\nimport type { X } from '../ports/x.js'\nexport { y } from './y.js'\nimport 'reflect-metadata'\nconst m = await import('mongodb')",
        ),
      ).toEqual(['fastify', '../ports/x.js', './y.js', 'reflect-metadata', 'mongodb'])
    })

    it('allows core files and the allowlisted packages, subpaths included', () => {
      for (const specifier of ['../ports/clock.js', './event.js', 'effect', 'effect/Schema', 'node:crypto', 'luxon'])
        expect(violation(file, specifier), specifier).toBeNull()
    })

    it('refuses contracts/, adapters/ and hosts/, frameworks, drivers and Node I/O', () => {
      for (const specifier of [
        '../../contracts/events.js',
        '../../adapters/clock/system/system-clock.js',
        '../../hosts/config.js',
        'fastify',
        'mongodb',
        'agenda',
        '@agendajs/mongo-backend',
        'inversify',
        'ws',
        'pino',
        'node:fs',
        'node:http',
        'crypto',
      ])
        expect(violation(file, specifier), specifier).not.toBeNull()
      expect(violationsIn(file, "import type { EventResource } from '../../contracts/events.js'")).toEqual([
        'core/event/example.ts reaches outside core: contracts/events.js',
      ])
    })
  })
})
