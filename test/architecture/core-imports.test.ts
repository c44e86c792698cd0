import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const FORBIDDEN = [
  'fastify',
  'mongodb',
  'agenda',
  '@agendajs',
  'ws',
  'inversify',
  'node:http',
  'node:https',
  'node:net',
  'http',
  'https',
  'net',
  'undici',
  'nodemailer',
]

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  )

const importsOf = (source: string): string[] =>
  [
    ...source.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3] ?? '')

describe('Architecture: core/ is framework-free', () => {
  it('imports no framework, driver or transport', () => {
    const offenders: string[] = []
    for (const file of sourceFiles(join(root, 'core'))) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!
        if (FORBIDDEN.includes(name) || FORBIDDEN.includes(specifier))
          offenders.push(`${relative(root, file)} imports ${specifier}`)
        if (specifier.startsWith('.') && /(adapters|hosts)\//.test(join(file, '..', specifier)))
          offenders.push(`${relative(root, file)} reaches outside core: ${specifier}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('reads no time or randomness directly', () => {
    const code = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    const offenders = sourceFiles(join(root, 'core')).filter((file) =>
      /Date\.now\(|Math\.random\(|new Date\(\)/.test(code(file)),
    )
    expect(offenders.map((file) => relative(root, file))).toEqual([])
  })

  it('detects a forbidden import (the check itself works)', () => {
    expect(importsOf("import Fastify from 'fastify'\nimport { x } from './y.js'")).toEqual(['fastify', './y.js'])
  })
})
