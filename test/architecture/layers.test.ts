import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, root, sourceFiles } from './source-imports.js'

/**
 * Which layer may not reach which, beyond core/ (its own test: `core-imports.test.ts`). Only composition
 * (`hosts/composition-root.ts`, `hosts/composition/`, and the CLIs that open a store themselves) binds adapters and
 * joins the hosts to each other; the hosts speak to the core's ports and to each other's shared modules
 * (`hosts/shared/`: the error table and envelope, request ids, sub-limit counting).
 */
const LAYER_RULES: readonly {
  readonly layer: string
  readonly mayNotImport: readonly string[]
  readonly why: string
}[] = [
  {
    layer: 'contracts',
    mayNotImport: ['adapters', 'hosts'],
    why: 'the public wire shapes are derived from the core, not from how it is run',
  },
  { layer: 'adapters', mayNotImport: ['hosts', 'contracts'], why: 'an adapter implements a core port, nothing more' },
  {
    layer: 'hosts/api',
    mayNotImport: ['adapters', 'hosts/voice'],
    why: 'the HTTP host is handed its services by composition',
  },
  {
    layer: 'hosts/voice',
    mayNotImport: ['adapters', 'hosts/api'],
    why: 'the voice gateway is handed its services by composition',
  },
  {
    layer: 'hosts/shared',
    mayNotImport: ['adapters', 'hosts/api', 'hosts/voice', 'hosts/composition', 'hosts/composition-root.ts'],
    why: 'what both hosts share depends on neither',
  },
]

/** The rule an import of `file` breaks, or null. Packages are not layers: only relative specifiers are checked. */
const layerViolation = (file: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null
  const from = relative(root, file).split(sep).join('/')
  const target = relative(root, resolve(dirname(file), specifier))
    .split(sep)
    .join('/')
  // A specifier names the compiled `.js`; the layer `hosts/composition-root.ts` is that file's source.
  const targetSource = target.replace(/\.js$/, '.ts')
  for (const rule of LAYER_RULES) {
    if (!from.startsWith(`${rule.layer}/`)) continue
    const forbidden = rule.mayNotImport.find(
      (layer) => targetSource === layer || target.startsWith(`${layer}/`) || targetSource.startsWith(`${layer}/`),
    )
    if (forbidden !== undefined)
      return `${from} imports ${target}: ${rule.layer} may not import ${forbidden} (${rule.why})`
  }
  return null
}

const violationsIn = (file: string): string[] =>
  importsOf(readFileSync(file, 'utf8')).flatMap((specifier) => {
    const problem = layerViolation(file, specifier)
    return problem === null ? [] : [problem]
  })

describe('Architecture: each layer imports only the layers below it', () => {
  for (const rule of LAYER_RULES)
    it(`${rule.layer}/ imports none of ${rule.mayNotImport.join(', ')}`, () => {
      const offenders = sourceFiles(join(root, ...rule.layer.split('/'))).flatMap(violationsIn)
      expect(offenders).toEqual([])
    })

  describe('the check itself', () => {
    const at = (path: string) => join(root, ...path.split('/'))

    it('refuses the imports that once joined the layers', () => {
      for (const [file, specifier] of <[string, string][]>[
        ['hosts/api/account-clock.ts', '../../adapters/clock/system/system-clock.js'],
        ['hosts/api/app.ts', '../../adapters/speech-model/openai-realtime/openai-realtime-relay.js'],
        ['hosts/api/plugins/authentication.ts', '../../../adapters/clock/system/system-clock.js'],
        ['hosts/api/routes/connections.ts', '../../../adapters/calendar-provider/caldav/caldav-calendar-provider.js'],
        ['hosts/api/routes/invitations.ts', '../../../adapters/mail/memory/memory-mail.js'],
        ['hosts/api/app.ts', '../voice/voice-gateway.js'],
        ['hosts/api/routes/voice.ts', '../../voice/tools/registry.js'],
        ['hosts/voice/tools/event-tools.ts', '../../api/routes/events.js'],
        ['hosts/voice/voice-gateway.ts', '../api/errors.js'],
        ['hosts/voice/voice-gateway.ts', '../api/plugins/request-id.js'],
        ['adapters/mail/memory/memory-mail.ts', '../../../hosts/config.js'],
        ['contracts/events.ts', '../hosts/api/routes/events.js'],
        ['hosts/shared/errors.ts', '../composition-root.js'],
      ])
        expect(layerViolation(at(file), specifier), `${file} -> ${specifier}`).not.toBeNull()
    })

    it('allows what the layers may share', () => {
      for (const [file, specifier] of <[string, string][]>[
        ['hosts/api/routes/events.ts', '../../../contracts/events.js'],
        ['hosts/api/app.ts', '../shared/errors.js'],
        ['hosts/voice/voice-gateway.ts', '../shared/errors.js'],
        ['hosts/api/app.ts', '../composition-root.js'],
        ['hosts/composition/voice.ts', '../voice/voice-gateway.js'],
        ['hosts/composition/voice.ts', '../../adapters/speech-model/openai-realtime/openai-realtime-relay.js'],
        ['adapters/clock/system/system-clock.ts', '../../../core/ports/clock.js'],
        ['hosts/api/app.ts', 'fastify'],
      ])
        expect(layerViolation(at(file), specifier), `${file} -> ${specifier}`).toBeNull()
    })

    it('reads type-only and multi-line imports', () => {
      expect(
        importsOf("import type {\n  SyntheticCalendarWorld,\n  WorldEvent,\n} from '../../../adapters/x.js'"),
      ).toEqual(['../../../adapters/x.js'])
    })
  })
})
