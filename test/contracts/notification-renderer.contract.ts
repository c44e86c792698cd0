import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { WebhookNotificationSchema } from '../../contracts/webhooks/notification.js'
import type { NotificationRendererPort } from '../../core/ports/notification-renderer.js'
import type { DomainEvent } from '../../core/ports/outbox.js'

export interface NotificationRendererSubject {
  readonly renderer: NotificationRendererPort
  /** A domain event the renderer knows, of an account pinned to `pinnedVersion`. */
  readonly event: DomainEvent
  readonly pinnedVersion: string
}

/** A renderer answers the documented notification body, with the event's id and its account's pinned version. */
export const notificationRendererContract = (
  name: string,
  makeSubject: () => NotificationRendererSubject | Promise<NotificationRendererSubject>,
): void => {
  describe(`${name}: notification renderer contract`, () => {
    it('renders the documented body: same id and type, created in seconds, the pinned api_version, the resource in data.object', async () => {
      const { renderer, event, pinnedVersion } = await makeSubject()
      const raw = await renderer.render(event)
      const body = Schema.decodeUnknownSync(WebhookNotificationSchema)(JSON.parse(raw))
      expect(body).toMatchObject({
        id: event.id,
        object: 'event',
        type: event.type,
        livemode: event.livemode,
        api_version: pinnedVersion,
      })
      expect(body.created).toBe(Math.floor(event.createdAt.getTime() / 1000))
      expect(typeof body.data.object.object).toBe('string')
    })

    it('renders the same event to the same bytes (redeliveries are identical)', async () => {
      const { renderer, event } = await makeSubject()
      expect(await renderer.render(event)).toBe(await renderer.render(event))
    })
  })
}
