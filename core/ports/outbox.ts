/**
 * A domain event that will become a signed webhook notification.
 *
 * It is written together with the state change that produced it (transactional
 * outbox) and delivered at least once by the webhook dispatcher. `id` is the
 * notification id (prefix `ntf_`, since calendar events own `evt_`) and stays the
 * same on every redelivery. `object` is a domain snapshot of the resource
 * (`objectType` names it); the host renders it in the receiving account's pinned
 * API version at delivery time.
 */
export interface DomainEvent {
  readonly id: string
  readonly type: string
  readonly accountId: string
  readonly livemode: boolean
  readonly createdAt: Date
  readonly objectType: string
  readonly object: unknown
}

export interface OutboxPort {
  /** Appends events on their own (state changes normally append through their repository write). */
  append(events: readonly DomainEvent[]): Promise<void>
  /** Up to `limit` events not yet handed to the dispatcher, oldest first (written order); of one account, or of every account when `accountId` is null or absent. */
  pending(limit: number, accountId?: string | null): Promise<DomainEvent[]>
  /** Marks events as fanned out into deliveries (idempotent; unknown ids are ignored). */
  markDispatched(ids: readonly string[]): Promise<void>
  /** Events of an account, newest first (sandbox inspection, tests). */
  list(accountId: string, limit: number): Promise<DomainEvent[]>
}
