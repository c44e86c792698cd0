import type { Device } from '../../../core/device/device.js'
import type { IdGenerator } from '../../../core/ports/id-generator.js'
import type { PushMessage, PushOutcome, PushPort, PushRecorder, RecordedPush } from '../../../core/ports/push.js'

/** Endpoints on this path answer like a push service whose subscription is gone (a sandbox test value). */
export const GONE_ENDPOINT_PATH = '/gone/'
const MAX_RECORDS = 10_000

/**
 * Sends nothing: records what would have been pushed, for the sandbox
 * (`GET /v1/test_helpers/push_messages`) and for production without VAPID keys.
 */
export class RecordingPushAdapter implements PushPort, PushRecorder {
  private readonly records: RecordedPush[] = []

  constructor(private readonly ids: IdGenerator) {}

  async send(device: Device, message: PushMessage): Promise<PushOutcome> {
    const gone = URL.canParse(device.endpoint) && new URL(device.endpoint).pathname.startsWith(GONE_ENDPOINT_PATH)
    const outcome: PushOutcome = gone ? { status: 'expired' } : { status: 'delivered' }
    this.records.push({
      id: this.ids.next('psh'),
      accountId: device.accountId,
      userId: device.userId,
      deviceId: device.id,
      endpoint: device.endpoint,
      message,
      outcome: outcome.status,
    })
    if (this.records.length > MAX_RECORDS) this.records.splice(0, this.records.length - MAX_RECORDS)
    return outcome
  }

  /** What was pushed for an account (optionally one user), newest first. */
  list(
    accountId: string,
    filter: { readonly userId?: string | undefined },
    limit: number,
  ): { readonly data: readonly RecordedPush[]; readonly hasMore: boolean } {
    const matching = this.records
      .filter(
        (record) => record.accountId === accountId && (filter.userId === undefined || record.userId === filter.userId),
      )
      .reverse()
    return { data: matching.slice(0, limit), hasMore: matching.length > limit }
  }
}
