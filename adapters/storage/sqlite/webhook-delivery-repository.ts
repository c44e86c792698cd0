import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { WebhookDeliveryRepositoryPort } from '../../../core/ports/webhook-delivery-repository.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import type { Delivery } from '../../../core/webhooks/delivery.js'
import { boundLimit, inTransaction, type SqliteDatabase, statement } from './database.js'
import { decodeJson, encodeJson, epochMs } from './json.js'
import { pageByIdDescending } from './paging.js'
import { allRecords, type Columns, nextDueAt, oneRecord, replaceIfVersion } from './records.js'

/**
 * The stored JSON of notifications, by notification object: a notification never changes, and one object is shared
 * by the deliveries of one fan-out, and by a delivery's lease and its outcome, so each is encoded once, not at
 * every write of every delivery that carries it (it is most of a delivery's document).
 */
const notificationDocs = new WeakMap<DomainEvent, string>()

/** Notifications remembered by id per repository (all forgotten when full). */
const MAX_NOTIFICATIONS = 4_096
/** What precedes the notification in a delivery's document (its first occurrence: only ids and a flag come before). */
const NOTIFICATION_KEY = '"notification":'

/** Stands for the notification while the rest of a delivery is encoded; the notification's JSON then replaces it. */
const NOTIFICATION_SLOT = '\u0000notification\u0000'
const NOTIFICATION_SLOT_JSON = JSON.stringify(NOTIFICATION_SLOT)

/** `encodeJson(delivery)`, the same text, with the notification's part encoded once per notification object. */
export const encodeDelivery = (delivery: Delivery): string => {
  let notification = notificationDocs.get(delivery.notification)
  if (notification === undefined) {
    notification = encodeJson(delivery.notification)
    notificationDocs.set(delivery.notification, notification)
  }
  const rest = encodeJson({ ...delivery, notification: NOTIFICATION_SLOT })
  // The first occurrence is the notification's: only service-made ids and the account id are written before it.
  const slot = rest.indexOf(NOTIFICATION_SLOT_JSON)
  return rest.slice(0, slot) + notification + rest.slice(slot + NOTIFICATION_SLOT_JSON.length)
}

const columnsOf = (delivery: Delivery): Columns => ({
  id: delivery.id,
  account_id: delivery.accountId,
  endpoint_id: delivery.endpointId,
  notification_id: delivery.notification.id,
  is_replay: delivery.replayOf === null ? 0 : 1,
  next_attempt_at: epochMs(delivery.nextAttemptAt),
  doc: encodeDelivery(delivery),
})

/** An update waiting for the group commit. */
interface QueuedUpdate {
  readonly delivery: Delivery
  readonly expectedVersion: number
  readonly resolve: (result: 'updated' | 'conflict') => void
  readonly reject: (error: unknown) => void
}

/**
 * The deliveries of one surface. The fan-out of one notification to one endpoint is unique (a partial unique
 * index leaving replays out), so a re-run fan-out inserts nothing twice; open deliveries are indexed by due time.
 *
 * Updates (a lease, an attempt's outcome: two per attempt) are committed in groups: those asked for before the
 * event loop's next turn go into one transaction, each with its own version check and answer, and each answered
 * once the group is committed. A commit rewrites the pages of the due indexes; a group shares them. Any other
 * operation commits the waiting group first, so it sees every update asked for before it.
 */
export class SqliteWebhookDeliveryRepository implements WebhookDeliveryRepositoryPort {
  private queued: QueuedUpdate[] = []
  /** The notifications of recent writes and due reads, by id (see `sharingNotification`). */
  private readonly notifications = new Map<string, DomainEvent>()

  constructor(private readonly db: SqliteDatabase) {}

  /** Commits the waiting updates: in one transaction, or one by one when it fails (each then gets its own answer). */
  private readonly commitQueued = (): void => {
    const group = this.queued
    if (group.length === 0) return
    this.queued = []
    const write = (update: QueuedUpdate) =>
      this.replace(update.delivery, update.expectedVersion) ? 'updated' : 'conflict'
    let results: ('updated' | 'conflict')[]
    try {
      results = inTransaction(this.db, () => group.map(write))
    } catch {
      for (const update of group) {
        try {
          update.resolve(write(update))
        } catch (error) {
          update.reject(error)
        }
      }
      return
    }
    results.forEach((result, index) => {
      group[index]?.resolve(result)
    })
  }

  /**
   * The optimistic write of one delivery. A delivery's endpoint, notification and replay flag never change, so the
   * usual write assigns its due time and document only, one statement prepared once; when the stored fixed
   * columns differ (nothing in the service does that), the general write of every changed column decides.
   */
  private replace(delivery: Delivery, expectedVersion: number): boolean {
    const columns = columnsOf(delivery)
    const { changes } = statement(
      this.db,
      `UPDATE webhook_deliveries SET next_attempt_at = ?, doc = ?
       WHERE id = ? AND account_id = ? AND endpoint_id = ? AND notification_id = ? AND is_replay = ?
         AND json_extract(doc, '$.version') = ?`,
    ).run(
      columns.next_attempt_at,
      columns.doc,
      columns.id,
      columns.account_id,
      columns.endpoint_id,
      columns.notification_id,
      columns.is_replay,
      expectedVersion,
    )
    return changes === 1 || replaceIfVersion(this.db, 'webhook_deliveries', delivery, expectedVersion, columns)
  }

  async insertMany(deliveries: readonly Delivery[]): Promise<void> {
    this.commitQueued()
    inTransaction(this.db, () => {
      // A replay is a new delivery of the same pair on purpose; a fan-out re-run is not.
      const insert = statement(
        this.db,
        `INSERT OR IGNORE INTO webhook_deliveries
           (id, account_id, endpoint_id, notification_id, is_replay, next_attempt_at, doc) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      for (const delivery of deliveries) {
        const columns = columnsOf(delivery)
        insert.run(
          columns.id,
          columns.account_id,
          columns.endpoint_id,
          columns.notification_id,
          columns.is_replay,
          columns.next_attempt_at,
          columns.doc,
        )
        this.remember(delivery.notification)
      }
    })
  }

  async get(accountId: string, id: string): Promise<Delivery | null> {
    this.commitQueued()
    return oneRecord(this.db, 'SELECT doc FROM webhook_deliveries WHERE id = ? AND account_id = ?', id, accountId)
  }

  async listByEndpoint(accountId: string, endpointId: string, page: PageRequest): Promise<Page<Delivery>> {
    this.commitQueued()
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
    this.commitQueued()
    const scope = accountId === null ? '' : 'account_id = ? AND '
    const excluded = excludeEndpoints.length === 0 ? '' : ` AND endpoint_id NOT IN (SELECT value FROM json_each(?))`
    const rows = statement(
      this.db,
      `SELECT doc FROM webhook_deliveries WHERE ${scope}next_attempt_at <= ?${excluded} ORDER BY next_attempt_at ${boundLimit()}`,
    ).all(
      ...(accountId === null ? [] : [accountId]),
      now.getTime(),
      ...(excludeEndpoints.length === 0 ? [] : [JSON.stringify(excludeEndpoints)]),
      limit,
    ) as { doc: string }[]
    return rows.map((row) => this.sharingNotification(row.doc, decodeJson<Delivery>(row.doc)))
  }

  /**
   * A due delivery, about to be leased and written twice, with the notification object of an earlier read or
   * write of the same notification when the stored text is the same (so its encoding is reused).
   */
  private sharingNotification(doc: string, delivery: Delivery): Delivery {
    const id = delivery.notification.id
    const known = this.notifications.get(id)
    const knownDoc = known === undefined ? undefined : notificationDocs.get(known)
    if (
      known !== undefined &&
      knownDoc !== undefined &&
      doc.startsWith(knownDoc, doc.indexOf(NOTIFICATION_KEY) + NOTIFICATION_KEY.length)
    )
      return { ...delivery, notification: known }
    this.remember(delivery.notification)
    return delivery
  }

  private remember(notification: DomainEvent): void {
    if (this.notifications.size >= MAX_NOTIFICATIONS) this.notifications.clear()
    this.notifications.set(notification.id, notification)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    this.commitQueued()
    return nextDueAt(this.db, 'webhook_deliveries', 'next_attempt_at', accountId, after)
  }

  update(delivery: Delivery, expectedVersion: number): Promise<'updated' | 'conflict'> {
    return new Promise((resolve, reject) => {
      if (this.queued.length === 0) setImmediate(this.commitQueued)
      this.queued.push({ delivery, expectedVersion, resolve, reject })
    })
  }

  async openOf(accountId: string, endpointId: string): Promise<Delivery[]> {
    this.commitQueued()
    return allRecords(
      this.db,
      'SELECT doc FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ? AND next_attempt_at IS NOT NULL ORDER BY id',
      accountId,
      endpointId,
    )
  }

  async removeByEndpoint(accountId: string, endpointId: string): Promise<number> {
    this.commitQueued()
    return statement(this.db, 'DELETE FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ?').run(
      accountId,
      endpointId,
    ).changes
  }
}
