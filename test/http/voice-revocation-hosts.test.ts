import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMongoForTests, type TestMongo } from '../support/mongo-peer/index.js'
import { api, startTestService, TEST_CONNECTION_TOKEN_KEY, TEST_KEY, type TestService } from '../support/service.js'
import { VoiceClient } from '../support/voice-client.js'

/**
 * Two API hosts on one MongoDB, as behind a load balancer: the voice connection lives on one, the revocation is made
 * on the other, and nothing passes between the hosts but the stored state. Always on MongoDB (the many-hosts storage).
 */
let mongo: TestMongo
let hostA: TestService
let hostB: TestService

beforeAll(async () => {
  mongo = await startMongoForTests()
  const shared = {
    MONGODB_URI: mongo.uri,
    MONGODB_DB: `voice_hosts_${Date.now()}`,
    CONNECTION_TOKEN_KEY: TEST_CONNECTION_TOKEN_KEY,
    // One deployment: the same signing key on every host.
    OAUTH_SIGNING_KEY: 'a1'.repeat(32),
    WORKER: 'false',
    VOICE_SESSION_CHECK_MS: '50',
  }
  // One after the other: both create the same indexes and bootstrap the same keys.
  hostA = await startTestService(shared)
  hostB = await startTestService(shared)
  // And one public address (the load balancer's), which is the tokens' issuer: here host A's.
  hostB.service.application.surfaces.test.publicBaseUrl.rebase(hostA.sandbox)
}, 120_000)
afterAll(async () => {
  await Promise.all([hostA?.stop(), hostB?.stop()])
  await mongo?.stop()
}, 120_000)

describe('A revocation made on one host ends the voice sessions connected to another', () => {
  it('the idle connection on host B hears session.ended (key_revoked) after the key is revoked on host A', async () => {
    const key = (
      await api(hostA.sandbox, 'POST', '/v1/api_keys', {
        key: TEST_KEY,
        body: { permissions: { voice: 'write', users: 'read' } },
      })
    ).body
    const user = (
      await api(hostA.sandbox, 'POST', '/v1/users', { key: TEST_KEY, body: { email: 'hosts@example.com' } })
    ).body
    const session = (
      await api(hostA.sandbox, 'POST', '/v1/voice/sessions', { key: key.secret, body: { user_id: user.id } })
    ).body
    expect(session.id).toMatch(/^vs_/)
    const voice = await VoiceClient.connect(
      `${hostB.sandbox.replace(/^http/, 'ws')}/v1/voice/ws`,
      session.client_secret.value,
    )
    await voice.nextOfType('session.ready')
    expect(await voice.call('get_user')).toMatchObject({ type: 'tool.result' })
    expect((await api(hostA.sandbox, 'POST', `/v1/api_keys/${key.id}/revoke`, { key: TEST_KEY })).status).toBe(200)
    expect(await voice.nextOfType('session.ended')).toEqual({ type: 'session.ended', reason: 'key_revoked' })
    expect(await voice.closed).toEqual({ code: 4003, reason: 'key_revoked' })
    const shown = await api(hostA.sandbox, 'GET', `/v1/voice/sessions/${session.id}`, { key: TEST_KEY })
    expect(shown.body).toMatchObject({ status: 'ended', end_reason: 'key_revoked' })
  })
})
