import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { WEBHOOK_PAYLOADS } from '../../contracts/webhooks/payloads.js'
import { connectMcp } from '../support/mcp-client.js'
import { type ResponseJson, TEST_KEY } from '../support/service.js'
import { VoiceClient } from '../support/voice-client.js'
import { webhookSuite } from '../support/webhook-suite.js'

const suite = webhookSuite()

const HOUR = 3_600_000
let counter = 0
const decodeAgent = Schema.decodeUnknownSync(
  WEBHOOK_PAYLOADS['agent.action_executed'].schema as Schema.Decoder<unknown>,
)

/** A user with an event in two days and a reminder on it; an endpoint listening to both execution notices. */
const setUp = async () => {
  const endpoint = await suite.client.sandbox('POST', '/v1/webhook_endpoints', {
    body: { url: suite.receiver.url, events: ['agent.action_executed', 'voice.action_executed'] },
  })
  const user = (
    await suite.client.sandbox('POST', '/v1/users', { body: { email: `agent-hooks${++counter}@example.com` } })
  ).body.id as string
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
  const notices = async () => {
    await suite.advance(1)
    const agent = suite.receiver.ofType(endpoint.body.secret, 'agent.action_executed')
    for (const notice of agent) expect(() => decodeAgent(notice)).not.toThrow()
    return { agent, voice: suite.receiver.ofType(endpoint.body.secret, 'voice.action_executed') }
  }
  return { user, event, reminder, notices }
}

const byTool = (notices: readonly { data: { object: ResponseJson } }[], tool: string) =>
  notices.find((notice) => notice.data.object.tool === tool)?.data.object as ResponseJson

describe('Every executed change emits agent.action_executed (channel, confirmed_by_user, tool, target) beside voice.action_executed', () => {
  it('on the voice channel: a confirmed change and one the low-risk policy executed', async () => {
    const { user, event, reminder, notices } = await setUp()
    const session = (
      await suite.client.sandbox('POST', '/v1/voice/sessions', {
        body: { user_id: user, confirmation_policy: 'low_risk_direct' },
      })
    ).body
    const voice = await VoiceClient.connect(session.websocket_url, session.client_secret.value)
    await voice.nextOfType('session.ready')
    expect((await voice.call('snooze_reminder', { reminder_id: reminder.id, snooze_minutes: 5 })).type).toBe(
      'action.executed',
    )
    const proposed = await voice.call('cancel_event', { event_id: event.id })
    voice.send({ type: 'action.confirm', proposal_id: proposed.proposal.id })
    await voice.nextOfType('action.executed')
    voice.close()
    const { agent, voice: legacy } = await notices()
    expect(agent).toHaveLength(2)
    expect(legacy).toHaveLength(2)
    expect(byTool(agent, 'cancel_event')).toMatchObject({
      object: 'agent_action_execution',
      id: proposed.proposal.id,
      channel: 'voice',
      session: session.id,
      user_id: user,
      target: { type: 'event', id: event.id },
      confirmed_by_user: true,
    })
    expect(byTool(agent, 'snooze_reminder')).toMatchObject({
      channel: 'voice',
      target: { type: 'reminder', id: reminder.id },
      confirmed_by_user: false,
    })
  })

  it('on MCP: a change confirmed with confirm_action, and nothing for a proposal never confirmed', async () => {
    const { user, event, notices } = await setUp()
    const { client: mcp } = await connectMcp(suite.test.sandbox, TEST_KEY)
    const proposed = await mcp.callTool({ name: 'cancel_event', arguments: { user_id: user, event_id: event.id } })
    const id = (proposed.structuredContent as { proposal: { id: string } }).proposal.id
    await mcp.callTool({
      name: 'create_event',
      arguments: {
        user_id: user,
        title: 'Never',
        start_time: '2030-06-04T12:00:00Z',
        end_time: '2030-06-04T13:00:00Z',
      },
    })
    await mcp.callTool({ name: 'confirm_action', arguments: { proposal_id: id } })
    await mcp.close()
    const { agent, voice } = await notices()
    expect(agent).toHaveLength(1)
    expect(agent[0]?.data.object).toMatchObject({
      object: 'agent_action_execution',
      id,
      channel: 'mcp',
      user_id: user,
      tool: 'cancel_event',
      target: { type: 'event', id: event.id },
      confirmed_by_user: true,
    })
    expect(String(agent[0]?.data.object.session)).toMatch(/^mcps_/)
    // The voice notice is still sent for MCP executions, as before the agent notice existed.
    expect(voice).toHaveLength(1)
  })
})
