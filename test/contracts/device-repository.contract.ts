import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import type { Device } from '../../core/device/device.js'
import type { DeviceRepositoryPort } from '../../core/ports/device-repository.js'

export interface DeviceRepositorySubject {
  readonly devices: DeviceRepositoryPort
  readonly teardown?: () => Promise<void>
}

const ids = new UlidIdGenerator()
const makeDevice = (overrides: Partial<Device> = {}): Device => ({
  id: ids.next('dev'),
  accountId: 'acct_a',
  livemode: false,
  userId: 'usr_a',
  endpoint: `https://push.example.com/${ids.next('sub')}`,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  expiresAt: null,
  createdAt: new Date('2026-06-01T08:00:00Z'),
  ...overrides,
})

/** What every DeviceRepositoryPort adapter must do; call it from the adapter's own test file. */
export const deviceRepositoryContract = (
  name: string,
  makeSubject: () => DeviceRepositorySubject | Promise<DeviceRepositorySubject>,
): void => {
  describe(`${name} honours the DeviceRepositoryPort contract`, () => {
    let subject: DeviceRepositorySubject
    let devices: DeviceRepositoryPort

    beforeEach(async () => {
      subject = await makeSubject()
      devices = subject.devices
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('stores a device, readable by id and endpoint only in its account', async () => {
      const device = makeDevice()
      await devices.save(device)
      expect(await devices.get('acct_a', device.id)).toEqual(device)
      expect(await devices.get('acct_b', device.id)).toBeNull()
      expect(await devices.findByEndpoint('acct_a', device.endpoint)).toEqual(device)
      expect(await devices.findByEndpoint('acct_b', device.endpoint)).toBeNull()
    })

    it('saving the same id again updates it', async () => {
      const device = makeDevice()
      await devices.save(device)
      const refreshed = { ...device, keys: { p256dh: `B${'C'.repeat(86)}`, auth: 'C'.repeat(22) } }
      await devices.save(refreshed)
      expect(await devices.get('acct_a', device.id)).toEqual(refreshed)
      expect(await devices.allOfUser('acct_a', 'usr_a')).toEqual([refreshed])
    })

    it('an endpoint is registered once per account: a new device with it replaces the old one', async () => {
      const first = makeDevice({ endpoint: 'https://push.example.com/one' })
      const second = makeDevice({ endpoint: 'https://push.example.com/one', userId: 'usr_b' })
      const elsewhere = makeDevice({ endpoint: 'https://push.example.com/one', accountId: 'acct_b' })
      await devices.save(first)
      await devices.save(second)
      await devices.save(elsewhere)
      expect(await devices.get('acct_a', first.id)).toBeNull()
      expect(await devices.findByEndpoint('acct_a', 'https://push.example.com/one')).toEqual(second)
      expect(await devices.allOfUser('acct_a', 'usr_a')).toEqual([])
      expect(await devices.get('acct_b', elsewhere.id)).toEqual(elsewhere)
    })

    it("lists a user's devices newest first, in pages", async () => {
      const made = [makeDevice(), makeDevice(), makeDevice()]
      for (const device of made) await devices.save(device)
      await devices.save(makeDevice({ userId: 'usr_b' }))
      const page = await devices.listByUser('acct_a', 'usr_a', { limit: 2 })
      expect(page.data.map((device) => device.id)).toEqual([made[2]!.id, made[1]!.id])
      expect(page.hasMore).toBe(true)
      const next = await devices.listByUser('acct_a', 'usr_a', { limit: 2, startingAfter: made[1]!.id })
      expect(next).toEqual({ data: [made[0]], hasMore: false })
      expect((await devices.allOfUser('acct_a', 'usr_a')).map((device) => device.id).sort()).toEqual(
        made.map((device) => device.id).sort(),
      )
    })

    it('removes one device, then answers missing', async () => {
      const device = makeDevice()
      await devices.save(device)
      expect(await devices.remove('acct_b', device.id)).toBe('missing')
      expect(await devices.remove('acct_a', device.id)).toBe('removed')
      expect(await devices.remove('acct_a', device.id)).toBe('missing')
      expect(await devices.findByEndpoint('acct_a', device.endpoint)).toBeNull()
    })

    it("removes every device of a user (the cascade) and nobody else's", async () => {
      const mine = [makeDevice(), makeDevice()]
      const theirs = makeDevice({ userId: 'usr_b' })
      for (const device of [...mine, theirs]) await devices.save(device)
      expect(await devices.removeByUser('acct_a', 'usr_a')).toBe(2)
      expect(await devices.allOfUser('acct_a', 'usr_a')).toEqual([])
      expect(await devices.get('acct_a', theirs.id)).toEqual(theirs)
      expect(await devices.removeByUser('acct_a', 'usr_a')).toBe(0)
    })
  })
}
