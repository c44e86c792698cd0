import type { ConnectionRepositoryPort } from '../ports/connection-repository.js'
import type { IdGenerator } from '../ports/id-generator.js'
import type { TokenCipherPort } from '../ports/token-cipher.js'
import { domainEvent } from '../shared/domain-event.js'
import type { ConcurrentModification, ResourceNotFound } from '../shared/errors.js'
import { retryOnConflict, written } from '../shared/optimistic.js'
import type { RequestScope } from '../shared/request-scope.js'
import { ok, type Result } from '../shared/result.js'
import type { Connection, ProviderTokens } from './connection.js'
import { type ConnectionCommand, connectionTransition, healthOf } from './connection-transition.js'

/** Consent, resources and sync write the same record at once: more tries than the default. */
const MAX_WRITE_ATTEMPTS = 5

/**
 * Writes of connection records shared by consent, resources and sync:
 * read-modify-write with optimistic concurrency, state-machine transitions
 * with their outbox events, and the sealing of provider tokens.
 */
export class ConnectionRecords {
  constructor(
    private readonly deps: {
      readonly connections: ConnectionRepositoryPort
      readonly cipher: TokenCipherPort
      readonly ids: IdGenerator
    },
  ) {}

  /** Read-modify-write with optimistic concurrency; `change` may refuse. */
  async mutate<E>(
    scope: Pick<RequestScope, 'accountId' | 'livemode' | 'clock'>,
    id: string,
    change: (current: Connection) => Result<{ readonly next: Connection; readonly events: readonly string[] }, E>,
  ): Promise<Result<Connection, E | ResourceNotFound | ConcurrentModification>> {
    return retryOnConflict({
      target: { resource: 'connection', id },
      attempts: MAX_WRITE_ATTEMPTS,
      read: () => this.deps.connections.get(scope.accountId, id),
      attempt: async (current) => {
        const changed = change(current)
        if (!changed.ok) return changed
        const next = { ...changed.value.next, updatedAt: scope.clock.now(), version: current.version + 1 }
        const notes = changed.value.events.map((type) => this.note(scope, type, next))
        return written(await this.deps.connections.update(next, current.version, notes), next)
      },
    })
  }

  note(scope: Pick<RequestScope, 'accountId' | 'livemode' | 'clock'>, type: string, connection: Connection) {
    // The snapshot never carries tokens, not even sealed ones.
    return domainEvent({ ids: this.deps.ids, clock: scope.clock }, scope, type, 'connection', {
      ...connection,
      sealedTokens: '',
    })
  }

  seal(tokens: ProviderTokens): string {
    return this.deps.cipher.seal(
      JSON.stringify({
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresAt: tokens.expiresAt?.toISOString() ?? null,
      }),
    )
  }

  open(connection: Connection): ProviderTokens | null {
    if (connection.sealedTokens === '') return null
    const opened = this.deps.cipher.open(connection.sealedTokens)
    if (!opened.ok) return null
    const raw = JSON.parse(opened.value) as {
      accessToken: string
      refreshToken: string | null
      expiresAt: string | null
    }
    return {
      accessToken: raw.accessToken,
      refreshToken: raw.refreshToken,
      expiresAt: raw.expiresAt === null ? null : new Date(raw.expiresAt),
    }
  }

  async transition(
    scope: RequestScope,
    id: string,
    command: ConnectionCommand,
    extra: Partial<Connection> = {},
  ): Promise<Connection | null> {
    const result = await this.mutate(scope, id, (current) => {
      const moved = connectionTransition(healthOf(current), command)
      if (!moved.ok) return moved
      const next = { ...current, ...moved.value.state, ...extra }
      return ok({
        next: next.status === 'disconnected' ? { ...next, nextSyncAt: null } : next,
        events: moved.value.events,
      })
    })
    return result.ok ? result.value : null
  }
}
