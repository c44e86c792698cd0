import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Clock } from '../../core/ports/clock.js'
import { clients, startTestService, type TestService } from '../support/service.js'
import { VoiceClient } from '../support/voice-client.js'

/** Real time plus an offset the test moves: production runs on this clock here. */
class SteppingClock implements Clock {
  offsetMs = 0
  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }
}

const clock = new SteppingClock()
let test: TestService
let client: ReturnType<typeof clients>

beforeAll(async () => {
  test = await startTestService({ WORKER: 'false' }, clock)
  client = clients(test)
})
afterAll(() => test.stop())

describe('A session lasts expires_in: at expires_at the connection ends with session.ended and close 4001', () => {
  it('closes an open connection at expiry, and the session reads ended (expired)', async () => {
    const user = (await client.live('POST', '/v1/users', { body: { email: 'expiry@example.com' } })).body.id
    const session = (await client.live('POST', '/v1/voice/sessions', { body: { user_id: user, expires_in: 60 } })).body
    // The connect token lives as long as a session shorter than 5 minutes.
    expect(session.client_secret.expires_at).toBe(session.expires_at)
    // A second and a half before the end (time enough to connect on a busy machine).
    clock.offsetMs = Date.parse(session.expires_at) - Date.now() - 1500
    const voice = await VoiceClient.connect(session.websocket_url, session.client_secret.value)
    await voice.nextOfType('session.ready')
    expect(await voice.nextOfType('session.ended')).toEqual({ type: 'session.ended', reason: 'expired' })
    expect(await voice.closed).toEqual({ code: 4001, reason: 'expired' })
    clock.offsetMs += 1000
    const shown = await client.live('GET', `/v1/voice/sessions/${session.id}`)
    expect(shown.body).toMatchObject({ status: 'ended', end_reason: 'expired', ended_at: session.expires_at })
  })
})
