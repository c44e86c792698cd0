/**
 * Identifiers come through this port: `prefix` is the resource prefix without
 * the underscore (`usr`, `evt`, ...). Implementations return `<prefix>_<random>`,
 * URL-safe, never repeated, and sorting in the order they were made (lists page
 * by id), even when the system time steps back.
 */
export interface IdGenerator {
  next(prefix: string): string
}

/** Randomness for jitter and tokens, so property tests can make it deterministic. */
export interface RandomSource {
  /** A float in [0, 1). */
  float(): number
  /** `bytes` cryptographically strong random bytes, hex-encoded. */
  token(bytes: number): string
}
