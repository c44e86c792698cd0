import type { Page, PageRequest } from '../shared/pagination.js'
import type { Delivery } from '../webhooks/delivery.js'

/**
 * Deliveries of one surface: one per notification and endpoint. `nextAttemptAt`
 * is indexed; the dispatcher reads the due ones and leases each by pushing it
 * out with a version-checked write, so two workers never attempt it at once and
 * a crashed worker's lease simply expires.
 */
export interface WebhookDeliveryRepositoryPort {
  /** Inserts the fan-out of one notification; a (notification, endpoint) pair already present is skipped. */
  insertMany(deliveries: readonly Delivery[]): Promise<void>
  get(accountId: string, id: string): Promise<Delivery | null>
  /** Deliveries to an endpoint, newest first. */
  listByEndpoint(accountId: string, endpointId: string, page: PageRequest): Promise<Page<Delivery>>
  /**
   * Up to `limit` deliveries with `nextAttemptAt <= now`, earliest first;
   * `accountId` null for every account; deliveries to `excludeEndpoints` (busy
   * ones) are left for later so they cannot hold up the others.
   */
  due(accountId: string | null, now: Date, limit: number, excludeEndpoints?: readonly string[]): Promise<Delivery[]>
  /** The earliest `nextAttemptAt` after `after`, or null. */
  nextDueAt(accountId: string | null, after: Date): Promise<Date | null>
  /** Version-checked write (leases and transitions). */
  update(delivery: Delivery, expectedVersion: number): Promise<'updated' | 'conflict'>
  /** Deliveries still open (pending or retrying) to an endpoint. */
  openOf(accountId: string, endpointId: string): Promise<Delivery[]>
  removeByEndpoint(accountId: string, endpointId: string): Promise<number>
}
