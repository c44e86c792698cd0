import type { Clock } from '../ports/clock.js'

/** Who is asking: the account, the surface, and that surface's clock for the account. */
export interface RequestScope {
  readonly accountId: string
  readonly livemode: boolean
  readonly clock: Clock
}
