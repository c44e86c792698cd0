import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { type EndpointContract, endpointId } from '../../contracts/endpoint.js'
import { Endpoints } from '../../contracts/endpoints.js'
import type { CalendarRepositoryPort } from '../../core/ports/calendar-repository.js'
import type { ConnectionRepositoryPort } from '../../core/ports/connection-repository.js'
import { TOKENS } from '../../hosts/di-tokens.js'
import { fixtureIds, makeCalendar, makeConnection } from '../support/connection-fixtures.js'
import { createFixtures, type FixtureIds, fillPath, pathParameters } from './fixtures.js'
import {
  answerProblems,
  call,
  type FuzzResponse,
  otherSurface,
  SURFACES,
  type SurfaceName,
  send,
  startFuzzService,
} from './fuzz-service.js'
import { type JsonSchema, type OpenApiDocument, operationsOf, resolver } from './openapi-operations.js'
import { type GenerationContext, validValue } from './request-arbitraries.js'

/**
 * Every route with an id in its path, from the route table: another account's key gets 404
 * and the other surface's key of the same account 401, and neither changes anything the
 * owner can see (its resources, lists, sent e-mails and pushes, its notifications outbox,
 * webhooks sent). The owner's own request then gets past both, so the ids and body were good.
 */
const fuzz = await startFuzzService()
afterAll(() => fuzz.stop())

const served = await send(fuzz, { surface: 'sandbox', method: 'GET', url: '/v1/openapi.json', headers: {} })
const document = served.json as OpenApiDocument
const operationById = new Map(operationsOf(document).map((operation) => [operation.id, operation]))

const withIds = Object.entries(Endpoints as Record<string, EndpointContract>).filter(([, endpoint]) =>
  endpoint.path.includes('{'),
)
/** Token-addressed pages and the pixel take no key: there is no key to get wrong. */
const keyed = withIds.filter(([, endpoint]) => endpoint.authenticated !== false)

/** Bodies the required fields alone do not make valid (one of two optional fields is needed, or the URL resolves nowhere). */
const BODY_OVERRIDES: Readonly<Record<string, (ids: FixtureIds) => unknown>> = {
  createReminder: () => ({ offset_minutes: 60 }),
  updateWebhookEndpoint: () => ({ description: 'changed by the cross-account test' }),
}

/** Production has no calendar provider in the tests: its connection and calendar are written to storage directly. */
const storeProductionConnection = async (ids: FixtureIds): Promise<void> => {
  const { container } = fuzz.service.application.surfaces.live
  const connection = makeConnection({
    id: fixtureIds.next('con'),
    accountId: fuzz.ownerAccountId,
    livemode: true,
    userId: ids.usr!,
  })
  await container.get<ConnectionRepositoryPort>(TOKENS.ConnectionRepository).insert(connection, [])
  const calendar = makeCalendar({ accountId: fuzz.ownerAccountId, connectionId: connection.id, userId: ids.usr! })
  await container.get<CalendarRepositoryPort>(TOKENS.CalendarRepository).save(calendar)
  ids.con = connection.id
  ids.cal = calendar.id
}

const fixturesFor = async (surface: SurfaceName): Promise<FixtureIds> => {
  const ids = await createFixtures(fuzz, surface, fuzz.owner[surface])
  if (surface === 'live') await storeProductionConnection(ids)
  return ids
}

const pathWith = (path: string, ids: FixtureIds): string =>
  fillPath(
    path,
    Object.fromEntries(pathParameters(path).map((parameter) => [parameter.name, ids[parameter.prefix ?? ''] ?? ''])),
  )

/** A valid body of the endpoint: its required fields (or, with none, its first field), ids from the fixtures. */
const bodyFor = (name: string, endpoint: EndpointContract, surface: SurfaceName, ids: FixtureIds): unknown => {
  const override = BODY_OVERRIDES[name]
  if (override !== undefined) return override(ids)
  const schema = operationById.get(endpointId(endpoint))?.body
  if (schema === undefined) return endpoint.body === undefined ? undefined : {}
  const resolve = resolver(document)
  const resolved = resolve(schema)
  const names = resolved.required?.length ? resolved.required : Object.keys(resolved.properties ?? {}).slice(0, 1)
  const minimal: JsonSchema = {
    ...resolved,
    properties: Object.fromEntries(names.map((key) => [key, resolved.properties![key]!])),
    required: names,
  }
  const context: GenerationContext = {
    surface,
    resolve,
    ownIds: (prefix) => (ids[prefix] === undefined ? [] : [ids[prefix]!]),
    foreignIds: () => [],
    ownIdsOnly: true,
    hookUrl: fuzz.hookUrl[surface],
    keys: { own: fuzz.owner[surface], otherSurface: fuzz.owner[otherSurface(surface)], otherAccount: '' },
  }
  return fc.sample(validValue(minimal, '', context), { seed: 7, numRuns: 1 })[0]
}

const withoutRequestIds = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value ?? null, (key, item) => (key === 'request_id' ? undefined : item)))

/**
 * What the owner can see on both surfaces: every keyed GET route filled with the fixtures'
 * ids, the notifications outbox of both accounts, and the webhooks the receiver got.
 */
const ownerView = async (ids: Readonly<Record<SurfaceName, FixtureIds>>) => {
  const view: Record<string, unknown> = {}
  for (const surface of SURFACES) {
    for (const [name, endpoint] of Object.entries(Endpoints as Record<string, EndpointContract>)) {
      if (endpoint.method !== 'GET' || endpoint.authenticated === false || endpoint.response === undefined) continue
      if (endpoint.sandboxOnly === true && surface === 'live') continue
      if (name === 'health') continue
      const response = await call(fuzz, surface, fuzz.owner[surface], 'GET', pathWith(endpoint.path, ids[surface]))
      view[`${surface} ${name}`] = { status: response.status, body: withoutRequestIds(response.json) }
    }
    const { outbox } = fuzz.service.application.surfaces[surface === 'live' ? 'live' : 'test']
    for (const account of [fuzz.ownerAccountId, fuzz.strangerAccountId])
      view[`${surface} outbox ${account}`] = (await outbox.list(account, 10_000)).map((event) => event.id)
  }
  view.webhooksReceived = fuzz.receiver.received.length
  return view
}

const request = (
  surface: SurfaceName,
  key: string,
  name: string,
  endpoint: EndpointContract,
  ids: FixtureIds,
): Promise<FuzzResponse> =>
  call(fuzz, surface, key, endpoint.method, pathWith(endpoint.path, ids), bodyFor(name, endpoint, surface, ids))

describe('the route table: every route with an id in its path takes a key or is token-addressed', () => {
  it('names a known kind of id for each path parameter, and the keyless ones are the pages and the pixel', () => {
    expect(keyed.length).toBeGreaterThan(30)
    for (const [name, endpoint] of withIds)
      for (const parameter of pathParameters(endpoint.path))
        expect(parameter.prefix, `${name} {${parameter.name}}`).toBeDefined()
    expect(withIds.filter(([, endpoint]) => endpoint.authenticated === false).map(([name]) => name)).toEqual([
      'invitationOpenPixel',
      'hostedRespondPage',
      'hostedRespondSubmit',
      'hostedUnsubscribePage',
      'hostedUnsubscribeSubmit',
    ])
  })
})

for (const surface of SURFACES) {
  describe(`on ${surface === 'live' ? 'production' : 'the sandbox'}: another account's key gets 404, the other surface's key 401, and neither changes anything`, () => {
    for (const [name, endpoint] of keyed) {
      if (endpoint.sandboxOnly === true && surface === 'live') continue
      it(`${endpointId(endpoint)} (${name})`, async () => {
        const ids = { live: await fixturesFor('live'), sandbox: await fixturesFor('sandbox') }
        const before = await ownerView(ids)

        const stranger = await request(surface, fuzz.stranger[surface], name, endpoint, ids[surface])
        expect(answerProblems(stranger)).toEqual([])
        expect([stranger.status, stranger.json?.error?.code], stranger.text).toEqual([404, 'resource_missing'])

        const wrongSurface = await request(surface, fuzz.owner[otherSurface(surface)], name, endpoint, ids[surface])
        expect(answerProblems(wrongSurface)).toEqual([])
        expect([wrongSurface.status, wrongSurface.json?.error?.code], wrongSurface.text).toEqual([
          401,
          'authentication_failed',
        ])

        expect(await ownerView(ids)).toEqual(before)

        // The control: the same request with the owner's key finds everything it names.
        const owner = await request(surface, fuzz.owner[surface], name, endpoint, ids[surface])
        expect(answerProblems(owner), owner.text).toEqual([])
        expect([401, 404], `${owner.status} ${owner.text}`).not.toContain(owner.status)
      })
    }
  })
}
