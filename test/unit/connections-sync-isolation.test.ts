import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { MemoryCalendarRepository } from '../../adapters/storage/memory/calendar-repository.js'
import { MemoryConnectionRepository } from '../../adapters/storage/memory/connection-repository.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { AesGcmTokenCipher } from '../../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import { ConnectionSync } from '../../core/connection/connection-sync.js'
import { ok } from '../../core/shared/result.js'
import { makeCalendar, makeConnection } from '../support/connection-fixtures.js'
import { inMemoryUsersAndEvents, stubCalendarProvider } from '../support/connection-service-deps.js'

const NOW = new Date('2026-06-01T08:00:00Z')
const clock = { now: () => NOW }

describe("Sync work: one connection's failure never blocks another's", () => {
  it('a provider that throws for one connection leaves the other synced; the failure is recorded and the broken one is pushed back', async () => {
    const outbox = new MemoryOutbox()
    const connections = new MemoryConnectionRepository(outbox)
    const calendars = new MemoryCalendarRepository()
    const cipher = new AesGcmTokenCipher(randomBytes(32))
    const provider = stubCalendarProvider('google', {
      refreshTokens: async () => ok({ accessToken: 'new', refreshToken: 'r', expiresAt: null }),
      syncEvents: async (_credentials, calendarExternalId) => {
        if (calendarExternalId === 'broken') throw new Error('socket hang up')
        return ok({ changes: [], cursor: 'next', full: false })
      },
    })
    const { events } = inMemoryUsersAndEvents(outbox)
    const sync = new ConnectionSync({
      connections,
      calendars,
      providers: () => provider,
      cipher,
      ids: new UlidIdGenerator(),
      events,
      pushAddress: () => null,
      clockFor: async () => clock,
    })
    const sealed = cipher.seal(JSON.stringify({ accessToken: 'a', refreshToken: 'r', expiresAt: null }))
    const broken = makeConnection({ sealedTokens: sealed, nextSyncAt: NOW })
    const healthy = makeConnection({ sealedTokens: sealed, nextSyncAt: NOW, userId: 'usr_b', email: 'b@example.com' })
    await connections.insert(broken, [])
    await connections.insert(healthy, [])
    await calendars.save(makeCalendar({ connectionId: broken.id, externalId: 'broken' }))
    await calendars.save(makeCalendar({ connectionId: healthy.id, externalId: 'fine' }))

    expect(await sync.processDue({ accountId: 'acct_a', clock })).toBe(2)
    const afterBroken = await connections.get('acct_a', broken.id)
    const afterHealthy = await connections.get('acct_a', healthy.id)
    expect(afterHealthy).toMatchObject({ status: 'active', lastSyncedAt: NOW, consecutiveSyncFailures: 0 })
    expect(afterBroken).toMatchObject({
      status: 'active',
      consecutiveSyncFailures: 1,
      lastSyncError: 'internal: socket hang up',
    })
    expect(afterBroken!.nextSyncAt!.getTime()).toBeGreaterThan(NOW.getTime())
    // Nothing is due any more: the broken connection waits for its next look instead of spinning.
    expect(await connections.due('acct_a', NOW, 10)).toEqual([])
  })
})
