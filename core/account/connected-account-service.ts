import type { AccountRepositoryPort } from '../ports/account-repository.js'
import type { Clock } from '../ports/clock.js'
import type { IdGenerator } from '../ports/id-generator.js'
import type { InvalidParameter } from '../shared/errors.js'
import { ResourceNotFound } from '../shared/errors.js'
import { type MaybePromise, whenReady } from '../shared/maybe-promise.js'
import { type Page, type PageRequest, paginateById, validatePageRequest } from '../shared/pagination.js'
import { err, ok, type Result } from '../shared/result.js'
import type { Account } from './account.js'
import { inheritedSandboxOffsetMs } from './sandbox-time.js'

export interface ConnectedAccountServiceDeps {
  readonly accounts: AccountRepositoryPort
  readonly ids: IdGenerator
  readonly clock: Clock
}

/** Who a platform acts for: itself, or one of its connected accounts on this surface. */
export interface ConnectedAccountScope {
  readonly platformId: string
  readonly livemode: boolean
}

export interface ConnectedAccountInput {
  readonly name?: string | null | undefined
  readonly email?: string | null | undefined
}

/**
 * Connect: a platform's connected accounts (`cpa_`). A connected account is an
 * account of its own (its id keys all its data, so nothing of it is visible to
 * any other account) that belongs to one platform and one surface and has no
 * keys: the platform acts for it with its own key and `Service-Account`.
 */
export class ConnectedAccountService {
  constructor(private readonly deps: ConnectedAccountServiceDeps) {}

  async create(scope: ConnectedAccountScope, input: ConnectedAccountInput): Promise<Account> {
    const platform = await this.deps.accounts.getAccount(scope.platformId)
    const account: Account = {
      id: this.deps.ids.next('cpa'),
      createdAt: this.deps.clock.now(),
      // A connected account answers in its platform's pinned version, and starts on its platform's sandbox clock.
      pinnedVersion: platform?.pinnedVersion ?? '2026-05-20',
      rateLimits: null,
      sandboxClockOffsetMs: inheritedSandboxOffsetMs(platform, scope.livemode),
      platformId: scope.platformId,
      livemode: scope.livemode,
      name: input.name ?? null,
      email: input.email ?? null,
      deletedAt: null,
    }
    await this.deps.accounts.insertAccount(account)
    return account
  }

  async list(scope: ConnectedAccountScope, page: PageRequest): Promise<Result<Page<Account>, InvalidParameter>> {
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    const all = await this.deps.accounts.listConnectedAccounts(scope.platformId, scope.livemode)
    return paginateById(
      all.filter((account) => account.deletedAt === null),
      page,
    )
  }

  /**
   * The connected account `id` of this platform on this surface; any other id (unknown,
   * another platform's, the other surface's, deleted) is not found, alike, so that nothing
   * tells one from another. Answers at once when the repository does: every request
   * with `Service-Account` asks.
   */
  resolve(scope: ConnectedAccountScope, id: string): MaybePromise<Result<Account, ResourceNotFound>> {
    const missing = () => err(new ResourceNotFound({ resource: 'connected_account', id, param: 'Service-Account' }))
    if (!id.startsWith('cpa_')) return missing()
    return whenReady(this.deps.accounts.getAccount(id), (account) =>
      account === null ||
      account.platformId !== scope.platformId ||
      account.livemode !== scope.livemode ||
      account.deletedAt !== null
        ? missing()
        : ok(account),
    )
  }

  async retrieve(scope: ConnectedAccountScope, id: string): Promise<Result<Account, ResourceNotFound>> {
    const found = await this.resolve(scope, id)
    return found.ok ? found : err(new ResourceNotFound({ resource: 'connected_account', id }))
  }

  async update(
    scope: ConnectedAccountScope,
    id: string,
    patch: ConnectedAccountInput,
  ): Promise<Result<Account, ResourceNotFound>> {
    const found = await this.retrieve(scope, id)
    if (!found.ok) return found
    const updated: Account = {
      ...found.value,
      name: patch.name === undefined ? found.value.name : patch.name,
      email: patch.email === undefined ? found.value.email : patch.email,
    }
    await this.deps.accounts.updateAccount(updated)
    return ok(updated)
  }

  /**
   * Deletes a connected account: its data goes through `erase` (the users' delete
   * cascade and its webhook endpoints), then the account is marked deleted and is
   * unknown from then on. Erasing is idempotent: a delete interrupted half-way is
   * completed by a retry, which finds the account still there.
   */
  async delete(
    scope: ConnectedAccountScope,
    id: string,
    erase: (accountId: string) => Promise<void>,
  ): Promise<Result<Account, ResourceNotFound>> {
    const found = await this.retrieve(scope, id)
    if (!found.ok) return found
    await erase(id)
    const deleted: Account = { ...found.value, deletedAt: this.deps.clock.now() }
    await this.deps.accounts.updateAccount(deleted)
    return ok(deleted)
  }
}
