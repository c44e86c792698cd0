import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import type { EndpointContract } from '../../contracts/endpoint.js'
import { Endpoints } from '../../contracts/endpoints.js'
import { compileSerializer, verifiedSerializer } from '../../hosts/api/serializers.js'

const endpoint = (response: Schema.Top): EndpointContract => ({
  operationId: 'retrieveThing',
  method: 'GET',
  path: '/v1/things/{id}',
  summary: 'A thing',
  description: 'Returns a thing.',
  tag: 'Things',
  response,
  permission: 'any_key',
})

const Thing = Schema.Struct({
  id: Schema.String,
  description: Schema.NullOr(Schema.String),
  count: Schema.Int,
  place: Schema.NullOr(Schema.Struct({ lat: Schema.Number, lng: Schema.Number })),
  livemode: Schema.Boolean,
  request_id: Schema.String,
})

describe('compiled response serializers', () => {
  it('compiles one for every endpoint that answers JSON, from its response schema', () => {
    const withResponse = Object.entries(Endpoints as Record<string, EndpointContract>).filter(
      ([, contract]) => contract.response !== undefined,
    )
    expect(withResponse.length).toBeGreaterThan(50)
    const missing = withResponse.filter(([, contract]) => compileSerializer(contract) === null).map(([name]) => name)
    expect(missing).toEqual([])
  })

  it('writes what JSON.stringify writes: nulls, a nested object or null, a property named description', () => {
    const serialize = compileSerializer(endpoint(Thing))!
    for (const thing of [
      {
        id: 'thg_1',
        description: 'A "quoted" \u2028 text',
        count: 3,
        place: { lat: 52.5, lng: 13.4 },
        livemode: false,
        request_id: 'req_1',
      },
      { id: 'thg_2', description: null, count: -1, place: null, livemode: true, request_id: 'req_2' },
    ]) {
      expect(JSON.parse(serialize(thing))).toEqual(thing)
    }
  })

  it('leaves out a property the answer does not carry, as JSON.stringify does (list items carry no request_id)', () => {
    const serialize = compileSerializer(endpoint(Thing))!
    const { request_id: _omitted, ...withoutRequestId } = {
      id: 'thg_3',
      description: null,
      count: 0,
      place: null,
      livemode: true,
      request_id: 'x',
    }
    expect(JSON.parse(serialize(withoutRequestId))).toEqual(withoutRequestId)
  })

  it('leaves a union of objects to JSON.stringify (no compiled serializer)', () => {
    const Either = Schema.Union([
      Schema.Struct({ kind: Schema.Literal('a'), a: Schema.String }),
      Schema.Struct({ kind: Schema.Literal('b'), b: Schema.Int }),
    ])
    expect(compileSerializer(endpoint(Schema.Struct({ id: Schema.String, value: Either })))).toBeNull()
  })

  it('verification throws when an answer carries a property its schema does not declare', () => {
    const serialize = verifiedSerializer('GET /v1/things/{id}', compileSerializer(endpoint(Thing))!)
    const thing = { id: 'thg_4', description: null, count: 1, place: null, livemode: true, request_id: 'req_4' }
    expect(JSON.parse(serialize(thing))).toEqual(thing)
    expect(() => serialize({ ...thing, deleted: true })).toThrow(/disagrees with JSON.stringify/)
  })
})
