import type { WebhookDeliveryRepositoryPort } from '../../../core/ports/webhook-delivery-repository.js'
import { paginateById, type Page, type PageRequest } from '../../../core/shared/pagination.js'
import { expectOk } from '../../../core/shared/result.js'
import type { Delivery } from '../../../core/webhooks/delivery.js'

/** In-memory deliveries; the open ones (with a `nextAttemptAt`) are kept in their own map so due scans skip finished ones. */
export class MemoryWebhookDeliveryRepository implements WebhookDeliveryRepositoryPort {
  private readonly deliveries = new Map<string, Delivery>()
  private readonly open = new Map<string, Delivery>()
  private readonly pairs = new Set<string>()

  async insertMany(deliveries: readonly Delivery[]): Promise<void> {
    for (const delivery of deliveries) {
      // A replay is a new delivery of the same pair on purpose; a fan-out re-run is not.
      const pair = `${delivery.notification.id}/${delivery.endpointId}`
      if (delivery.replayOf === null && this.pairs.has(pair)) continue
      if (this.deliveries.has(delivery.id)) continue
      this.pairs.add(pair)
      this.store(delivery)
    }
  }

  async get(accountId: string, id: string): Promise<Delivery | null> {
    const delivery = this.deliveries.get(id)
    return delivery !== undefined && delivery.accountId === accountId ? delivery : null
  }

  async listByEndpoint(accountId: string, endpointId: string, page: PageRequest): Promise<Page<Delivery>> {
    const matching = [...this.deliveries.values()].filter((delivery) => delivery.accountId === accountId && delivery.endpointId === endpointId)
    return expectOk(paginateById(matching, page))
  }

  async due(accountId: string | null, now: Date, limit: number, excludeEndpoints: readonly string[] = []): Promise<Delivery[]> {
    const excluded = new Set(excludeEndpoints)
    const due: Delivery[] = []
    for (const delivery of this.open.values()) {
      if (delivery.nextAttemptAt! <= now && (accountId === null || delivery.accountId === accountId) && !excluded.has(delivery.endpointId)) due.push(delivery)
    }
    return due.sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime()).slice(0, limit)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    let earliest: Date | null = null
    for (const delivery of this.open.values()) {
      if (delivery.nextAttemptAt! <= after || (accountId !== null && delivery.accountId !== accountId)) continue
      if (earliest === null || delivery.nextAttemptAt! < earliest) earliest = delivery.nextAttemptAt
    }
    return earliest
  }

  async update(delivery: Delivery, expectedVersion: number): Promise<'updated' | 'conflict'> {
    const stored = this.deliveries.get(delivery.id)
    if (stored === undefined || stored.accountId !== delivery.accountId || stored.version !== expectedVersion) return 'conflict'
    this.store(delivery)
    return 'updated'
  }

  async openOf(accountId: string, endpointId: string): Promise<Delivery[]> {
    return [...this.open.values()].filter((delivery) => delivery.accountId === accountId && delivery.endpointId === endpointId)
  }

  async removeByEndpoint(accountId: string, endpointId: string): Promise<number> {
    let removed = 0
    for (const delivery of [...this.deliveries.values()]) {
      if (delivery.accountId !== accountId || delivery.endpointId !== endpointId) continue
      this.deliveries.delete(delivery.id)
      this.open.delete(delivery.id)
      removed += 1
    }
    return removed
  }

  private store(delivery: Delivery): void {
    this.deliveries.set(delivery.id, delivery)
    if (delivery.nextAttemptAt === null) this.open.delete(delivery.id)
    else this.open.set(delivery.id, delivery)
  }
}
