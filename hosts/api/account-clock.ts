import { OffsetClock } from '../../adapters/clock/system/system-clock.js'
import type { ClockOf } from '../../core/invitation/invitation-service.js'
import type { AccountRepositoryPort } from '../../core/ports/account-repository.js'
import type { Clock } from '../../core/ports/clock.js'

/**
 * The clock of an account on a surface, for requests without a key (token links,
 * provider notices): production runs on real time, a sandbox account on its own
 * clock once `advance_time` moved it (as the authentication hook does for keyed requests).
 */
export const accountClock =
  (accounts: AccountRepositoryPort, clock: Clock, livemode: boolean): ClockOf =>
  async (accountId) => {
    if (livemode) return clock
    const account = await accounts.getAccount(accountId)
    return account === null || account.sandboxClockOffsetMs === 0
      ? clock
      : new OffsetClock(clock, account.sandboxClockOffsetMs)
  }
