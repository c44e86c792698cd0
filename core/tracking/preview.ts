import type { Account } from '../account/account.js'

/**
 * Whether ETA tracking (private preview) is on for whom a request acts for: the account's own setting, else its
 * platform's (Connect), else the surface's default: on in the sandbox, off in production until enabled.
 */
export const trackingEnabledFor = (account: Account | null, platform: Account | null, livemode: boolean): boolean =>
  account?.trackingEnabled ?? platform?.trackingEnabled ?? !livemode
