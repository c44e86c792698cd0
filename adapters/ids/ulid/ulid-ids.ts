import { randomBytes, randomFillSync } from 'node:crypto'
import type { IdGenerator, RandomSource } from '../../../core/ports/id-generator.js'

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz'

const encodeTime = (ms: number): string => {
  let out = ''
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[ms % 32] + out
    ms = Math.floor(ms / 32)
  }
  return out
}

/**
 * `<prefix>_<10 chars of time><16 random chars>`: ULID-shaped, so ids sort in
 * creation order (lists page by id). Monotonic within one millisecond.
 */
export class UlidIdGenerator implements IdGenerator {
  private lastMs = -1
  private lastRandom: number[] = []

  constructor(private readonly nowMs: () => number = Date.now) {}

  next(prefix: string): string {
    const ms = this.nowMs()
    if (ms <= this.lastMs) {
      this.increment()
    } else {
      this.lastMs = ms
      this.lastRandom = [...randomBytes(16)].map((byte) => byte % 32)
    }
    return `${prefix}_${encodeTime(this.lastMs)}${this.lastRandom.map((digit) => CROCKFORD[digit]).join('')}`
  }

  /** Adds one to the random part, as a base-32 number: trailing 31s roll over to 0 and carry into the digit before. */
  private increment(): void {
    const carried = this.lastRandom.findLastIndex((digit) => digit < 31)
    this.lastRandom = this.lastRandom.map((digit, index) =>
      index < carried ? digit : index === carried ? digit + 1 : 0,
    )
  }
}

const POOL_BYTES = 4096

/**
 * Bytes from the operating system's CSPRNG, drawn 4 KiB at a time: one request id
 * per request made a call into the CSPRNG each, a visible cost on the hot path.
 */
export class CryptoRandomSource implements RandomSource {
  private readonly pool = Buffer.allocUnsafe(POOL_BYTES)
  private offset = POOL_BYTES

  float(): number {
    return this.take(6).readUIntBE(0, 6) / 2 ** 48
  }

  token(bytes: number): string {
    return this.take(bytes).toString('hex')
  }

  /** A view into the pool: read it before the next call, which may refill the pool. */
  private take(bytes: number): Buffer {
    if (bytes > POOL_BYTES) return randomBytes(bytes)
    if (this.offset + bytes > POOL_BYTES) {
      randomFillSync(this.pool)
      this.offset = 0
    }
    const taken = this.pool.subarray(this.offset, this.offset + bytes)
    this.offset += bytes
    return taken
  }
}
