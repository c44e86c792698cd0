import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../contracts/errors.js'
import { MAX_BODY_DEPTH } from '../../hosts/api/body-limits.js'
import { type ApiResponse, clients, startTestService, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>

beforeAll(async () => {
  test = await startTestService()
  client = clients(test)
})
afterAll(() => test.stop())

/** `{ ...fields, "extra": [[...]] }` as text, nesting `depth` levels in all (the body itself is level 1). */
const nestedBody = (fields: Record<string, unknown>, depth: number, shape: 'arrays' | 'objects' = 'arrays'): string => {
  const inner = depth - 1
  const extra =
    shape === 'arrays'
      ? `${'['.repeat(inner)}${']'.repeat(inner)}`
      : `${'{"a":'.repeat(inner - 1)}{}${'}'.repeat(inner - 1)}`
  return `${JSON.stringify(fields).slice(0, -1)},"extra":${extra}}`
}

const send = (method: string, path: string, rawBody: string, headers: Record<string, string> = {}) =>
  client.sandbox(method, path, { rawBody, headers: { 'content-type': 'application/json', ...headers } })

const expectTooDeep = (response: ApiResponse) => {
  expect(response.status).toBe(400)
  expect(response.body.error).toMatchObject({ type: ERROR_CODES.body_too_deep.type, code: 'body_too_deep' })
  expect(response.body.error.message).toContain(`${MAX_BODY_DEPTH} levels`)
  expect(response.body.request_id).toBe(response.headers.get('request-id'))
  expect(response.headers.get('x-ratelimit-limit')).not.toBeNull()
}

describe('Request bodies: JSON nests at most 32 levels deep; deeper is 400 body_too_deep, never a 5xx', () => {
  it('the limit is 32 levels', () => {
    expect(MAX_BODY_DEPTH).toBe(32)
  })

  it('refuses a 20,000-level body with and without an Idempotency-Key, on creation and update', async () => {
    const created = await client.sandbox('POST', '/v1/users', { body: { email: 'deep.update@example.com' } })
    expect(created.status).toBe(201)
    const deep = 20_000
    for (const shape of ['arrays', 'objects'] as const) {
      for (const key of [undefined, `deep-${shape}`]) {
        const headers: Record<string, string> = key === undefined ? {} : { 'idempotency-key': key }
        expectTooDeep(await send('POST', '/v1/users', nestedBody({ email: 'deep@example.com' }, deep, shape), headers))
        expectTooDeep(
          await send('PATCH', `/v1/users/${created.body.id}`, nestedBody({ display_name: 'x' }, deep, shape), headers),
        )
        expectTooDeep(
          await send(
            'POST',
            '/v1/webhook_endpoints',
            nestedBody({ url: 'https://hooks.example.com/deep', events: ['user.created'] }, deep, shape),
            headers,
          ),
        )
      }
    }
    // An older API version upgrades request bodies: it never sees a body too deep either.
    expectTooDeep(
      await send('POST', '/v1/users', nestedBody({ email: 'old@example.com' }, deep), {
        'service-version': '2025-06-15',
      }),
    )
    // Nothing ran and nothing was stored: the same keys with a valid body execute.
    const retried = await send('POST', '/v1/users', JSON.stringify({ email: 'deep@example.com' }), {
      'idempotency-key': 'deep-arrays',
    })
    expect(retried.status).toBe(201)
    expect(retried.headers.get('service-idempotent-replay')).toBeNull()
    const unchanged = await client.sandbox('GET', `/v1/users/${created.body.id}`)
    expect(unchanged.body.display_name).toBe(created.body.display_name)
  })

  it('lets 32 levels through to validation, and refuses 33', async () => {
    for (const key of [undefined, 'at-the-limit']) {
      const headers: Record<string, string> = key === undefined ? {} : { 'idempotency-key': key }
      const atLimit = await send('POST', '/v1/users', nestedBody({ email: 'limit@example.com' }, 32), headers)
      // Depth is fine: validation answers, naming the parameter the endpoint does not know.
      expect(atLimit.status).toBe(400)
      expect(atLimit.body.error).toMatchObject({ code: 'parameter_unknown', param: 'extra' })
      for (const shape of ['arrays', 'objects'] as const) {
        expectTooDeep(await send('POST', '/v1/users', nestedBody({ email: 'limit@example.com' }, 33, shape), headers))
      }
    }
  })

  it('counts depth anywhere in the body, not only along its first branch', async () => {
    // `z` is level 2, its object level 3, the arrays under `y` levels 4 and on.
    const branchy = (arrays: number) =>
      `{"email":"branch@example.com","a":[1,{"b":[]}],"z":[{"y":${'['.repeat(arrays)}${']'.repeat(arrays)}}]}`
    const atLimit = await send('POST', '/v1/users', branchy(29))
    expect(atLimit.body.error).toMatchObject({ code: 'parameter_unknown' })
    expectTooDeep(await send('POST', '/v1/users', branchy(30)))
  })
})
