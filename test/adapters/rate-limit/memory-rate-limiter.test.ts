import { MemoryRateLimiter } from '../../../adapters/rate-limit/memory/rate-limiter.js'
import { rateLimiterPortContract } from '../../contracts/rate-limiter.contract.js'

rateLimiterPortContract('memory rate limiter', () => new MemoryRateLimiter())
