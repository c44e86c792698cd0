import type { DomainEvent, OutboxPort } from '../../../core/ports/outbox.js'

/** In-memory outbox; repositories of the same surface append to it in the same synchronous step as their write. */
export class MemoryOutbox implements OutboxPort {
  private readonly events: DomainEvent[] = []
  private readonly dispatched = new Set<string>()

  async append(events: readonly DomainEvent[]): Promise<void> {
    this.appendNow(events)
  }

  /** Synchronous append, so that a repository write and its events are one step. */
  appendNow(events: readonly DomainEvent[]): void {
    this.events.push(...events)
  }

  async pending(limit: number): Promise<DomainEvent[]> {
    return this.events.filter((event) => !this.dispatched.has(event.id)).slice(0, limit)
  }

  async markDispatched(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.dispatched.add(id)
  }

  async list(accountId: string, limit: number): Promise<DomainEvent[]> {
    return this.events.filter((event) => event.accountId === accountId).reverse().slice(0, limit)
  }
}
