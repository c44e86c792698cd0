// Connect's OAuth on two hosts sharing one storage (SQLite in one DATA_DIR on the embedded project, one MongoDB
// database on the mongodb project) behind one public address: what one host records, the other enforces. A
// consent page shown by one host is decided once, whichever host the form reaches; a connected account deleted
// on one host ends its grants on the other at once (stored state, not a flag in one process).
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hiddenFields } from '../support/hosted-page.js'
import { startMongoForTests, type TestMongo } from '../support/mongo-peer/index.js'
import { api, LIVE_KEY, startOnKnownPorts, TEST_CONNECTION_TOKEN_KEY, type TestService } from '../support/service.js'

const PUBLIC = 'https://api.example'
const REDIRECT = 'http://127.0.0.1:9/callback'
/** Two hosts (and on MongoDB a test peer) start here: a budget for that, on a machine busy with other work. */
const STARTUP_BUDGET_MS = 120_000
const hosts: TestService[] = []
let mongo: TestMongo | null = null
let dataDir: string | null = null
let first: TestService
let second: TestService
let clientId: string
let clientSecret: string
let shared: Record<string, string>

/** A host on the shared storage and the shared public address, on ports named in advance. */
const startHost = async () => {
  const host = await startOnKnownPorts(() => shared)
  hosts.push(host)
  return host
}

beforeAll(async () => {
  shared = {
    OAUTH_SIGNING_KEY: randomBytes(32).toString('hex'),
    PUBLIC_BASE_URL: PUBLIC,
    SANDBOX_PUBLIC_BASE_URL: 'https://sandbox.api.example',
    RATE_LIMIT_REQUESTS: '1000',
    RATE_LIMIT_WINDOW_MS: '60000',
  }
  if (process.env.TEST_STORAGE === 'mongodb') {
    mongo = await startMongoForTests()
    Object.assign(shared, {
      MONGODB_URI: mongo.uri,
      MONGODB_DB: `hosts_${randomBytes(6).toString('hex')}`,
      CONNECTION_TOKEN_KEY: TEST_CONNECTION_TOKEN_KEY,
    })
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'oauth-hosts-'))
    Object.assign(shared, { STORAGE: 'sqlite', DATA_DIR: dataDir })
  }
  // Ports named in advance: an ephemeral port would make each host its own issuer.
  first = await startHost()
  second = await startHost()
  const registered = await api(first.live, 'POST', '/v1/oauth_applications', {
    key: LIVE_KEY,
    body: { name: 'Route Planner', client_type: 'confidential', redirect_uris: [REDIRECT] },
  })
  expect(registered.status, registered.text).toBe(201)
  clientId = registered.body.id
  clientSecret = registered.body.client_secret
}, STARTUP_BUDGET_MS)
afterAll(async () => {
  for (const host of hosts) await host.stop()
  await mongo?.stop()
  if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true })
})

const connectedAccount = async (host: TestService, name: string) => {
  const created = await api(host.live, 'POST', '/v1/connected_accounts', { key: LIVE_KEY, body: { name } })
  expect(created.status).toBe(201)
  return created.body.id as string
}

/** The consent page, shown by `host` for a fresh ticket of `account`: its form, and the verifier of its challenge. */
const showPage = async (host: TestService, account: string) => {
  const ticket = await api(host.live, 'POST', '/v1/oauth_consent_tickets', {
    key: LIVE_KEY,
    body: { connected_account: account, client_id: clientId },
  })
  expect(ticket.status, ticket.text).toBe(201)
  const verifier = randomBytes(32).toString('base64url')
  const url = new URL('/oauth/authorize', host.live)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'users:read',
    state: 'xyz',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    login_hint: ticket.body.ticket,
  }).toString()
  const page = await fetch(url, { redirect: 'manual' })
  expect(page.status).toBe(200)
  return { form: new URLSearchParams(hiddenFields(await page.text())), verifier }
}

const decide = (host: TestService, form: URLSearchParams) => {
  const body = new URLSearchParams(form)
  body.set('decision', 'allow')
  return fetch(new URL('/oauth/authorize', host.live), { method: 'POST', body, redirect: 'manual' })
}

const token = async (host: TestService, grant: Record<string, string>) => {
  const response = await fetch(new URL('/oauth/token', host.live), {
    method: 'POST',
    body: new URLSearchParams({ ...grant, client_id: clientId, client_secret: clientSecret }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, string> }
}

describe('Connect OAuth on two hosts sharing one storage', () => {
  it('a consent page shown by one host is decided once, on whichever host the form arrives', async () => {
    const account = await connectedAccount(first, 'Bakery')
    const { form } = await showPage(first, account)
    const decided = await decide(second, form)
    expect(decided.status).toBe(302)
    expect(new URL(decided.headers.get('location')!).searchParams.get('code')).toEqual(expect.any(String))
    for (const host of [first, second]) {
      const again = await decide(host, form)
      expect(again.status).toBe(400)
      expect(again.headers.get('location')).toBeNull()
    }
  })

  it('a connected account deleted on one host: its refresh token answers invalid_grant on the other', async () => {
    const account = await connectedAccount(first, 'Cafe')
    const { form, verifier } = await showPage(first, account)
    const decided = await decide(first, form)
    const code = new URL(decided.headers.get('location')!).searchParams.get('code')!
    const issued = await token(first, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    })
    expect(issued.status).toBe(200)
    // The other host knows the grant: it rotates the refresh token.
    const rotated = await token(second, { grant_type: 'refresh_token', refresh_token: issued.body.refresh_token! })
    expect(rotated.status).toBe(200)
    expect((await api(second.live, 'GET', '/v1/users', { key: rotated.body.access_token! })).status).toBe(200)
    expect((await api(first.live, 'DELETE', `/v1/connected_accounts/${account}`, { key: LIVE_KEY })).status).toBe(200)
    const refused = await token(second, { grant_type: 'refresh_token', refresh_token: rotated.body.refresh_token! })
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    expect((await api(second.live, 'GET', '/v1/users', { key: rotated.body.access_token! })).status).toBe(401)
  })

  it(
    'applications and grants outlive a restart: a host started anew on the storage refreshes and serves the token',
    async () => {
      const account = await connectedAccount(first, 'Deli')
      const { form, verifier } = await showPage(first, account)
      const code = new URL((await decide(first, form)).headers.get('location')!).searchParams.get('code')!
      const issued = await token(first, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      })
      expect(issued.status).toBe(200)
      for (const host of hosts.splice(0)) await host.stop()
      const restarted = await startHost()
      const refreshed = await token(restarted, {
        grant_type: 'refresh_token',
        refresh_token: issued.body.refresh_token!,
      })
      expect(refreshed.status).toBe(200)
      expect((await api(restarted.live, 'GET', '/v1/users', { key: refreshed.body.access_token! })).status).toBe(200)
      // The first access token too: it lives its 15 minutes, its signing key being the deployment's.
      expect((await api(restarted.live, 'GET', '/v1/users', { key: issued.body.access_token! })).status).toBe(200)
    },
    STARTUP_BUDGET_MS,
  )
})
