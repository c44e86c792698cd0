import type { Collection, Db } from 'mongodb'
import type { Device } from '../../../core/device/device.js'
import type { DeviceRepositoryPort } from '../../../core/ports/device-repository.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import type { MongoDocument } from './document.js'
import { isDuplicateKeyOf, WRITE_OPTIONS } from './mongo-context.js'
import { pageByIdDescending } from './pagination.js'
import { isIdShaped } from './query-guard.js'

export const DEVICES_COLLECTION = 'devices'

type DeviceDocument = MongoDocument<Device>

const toDocument = (device: Device): DeviceDocument => ({
  _id: device.id,
  accountId: device.accountId,
  livemode: device.livemode,
  userId: device.userId,
  endpoint: device.endpoint,
  keys: { p256dh: device.keys.p256dh, auth: device.keys.auth },
  expiresAt: device.expiresAt,
  createdAt: device.createdAt,
})

const fromDocument = (document: DeviceDocument): Device => ({
  id: document._id,
  accountId: document.accountId,
  livemode: document.livemode,
  userId: document.userId,
  endpoint: document.endpoint,
  keys: { p256dh: document.keys.p256dh, auth: document.keys.auth },
  expiresAt: document.expiresAt,
  createdAt: document.createdAt,
})

const ONE_DEVICE_PER_ENDPOINT = 'one_device_per_account_endpoint'
/** Two registrations of one endpoint racing: the loser removes the winner's device and tries again, a bounded number of times. */
const SAVE_ATTEMPTS = 5

/** Push devices of one surface in `devices`, unique per account and push endpoint (a unique index). */
export class MongoDeviceRepository implements DeviceRepositoryPort {
  private readonly devices: Collection<DeviceDocument>

  constructor(db: Db) {
    this.devices = db.collection<DeviceDocument>(DEVICES_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.devices.createIndexes([
      // A push endpoint is registered once per account (and found by it).
      { key: { accountId: 1, endpoint: 1 }, name: ONE_DEVICE_PER_ENDPOINT, unique: true },
      // A user's devices newest first (list, push fan-out, the user-delete cascade).
      { key: { accountId: 1, userId: 1, _id: -1 }, name: 'user_newest' },
    ])
  }

  async save(device: Device): Promise<void> {
    const document = toDocument(device)
    for (let attempt = 1; ; attempt++) {
      // The newest registration of an endpoint wins: the device that held it goes.
      await this.devices.deleteMany({ accountId: device.accountId, endpoint: device.endpoint, _id: { $ne: device.id } })
      try {
        await this.devices.replaceOne({ _id: device.id, accountId: device.accountId }, document, {
          ...WRITE_OPTIONS,
          upsert: true,
        })
        return
      } catch (error) {
        if (!isDuplicateKeyOf(error, ONE_DEVICE_PER_ENDPOINT) || attempt >= SAVE_ATTEMPTS) throw error
      }
    }
  }

  async get(accountId: string, id: string): Promise<Device | null> {
    if (!isIdShaped(accountId) || !isIdShaped(id)) return null
    const document = await this.devices.findOne({ _id: id, accountId })
    return document === null ? null : fromDocument(document)
  }

  async findByEndpoint(accountId: string, endpoint: string): Promise<Device | null> {
    if (!isIdShaped(accountId) || typeof endpoint !== 'string') return null
    const document = await this.devices.findOne({ accountId, endpoint })
    return document === null ? null : fromDocument(document)
  }

  async listByUser(accountId: string, userId: string, page: PageRequest): Promise<Page<Device>> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return { data: [], hasMore: false }
    return pageByIdDescending(this.devices, { accountId, userId }, page, fromDocument)
  }

  async allOfUser(accountId: string, userId: string): Promise<Device[]> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return []
    return (await this.devices.find({ accountId, userId }).sort({ _id: 1 }).toArray()).map(fromDocument)
  }

  async remove(accountId: string, id: string): Promise<'removed' | 'missing'> {
    if (!isIdShaped(accountId) || !isIdShaped(id)) return 'missing'
    const removed = await this.devices.deleteOne({ _id: id, accountId })
    return removed.deletedCount === 1 ? 'removed' : 'missing'
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return 0
    return (await this.devices.deleteMany({ accountId, userId })).deletedCount
  }
}
