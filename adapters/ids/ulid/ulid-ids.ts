import { randomBytes } from 'node:crypto'
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

  private increment(): void {
    for (let i = this.lastRandom.length - 1; i >= 0; i--) {
      const digit = this.lastRandom[i]!
      if (digit < 31) {
        this.lastRandom[i] = digit + 1
        return
      }
      this.lastRandom[i] = 0
    }
  }
}

export class CryptoRandomSource implements RandomSource {
  float(): number {
    return randomBytes(6).readUIntBE(0, 6) / 2 ** 48
  }

  token(bytes: number): string {
    return randomBytes(bytes).toString('hex')
  }
}
