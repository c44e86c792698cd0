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
  /** The time part of `lastMs`, encoded once per millisecond. */
  private lastTime = ''
  /** The random part: 16 base-32 digits, changed in place. */
  private readonly lastRandom = new Uint8Array(16)
  /** Random bytes drawn 4 KiB at a time (a call into the CSPRNG per millisecond was a visible cost per write). */
  private readonly pool = Buffer.allocUnsafe(4096)
  private offset = 4096

  constructor(private readonly nowMs: () => number = Date.now) {}

  next(prefix: string): string {
    const ms = this.nowMs()
    if (ms <= this.lastMs) {
      this.increment()
    } else {
      this.lastMs = ms
      this.lastTime = encodeTime(ms)
      if (this.offset + 16 > this.pool.length) {
        randomFillSync(this.pool)
        this.offset = 0
      }
      // 256 is a multiple of 32: every digit is equally likely.
      for (let i = 0; i < 16; i++) this.lastRandom[i] = (this.pool[this.offset + i] ?? 0) % 32
      this.offset += 16
    }
    let random = ''
    for (let i = 0; i < 16; i++) random += CROCKFORD[this.lastRandom[i] ?? 0]
    return `${prefix}_${this.lastTime}${random}`
  }

  /** Adds one to the random part, as a base-32 number: trailing 31s roll over to 0 and carry into the digit before. */
  private increment(): void {
    const digits = this.lastRandom
    let index = digits.length - 1
    for (; index >= 0 && digits[index] === 31; index--) digits[index] = 0
    if (index >= 0) digits[index] = (digits[index] ?? 0) + 1
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
    return this.pool.readUIntBE(this.reserve(6), 6) / 2 ** 48
  }

  token(bytes: number): string {
    if (bytes > POOL_BYTES) return randomBytes(bytes).toString('hex')
    // Read in place: no view of the pool per call (one per request id).
    const start = this.reserve(bytes)
    return this.pool.toString('hex', start, start + bytes)
  }

  /** Where the next `bytes` unused bytes of the pool start (refilled when too few are left); read them before the next call. */
  private reserve(bytes: number): number {
    if (this.offset + bytes > POOL_BYTES) {
      randomFillSync(this.pool)
      this.offset = 0
    }
    const start = this.offset
    this.offset += bytes
    return start
  }
}
