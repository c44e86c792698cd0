import type { OAuthState } from '../connection/connection.js'

/**
 * Pending consents between `POST /v1/connections/start` and the callback.
 * A state is taken once: the second take, or one after `expiresAt`, finds nothing.
 */
export interface OAuthStateStorePort {
  save(state: OAuthState): Promise<void>
  /** Removes and returns the state if it exists and `now` is before its expiry. */
  take(state: string, now: Date): Promise<OAuthState | null>
  /** Reads without consuming (the hosted consent page shows who asks); null when unknown or expired. */
  peek(state: string, now: Date): Promise<OAuthState | null>
}
