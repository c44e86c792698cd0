import type { Device } from '../../../core/device/device.js'
import type { DeviceRepositoryPort } from '../../../core/ports/device-repository.js'
import { type Page, type PageRequest, paginateById } from '../../../core/shared/pagination.js'
import { expectOk } from '../../../core/shared/result.js'

/** In-memory push devices, unique per account and endpoint. */
export class MemoryDeviceRepository implements DeviceRepositoryPort {
  private readonly devices = new Map<string, Device>()
  private readonly byEndpoint = new Map<string, string>()

  async save(device: Device): Promise<void> {
    const previous = this.byEndpoint.get(this.endpointKey(device))
    if (previous !== undefined && previous !== device.id) this.devices.delete(previous)
    this.devices.set(device.id, device)
    this.byEndpoint.set(this.endpointKey(device), device.id)
  }

  async get(accountId: string, id: string): Promise<Device | null> {
    const device = this.devices.get(id)
    return device !== undefined && device.accountId === accountId ? device : null
  }

  async findByEndpoint(accountId: string, endpoint: string): Promise<Device | null> {
    const id = this.byEndpoint.get(`${accountId}/${endpoint}`)
    return id === undefined ? null : (this.devices.get(id) ?? null)
  }

  async listByUser(accountId: string, userId: string, page: PageRequest): Promise<Page<Device>> {
    return expectOk(paginateById(await this.allOfUser(accountId, userId), page))
  }

  async allOfUser(accountId: string, userId: string): Promise<Device[]> {
    return [...this.devices.values()]
      .filter((device) => device.accountId === accountId && device.userId === userId)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
  }

  async remove(accountId: string, id: string): Promise<'removed' | 'missing'> {
    const device = await this.get(accountId, id)
    if (device === null) return 'missing'
    this.devices.delete(id)
    if (this.byEndpoint.get(this.endpointKey(device)) === id) this.byEndpoint.delete(this.endpointKey(device))
    return 'removed'
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    const mine = await this.allOfUser(accountId, userId)
    for (const device of mine) await this.remove(accountId, device.id)
    return mine.length
  }

  private endpointKey(device: Device): string {
    return `${device.accountId}/${device.endpoint}`
  }
}
