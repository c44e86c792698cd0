import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { sessionCookie } from '../../../hosts/api/dashboard/session-cookie.js'

const setCookieOf = async (publicBaseUrl: string) => {
  const app = Fastify()
  const cookie = sessionCookie(() => publicBaseUrl)
  app.get('/', async (_request, reply) => {
    cookie.set(reply, 'ab'.repeat(32))
    return 'ok'
  })
  const answer = await app.inject({ method: 'GET', url: '/' })
  await app.close()
  return String(answer.headers['set-cookie'])
}

describe('the session cookie', () => {
  it('on an https address: __Host- prefixed, Secure, HttpOnly, SameSite=Strict, path /', async () => {
    expect(await setCookieOf('https://api.example.com')).toBe(
      `__Host-dashboard_session=${'ab'.repeat(32)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure`,
    )
  })

  it('on an http address (a developer machine): no prefix and no Secure, which the browser would refuse there', async () => {
    expect(await setCookieOf('http://127.0.0.1:8080')).toBe(
      `dashboard_session=${'ab'.repeat(32)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200`,
    )
  })

  it('reads only its own name, and a tampered value as no cookie', async () => {
    const cookie = sessionCookie(() => 'https://api.example.com')
    const read = (header: string) => cookie.read({ headers: { cookie: header } } as never)
    expect(read(`other=1; __Host-dashboard_session=${'cd'.repeat(32)}`)).toBe('cd'.repeat(32))
    expect(read(`dashboard_session=${'cd'.repeat(32)}`)).toBeNull()
    expect(read('__Host-dashboard_session=<script>')).toBeNull()
  })
})
