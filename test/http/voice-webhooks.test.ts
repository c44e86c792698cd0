import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { WEBHOOK_PAYLOADS } from '../../contracts/webhooks/payloads.js'
import type { ResponseJson } from '../support/service.js'
import { VoiceClient } from '../support/voice-client.js'
import { webhookSuite } from '../support/webhook-suite.js'

const suite = webhookSuite()

const HOUR = 3_600_000
let counter = 0

/** One confirmed cancel and one snooze executed by the low-risk policy, with an endpoint listening. */
const executeTwoActions = async () => {
  const endpoint = await suite.client.sandbox('POST', '/v1/webhook_endpoints', {
    body: { url: suite.receiver.url, events: ['voice.action_executed'] },
  })
  const user = (await suite.client.sandbox('POST', '/v1/users', { body: { email: `hooks${++counter}@example.com` } }))
    .body.id
  const start = Date.now() + 48 * HOUR
  const event = (
    await suite.client.sandbox('POST', '/v1/events', {
      body: {
        user_id: user,
        title: 'Review',
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + HOUR).toISOString(),
      },
    })
  ).body
  const reminder = (
    await suite.client.sandbox('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 60 } })
  ).body
  const session = (
    await suite.client.sandbox('POST', '/v1/voice/sessions', {
      body: { user_id: user, confirmation_policy: 'low_risk_direct' },
    })
  ).body
  const voice = await VoiceClient.connect(session.websocket_url, session.client_secret.value)
  await voice.nextOfType('session.ready')
  const snoozed = await voice.call('snooze_reminder', { reminder_id: reminder.id, snooze_minutes: 5 })
  expect(snoozed.type).toBe('action.executed')
  const proposed = await voice.call('cancel_event', { event_id: event.id })
  voice.send({ type: 'action.confirm', proposal_id: proposed.proposal.id })
  await voice.nextOfType('action.executed')
  voice.close()
  await suite.advance(1)
  const notices = suite.receiver.ofType(endpoint.body.secret, 'voice.action_executed')
  const byTool = (tool: string) =>
    notices.find((notice) => notice.data.object.tool === tool)?.data.object as ResponseJson
  return { session, event, reminder, notices, snooze: byTool('snooze_reminder'), cancel: byTool('cancel_event') }
}

describe('Every execution emits voice.action_executed with confirmed_by_user, the session, the tool and the resource', () => {
  it('on the current version: true for a confirmed action, false for one the policy executed', async () => {
    const { session, event, reminder, notices, snooze, cancel } = await executeTwoActions()
    expect(notices).toHaveLength(2)
    expect(cancel).toMatchObject({
      object: 'voice_action',
      session: session.id,
      tool: 'cancel_event',
      resource: { type: 'event', id: event.id },
      confirmed_by_user: true,
    })
    expect(cancel.id).toMatch(/^prp_/)
    expect(snooze).toMatchObject({ resource: { type: 'reminder', id: reminder.id }, confirmed_by_user: false })
    // Each body is what the OpenAPI document's webhooks section says it is.
    const decode = Schema.decodeUnknownSync(WEBHOOK_PAYLOADS['voice.action_executed'].schema as Schema.Decoder<unknown>)
    for (const notice of notices) expect(() => decode(notice)).not.toThrow()
  })

  it('versions before 2026-05-20 do not see confirmed_by_user', async () => {
    const [account] = await suite.test.service.application.accountRepository.listAccounts()
    await suite.test.service.application.accountRepository.updateAccount({ ...account!, pinnedVersion: '2025-12-09' })
    try {
      const { notices, cancel, snooze } = await executeTwoActions()
      expect(notices.map((notice) => notice.api_version)).toEqual(['2025-12-09', '2025-12-09'])
      expect(cancel).toMatchObject({ object: 'voice_action', tool: 'cancel_event' })
      expect(cancel).not.toHaveProperty('confirmed_by_user')
      expect(snooze).not.toHaveProperty('confirmed_by_user')
      const decode = Schema.decodeUnknownSync(
        WEBHOOK_PAYLOADS['voice.action_executed'].schema as Schema.Decoder<unknown>,
      )
      for (const notice of notices) expect(() => decode(notice)).not.toThrow()
    } finally {
      const current = await suite.test.service.application.accountRepository.getAccount(account!.id)
      await suite.test.service.application.accountRepository.updateAccount({
        ...current!,
        pinnedVersion: account!.pinnedVersion,
      })
    }
  })
})
