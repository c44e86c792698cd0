import type { GeocodingPort } from '../ports/geocoding.js'
import type { IdGenerator } from '../ports/id-generator.js'
import type { IdentityProviderPort } from '../ports/identity-provider.js'
import type { UserFilter, UserRepositoryPort } from '../ports/user-repository.js'
import { domainEvent } from '../shared/domain-event.js'
import {
  type ConcurrentModification,
  InvalidParameter,
  type InvalidTransition,
  ResourceNotFound,
} from '../shared/errors.js'
import type { MaybePromise } from '../shared/maybe-promise.js'
import { retryOnConflict, written } from '../shared/optimistic.js'
import { type Page, type PageRequest, validatePageRequest } from '../shared/pagination.js'
import { type PlaceInput, resolvePlace } from '../shared/place.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { UserDeletionCascade } from './deletion-cascade.js'
import { AccountDeactivated } from './user.errors.js'
import { DEFAULT_PREFERENCES, type HomeLocation, normalizeEmail, type User, type UserPreferences } from './user.js'
import { type UserCommandType, userStatusOf, userTransition } from './user-transition.js'

type PreferenceInput = Partial<Omit<UserPreferences, 'homeLocation'>> & {
  readonly homeLocation?: PlaceInput | null | undefined
}
export type CreateUserInput = { readonly email: string } & PreferenceInput
export type UpdateUserInput = PreferenceInput & { readonly email?: string | undefined }

export interface UserServiceDeps {
  readonly users: UserRepositoryPort
  readonly ids: IdGenerator
  readonly identity: IdentityProviderPort
  readonly cascade: UserDeletionCascade
  /** Resolves `home_location` addresses to coordinates. */
  readonly geocoding: GeocodingPort
}

/** Quiet hours are a window: both ends or neither. */
const checkQuietHours = (prefs: UserPreferences): InvalidParameter | null => {
  if ((prefs.quietHoursStart === null) === (prefs.quietHoursEnd === null)) return null
  const missing = prefs.quietHoursStart === null ? 'quiet_hours_start' : 'quiet_hours_end'
  return new InvalidParameter({
    param: missing,
    message: 'quiet_hours_start and quiet_hours_end must be set together (or both null).',
  })
}

/** A user looked up by id, or the 404 naming it. */
const found = (user: User | null, id: string): Result<User, ResourceNotFound> =>
  user === null ? err(new ResourceNotFound({ resource: 'user', id })) : ok(user)

export class UserService {
  constructor(private readonly deps: UserServiceDeps) {}

  /** Creating an e-mail that already exists in the account returns that user (`created` false). */
  async create(
    scope: RequestScope,
    input: CreateUserInput,
  ): Promise<Result<{ readonly user: User; readonly created: boolean }, InvalidParameter>> {
    const email = normalizeEmail(input.email)
    const existing = await this.deps.users.findByEmail(scope.accountId, email)
    if (existing !== null) return ok({ user: existing, created: false })
    const home = await this.resolveHome(input.homeLocation)
    if (!home.ok) return home
    const user: User = {
      ...DEFAULT_PREFERENCES,
      ...definedOnly(input),
      homeLocation: home.value ?? null,
      id: this.deps.ids.next('usr'),
      accountId: scope.accountId,
      livemode: scope.livemode,
      email,
      deactivatedAt: null,
      createdAt: scope.clock.now(),
      version: 1,
    }
    const quiet = checkQuietHours(user)
    if (quiet !== null) return err(quiet)
    const outcome = await this.deps.users.insert(user, [this.event(scope, 'user.created', user)])
    if (outcome === 'duplicate') {
      // Lost a race with a concurrent create of the same e-mail: that user is the answer.
      const winner = await this.deps.users.findByEmail(scope.accountId, email)
      if (winner !== null) return ok({ user: winner, created: false })
    }
    await this.deps.identity.link(email, scope.accountId)
    return ok({ user, created: true })
  }

  /** Answers at once when the repository does (see `MaybePromise`): the hottest read of the API. */
  retrieve(scope: RequestScope, id: string): MaybePromise<Result<User, ResourceNotFound>> {
    // Without `whenReady`'s closure: the hottest read, answered at once on the embedded adapters.
    const user = this.deps.users.get(scope.accountId, id)
    return user instanceof Promise ? user.then((settled) => found(settled, id)) : found(user, id)
  }

  async list(
    scope: RequestScope,
    filter: UserFilter,
    page: PageRequest,
  ): Promise<Result<Page<User>, InvalidParameter>> {
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    const email = filter.email === undefined ? undefined : normalizeEmail(filter.email)
    return ok(await this.deps.users.list(scope.accountId, { email }, page))
  }

  /** The gate every user-scoped call passes: the user exists and is not paused. */
  async requireActive(
    scope: RequestScope,
    id: string,
    param?: string,
  ): Promise<Result<User, ResourceNotFound | AccountDeactivated>> {
    const user = await this.deps.users.get(scope.accountId, id)
    if (user === null)
      return err(new ResourceNotFound({ resource: 'user', id, ...(param === undefined ? {} : { param }) }))
    if (user.deactivatedAt !== null) return err(new AccountDeactivated({ userId: id }))
    return ok(user)
  }

  async update(
    scope: RequestScope,
    id: string,
    patch: UpdateUserInput,
  ): Promise<
    Result<User, ResourceNotFound | AccountDeactivated | InvalidParameter | InvalidTransition | ConcurrentModification>
  > {
    const home = await this.resolveHome(patch.homeLocation)
    if (!home.ok) return home
    return this.writeWithRetry(
      scope,
      id,
      'act',
      (current) => {
        const email = patch.email === undefined ? current.email : normalizeEmail(patch.email)
        const homeLocation = home.value === undefined ? current.homeLocation : home.value
        const next: User = { ...current, ...definedOnly(patch), email, homeLocation, version: current.version + 1 }
        const quiet = checkQuietHours(next)
        return quiet === null ? ok({ next, eventType: 'user.updated' }) : err(quiet)
      },
      async (next, current) => {
        if (next.email === current.email) return null
        const taken = await this.deps.users.findByEmail(scope.accountId, next.email)
        return taken !== null && taken.id !== id
          ? new InvalidParameter({
              param: 'email',
              message: `Another user of this account already has the e-mail ${next.email}.`,
            })
          : null
      },
    )
  }

  deactivate(
    scope: RequestScope,
    id: string,
  ): Promise<Result<User, ResourceNotFound | AccountDeactivated | InvalidTransition | ConcurrentModification>> {
    return this.writeWithRetry(scope, id, 'deactivate', (current) =>
      ok({
        next:
          current.deactivatedAt === null
            ? { ...current, deactivatedAt: scope.clock.now(), version: current.version + 1 }
            : current,
        eventType: null,
      }),
    )
  }

  reactivate(
    scope: RequestScope,
    id: string,
  ): Promise<Result<User, ResourceNotFound | AccountDeactivated | InvalidTransition | ConcurrentModification>> {
    return this.writeWithRetry(scope, id, 'reactivate', (current) =>
      ok({
        next:
          current.deactivatedAt === null ? current : { ...current, deactivatedAt: null, version: current.version + 1 },
        eventType: null,
      }),
    )
  }

  /**
   * Irreversible. Runs the cascade first (idempotent steps), then removes the user
   * with its `user.deleted` event in one write, then applies the identity rule.
   */
  async delete(
    scope: RequestScope,
    id: string,
  ): Promise<Result<User, ResourceNotFound | InvalidTransition | ConcurrentModification>> {
    return retryOnConflict({
      target: { resource: 'user', id },
      read: () => this.deps.users.get(scope.accountId, id),
      attempt: async (current) => {
        const step = userTransition(userStatusOf(current), { type: 'delete', userId: id })
        if (!step.ok) return err(step.error as InvalidTransition)
        await this.deps.cascade.run(scope.accountId, id)
        const events = step.value.events.map((type) => this.event(scope, type, current))
        if ((await this.deps.users.remove(scope.accountId, id, current.version, events)) === 'conflict')
          return 'conflict'
        const remaining = await this.deps.identity.unlink(current.email, scope.accountId)
        // The identity itself goes only when no other platform of the tenant still uses it.
        if (remaining.length === 0) await this.deps.identity.deleteIdentity(current.email)
        return ok(current)
      },
    })
  }

  private async writeWithRetry<E>(
    scope: RequestScope,
    id: string,
    command: UserCommandType,
    change: (current: User) => Result<{ readonly next: User; readonly eventType: string | null }, E>,
    check?: (next: User, current: User) => Promise<E | null>,
  ): Promise<Result<User, E | ResourceNotFound | AccountDeactivated | InvalidTransition | ConcurrentModification>> {
    return retryOnConflict({
      target: { resource: 'user', id },
      read: () => this.deps.users.get(scope.accountId, id),
      attempt: async (current) => {
        const step = userTransition(userStatusOf(current), { type: command, userId: id })
        if (!step.ok) return step
        const changed = change(current)
        if (!changed.ok) return changed
        const { next } = changed.value
        if (next === current) return ok(current)
        const refused = check === undefined ? null : await check(next, current)
        if (refused !== null) return err(refused)
        const types = [...step.value.events, ...(changed.value.eventType === null ? [] : [changed.value.eventType])]
        const events = types.map((type) => this.event(scope, type, next))
        return written(await this.deps.users.update(next, current.version, events), next)
      },
    })
  }

  /** undefined: not given; null: cleared; else resolved to coordinates. */
  private async resolveHome(
    input: PlaceInput | null | undefined,
  ): Promise<Result<HomeLocation | null | undefined, InvalidParameter>> {
    if (input === undefined || input === null) return ok(input)
    return resolvePlace(this.deps.geocoding, input, 'home_location')
  }

  private event(scope: RequestScope, type: string, user: User) {
    return domainEvent({ ids: this.deps.ids, clock: scope.clock }, scope, type, 'user', user)
  }
}

/** Drops keys whose value is undefined so that spreading a patch never erases a field. */
const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
