import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Device } from '../../core/device/device.js'
import type { PushMessage, PushPort } from '../../core/ports/push.js'

/** A push as the receiving device reads it. */
export interface ReceivedPush {
  readonly title: string
  readonly body: string
  readonly silent: boolean
  readonly data: Readonly<Record<string, string>>
  readonly createdAt: string
  readonly ttlSeconds: number
  readonly urgency: string
}

export interface PushSubject {
  readonly push: PushPort
  /** A device whose push service accepts messages. */
  device(name: string): Device
  /** A device whose push service says the subscription is gone. */
  goneDevice(): Device
  /** What reached a device, oldest first. */
  received(device: Device): Promise<ReceivedPush[]>
  readonly teardown?: () => Promise<void>
}

const message = (overrides: Partial<PushMessage> = {}): PushMessage => ({
  title: 'Dentist',
  body: 'Starts in 15 min (at 14:00)',
  silent: false,
  ttlSeconds: 4500,
  urgency: 'high',
  data: { type: 'reminder', reminder_id: 'rem_1', event_id: 'evt_1' },
  createdAt: new Date('2026-06-02T11:45:00Z'),
  ...overrides,
})

/** What every PushPort adapter must do; call it from the adapter's own test file. */
export const pushContract = (name: string, makeSubject: () => PushSubject | Promise<PushSubject>): void => {
  describe(`${name} honours the PushPort contract`, () => {
    let subject: PushSubject

    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('delivers the message to the device intact, with its TTL and urgency', async () => {
      const device = subject.device('phone')
      expect(await subject.push.send(device, message())).toEqual({ status: 'delivered' })
      expect(await subject.received(device)).toEqual([
        {
          title: 'Dentist',
          body: 'Starts in 15 min (at 14:00)',
          silent: false,
          data: { type: 'reminder', reminder_id: 'rem_1', event_id: 'evt_1' },
          createdAt: '2026-06-02T11:45:00.000Z',
          ttlSeconds: 4500,
          urgency: 'high',
        },
      ])
    })

    it('keeps silent pushes silent and text unicode-safe', async () => {
      const device = subject.device('laptop')
      await subject.push.send(
        device,
        message({ title: 'Zahnarzt 🦷 Ärztehaus', silent: true, urgency: 'normal', ttlSeconds: 60 }),
      )
      expect(await subject.received(device)).toMatchObject([
        { title: 'Zahnarzt 🦷 Ärztehaus', silent: true, urgency: 'normal', ttlSeconds: 60 },
      ])
    })

    it('each device receives only what was sent to it, in order', async () => {
      const phone = subject.device('phone-2')
      const tablet = subject.device('tablet')
      await subject.push.send(phone, message({ body: 'first' }))
      await subject.push.send(tablet, message({ body: 'for the tablet' }))
      await subject.push.send(phone, message({ body: 'second' }))
      expect((await subject.received(phone)).map((push) => push.body)).toEqual(['first', 'second'])
      expect((await subject.received(tablet)).map((push) => push.body)).toEqual(['for the tablet'])
    })

    it('reports a subscription the push service says is gone as expired', async () => {
      expect(await subject.push.send(subject.goneDevice(), message())).toEqual({ status: 'expired' })
    })
  })
}
