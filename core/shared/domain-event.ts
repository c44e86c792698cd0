import type { Clock } from '../ports/clock.js'
import type { IdGenerator } from '../ports/id-generator.js'
import type { DomainEvent } from '../ports/outbox.js'

export interface EventScope {
  readonly accountId: string
  readonly livemode: boolean
}

/** Builds an outbox record for `type` about `object`. */
export const domainEvent = (
  deps: { readonly ids: IdGenerator; readonly clock: Clock },
  scope: EventScope,
  type: string,
  objectType: string,
  object: unknown,
): DomainEvent => ({
  id: deps.ids.next('ntf'),
  type,
  accountId: scope.accountId,
  livemode: scope.livemode,
  createdAt: deps.clock.now(),
  objectType,
  object,
})
