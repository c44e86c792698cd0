import { describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { RecordingPushAdapter } from '../../../adapters/push/recording/recording-push.js'
import type { Device } from '../../../core/device/device.js'
import { pushContract } from '../../contracts/push.contract.js'

const device = (id: string, endpoint: string, userId = 'usr_1', accountId = 'acct_1'): Device => ({
  id,
  accountId,
  livemode: false,
  userId,
  endpoint,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  expiresAt: null,
  createdAt: new Date('2026-06-01T00:00:00Z'),
})

pushContract('RecordingPushAdapter', () => {
  const push = new RecordingPushAdapter(new UlidIdGenerator())
  return {
    push,
    device: (name) => device(`dev_${name}`, `https://push.example.com/${name}`),
    goneDevice: () => device('dev_gone', 'https://push.example.com/gone/abc'),
    received: async (target) =>
      push
        .list(target.accountId, { userId: target.userId }, 100)
        .data.filter((record) => record.deviceId === target.id)
        .reverse()
        .map(({ message }) => ({
          title: message.title,
          body: message.body,
          silent: message.silent,
          data: { ...message.data },
          createdAt: message.createdAt.toISOString(),
          ttlSeconds: message.ttlSeconds,
          urgency: message.urgency,
        })),
  }
})

describe('RecordingPushAdapter: what the sandbox shows', () => {
  it('lists per account and user, newest first, with a limit', async () => {
    const push = new RecordingPushAdapter(new UlidIdGenerator())
    const message = {
      title: 't',
      body: 'b',
      silent: false,
      ttlSeconds: 60,
      urgency: 'high' as const,
      data: {},
      createdAt: new Date(),
    }
    await push.send(device('dev_a', 'https://push.example.com/a'), { ...message, body: 'one' })
    await push.send(device('dev_b', 'https://push.example.com/b', 'usr_2'), { ...message, body: 'other user' })
    await push.send(device('dev_c', 'https://push.example.com/c', 'usr_1', 'acct_2'), {
      ...message,
      body: 'other account',
    })
    await push.send(device('dev_a', 'https://push.example.com/a'), { ...message, body: 'two' })
    expect(push.list('acct_1', { userId: 'usr_1' }, 10).data.map((record) => record.message.body)).toEqual([
      'two',
      'one',
    ])
    expect(push.list('acct_1', {}, 10).data).toHaveLength(3)
    expect(push.list('acct_1', {}, 2)).toMatchObject({ hasMore: true })
    expect(push.list('acct_1', { userId: 'usr_1' }, 10).data[0]).toMatchObject({
      deviceId: 'dev_a',
      userId: 'usr_1',
      outcome: 'delivered',
    })
    expect(push.list('acct_1', { userId: 'usr_1' }, 10).data[0]!.id).toMatch(/^psh_/)
  })
})
