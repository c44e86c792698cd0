import type { DeviceRepositoryPort } from '../ports/device-repository.js'
import type { IdGenerator } from '../ports/id-generator.js'
import { type InvalidParameter, ResourceNotFound } from '../shared/errors.js'
import { type Page, type PageRequest, validatePageRequest } from '../shared/pagination.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import type { UserService } from '../user/user-service.js'
import type { Device, PushSubscriptionKeys } from './device.js'
import { checkPushEndpoint } from './endpoint-policy.js'

export interface RegisterDeviceInput {
  readonly endpoint: string
  readonly keys: PushSubscriptionKeys
  readonly expiresAt: Date | null
}

export interface DeviceServiceDeps {
  readonly devices: DeviceRepositoryPort
  readonly users: UserService
  readonly ids: IdGenerator
  /** Whether sandbox devices may register loopback endpoints (the operator's setting); production never. */
  readonly sandboxLoopback: boolean
}

type DeviceError = ResourceNotFound | AccountDeactivated | InvalidParameter

export class DeviceService {
  constructor(private readonly deps: DeviceServiceDeps) {}

  /**
   * Registers a Web Push subscription for a user. The same endpoint again returns
   * the same device (`created` false, keys refreshed); an endpoint registered to
   * another user of the account moves to this one (the browser changed hands).
   */
  async register(
    scope: RequestScope,
    userId: string,
    input: RegisterDeviceInput,
  ): Promise<Result<{ readonly device: Device; readonly created: boolean }, DeviceError>> {
    const user = await this.deps.users.requireActive(scope, userId)
    if (!user.ok) return user
    const endpoint = checkPushEndpoint(input.endpoint, {
      livemode: scope.livemode,
      sandboxLoopback: this.deps.sandboxLoopback,
    })
    if (!endpoint.ok) return endpoint
    const existing = await this.deps.devices.findByEndpoint(scope.accountId, input.endpoint)
    if (existing !== null && existing.userId === userId) {
      const refreshed: Device = { ...existing, keys: input.keys, expiresAt: input.expiresAt }
      if (JSON.stringify([refreshed.keys, refreshed.expiresAt]) !== JSON.stringify([existing.keys, existing.expiresAt]))
        await this.deps.devices.save(refreshed)
      return ok({ device: refreshed, created: false })
    }
    const device: Device = {
      id: this.deps.ids.next('dev'),
      accountId: scope.accountId,
      livemode: scope.livemode,
      userId,
      endpoint: input.endpoint,
      keys: input.keys,
      expiresAt: input.expiresAt,
      createdAt: scope.clock.now(),
    }
    await this.deps.devices.save(device)
    return ok({ device, created: true })
  }

  async list(
    scope: RequestScope,
    userId: string,
    page: PageRequest,
  ): Promise<Result<Page<Device>, ResourceNotFound | InvalidParameter>> {
    const user = await this.deps.users.retrieve(scope, userId)
    if (!user.ok) return user
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    return ok(await this.deps.devices.listByUser(scope.accountId, userId, page))
  }

  async remove(
    scope: RequestScope,
    userId: string,
    deviceId: string,
  ): Promise<Result<Device, ResourceNotFound | AccountDeactivated>> {
    const user = await this.deps.users.requireActive(scope, userId)
    if (!user.ok) return user
    const device = await this.deps.devices.get(scope.accountId, deviceId)
    if (device === null || device.userId !== userId)
      return err(new ResourceNotFound({ resource: 'device', id: deviceId, param: 'device_id' }))
    await this.deps.devices.remove(scope.accountId, deviceId)
    return ok(device)
  }

  /** Every device of a user, for delivery. */
  devicesOf(accountId: string, userId: string): Promise<Device[]> {
    return this.deps.devices.allOfUser(accountId, userId)
  }

  /** The push service said the subscription is gone: stop sending to it. */
  async forget(device: Device): Promise<void> {
    await this.deps.devices.remove(device.accountId, device.id)
  }

  /** Removes every device of a user (the user-delete cascade). */
  removeAllOf(accountId: string, userId: string): Promise<number> {
    return this.deps.devices.removeByUser(accountId, userId)
  }
}
