import { ConcurrentModification, ResourceNotFound } from './errors.js'
import type { MaybePromise } from './maybe-promise.js'
import { type Err, err, ok, type Result } from './result.js'

/** How many times a read-modify-write is tried before it gives up with `ConcurrentModification`. */
export const WRITE_ATTEMPTS = 3

/** An attempt's write lost to a concurrent one (the repositories' own word for it): read again and retry. */
export type Conflict = 'conflict'

/** The record a write is about, named in the error once the attempts are spent. */
export interface WriteTarget {
  /** Wire name of the resource (`user`, `event`, ...). */
  readonly resource: string
  readonly id: string
}

interface OptimisticWriteBase<S, R extends Result<unknown, unknown>> {
  readonly target: WriteTarget
  /** The record the caller already holds, used for the first attempt instead of a read. */
  readonly first?: S
  /**
   * Decides and writes against the version it was given: a result ends the loop
   * (a refusal, nothing to change, or the write went through), `'conflict'` retries.
   */
  readonly attempt: (current: S) => MaybePromise<R | Conflict>
  readonly attempts?: number
}

/** A write whose record is read from its repository before each attempt (but the first, when `first` is given). */
export interface OptimisticWrite<S, R extends Result<unknown, unknown>> extends OptimisticWriteBase<S, R> {
  /** Null: the record is gone, and the write ends with `ResourceNotFound` for the target. */
  readonly read: () => MaybePromise<S | null>
}

/** A write whose record comes from a use case of its own (a lookup by token, say) that may refuse. */
export interface OptimisticWriteOfLoaded<S, L, R extends Result<unknown, unknown>> extends OptimisticWriteBase<S, R> {
  /** An error ends the loop with it. */
  readonly load: () => MaybePromise<Result<S, L>>
}

/**
 * Read-modify-write with optimistic concurrency: reads the record, lets `attempt`
 * decide and write it against the version read, and starts over from a fresh read
 * when that write lost a race, `attempts` times at most.
 */
export function retryOnConflict<S, R extends Result<unknown, unknown>>(
  write: OptimisticWrite<S, R>,
): Promise<R | Err<ResourceNotFound> | Err<ConcurrentModification>>
export function retryOnConflict<S, L, R extends Result<unknown, unknown>>(
  write: OptimisticWriteOfLoaded<S, L, R>,
): Promise<R | Err<L> | Err<ConcurrentModification>>
export async function retryOnConflict<S, R extends Result<unknown, unknown>>(
  write: OptimisticWrite<S, R> | OptimisticWriteOfLoaded<S, unknown, R>,
): Promise<R | Err<unknown>> {
  const { target } = write
  const attempts = write.attempts ?? WRITE_ATTEMPTS
  for (let attempt = 0; attempt < attempts; attempt++) {
    let current: S
    if (attempt === 0 && write.first !== undefined) current = write.first
    else {
      const loaded = 'load' in write ? await write.load() : existing(await write.read(), target)
      if (!loaded.ok) return loaded
      current = loaded.value
    }
    const outcome = await write.attempt(current)
    if (outcome !== 'conflict') return outcome
  }
  return err(new ConcurrentModification({ resource: target.resource, id: target.id }))
}

/** A repository's answer to a versioned write, as an attempt's outcome: `value` once written. */
export const written = <T>(outcome: 'updated' | 'removed' | 'conflict', value: T): Result<T, never> | Conflict =>
  outcome === 'conflict' ? 'conflict' : ok(value)

const existing = <S>(record: S | null, target: WriteTarget): Result<S, ResourceNotFound> =>
  record === null ? err(new ResourceNotFound({ resource: target.resource, id: target.id })) : ok(record)
