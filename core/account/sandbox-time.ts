import { runDueWorkUntil } from '../background/advance-time.js'
import type { BackgroundJob } from '../background/background-job.js'
import type { AccountRepositoryPort } from '../ports/account-repository.js'
import type { Clock } from '../ports/clock.js'
import { ResourceNotFound } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import type { Account } from './account.js'

/**
 * Sandbox time: production runs on real time; each sandbox account runs on its own clock, `sandboxClockOffsetMs`
 * ahead of real time once `advance_time` has moved it. Every reader of an account's clock goes through this module.
 */

/** A clock that runs `offsetMs` ahead of another (a sandbox account's clock after advance_time). */
export class OffsetClock implements Clock {
  constructor(
    private readonly base: Clock,
    private readonly offsetMs: number,
  ) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs)
  }
}

/** The clock an account acts on, on a surface: real time on production, the account's sandbox clock otherwise. */
export const clockOfAccount = (
  account: Pick<Account, 'sandboxClockOffsetMs'> | null,
  clock: Clock,
  livemode: boolean,
): Clock =>
  livemode || account === null || account.sandboxClockOffsetMs === 0
    ? clock
    : new OffsetClock(clock, account.sandboxClockOffsetMs)

/** An account's clock found by its id, for work without a request scope (token links, provider notices). */
export type ClockOf = (accountId: string) => Promise<Clock>

/**
 * The clock of an account on a surface, read from its stored record (as the authentication hook does for keyed
 * requests from the key's account).
 */
export const accountClock =
  (accounts: AccountRepositoryPort, clock: Clock, livemode: boolean): ClockOf =>
  async (accountId) =>
    livemode ? clock : clockOfAccount(await accounts.getAccount(accountId), clock, livemode)

/** The sandbox clock a new connected account starts on: its platform's (production has none). */
export const inheritedSandboxOffsetMs = (platform: Account | null, livemode: boolean): number =>
  livemode ? 0 : (platform?.sandboxClockOffsetMs ?? 0)

export interface AdvancedClock {
  /** The account's sandbox time after the move. */
  readonly now: Date
  /** How far the sandbox clock now runs ahead of real time. */
  readonly offsetSeconds: number
  readonly workItemsRun: number
}

/**
 * Moves one account's sandbox clock forward and, before answering, runs all the
 * background work that falls due on the way. Calls for one account are serialized.
 */
export class SandboxClockService {
  private readonly queues = new Map<string, Promise<unknown>>()

  constructor(
    private readonly accounts: AccountRepositoryPort,
    private readonly systemClock: Clock,
    private readonly jobs: readonly BackgroundJob[],
  ) {}

  advance(accountId: string, seconds: number): Promise<Result<AdvancedClock, ResourceNotFound>> {
    const previous = this.queues.get(accountId) ?? Promise.resolve()
    const next = previous.then(() => this.advanceNow(accountId, seconds))
    this.queues.set(
      accountId,
      next.catch(() => undefined),
    )
    return next
  }

  private async advanceNow(accountId: string, seconds: number): Promise<Result<AdvancedClock, ResourceNotFound>> {
    const account = await this.accounts.getAccount(accountId)
    if (account === null) return err(new ResourceNotFound({ resource: 'account', id: accountId }))
    const from = new Date(this.systemClock.now().getTime() + account.sandboxClockOffsetMs)
    const offset = account.sandboxClockOffsetMs + seconds * 1000
    const to = new Date(from.getTime() + seconds * 1000)
    // Walk first, then move the stored clock: the periodic worker keeps seeing the old time meanwhile,
    // so it cannot run work at the end time before the walk reaches it at its due time.
    const { handled } = await runDueWorkUntil(this.jobs, accountId, from, to)
    const latest = (await this.accounts.getAccount(accountId)) ?? account
    await this.accounts.updateAccount({ ...latest, sandboxClockOffsetMs: offset })
    return ok({ now: to, offsetSeconds: Math.round(offset / 1000), workItemsRun: handled })
  }
}
