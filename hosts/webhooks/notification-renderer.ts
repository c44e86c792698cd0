import { CURRENT_VERSION, isApiVersion } from '../../contracts/versions.js'
import { renderNotification } from '../../contracts/webhooks/notification.js'
import type { AccountRepositoryPort } from '../../core/ports/account-repository.js'
import type { NotificationRendererPort } from '../../core/ports/notification-renderer.js'
import type { DomainEvent } from '../../core/ports/outbox.js'

/**
 * Renders each notification in its account's pinned API version (webhooks carry no Service-Version header), with
 * `account` naming the connected account when the event is one's (Connect).
 */
export class PinnedVersionNotificationRenderer implements NotificationRendererPort {
  constructor(private readonly accounts: AccountRepositoryPort) {}

  async render(event: DomainEvent): Promise<string> {
    const account = await this.accounts.getAccount(event.accountId)
    const pinned = account?.pinnedVersion
    const version = pinned !== undefined && isApiVersion(pinned) ? pinned : CURRENT_VERSION
    return renderNotification(event, version, account?.platformId == null ? undefined : account.id)
  }
}
