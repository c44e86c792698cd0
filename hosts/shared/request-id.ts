import type { RandomSource } from '../../core/ports/id-generator.js'

/** A new request id, for every answer of the HTTP host (before or without its hook too) and the voice gateway. */
export const newRequestId = (random: RandomSource): string => `req_${random.token(12)}`
