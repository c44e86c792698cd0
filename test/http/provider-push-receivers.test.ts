import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContract } from '../../contracts/endpoint.js'
import { Endpoints } from '../../contracts/endpoints.js'
import { errorCodesOf } from '../../contracts/openapi.js'
import { startTestService, type TestService } from '../support/service.js'

let test: TestService
beforeAll(async () => {
  test = await startTestService()
})
afterAll(() => test.stop())

const post = async (path: string, init: { headers?: Record<string, string>; body?: string } = {}) => {
  const response = await fetch(`${test.live}${path}`, { method: 'POST', ...init })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: text === '' ? undefined : JSON.parse(text) }
}

/** An error in the envelope, with its Request-Id, and a code the operation's OpenAPI entry documents. */
const expectEnvelope = (
  response: Awaited<ReturnType<typeof post>>,
  endpoint: EndpointContract,
  status: number,
  expected: { code: string; param: string },
) => {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toContain('application/json')
  expect(response.body?.error).toMatchObject({ type: 'invalid_request_error', ...expected })
  expect(response.body.error.message.length).toBeGreaterThan(10)
  expect(response.body.request_id).toMatch(/^req_/)
  expect(response.headers.get('request-id')).toBe(response.body.request_id)
  expect(errorCodesOf(endpoint)).toContain(expected.code)
}

describe('Provider push receivers answer their refusals in the error envelope, naming what is wrong', () => {
  it('Google: without the channel headers, 400 parameter_missing naming the header', async () => {
    expectEnvelope(await post('/v1/connections/push/google'), Endpoints.googlePush, 400, {
      code: 'parameter_missing',
      param: 'X-Goog-Channel-ID',
    })
    expectEnvelope(
      await post('/v1/connections/push/google', { headers: { 'x-goog-channel-id': 'chan_1' } }),
      Endpoints.googlePush,
      400,
      { code: 'parameter_missing', param: 'X-Goog-Channel-Token' },
    )
  })

  it('Google: a channel and token that match no push channel, 404 resource_missing naming X-Goog-Channel-ID', async () => {
    const response = await post('/v1/connections/push/google', {
      headers: {
        'x-goog-channel-id': 'chan_unknown',
        'x-goog-channel-token': 'forged',
        'x-goog-resource-state': 'exists',
      },
    })
    expectEnvelope(response, Endpoints.googlePush, 404, { code: 'resource_missing', param: 'X-Goog-Channel-ID' })
  })

  it('Microsoft: a post without notifications, 400 naming value; notifications that are not a list, 400 too', async () => {
    const json = { 'content-type': 'application/json' }
    expectEnvelope(
      await post('/v1/connections/push/microsoft?channel=x', { headers: json, body: '{}' }),
      Endpoints.microsoftPush,
      400,
      { code: 'parameter_missing', param: 'value' },
    )
    expectEnvelope(
      await post('/v1/connections/push/microsoft?channel=x', { headers: json, body: '{"value":"x"}' }),
      Endpoints.microsoftPush,
      400,
      { code: 'parameter_invalid', param: 'value' },
    )
    expectEnvelope(
      await post('/v1/connections/push/microsoft?channel=x', { headers: json, body: '{"value":[]}' }),
      Endpoints.microsoftPush,
      400,
      { code: 'parameter_missing', param: 'value' },
    )
    // A well-formed post is still only receipted (202), matched or not: forged ones change nothing.
    const receipted = await post('/v1/connections/push/microsoft?channel=x', {
      headers: json,
      body: JSON.stringify({ value: [{ clientState: 'guess', changeType: 'updated' }] }),
    })
    expect(receipted.status).toBe(202)
  })
})
