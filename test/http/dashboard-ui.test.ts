import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDashboardForTests } from '../support/dashboard-build.js'
import { startTestService, type TestService } from '../support/service.js'

let ui: Awaited<ReturnType<typeof buildDashboardForTests>>
let test: TestService

beforeAll(async () => {
  ui = await buildDashboardForTests()
  test = await startTestService({ DASHBOARD_ASSETS_DIR: ui.dir })
}, 120_000)

afterAll(async () => {
  await test?.stop()
  ui?.remove()
})

/** The bytes on the wire of a GET that accepts gzip (fetch would decompress them). */
const wireBytes = (url: string) =>
  new Promise<{ status: number; bytes: number; headers: Record<string, unknown> }>((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({ status: response.statusCode ?? 0, bytes: body.length, headers: response.headers })
      })
    })
      .on('error', reject)
      .end()
  })

describe('the dashboard is served by the production surface, built offline', () => {
  it('serves the same page at /dashboard/ and /dashboard/test/..., with a CSP that allows no inline script', async () => {
    for (const path of ['/dashboard/', '/dashboard/keys', '/dashboard/test/webhooks']) {
      const answer = await fetch(`${test.live}${path}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'")
      const html = await answer.text()
      expect(html).toMatch(/<script type="module" crossorigin src="\/dashboard\/assets\/index-[\w-]+\.js"><\/script>/)
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    }
    expect((await fetch(`${test.live}/dashboard`, { redirect: 'manual' })).headers.get('location')).toBe('/dashboard/')
  })

  it('the first page loads under 250 KB of compressed script and style', async () => {
    const html = await (await fetch(`${test.live}/dashboard/`)).text()
    const assets = [...html.matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1],
    )
    expect(assets.some((path) => path?.endsWith('.js'))).toBe(true)
    expect(assets.some((path) => path?.endsWith('.css'))).toBe(true)
    let total = 0
    for (const path of assets) {
      const answer = await wireBytes(`${test.live}${path}`)
      expect(answer.status).toBe(200)
      expect(answer.headers['content-encoding']).toBe('gzip')
      expect(answer.headers['cache-control']).toContain('immutable')
      total += answer.bytes
    }
    expect(total).toBeLessThan(250 * 1024)
  })

  it('is not served by the sandbox surface, and an unknown asset is a 404', async () => {
    // On the sandbox's port it is one more unknown path outside /v1/: 404, without asking for a key.
    const sandbox = await fetch(`${test.sandbox}/dashboard/`)
    expect(sandbox.status).toBe(404)
    expect((await sandbox.json()).error.code).toBe('route_not_found')
    expect((await fetch(`${test.live}/dashboard/assets/missing.js`)).status).toBe(404)
    const api = await fetch(`${test.live}/dashboard/api/nothing`)
    expect(api.status).toBe(404)
    expect((await api.json()).error.code).toBe('route_not_found')
  })
})
