import type { IdempotencyClaim, IdempotencyStorePort, StoredResponse } from '../../../core/ports/idempotency-store.js'

interface IdempotencyRecord {
  readonly fingerprint: string
  readonly claimedAt: number
  readonly expiresAt: number
  response: StoredResponse | null
}

export class MemoryIdempotencyStore implements IdempotencyStorePort {
  private readonly records = new Map<string, IdempotencyRecord>()

  async claim(
    scope: string,
    fingerprint: string,
    now: Date,
    lifetimeMs: number,
    inFlightLeaseMs: number,
  ): Promise<IdempotencyClaim> {
    const at = now.getTime()
    const record = this.records.get(scope)
    const abandoned = record !== undefined && record.response === null && at - record.claimedAt > inFlightLeaseMs
    if (record === undefined || record.expiresAt <= at || abandoned) {
      this.records.set(scope, { fingerprint, claimedAt: at, expiresAt: at + lifetimeMs, response: null })
      this.evictExpired(at)
      return { kind: 'execute' }
    }
    if (record.fingerprint !== fingerprint) return { kind: 'mismatch' }
    if (record.response === null) return { kind: 'in_flight' }
    return { kind: 'replay', response: record.response }
  }

  async complete(scope: string, response: StoredResponse): Promise<void> {
    const record = this.records.get(scope)
    if (record !== undefined) record.response = response
  }

  async release(scope: string): Promise<void> {
    const record = this.records.get(scope)
    if (record !== undefined && record.response === null) this.records.delete(scope)
  }

  private evictExpired(at: number): void {
    if (this.records.size % 1024 !== 0) return
    for (const [scope, record] of this.records) if (record.expiresAt <= at) this.records.delete(scope)
  }
}
