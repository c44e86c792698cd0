import { ContainerModule } from 'inversify'
import { accountClock, SandboxClockService } from '../../core/account/sandbox-time.js'
import { TOKENS } from '../di-tokens.js'

/** Sandbox time on one surface: each account's clock by its id, and `advance_time` over the surface's jobs. */
export const sandboxTimeModule = (livemode: boolean) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.ClockOf).toResolvedValue(
      (accounts, clock) => accountClock(accounts, clock, livemode),
      [TOKENS.AccountRepository, TOKENS.Clock],
    )
    bind(TOKENS.SandboxClock).toResolvedValue(
      (accounts, clock, jobs) => new SandboxClockService(accounts, clock, jobs),
      [TOKENS.AccountRepository, TOKENS.Clock, TOKENS.BackgroundJobs],
    )
  })
