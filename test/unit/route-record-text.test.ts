import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { Endpoints } from '../../contracts/endpoints.js'
import { renderUser } from '../../contracts/users.js'
import { API_VERSIONS, type ApiVersion, CURRENT_VERSION } from '../../contracts/versions.js'
import { ok } from '../../core/shared/result.js'
import { DEFAULT_PREFERENCES, type User } from '../../core/user/user.js'
import type { RateLimitGate } from '../../hosts/api/plugins/rate-limit.js'
import { defineRoute, fromRecord, REQUEST_ID_MARK, recordText } from '../../hosts/api/route.js'
import '../../hosts/api/request-context.js'

const user = (displayName: string): User => ({
  ...DEFAULT_PREFERENCES,
  id: 'usr_1',
  accountId: 'acct_1',
  livemode: true,
  email: 'ada@example.com',
  displayName,
  timezone: 'Europe/Berlin',
  homeLocation: { name: 'Home', address: 'Somewhere 1', lat: 52.5, lng: 13.4, source: 'caller' },
  deactivatedAt: null,
  createdAt: new Date('2026-01-02T03:04:05Z'),
  version: 1,
})

/**
 * `GET /v1/users/{id}` answered from a record, as the users route does, with a counter on the renderer: the route
 * keeps the record's text and renders it again only for another record object or another API version.
 */
const appFor = (current: { record: User }, verifySerializers: boolean) => {
  const app = Fastify({ logger: false })
  let rendered = 0
  let next = 0
  app.decorateRequest('requestId', '')
  app.decorateRequest('apiVersion', CURRENT_VERSION)
  app.addHook('onRequest', (request, _reply, done) => {
    next += 1
    // An id that needs escaping too: the kept text must take any id as JSON.
    request.requestId = next === 3 ? 'req_"quoted"\\' : `req_${next}`
    const pinned = request.headers['service-version']
    if (typeof pinned === 'string') request.apiVersion = pinned as ApiVersion
    done()
  })
  const options = { livemode: true, rateLimit: {} as RateLimitGate, verifySerializers }
  defineRoute(app, Endpoints.retrieveUser, options, () =>
    ok(
      fromRecord(current.record, (record) => {
        rendered += 1
        return renderUser(record)
      }),
    ),
  )
  return { app, renders: () => rendered }
}

const fresh = (record: User, requestId: string) => ({ ...renderUser(record), livemode: true, request_id: requestId })

describe('a route answering from a record', () => {
  for (const verifySerializers of [false, true]) {
    it(`renders a record once and answers later reads from its text, each with its own request id${verifySerializers ? ' (verified)' : ''}`, async () => {
      const current = { record: user('Ada') }
      const { app, renders } = appFor(current, verifySerializers)
      const bodies: unknown[] = []
      for (let i = 0; i < 4; i++) {
        const response = await app.inject({ method: 'GET', url: '/v1/users/usr_1' })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
        bodies.push(response.json())
      }
      expect(bodies).toEqual([
        fresh(current.record, 'req_1'),
        fresh(current.record, 'req_2'),
        fresh(current.record, 'req_"quoted"\\'),
        fresh(current.record, 'req_4'),
      ])
      // Verified, each answer from the text is rendered again to compare them: once more per read.
      expect(renders()).toBe(verifySerializers ? 5 : 1)
    })
  }

  it('renders a new record object (a write stores one) and never answers the old text for it', async () => {
    const current = { record: user('Ada') }
    const { app, renders } = appFor(current, false)
    await app.inject({ method: 'GET', url: '/v1/users/usr_1' })
    current.record = user('Grace')
    const response = await app.inject({ method: 'GET', url: '/v1/users/usr_1' })
    expect(response.json()).toEqual(fresh(current.record, 'req_2'))
    expect(renders()).toBe(2)
  })

  it('renders afresh for a caller pinned to an earlier version, whose shape the kept text is not', async () => {
    const current = { record: user('Ada') }
    const { app, renders } = appFor(current, false)
    const earlier = API_VERSIONS[0]
    const pinned = await app.inject({ method: 'GET', url: '/v1/users/usr_1', headers: { 'service-version': earlier } })
    const again = await app.inject({ method: 'GET', url: '/v1/users/usr_1', headers: { 'service-version': earlier } })
    expect(pinned.statusCode).toBe(200)
    expect(again.json()).toEqual({ ...pinned.json(), request_id: 'req_2' })
    expect(renders()).toBe(2)
  })

  it('keeps a text only when the request id mark is in it exactly once', () => {
    const mark = JSON.stringify(REQUEST_ID_MARK)
    expect(recordText(`{"id":"usr_1","request_id":${mark}}`)).toEqual({
      before: '{"id":"usr_1","request_id":',
      after: '}',
    })
    expect(recordText('{"id":"usr_1","request_id":"req_1"}')).toBeNull()
    expect(recordText(`{"display_name":${mark},"request_id":${mark}}`)).toBeNull()
  })
})
