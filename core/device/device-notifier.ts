import type { PushMessage, PushOutcome, PushPort } from '../ports/push.js'
import type { DeviceService } from './device-service.js'

/**
 * Sends one message to every device of a user. A device whose subscription the
 * push service reports gone is forgotten; a push that throws counts as failed,
 * so one bad device never stops the others.
 */
export class DeviceNotifier {
  constructor(
    private readonly devices: DeviceService,
    private readonly push: PushPort,
  ) {}

  async notify(accountId: string, userId: string, message: PushMessage): Promise<PushOutcome[]> {
    const outcomes: PushOutcome[] = []
    for (const device of await this.devices.devicesOf(accountId, userId)) {
      let outcome: PushOutcome
      try {
        outcome = await this.push.send(device, message)
      } catch (error) {
        outcome = { status: 'failed', reason: error instanceof Error ? error.message : String(error) }
      }
      if (outcome.status === 'expired') await this.devices.forget(device)
      outcomes.push(outcome)
    }
    return outcomes
  }
}
