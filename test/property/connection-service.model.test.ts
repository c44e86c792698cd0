import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SyntheticGeocodingAdapter } from '../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { EmbeddedIdentityProvider } from '../../adapters/identity/embedded/identity-provider.js'
import { CryptoRandomSource, UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { MemoryCalendarRepository } from '../../adapters/storage/memory/calendar-repository.js'
import { MemoryConnectionRepository } from '../../adapters/storage/memory/connection-repository.js'
import { MemoryOAuthStateStore } from '../../adapters/storage/memory/oauth-state-store.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../adapters/storage/memory/user-repository.js'
import { AesGcmTokenCipher } from '../../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import { runDueWorkUntil } from '../../core/background/advance-time.js'
import type { BackgroundJob } from '../../core/background/background-job.js'
import { AccessTokenRejected, GrantRevoked } from '../../core/connection/connection.errors.js'
import type { Connection, ConnectionStatus, ConnectionStatusReason } from '../../core/connection/connection.js'
import { ConnectionService } from '../../core/connection/connection-service.js'
import { ConnectionSync, DEFAULT_SYNC_CADENCE } from '../../core/connection/connection-sync.js'
import type { ProviderCredentials } from '../../core/ports/calendar-provider.js'
import { ProviderUnavailable } from '../../core/shared/provider.errors.js'
import { err, expectOk, ok } from '../../core/shared/result.js'
import { UserDeletionCascade } from '../../core/user/deletion-cascade.js'
import { UserService } from '../../core/user/user-service.js'
import { inMemoryUsersAndEvents, stubCalendarProvider } from '../support/connection-service-deps.js'

/**
 * Model-based test of connections (docs/connections.md, "Statuses"): consents,
 * disconnects, manual refreshes and sandbox clock walks of the calendar-sync job
 * drive the real service over its in-memory repositories, against a provider whose
 * answers the sequence chooses. After every step each connection's status, reason,
 * failure counts, last sync and next look, its outbox events and the grants revoked
 * at the provider agree with a small model.
 */

const MINUTE = 60_000
const ACCOUNT = 'acct_model'
const T0 = new Date('2026-06-01T08:00:00Z').getTime()
const EMAILS = ['ada@example.com', 'grace@example.com'] as const

/** How the provider answers every sync (and the token refresh a refused access token triggers). */
const PROVIDER_MODES = [
  'ok',
  'down',
  'revoked',
  'token_rejected',
  'token_rejected_then_down',
  'refresh_down',
  'refresh_revoked',
] as const
type ProviderMode = (typeof PROVIDER_MODES)[number]

/** What one sync records, in order, for each provider mode. */
type SyncStep = 'sync_succeeded' | 'sync_failed' | 'token_refreshed' | 'token_refresh_failed' | 'grant_revoked'
const SYNC_STEPS: Readonly<Record<ProviderMode, readonly SyncStep[]>> = {
  ok: ['sync_succeeded'],
  down: ['sync_failed'],
  revoked: ['grant_revoked'],
  token_rejected: ['token_refreshed', 'sync_succeeded'],
  token_rejected_then_down: ['token_refreshed', 'sync_failed'],
  refresh_down: ['token_refresh_failed', 'sync_failed'],
  refresh_revoked: ['grant_revoked'],
}

/** A provider scripted by the sequence: answers follow `mode`; tokens from a refresh are good for one call. */
class ScriptedProvider {
  readonly provider = 'google' as const
  mode: ProviderMode = 'ok'
  revoked = 0
  private issued = 0
  private readonly fresh = new Set<string>()

  authorizationUrl(request: { readonly state: string }): string {
    return `https://accounts.example.com/auth?state=${request.state}`
  }

  /** The code names the provider account that consented. */
  async exchangeCode(input: { readonly code: string }) {
    return ok({
      tokens: { accessToken: `consent-${++this.issued}`, refreshToken: 'refresh', expiresAt: null },
      email: input.code,
    })
  }

  async listCalendars() {
    return ok([{ externalId: 'primary', name: 'Work', colorHex: null, writable: true, primary: true, timezone: 'UTC' }])
  }

  async refreshTokens() {
    if (this.mode === 'refresh_down')
      return err(new ProviderUnavailable({ provider: 'google', reason: 'server_error', detail: 'HTTP 503' }))
    if (this.mode === 'refresh_revoked') return err(new GrantRevoked({ provider: 'google', detail: 'invalid_grant' }))
    const accessToken = `refreshed-${++this.issued}`
    this.fresh.add(accessToken)
    return ok({ accessToken, refreshToken: 'refresh', expiresAt: null })
  }

  async syncEvents(credentials: ProviderCredentials) {
    if (this.mode === 'down')
      return err(new ProviderUnavailable({ provider: 'google', reason: 'server_error', detail: 'HTTP 503' }))
    if (this.mode === 'revoked') return err(new GrantRevoked({ provider: 'google', detail: 'HTTP 401' }))
    // In the refusing modes only an access token just refreshed passes, once.
    if (this.mode !== 'ok' && !this.fresh.delete(credentials.accessToken))
      return err(new AccessTokenRejected({ provider: 'google' }))
    if (this.mode === 'token_rejected_then_down')
      return err(new ProviderUnavailable({ provider: 'google', reason: 'timeout', detail: 'no answer' }))
    return ok({ changes: [], cursor: `cursor-${this.issued}`, full: true })
  }

  async revoke() {
    this.revoked += 1
    return ok(undefined)
  }

  async stopPush() {
    return ok(undefined)
  }
}

interface ModelConnection {
  readonly id: string
  readonly email: string
  status: ConnectionStatus
  statusReason: ConnectionStatusReason | null
  syncFailures: number
  refreshFailures: number
  lastSyncedAt: number | null
  nextSyncAt: number | null
  /** The outbox events about this connection, in order. */
  readonly events: string[]
}

interface Model {
  now: number
  mode: ProviderMode
  revoked: number
  readonly connections: ModelConnection[]
}

const harness = async () => {
  const outbox = new MemoryOutbox()
  const connections = new MemoryConnectionRepository(outbox)
  const ids = new UlidIdGenerator()
  const users = new UserService({
    users: new MemoryUserRepository(outbox),
    ids,
    identity: new EmbeddedIdentityProvider(),
    cascade: new UserDeletionCascade(),
    geocoding: new SyntheticGeocodingAdapter(),
  })
  const provider = new ScriptedProvider()
  let now = new Date(T0)
  const clock = { now: () => now }
  const calendars = new MemoryCalendarRepository()
  // The scripted provider behind the port's shape: any call it does not script throws, naming the method.
  const port = stubCalendarProvider('google', {
    authorizationUrl: (request) => provider.authorizationUrl(request),
    exchangeCode: (input) => provider.exchangeCode(input),
    listCalendars: () => provider.listCalendars(),
    refreshTokens: () => provider.refreshTokens(),
    syncEvents: (credentials) => provider.syncEvents(credentials),
    revoke: () => provider.revoke(),
    stopPush: () => provider.stopPush(),
  })
  const providers = (name: string) => (name === 'google' ? port : null)
  const cipher = new AesGcmTokenCipher(randomBytes(32))
  const sync = new ConnectionSync({
    connections,
    calendars,
    providers,
    cipher,
    ids,
    // Sync batches bring no events: nothing is ingested (the real event service, on this outbox).
    events: inMemoryUsersAndEvents(outbox).events,
    pushAddress: () => null,
    clockFor: async () => clock,
  })
  const service = new ConnectionService({
    connections,
    calendars,
    states: new MemoryOAuthStateStore(),
    providers,
    cipher,
    ids,
    random: new CryptoRandomSource(),
    users,
    sync,
    callbackUrl: 'http://127.0.0.1/v1/connections/oauth/callback',
    pushAddress: () => null,
    clockFor: async () => clock,
    wallClock: clock,
  })
  // The job as the composition root registers it; the sandbox's advance_time walks it.
  const job: BackgroundJob = {
    name: 'calendar-sync',
    intervalMs: 1000,
    run: (scope) => sync.processDue(scope),
    nextDueAt: (scope, after) => sync.nextDueAt(scope, after),
  }
  const scope = { accountId: ACCOUNT, livemode: false, clock }
  const user = expectOk(await users.create(scope, { email: 'owner@example.com' })).user
  return {
    service,
    connections,
    outbox,
    provider,
    job,
    scope,
    userId: user.id,
    setNow: (at: number) => {
      now = new Date(at)
    },
  }
}
type Real = Awaited<ReturnType<typeof harness>>

/** The rules of docs/connections.md, as plainly as they can be said. */
const record = (connection: ModelConnection, step: SyncStep | 'disconnect' | 'reauthorized', at: number) => {
  const before = connection.status
  const fail = (reason: ConnectionStatusReason, failures: number) => {
    if (connection.status === 'active' && failures >= 3)
      Object.assign(connection, { status: 'error', statusReason: reason })
  }
  switch (step) {
    case 'sync_succeeded':
      Object.assign(connection, { status: 'active', statusReason: null, syncFailures: 0, refreshFailures: 0 })
      connection.lastSyncedAt = at
      break
    case 'sync_failed':
      connection.syncFailures += 1
      fail('sync_failed', connection.syncFailures)
      break
    case 'token_refreshed':
      connection.refreshFailures = 0
      if (connection.statusReason === 'token_refresh_failed')
        Object.assign(connection, { status: 'active', statusReason: null })
      break
    case 'token_refresh_failed':
      connection.refreshFailures += 1
      fail('token_refresh_failed', connection.refreshFailures)
      break
    case 'grant_revoked':
      Object.assign(connection, { status: 'disconnected', statusReason: 'revoked_by_provider' })
      break
    case 'disconnect':
      Object.assign(connection, { status: 'disconnected', statusReason: 'disconnected_by_request' })
      break
    case 'reauthorized':
      Object.assign(connection, { status: 'active', statusReason: null, syncFailures: 0, refreshFailures: 0 })
      break
  }
  if (connection.status === before) return
  connection.events.push(
    connection.status === 'disconnected'
      ? 'connection.disconnected'
      : before === 'disconnected'
        ? 'connection.reconnected'
        : 'connection.updated',
  )
}

/** One sync at `at` with the provider's current answers; then the next look on the cadence. */
const sync = (connection: ModelConnection, mode: ProviderMode, at: number) => {
  for (const step of SYNC_STEPS[mode]) {
    if (connection.status === 'disconnected') break
    record(connection, step, at)
  }
  connection.nextSyncAt =
    connection.status === 'disconnected'
      ? null
      : at + (connection.status === 'error' ? DEFAULT_SYNC_CADENCE.errorRetryMs : DEFAULT_SYNC_CADENCE.pollingMs)
}

const checkInvariants = async (model: Model, real: Real) => {
  const notes = (await real.outbox.list(ACCOUNT, 100_000)).reverse()
  for (const expected of model.connections) {
    const stored = await real.connections.get(ACCOUNT, expected.id)
    expect(stored).not.toBeNull()
    const actual = stored as Connection
    expect({
      status: actual.status,
      statusReason: actual.statusReason,
      syncFailures: actual.consecutiveSyncFailures,
      refreshFailures: actual.tokenRefresh.failuresCount,
      lastSyncedAt: actual.lastSyncedAt?.getTime() ?? null,
      nextSyncAt: actual.nextSyncAt?.getTime() ?? null,
    }).toEqual({
      status: expected.status,
      statusReason: expected.statusReason,
      syncFailures: expected.syncFailures,
      refreshFailures: expected.refreshFailures,
      lastSyncedAt: expected.lastSyncedAt,
      nextSyncAt: expected.nextSyncAt,
    })
    // A disconnected connection keeps no tokens and is never looked at again; any other has a next look.
    expect(actual.sealedTokens === '').toBe(actual.status === 'disconnected')
    expect(actual.nextSyncAt === null).toBe(actual.status === 'disconnected')
    const written = notes
      .filter((note) => note.objectType === 'connection' && (note.object as Connection).id === expected.id)
      .map((note) => note.type)
    expect(written).toEqual(expected.events)
  }
  expect(real.provider.revoked).toBe(model.revoked)
}

type ConnectionCommand = fc.AsyncCommand<Model, Real>
const pick = (model: Model, index: number) => model.connections[index % model.connections.length] as ModelConnection

/** The user consents (server callback) for a provider account: a new connection, or the old one revived; then a full sync. */
class Consent implements ConnectionCommand {
  constructor(readonly email: string) {}
  check = () => true
  async run(model: Model, real: Real) {
    const started = expectOk(
      await real.service.start(real.scope, {
        provider: 'google',
        userId: real.userId,
        returnUrl: 'https://app.example.com/connected',
        callback: 'server',
      }),
    )
    const connected = expectOk(
      await real.service.completeServer(real.scope, { state: started.state, code: this.email }),
    )
    let connection = model.connections.find((candidate) => candidate.email === this.email)
    if (connection === undefined) {
      connection = {
        id: connected.id,
        email: this.email,
        status: 'active',
        statusReason: null,
        syncFailures: 0,
        refreshFailures: 0,
        lastSyncedAt: null,
        nextSyncAt: null,
        events: ['connection.created'],
      }
      model.connections.push(connection)
    } else record(connection, 'reauthorized', model.now)
    expect(connected.id).toBe(connection.id)
    sync(connection, model.mode, model.now)
    await checkInvariants(model, real)
  }
  toString = () => `consent(${this.email})`
}

class Disconnect implements ConnectionCommand {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.connections.length > 0
  async run(model: Model, real: Real) {
    const connection = pick(model, this.index)
    const result = await real.service.disconnect(real.scope, connection.id)
    if (connection.status === 'disconnected') {
      expect(result.ok ? 'ok' : result.error._tag).toBe('InvalidTransition')
    } else {
      expect(result.ok).toBe(true)
      record(connection, 'disconnect', model.now)
      connection.nextSyncAt = null
      model.revoked += 1
    }
    await checkInvariants(model, real)
  }
  toString = () => `disconnect(#${this.index})`
}

/** `POST /v1/connections/{id}/refresh`: a full sync now. */
class Refresh implements ConnectionCommand {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.connections.length > 0
  async run(model: Model, real: Real) {
    const connection = pick(model, this.index)
    const result = await real.service.refresh(real.scope, connection.id)
    if (connection.status === 'disconnected') expect(result.ok ? 'ok' : result.error._tag).toBe('InvalidTransition')
    else {
      expect(result.ok).toBe(true)
      sync(connection, model.mode, model.now)
    }
    await checkInvariants(model, real)
  }
  toString = () => `refresh(#${this.index})`
}

class ProviderAnswers implements ConnectionCommand {
  constructor(readonly mode: ProviderMode) {}
  check = (model: Readonly<Model>) => model.mode !== this.mode
  async run(model: Model, real: Real) {
    real.provider.mode = this.mode
    model.mode = this.mode
    await checkInvariants(model, real)
  }
  toString = () => `providerAnswers(${this.mode})`
}

/** The sandbox's advance_time: the clock walks through every due look, and the sync job runs at each. */
class AdvanceTime implements ConnectionCommand {
  constructor(readonly minutes: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const from = model.now
    const to = from + this.minutes * MINUTE
    await runDueWorkUntil([real.job], ACCOUNT, new Date(from), new Date(to))
    real.setNow(to)
    for (const connection of model.connections)
      while (connection.nextSyncAt !== null && connection.nextSyncAt <= to)
        sync(connection, model.mode, Math.max(connection.nextSyncAt, from))
    model.now = to
    await checkInvariants(model, real)
  }
  toString = () => `advanceTime(${this.minutes}min)`
}

const commands = fc.commands(
  [
    fc.constantFrom(...EMAILS).map((email) => new Consent(email)),
    fc.nat().map((index) => new Disconnect(index)),
    fc.nat().map((index) => new Refresh(index)),
    fc.nat().map((index) => new Refresh(index)),
    fc.constantFrom(...PROVIDER_MODES).map((mode) => new ProviderAnswers(mode)),
    fc.constantFrom(...PROVIDER_MODES).map((mode) => new ProviderAnswers(mode)),
    fc.integer({ min: 1, max: 40 }).map((minutes) => new AdvanceTime(minutes)),
    fc.integer({ min: 1, max: 40 }).map((minutes) => new AdvanceTime(minutes)),
  ],
  { maxCommands: 40, size: 'max' },
)

describe('Connection statuses: the service over its repository follows the state machine (model-based)', () => {
  it('keeps every connection, its events and the grants revoked in line with the model after each step', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const real = await harness()
        const model: Model = { now: T0, mode: 'ok', revoked: 0, connections: [] }
        await fc.asyncModelRun(() => ({ model, real }), sequence)
      }),
      { numRuns: 150 },
    )
  })
})
