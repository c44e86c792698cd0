/** A browser or app registered for push notifications: a Web Push subscription of one user. */
export interface PushSubscriptionKeys {
  /** The client's P-256 public key, base64url (65 bytes uncompressed). */
  readonly p256dh: string
  /** The client's authentication secret, base64url (16 bytes). */
  readonly auth: string
}

export interface Device {
  readonly id: string
  readonly accountId: string
  readonly livemode: boolean
  readonly userId: string
  /** The push service URL of the subscription. */
  readonly endpoint: string
  readonly keys: PushSubscriptionKeys
  /** When the browser says the subscription expires, if it says. */
  readonly expiresAt: Date | null
  readonly createdAt: Date
}
