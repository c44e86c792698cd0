import { MemoryRateLimiter } from '../../../adapters/rate-limit/memory/rate-limiter.js'
import { rateLimiterContract } from '../../contracts/rate-limiter.contract.js'

rateLimiterContract('MemoryRateLimiter', () => ({ limiter: new MemoryRateLimiter() }))
