import type { DomainEvent, OutboxPort } from '../../../core/ports/outbox.js'

/** In-memory outbox; repositories of the same surface append to it in the same synchronous step as their write. */
export class MemoryOutbox implements OutboxPort {
  private readonly events: DomainEvent[] = []
  private readonly dispatched = new Set<string>()
  /** Every event before this index is dispatched: the scan for pending ones starts here. */
  private firstPending = 0

  async append(events: readonly DomainEvent[]): Promise<void> {
    this.appendNow(events)
  }

  /** Synchronous append, so that a repository write and its events are one step. */
  appendNow(events: readonly DomainEvent[]): void {
    this.events.push(...events)
  }

  async pending(limit: number, accountId: string | null = null): Promise<DomainEvent[]> {
    const pending: DomainEvent[] = []
    for (let index = this.firstPending; index < this.events.length && pending.length < limit; index++) {
      const event = this.events[index]
      if (
        event !== undefined &&
        !this.dispatched.has(event.id) &&
        (accountId === null || event.accountId === accountId)
      )
        pending.push(event)
    }
    return pending
  }

  async markDispatched(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.dispatched.add(id)
    for (;;) {
      const event = this.events[this.firstPending]
      if (event === undefined || !this.dispatched.has(event.id)) break
      this.firstPending += 1
    }
  }

  async list(accountId: string, limit: number): Promise<DomainEvent[]> {
    return this.events
      .filter((event) => event.accountId === accountId)
      .reverse()
      .slice(0, limit)
  }
}
