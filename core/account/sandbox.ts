import { runDueWorkUntil } from '../background/advance-time.js'
import type { BackgroundJob } from '../background/background-job.js'
import type { AccountRepositoryPort } from '../ports/account-repository.js'
import type { Clock } from '../ports/clock.js'
import { ResourceNotFound } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import type { UserService } from '../user/user-service.js'

/** Synthetic users every account finds in its sandbox. Creation is idempotent on e-mail, so seeding can run at every start. */
export const SANDBOX_USERS = [
  {
    email: 'ada.lovelace@sandbox.example',
    displayName: 'Ada Lovelace',
    timezone: 'Europe/London',
    defaultTravelMode: 'drive',
  },
  {
    email: 'grace.hopper@sandbox.example',
    displayName: 'Grace Hopper',
    timezone: 'America/New_York',
    defaultTravelMode: 'transit',
  },
  {
    email: 'katherine.johnson@sandbox.example',
    displayName: 'Katherine Johnson',
    timezone: 'America/Los_Angeles',
    defaultTravelMode: 'walk',
  },
] as const

export const seedSandbox = async (users: UserService, accountId: string, clock: Clock): Promise<void> => {
  for (const seed of SANDBOX_USERS) {
    await users.create(
      { accountId, livemode: false, clock },
      {
        email: seed.email,
        displayName: seed.displayName,
        timezone: seed.timezone,
        defaultTravelMode: seed.defaultTravelMode,
        onboardingCompleted: true,
      },
    )
  }
}

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
