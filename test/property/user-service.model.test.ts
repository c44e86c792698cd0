import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SyntheticGeocodingAdapter } from '../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { EmbeddedIdentityProvider } from '../../adapters/identity/embedded/identity-provider.js'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../adapters/storage/memory/user-repository.js'
import type { Result } from '../../core/shared/result.js'
import { UserDeletionCascade } from '../../core/user/deletion-cascade.js'
import { UserService } from '../../core/user/user-service.js'

/**
 * Model-based test of the user service (docs/users.md): random sequences of creations, updates, pauses, restores
 * and deletions of a few users drive the real service over its in-memory repository, and after every step each
 * user's stored state, the answer of the gate every user-scoped call passes (`requireActive`) and the outbox agree
 * with a small model of the lifecycle: active <-> paused -> deleted, with an event exactly on each change.
 */

const ACCOUNT = 'acct_user_model'
const EMAILS = ['ana@example.com', 'ben@example.com', 'cleo@example.com'] as const
const T0 = new Date('2026-06-02T06:00:00Z').getTime()

type ModelStatus = 'absent' | 'active' | 'paused' | 'deleted'
interface ModelUser {
  status: ModelStatus
  id: string | null
  displayName: string | null
  /** When the current pause began (epoch ms); null while active. */
  pausedAt: number | null
  /** The outbox event types about this user, in order. */
  readonly events: string[]
}
interface Model {
  now: number
  readonly users: ModelUser[]
}

const harness = () => {
  const ids = new UlidIdGenerator()
  const outbox = new MemoryOutbox()
  const repository = new MemoryUserRepository(outbox)
  const service = new UserService({
    users: repository,
    ids,
    identity: new EmbeddedIdentityProvider(),
    cascade: new UserDeletionCascade(),
    geocoding: new SyntheticGeocodingAdapter(),
  })
  let now = new Date(T0)
  const scope = { accountId: ACCOUNT, livemode: false, clock: { now: () => now } }
  return {
    service,
    outbox,
    scope,
    tick: () => {
      now = new Date(now.getTime() + 60_000)
      return now.getTime()
    },
  }
}
type Real = ReturnType<typeof harness>

const errorTag = (result: Result<unknown, { readonly _tag: string }>): string | null =>
  result.ok ? null : result.error._tag

/** After every command: each user as stored, the gate's answer, and the outbox, against the model. */
const checkAgreement = async (model: Model, real: Real) => {
  for (const user of model.users) {
    if (user.id === null) continue
    const stored = await real.service.retrieve(real.scope, user.id)
    if (user.status === 'deleted') {
      expect(errorTag(stored)).toBe('ResourceNotFound')
      expect(errorTag(await real.service.requireActive(real.scope, user.id))).toBe('ResourceNotFound')
      continue
    }
    expect(stored.ok).toBe(true)
    if (!stored.ok) continue
    expect(stored.value.deactivatedAt?.getTime() ?? null).toBe(user.pausedAt)
    expect(stored.value.displayName).toBe(user.displayName)
    const gate = await real.service.requireActive(real.scope, user.id)
    expect(errorTag(gate)).toBe(user.status === 'active' ? null : 'AccountDeactivated')
  }
  // `list` answers newest first.
  const written = (await real.outbox.list(ACCOUNT, 10_000)).reverse()
  for (const user of model.users) {
    if (user.id === null) continue
    const about = written.filter((event) => (event.object as { id?: string }).id === user.id).map((e) => e.type)
    expect(about).toEqual(user.events)
  }
}

type UserCommand = fc.AsyncCommand<Model, Real>

class Create implements UserCommand {
  constructor(readonly index: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const user = model.users[this.index]!
    model.now = real.tick()
    const result = await real.service.create(real.scope, { email: EMAILS[this.index]! })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    // An e-mail that exists returns that user; after a deletion the same e-mail makes a new user.
    const expectCreated = user.status === 'absent' || user.status === 'deleted'
    expect(result.value.created).toBe(expectCreated)
    if (expectCreated) {
      user.status = 'active'
      user.id = result.value.user.id
      user.displayName = null
      user.pausedAt = null
      user.events.length = 0
      user.events.push('user.created')
    } else expect(result.value.user.id).toBe(user.id)
    await checkAgreement(model, real)
  }
  toString = () => `create(${this.index})`
}

class Rename implements UserCommand {
  constructor(
    readonly index: number,
    readonly name: string,
  ) {}
  check = (model: Readonly<Model>) => model.users[this.index]!.id !== null
  async run(model: Model, real: Real) {
    const user = model.users[this.index]!
    const result = await real.service.update(real.scope, user.id!, { displayName: this.name })
    const expected = { active: null, paused: 'AccountDeactivated', deleted: 'ResourceNotFound', absent: null }[
      user.status
    ]
    expect(errorTag(result)).toBe(expected)
    if (user.status === 'active') {
      user.displayName = this.name
      user.events.push('user.updated')
    }
    await checkAgreement(model, real)
  }
  toString = () => `rename(${this.index}, ${JSON.stringify(this.name)})`
}

class Deactivate implements UserCommand {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.users[this.index]!.id !== null
  async run(model: Model, real: Real) {
    const user = model.users[this.index]!
    model.now = real.tick()
    const result = await real.service.deactivate(real.scope, user.id!)
    if (user.status === 'deleted') expect(errorTag(result)).toBe('ResourceNotFound')
    else {
      expect(result.ok).toBe(true)
      // Pausing a paused user is a no-op: no second event, and the first pause time stays.
      if (user.status === 'active') {
        user.events.push('user.deactivated')
        user.pausedAt = model.now
      }
      user.status = 'paused'
    }
    await checkAgreement(model, real)
  }
  toString = () => `deactivate(${this.index})`
}

class Reactivate implements UserCommand {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.users[this.index]!.id !== null
  async run(model: Model, real: Real) {
    const user = model.users[this.index]!
    const result = await real.service.reactivate(real.scope, user.id!)
    if (user.status === 'deleted') expect(errorTag(result)).toBe('ResourceNotFound')
    else {
      expect(result.ok).toBe(true)
      if (user.status === 'paused') user.events.push('user.reactivated')
      user.status = 'active'
      user.pausedAt = null
    }
    await checkAgreement(model, real)
  }
  toString = () => `reactivate(${this.index})`
}

class Delete implements UserCommand {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.users[this.index]!.id !== null
  async run(model: Model, real: Real) {
    const user = model.users[this.index]!
    const result = await real.service.delete(real.scope, user.id!)
    if (user.status === 'deleted') expect(errorTag(result)).toBe('ResourceNotFound')
    else {
      // Paused users can be deleted too; the deletion is irreversible and emits user.deleted once.
      expect(result.ok).toBe(true)
      user.status = 'deleted'
      user.events.push('user.deleted')
    }
    await checkAgreement(model, real)
  }
  toString = () => `delete(${this.index})`
}

const index = fc.integer({ min: 0, max: EMAILS.length - 1 })
const commands = [
  index.map((i) => new Create(i)),
  fc.tuple(index, fc.constantFrom('Ana', 'Ben B.', 'Cléo')).map(([i, name]) => new Rename(i, name)),
  index.map((i) => new Deactivate(i)),
  index.map((i) => new Reactivate(i)),
  index.map((i) => new Delete(i)),
]

describe('User lifecycle: the service over its repository follows the state machine (model-based)', () => {
  it('keeps the stored users, the active-user gate and the outbox in agreement with the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), async (sequence) => {
        const model: Model = {
          now: T0,
          users: EMAILS.map(() => ({
            status: 'absent' as ModelStatus,
            id: null,
            displayName: null,
            pausedAt: null,
            events: [],
          })),
        }
        await fc.asyncModelRun(() => ({ model, real: harness() }), sequence)
      }),
      { numRuns: 60 },
    )
  })
})
