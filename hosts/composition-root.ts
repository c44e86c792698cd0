import 'reflect-metadata'
import { Container } from 'inversify'
import { AccountService } from '../core/account/account-service.js'
import type { BackgroundJob } from '../core/background/background-job.js'
import type { AccountRepositoryPort } from '../core/ports/account-repository.js'
import type { Clock } from '../core/ports/clock.js'
import type { IdGenerator, RandomSource } from '../core/ports/id-generator.js'
import type { IdentityProviderPort } from '../core/ports/identity-provider.js'
import type { IdempotencyStorePort } from '../core/ports/idempotency-store.js'
import type { OutboxPort } from '../core/ports/outbox.js'
import type { RateLimiterPort } from '../core/ports/rate-limiter.js'
import type { SchedulerPort } from '../core/ports/scheduler.js'
import type { UserRepositoryPort } from '../core/ports/user-repository.js'
import { UserDeletionCascade } from '../core/user/deletion-cascade.js'
import { UserService } from '../core/user/user-service.js'
import { SystemClock } from '../adapters/clock/system/system-clock.js'
import { EmbeddedIdentityProvider } from '../adapters/identity/embedded/identity-provider.js'
import { CryptoRandomSource, UlidIdGenerator } from '../adapters/ids/ulid/ulid-ids.js'
import { MemoryRateLimiter } from '../adapters/rate-limit/memory/rate-limiter.js'
import { InProcessScheduler } from '../adapters/scheduler/in-process/in-process-scheduler.js'
import { FileAccountRepository } from '../adapters/storage/file/account-repository.js'
import { MemoryAccountRepository } from '../adapters/storage/memory/account-repository.js'
import { MemoryIdempotencyStore } from '../adapters/storage/memory/idempotency-store.js'
import { MemoryOutbox } from '../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../adapters/storage/memory/user-repository.js'
import { CURRENT_VERSION } from '../contracts/versions.js'
import type { Config } from './config.js'
import { TOKENS } from './di-tokens.js'

/** The services of one surface (production or sandbox), resolved from its container. */
export interface Surface {
  readonly livemode: boolean
  readonly container: Container
  readonly users: UserService
  readonly outbox: OutboxPort
  readonly cascade: UserDeletionCascade
  readonly backgroundJobs: BackgroundJob[]
}

export interface Application {
  readonly config: Config
  readonly container: Container
  readonly accounts: AccountService
  readonly accountRepository: AccountRepositoryPort
  readonly clock: Clock
  readonly random: RandomSource
  readonly idempotency: IdempotencyStorePort
  readonly rateLimiter: RateLimiterPort
  readonly scheduler: SchedulerPort
  readonly surfaces: { readonly live: Surface; readonly test: Surface }
  close(): Promise<void>
}

export interface CompositionOverrides {
  /** Keep accounts in memory only (tests) instead of the data directory. */
  readonly ephemeralAccounts?: boolean
  readonly clock?: Clock
}

const bindSurface = (root: Container, livemode: boolean): Surface => {
  const container = new Container({ parent: root, defaultScope: 'Singleton' })
  container.bind<boolean>(TOKENS.Livemode).toConstantValue(livemode)
  container.bind<MemoryOutbox>(TOKENS.Outbox).toResolvedValue(() => new MemoryOutbox())
  container.bind<UserRepositoryPort>(TOKENS.UserRepository).toResolvedValue((outbox: MemoryOutbox) => new MemoryUserRepository(outbox), [TOKENS.Outbox])
  container.bind<IdentityProviderPort>(TOKENS.IdentityProvider).toResolvedValue(() => new EmbeddedIdentityProvider())
  container.bind<UserDeletionCascade>(TOKENS.UserDeletionCascade).toResolvedValue(() => new UserDeletionCascade())
  container.bind<BackgroundJob[]>(TOKENS.BackgroundJobs).toResolvedValue(() => [])
  container
    .bind<UserService>(TOKENS.UserService)
    .toResolvedValue(
      (users: UserRepositoryPort, ids: IdGenerator, identity: IdentityProviderPort, cascade: UserDeletionCascade) => new UserService({ users, ids, identity, cascade }),
      [TOKENS.UserRepository, TOKENS.IdGenerator, TOKENS.IdentityProvider, TOKENS.UserDeletionCascade],
    )
  return {
    livemode,
    container,
    users: container.get<UserService>(TOKENS.UserService),
    outbox: container.get<OutboxPort>(TOKENS.Outbox),
    cascade: container.get<UserDeletionCascade>(TOKENS.UserDeletionCascade),
    backgroundJobs: container.get<BackgroundJob[]>(TOKENS.BackgroundJobs),
  }
}

/** Binds every port to its adapter as the configuration says, and resolves the application. */
export const compose = (config: Config, overrides: CompositionOverrides = {}): Application => {
  const root = new Container({ defaultScope: 'Singleton' })
  root.bind<Config>(TOKENS.Config).toConstantValue(config)
  root.bind<Clock>(TOKENS.Clock).toConstantValue(overrides.clock ?? new SystemClock())
  root.bind<IdGenerator>(TOKENS.IdGenerator).toResolvedValue(() => new UlidIdGenerator())
  root.bind<RandomSource>(TOKENS.RandomSource).toResolvedValue(() => new CryptoRandomSource())
  root
    .bind<AccountRepositoryPort>(TOKENS.AccountRepository)
    .toResolvedValue(() => (overrides.ephemeralAccounts === true ? new MemoryAccountRepository() : new FileAccountRepository(config.dataDir)))
  root.bind<IdempotencyStorePort>(TOKENS.IdempotencyStore).toResolvedValue(() => new MemoryIdempotencyStore())
  root.bind<RateLimiterPort>(TOKENS.RateLimiter).toResolvedValue(() => new MemoryRateLimiter())
  root.bind<SchedulerPort>(TOKENS.Scheduler).toResolvedValue(() => new InProcessScheduler((task, error) => console.error(`background task ${task} failed`, error)))
  root
    .bind<AccountService>(TOKENS.AccountService)
    .toResolvedValue(
      (accounts: AccountRepositoryPort, ids: IdGenerator, random: RandomSource, clock: Clock) => new AccountService({ accounts, ids, random, clock, currentVersion: CURRENT_VERSION }),
      [TOKENS.AccountRepository, TOKENS.IdGenerator, TOKENS.RandomSource, TOKENS.Clock],
    )
  const live = bindSurface(root, true)
  const test = bindSurface(root, false)
  const scheduler = root.get<SchedulerPort>(TOKENS.Scheduler)
  return {
    config,
    container: root,
    accounts: root.get<AccountService>(TOKENS.AccountService),
    accountRepository: root.get<AccountRepositoryPort>(TOKENS.AccountRepository),
    clock: root.get<Clock>(TOKENS.Clock),
    random: root.get<RandomSource>(TOKENS.RandomSource),
    idempotency: root.get<IdempotencyStorePort>(TOKENS.IdempotencyStore),
    rateLimiter: root.get<RateLimiterPort>(TOKENS.RateLimiter),
    scheduler,
    surfaces: { live, test },
    close: () => scheduler.stop(),
  }
}
