import { appendFileSync } from 'node:fs'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { endpointId } from '../../contracts/endpoint.js'
import { Endpoints } from '../../contracts/endpoints.js'
import { signatureHeader } from '../../core/webhooks/signature.js'
import { DocumentValidator, type OpenApi } from '../support/openapi-validator.js'
import { createFixtures } from './fixtures.js'
import {
  answerProblems,
  exchangeOf,
  INBOUND_SECRET,
  otherSurface,
  SURFACES,
  type SurfaceName,
  send,
  startFuzzService,
} from './fuzz-service.js'
import { IdPool } from './id-pool.js'
import { type OpenApiDocument, operationsOf, resolver } from './openapi-operations.js'
import { type GenerationContext, requestArbitrary } from './request-arbitraries.js'

/**
 * A fuzzer driven by the served OpenAPI document: for every operation, on both surfaces,
 * valid-shaped requests (real ids of the account most of the time, so that the use cases
 * run) with one thing broken at a time. `FUZZ_RUNS` is the number of requests of the whole
 * run (spread over operations and surfaces), `FUZZ_SEED` its seed.
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 3_000)
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_520)

const fuzz = await startFuzzService()
afterAll(() => fuzz.stop())

const served = await send(fuzz, { surface: 'sandbox', method: 'GET', url: '/v1/openapi.json', headers: {} })
const document = served.json as OpenApiDocument
const operations = operationsOf(document)
const resolve = resolver(document)
/**
 * The independent check of every answer against the served document (test/support/openapi-validator.ts): the
 * document of the version that answered (`Service-Version`), fetched once each.
 */
const validators = new Map<string, DocumentValidator>([
  [document.info.version, new DocumentValidator(served.json as OpenApi)],
])
const validatorOf = async (surface: SurfaceName, version: string): Promise<DocumentValidator> => {
  let found = validators.get(version)
  if (found === undefined) {
    const older = await send(fuzz, { surface, method: 'GET', url: `/v1/openapi.json?version=${version}`, headers: {} })
    found = new DocumentValidator(older.json as OpenApi)
    validators.set(version, found)
  }
  return found
}
const runsPerOperation = Math.max(5, Math.ceil(TOTAL_RUNS / (operations.length * SURFACES.length)))
/** A long run gives each operation the time its requests take (a shrink included). */
const timeoutPerOperation = 20_000 + runsPerOperation * 200

const own: Record<SurfaceName, IdPool> = { live: new IdPool(), sandbox: new IdPool() }
const strangers: Record<SurfaceName, IdPool> = { live: new IdPool(), sandbox: new IdPool() }
for (const surface of SURFACES) {
  own[surface].addAll(await createFixtures(fuzz, surface, fuzz.owner[surface]))
  strangers[surface].addAll(await createFixtures(fuzz, surface, fuzz.stranger[surface]))
}
/** Whether a request turned a provider outage on: a 502 `calendar_provider_unavailable` is the documented answer then. */
const providerOutage: Record<SurfaceName, boolean> = { live: false, sandbox: false }

const contextOf = (surface: SurfaceName): GenerationContext => ({
  surface,
  resolve,
  ownIds: (prefix) => own[surface].get(prefix),
  foreignIds: (prefix) => [
    ...own[otherSurface(surface)].get(prefix).slice(0, 4),
    ...strangers[surface].get(prefix),
    ...strangers[otherSurface(surface)].get(prefix),
  ],
  hookUrl: fuzz.hookUrl[surface],
  keys: {
    own: fuzz.owner[surface],
    otherSurface: fuzz.owner[otherSurface(surface)],
    otherAccount: fuzz.stranger[surface],
  },
  // The mail provider's notices are signed like our webhooks: most get a good signature, so that the notice runs.
  sign: (operation, payload) =>
    operation.id === endpointId(Endpoints.inboundMailNotice)
      ? { 'service-signature': signatureHeader(payload.toString(), [INBOUND_SECRET], Math.floor(Date.now() / 1000)) }
      : undefined,
})

const staleFixtures: Record<SurfaceName, boolean> = { live: false, sandbox: false }

/** Every error code the run was answered, each answer checked against the document. */
const codesSeen = new Set<string>()

/** Per operation and surface: how many requests got each class of answer (the long run prints them). */
const tally = new Map<string, Record<string, number>>()

const seedOf = (text: string): number => [...text].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, SEED)

describe('the served OpenAPI document describes every operation the fuzzer drives', () => {
  it('has operations with their parameters, each path parameter naming a known kind of id', () => {
    expect(served.status).toBe(200)
    expect(operations.length).toBeGreaterThan(50)
    for (const operation of operations)
      for (const parameter of operation.pathParameters)
        expect(parameter.prefix, `${operation.id}: {${parameter.name}}`).toBeDefined()
  })
})

for (const surface of SURFACES) {
  describe(`on ${surface === 'live' ? 'production' : 'the sandbox'}: never a 5xx, every error in the envelope`, () => {
    for (const operation of operations) {
      it(
        operation.id,
        async () => {
          // Fresh resources after an operation that may have deleted or paused the last ones.
          if (staleFixtures[surface]) own[surface].addAll(await createFixtures(fuzz, surface, fuzz.owner[surface]))
          staleFixtures[surface] = operation.method !== 'GET' && operation.pathParameters.length > 0
          const counts: Record<string, number> = {}
          tally.set(`${surface} ${operation.id}`, counts)
          await fc.assert(
            fc.asyncProperty(requestArbitrary(operation, contextOf(surface)), async ({ broken, request }) => {
              const response = await send(fuzz, request)
              const outcome = `${Math.floor(response.status / 100)}xx`
              const code = response.json?.error?.code
              if (typeof code === 'string') codesSeen.add(code)
              counts[outcome] = (counts[outcome] ?? 0) + 1
              if (response.status < 300 && response.json !== undefined) own[surface].harvest(response.json)
              if (operation.path.endsWith('/provider_outage') && response.status < 300) providerOutage[surface] = true
              const problems = [
                ...answerProblems(response, {
                  providerMayFail: providerOutage[surface],
                  jsonErrors: operation.json,
                  oauthProtocol:
                    operation.path === Endpoints.oauthToken.path ||
                    operation.path === Endpoints.oauthRevoke.path ||
                    operation.path === Endpoints.oauthRegisterClient.path,
                }),
                ...(
                  await validatorOf(surface, String(response.headers['service-version'] ?? document.info.version))
                ).violations(exchangeOf(request, response)),
              ]
              if (process.env.OPENAPI_VIOLATIONS_LOG && problems.length > 0) {
                appendFileSync(process.env.OPENAPI_VIOLATIONS_LOG, `${problems.join('\n')}\n`)
                return
              }
              if (problems.length > 0) {
                const shown = { ...request, payload: request.payload?.toString().slice(0, 300) }
                throw new Error(
                  `${problems.join('; ')} (broken: ${broken})\n${JSON.stringify(shown)}\n-> ${response.status} ${response.text.slice(0, 500)}`,
                )
              }
            }),
            { seed: seedOf(`${surface} ${operation.id}`), numRuns: runsPerOperation },
          )
        },
        timeoutPerOperation,
      )
    }
  })
}

describe('valid-shaped requests reach the use cases', () => {
  it('most operations answered a success at least once on a surface that serves them', () => {
    const succeeded = operations.filter((operation) =>
      SURFACES.some((surface) => (tally.get(`${surface} ${operation.id}`)?.['2xx'] ?? 0) > 0),
    )
    if (process.env.FUZZ_STATS === '1') console.table(Object.fromEntries(tally))
    if (process.env.FUZZ_STATS === '1') console.log([...codesSeen].sort().join(' '))
    expect(succeeded.length / operations.length).toBeGreaterThan(0.6)
  })

  it('the hooks and the framework answered each of their documented errors, each answer as the document says', () => {
    const hookCodes = [
      'authentication_failed',
      'body_too_deep',
      'body_too_large',
      'idempotency_key_invalid',
      'invalid_api_version',
      'invalid_json',
      'method_not_allowed',
      'parameter_invalid',
      'parameter_missing',
      'parameter_unknown',
      'resource_missing',
      'route_not_found',
      'unsupported_media_type',
    ]
    expect(hookCodes.filter((code) => !codesSeen.has(code))).toEqual([])
  })
})
