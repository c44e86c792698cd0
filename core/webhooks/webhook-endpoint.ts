/** How long a rotated-out secret keeps signing alongside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000

export interface SigningSecret {
  readonly secret: string
  /** Null for the current secret; set on the previous one during a rotation. */
  readonly expiresAt: Date | null
}

export const ENDPOINT_STATUSES = ['enabled', 'disabled'] as const
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number]
/** `manual`: turned off with `enabled: false`; `failing`: every delivery failed for 72 h. */
export const DISABLED_REASONS = ['manual', 'failing'] as const
export type DisabledReason = (typeof DISABLED_REASONS)[number]

export interface WebhookEndpoint {
  readonly id: string
  readonly accountId: string
  readonly livemode: boolean
  readonly url: string
  readonly description: string | null
  /** Event types, or `*` for every type. */
  readonly events: readonly string[]
  readonly status: EndpointStatus
  readonly disabledReason: DisabledReason | null
  /** Current secret first; a rotated-out one follows until it expires. */
  readonly secrets: readonly SigningSecret[]
  /** Since when every attempt has failed (null after a success). */
  readonly failingSince: Date | null
  /**
   * Connect: a platform's endpoint for its connected accounts' notifications (on this surface), instead of its own.
   * False for every endpoint of a connected account.
   */
  readonly connect: boolean
  readonly createdAt: Date
  readonly updatedAt: Date
  readonly version: number
}

/** The secrets that sign a delivery at `now`: the current one, plus the previous during a rotation. */
export const activeSecrets = (endpoint: WebhookEndpoint, now: Date): readonly string[] =>
  endpoint.secrets
    .filter((secret) => secret.expiresAt === null || secret.expiresAt.getTime() > now.getTime())
    .map((secret) => secret.secret)

/** A new current secret; the old current one keeps signing for 24 h; older ones go. */
export const rotateSecret = (endpoint: WebhookEndpoint, secret: string, now: Date): WebhookEndpoint => {
  const current = endpoint.secrets.find((candidate) => candidate.expiresAt === null)
  const previous =
    current === undefined ? [] : [{ secret: current.secret, expiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS) }]
  return {
    ...endpoint,
    secrets: [{ secret, expiresAt: null }, ...previous],
    updatedAt: now,
    version: endpoint.version + 1,
  }
}

/** When the previous secret stops signing, or null outside a rotation. */
export const previousSecretExpiresAt = (endpoint: WebhookEndpoint, now: Date): Date | null => {
  const previous = endpoint.secrets.find(
    (secret) => secret.expiresAt !== null && secret.expiresAt.getTime() > now.getTime(),
  )
  return previous?.expiresAt ?? null
}
