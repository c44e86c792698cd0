import { describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { MongoDeviceRepository } from '../../../adapters/storage/mongodb/device-repository.js'
import type { Device } from '../../../core/device/device.js'
import { deviceRepositoryContract } from '../../contracts/device-repository.contract.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

deviceRepositoryContract('MongoDeviceRepository', async () => {
  const devices = new MongoDeviceRepository(mongo.freshContext().db)
  await devices.ensureIndexes()
  return { devices }
})

const ids = new UlidIdGenerator()
const makeDevice = (overrides: Partial<Device> = {}): Device => ({
  id: ids.next('dev'),
  accountId: 'acct_a',
  livemode: false,
  userId: 'usr_a',
  endpoint: 'https://push.example.com/shared',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  expiresAt: new Date('2026-07-01T00:00:00Z'),
  createdAt: new Date('2026-06-01T08:00:00Z'),
  ...overrides,
})

describe('MongoDeviceRepository storage', () => {
  const setUp = async () => {
    const devices = new MongoDeviceRepository(mongo.freshContext().db)
    await devices.ensureIndexes()
    return devices
  }

  it('registrations of one endpoint racing each other leave exactly one device', async () => {
    const devices = await setUp()
    const racing = [makeDevice(), makeDevice({ userId: 'usr_b' }), makeDevice({ userId: 'usr_c' })]
    await Promise.all(racing.map((device) => devices.save(device)))
    const holder = await devices.findByEndpoint('acct_a', 'https://push.example.com/shared')
    expect(racing.map((device) => device.id)).toContain(holder!.id)
    const remaining = await Promise.all(racing.map((device) => devices.get('acct_a', device.id)))
    expect(remaining.filter((device) => device !== null)).toEqual([holder])
  })

  it('never lets a value become a query operator', async () => {
    const devices = await setUp()
    const device = makeDevice()
    await devices.save(device)
    const operator = { $ne: null } as unknown as string
    expect(await devices.get('acct_a', operator)).toBeNull()
    expect(await devices.findByEndpoint('acct_a', operator)).toBeNull()
    expect(await devices.allOfUser('acct_a', operator)).toEqual([])
    expect(await devices.remove('acct_a', operator)).toBe('missing')
    expect(await devices.removeByUser(operator, 'usr_a')).toBe(0)
    expect(await devices.get('acct_a', device.id)).toEqual(device)
  })
})
