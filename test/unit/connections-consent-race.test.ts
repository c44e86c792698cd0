import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { CryptoRandomSource, UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { MemoryCalendarRepository } from '../../adapters/storage/memory/calendar-repository.js'
import { MemoryConnectionRepository } from '../../adapters/storage/memory/connection-repository.js'
import { MemoryOAuthStateStore } from '../../adapters/storage/memory/oauth-state-store.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { AesGcmTokenCipher } from '../../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import { ConnectionService } from '../../core/connection/connection-service.js'
import { ConnectionSync } from '../../core/connection/connection-sync.js'
import { ok } from '../../core/shared/result.js'
import { makeConnection, makeOAuthState } from '../support/connection-fixtures.js'
import { inMemoryUsersAndEvents, stubCalendarProvider } from '../support/connection-service-deps.js'

const NOW = new Date('2026-06-01T08:00:00Z')
const clock = { now: () => NOW }

describe('A new consent for a provider account the user already connected revives that connection', () => {
  it('even when another consent inserted it between the look-up and the insert (the insert is a duplicate): one connection, revived', async () => {
    const outbox = new MemoryOutbox()
    const stored = new MemoryConnectionRepository(outbox)
    // The concurrent consent's connection, stored after this consent looked and found nothing.
    const winner = makeConnection({
      email: 'grace@example.com',
      status: 'disconnected',
      statusReason: 'disconnected_by_request',
      sealedTokens: '',
    })
    await stored.insert(winner, [])
    let lookups = 0
    const connections = Object.assign(Object.create(stored) as MemoryConnectionRepository, {
      findByProviderAccount: async (...args: Parameters<MemoryConnectionRepository['findByProviderAccount']>) =>
        ++lookups === 1 ? null : stored.findByProviderAccount(...args),
    })
    const provider = stubCalendarProvider('google', {
      exchangeCode: async () =>
        ok({ tokens: { accessToken: 'at', refreshToken: 'rt', expiresAt: null }, email: 'Grace@example.com' }),
      listCalendars: async () =>
        ok([
          {
            externalId: 'primary',
            name: 'Grace',
            colorHex: null,
            writable: true,
            primary: true,
            timezone: 'Europe/London',
          },
        ]),
      syncEvents: async () => ok({ changes: [], cursor: 'c1', full: true }),
    })
    const states = new MemoryOAuthStateStore()
    const pending = makeOAuthState({ callback: 'server', expiresAt: new Date(NOW.getTime() + 600_000) })
    await states.save(pending)
    const { users, events, storeUser } = inMemoryUsersAndEvents(outbox)
    await storeUser({ id: pending.userId })
    const calendars = new MemoryCalendarRepository()
    const cipher = new AesGcmTokenCipher(randomBytes(32))
    const ids = new UlidIdGenerator()
    const sync = new ConnectionSync({
      connections,
      calendars,
      providers: () => provider,
      cipher,
      ids,
      events,
      pushAddress: () => null,
      clockFor: async () => clock,
    })
    const service = new ConnectionService({
      connections,
      calendars,
      states,
      providers: () => provider,
      cipher,
      ids,
      random: new CryptoRandomSource(),
      users,
      sync,
      callbackUrl: 'http://127.0.0.1/cb',
      pushAddress: () => null,
      clockFor: async () => clock,
      wallClock: clock,
    })

    const connected = await service.completeServer(
      { accountId: 'acct_a', livemode: false, clock },
      { state: pending.state, code: 'code' },
    )

    expect(connected.ok && connected.value.id).toBe(winner.id)
    expect(connected.ok && connected.value).toMatchObject({ status: 'active', statusReason: null })
    expect((await stored.list('acct_a', {}, { limit: 10 })).data.map((connection) => connection.id)).toEqual([
      winner.id,
    ])
    expect((await stored.get('acct_a', winner.id))!.sealedTokens).not.toBe('')
    expect((await outbox.list('acct_a', 10)).map((event) => event.type)).not.toContain('connection.created')
    expect((await calendars.listByConnection('acct_a', winner.id)).map((calendar) => calendar.externalId)).toEqual([
      'primary',
    ])
  })
})
