import type { Device } from '../device/device.js'
import type { Page, PageRequest } from '../shared/pagination.js'

/** Push devices of one surface; a push endpoint is registered at most once per account. */
export interface DeviceRepositoryPort {
  /** Stores the device, replacing any device of the account with the same endpoint. */
  save(device: Device): Promise<void>
  get(accountId: string, id: string): Promise<Device | null>
  findByEndpoint(accountId: string, endpoint: string): Promise<Device | null>
  /** A page of a user's devices, newest first. */
  listByUser(accountId: string, userId: string, page: PageRequest): Promise<Page<Device>>
  /** Every device of a user (delivery fans out to all). */
  allOfUser(accountId: string, userId: string): Promise<Device[]>
  /** `removed` or `missing`. */
  remove(accountId: string, id: string): Promise<'removed' | 'missing'>
  /** Removes every device of a user (the user-delete cascade); returns how many. */
  removeByUser(accountId: string, userId: string): Promise<number>
}
