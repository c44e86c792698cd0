/** Inversify identifiers, one per port or service. The composition root binds them. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  RandomSource: Symbol.for('RandomSource'),
  AccountRepository: Symbol.for('AccountRepository'),
  AccountService: Symbol.for('AccountService'),
  IdempotencyStore: Symbol.for('IdempotencyStore'),
  RateLimiter: Symbol.for('RateLimiter'),
  Scheduler: Symbol.for('Scheduler'),
  // Per surface (child containers): sandbox and production never share these.
  Livemode: Symbol.for('Livemode'),
  Outbox: Symbol.for('Outbox'),
  UserRepository: Symbol.for('UserRepository'),
  IdentityProvider: Symbol.for('IdentityProvider'),
  UserDeletionCascade: Symbol.for('UserDeletionCascade'),
  UserService: Symbol.for('UserService'),
  BackgroundJobs: Symbol.for('BackgroundJobs'),
} as const
