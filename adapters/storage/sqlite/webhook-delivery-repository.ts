import type { WebhookDeliveryRepositoryPort } from '../../../core/ports/webhook-delivery-repository.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import type { Delivery } from '../../../core/webhooks/delivery.js'
import { boundLimit, inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson, epochMs } from './json.js'
import { pageByIdDescending } from './paging.js'
import { allRecords, type Columns, insertRow, nextDueAt, oneRecord, replaceIfVersion } from './records.js'

const columnsOf = (delivery: Delivery): Columns => ({
  id: delivery.id,
  account_id: delivery.accountId,
  endpoint_id: delivery.endpointId,
  notification_id: delivery.notification.id,
  is_replay: delivery.replayOf === null ? 0 : 1,
  next_attempt_at: epochMs(delivery.nextAttemptAt),
  doc: encodeJson(delivery),
})

/**
 * The deliveries of one surface. The fan-out of one notification to one endpoint is unique (a partial unique
 * index leaving replays out), so a re-run fan-out inserts nothing twice; open deliveries are indexed by due time.
 */
export class SqliteWebhookDeliveryRepository implements WebhookDeliveryRepositoryPort {
  constructor(private readonly db: SqliteDatabase) {}

  async insertMany(deliveries: readonly Delivery[]): Promise<void> {
    inTransaction(this.db, () => {
      // A replay is a new delivery of the same pair on purpose; a fan-out re-run is not.
      for (const delivery of deliveries) insertRow(this.db, 'webhook_deliveries', columnsOf(delivery), true)
    })
  }

  async get(accountId: string, id: string): Promise<Delivery | null> {
    return oneRecord(this.db, 'SELECT doc FROM webhook_deliveries WHERE id = ? AND account_id = ?', id, accountId)
  }

  async listByEndpoint(accountId: string, endpointId: string, page: PageRequest): Promise<Page<Delivery>> {
    return pageByIdDescending(
      this.db,
      'webhook_deliveries',
      'account_id = @accountId AND endpoint_id = @endpointId',
      { accountId, endpointId },
      page,
    )
  }

  async due(
    accountId: string | null,
    now: Date,
    limit: number,
    excludeEndpoints: readonly string[] = [],
  ): Promise<Delivery[]> {
    const scope = accountId === null ? '' : 'account_id = ? AND '
    const excluded = excludeEndpoints.length === 0 ? '' : ` AND endpoint_id NOT IN (SELECT value FROM json_each(?))`
    return allRecords(
      this.db,
      `SELECT doc FROM webhook_deliveries WHERE ${scope}next_attempt_at <= ?${excluded} ORDER BY next_attempt_at ${boundLimit()}`,
      ...(accountId === null ? [] : [accountId]),
      now.getTime(),
      ...(excludeEndpoints.length === 0 ? [] : [JSON.stringify(excludeEndpoints)]),
      limit,
    )
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    return nextDueAt(this.db, 'webhook_deliveries', 'next_attempt_at', accountId, after)
  }

  async update(delivery: Delivery, expectedVersion: number): Promise<'updated' | 'conflict'> {
    return replaceIfVersion(this.db, 'webhook_deliveries', delivery, expectedVersion, columnsOf(delivery))
      ? 'updated'
      : 'conflict'
  }

  async openOf(accountId: string, endpointId: string): Promise<Delivery[]> {
    return allRecords(
      this.db,
      'SELECT doc FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ? AND next_attempt_at IS NOT NULL ORDER BY id',
      accountId,
      endpointId,
    )
  }

  async removeByEndpoint(accountId: string, endpointId: string): Promise<number> {
    return statement(this.db, 'DELETE FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ?').run(
      accountId,
      endpointId,
    ).changes
  }
}
