import type { DomainEvent } from './outbox.js'

/**
 * Turns a domain event into the raw JSON body of a notification, its resource
 * rendered in the receiving account's pinned API version. The host implements
 * it with the public contracts (core knows no wire shapes).
 */
export interface NotificationRendererPort {
  render(event: DomainEvent): Promise<string>
}
