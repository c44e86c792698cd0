import type { WebhookDeliveryRepositoryPort } from '../../../core/ports/webhook-delivery-repository.js'
import { type Page, type PageRequest, paginateById } from '../../../core/shared/pagination.js'
import { expectOk } from '../../../core/shared/result.js'
import type { Delivery } from '../../../core/webhooks/delivery.js'

/** A delivery that will be attempted again. */
type OpenDelivery = Delivery & { readonly nextAttemptAt: Date }
const isOpen = (delivery: Delivery): delivery is OpenDelivery => delivery.nextAttemptAt !== null

interface DueEntry {
  readonly at: number
  readonly id: string
}

/**
 * A binary min-heap of (due time, delivery id). Entries are never updated in
 * place: a new due time pushes a new entry and the old one is dropped when it
 * surfaces and no longer matches the stored delivery (lazy deletion).
 */
class DueHeap {
  private readonly entries: DueEntry[] = []

  get size(): number {
    return this.entries.length
  }

  peek(): DueEntry | undefined {
    return this.entries[0]
  }

  push(entry: DueEntry): void {
    const entries = this.entries
    entries.push(entry)
    let index = entries.length - 1
    while (index > 0) {
      const parentIndex = (index - 1) >> 1
      const parent = entries[parentIndex]
      if (parent === undefined || parent.at <= entry.at) break
      entries[index] = parent
      index = parentIndex
    }
    entries[index] = entry
  }

  pop(): DueEntry | undefined {
    const entries = this.entries
    const top = entries[0]
    const last = entries.pop()
    if (top === undefined || last === undefined || entries.length === 0) return top
    let index = 0
    for (;;) {
      // The smaller of the two children (none past the end).
      let childIndex = 2 * index + 1
      let child = entries[childIndex]
      if (child === undefined) break
      const right = entries[childIndex + 1]
      if (right !== undefined && right.at < child.at) {
        childIndex += 1
        child = right
      }
      if (child.at >= last.at) break
      entries[index] = child
      index = childIndex
    }
    entries[index] = last
    return top
  }
}

/**
 * In-memory deliveries. Open ones (with a `nextAttemptAt`) are indexed by due
 * time in a heap, so the dispatcher's frequent due queries cost O(k log n),
 * not a scan of every open delivery.
 */
export class MemoryWebhookDeliveryRepository implements WebhookDeliveryRepositoryPort {
  private readonly deliveries = new Map<string, Delivery>()
  private readonly open = new Map<string, OpenDelivery>()
  private readonly pairs = new Set<string>()
  private readonly dueIndex = new DueHeap()

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
    const matching = [...this.deliveries.values()].filter(
      (delivery) => delivery.accountId === accountId && delivery.endpointId === endpointId,
    )
    return expectOk(paginateById(matching, page))
  }

  async due(
    accountId: string | null,
    now: Date,
    limit: number,
    excludeEndpoints: readonly string[] = [],
  ): Promise<Delivery[]> {
    const excluded = new Set(excludeEndpoints)
    const due: Delivery[] = []
    const passedOver: DueEntry[] = []
    while (due.length < limit) {
      const entry = this.dueIndex.peek()
      if (entry === undefined || entry.at > now.getTime()) break
      this.dueIndex.pop()
      const delivery = this.open.get(entry.id)
      // Stale entry: the delivery finished or moved to another due time since.
      if (delivery === undefined || delivery.nextAttemptAt.getTime() !== entry.at) continue
      passedOver.push(entry)
      if ((accountId === null || delivery.accountId === accountId) && !excluded.has(delivery.endpointId))
        due.push(delivery)
    }
    // A query changes nothing: every live entry looked at goes back.
    for (const entry of passedOver) this.dueIndex.push(entry)
    return due
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    let earliest: Date | null = null
    for (const delivery of this.open.values()) {
      if (delivery.nextAttemptAt <= after || (accountId !== null && delivery.accountId !== accountId)) continue
      if (earliest === null || delivery.nextAttemptAt < earliest) earliest = delivery.nextAttemptAt
    }
    return earliest
  }

  async update(delivery: Delivery, expectedVersion: number): Promise<'updated' | 'conflict'> {
    const stored = this.deliveries.get(delivery.id)
    if (stored === undefined || stored.accountId !== delivery.accountId || stored.version !== expectedVersion)
      return 'conflict'
    this.store(delivery)
    return 'updated'
  }

  async openOf(accountId: string, endpointId: string): Promise<Delivery[]> {
    return [...this.open.values()].filter(
      (delivery) => delivery.accountId === accountId && delivery.endpointId === endpointId,
    )
  }

  async removeByEndpoint(accountId: string, endpointId: string): Promise<number> {
    let removed = 0
    for (const delivery of [...this.deliveries.values()]) {
      if (delivery.accountId !== accountId || delivery.endpointId !== endpointId) continue
      this.deliveries.delete(delivery.id)
      this.open.delete(delivery.id)
      this.pairs.delete(`${delivery.notification.id}/${delivery.endpointId}`)
      removed += 1
    }
    return removed
  }

  private store(delivery: Delivery): void {
    this.deliveries.set(delivery.id, delivery)
    if (!isOpen(delivery)) {
      this.open.delete(delivery.id)
      return
    }
    const previous = this.open.get(delivery.id)
    this.open.set(delivery.id, delivery)
    if (previous?.nextAttemptAt.getTime() !== delivery.nextAttemptAt.getTime())
      this.dueIndex.push({ at: delivery.nextAttemptAt.getTime(), id: delivery.id })
  }
}
