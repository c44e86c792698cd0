import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { MemoryCalendarRepository } from '../../adapters/storage/memory/calendar-repository.js'
import { MemoryConnectionRepository } from '../../adapters/storage/memory/connection-repository.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { AesGcmTokenCipher } from '../../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import { ProviderObjectMissing } from '../../core/connection/connection.errors.js'
import type { Connection } from '../../core/connection/connection.js'
import type { ConnectionService } from '../../core/connection/connection-service.js'
import { ConnectionSync } from '../../core/connection/connection-sync.js'
import { OutboundMirror } from '../../core/connection/outbound-mirror.js'
import type { CalendarEvent, EventMirror } from '../../core/event/event.js'
import type { EventService } from '../../core/event/event-service.js'
import type { CalendarProviderPort } from '../../core/ports/calendar-provider.js'
import type { EventRepositoryPort } from '../../core/ports/event-repository.js'
import { ProviderUnavailable } from '../../core/shared/provider.errors.js'
import { err, type Result } from '../../core/shared/result.js'
import { makeCalendar, makeConnection } from '../support/connection-fixtures.js'

const NOW = new Date('2026-06-01T08:00:00Z')
const clock = { now: () => NOW }

/**
 * One pending mirror write of an API event, retried by the mirror job against a
 * connection in the given state; answers the mirror as recorded on the event.
 */
const retryMirror = async (
  connection: Connection,
  options: {
    readonly configured?: boolean
    readonly answer?: Result<never, ProviderUnavailable | ProviderObjectMissing>
  },
): Promise<EventMirror | null> => {
  const cipher = new AesGcmTokenCipher(randomBytes(32))
  const connections = new MemoryConnectionRepository(new MemoryOutbox())
  await connections.insert(
    connection.sealedTokens === 'sealed'
      ? {
          ...connection,
          sealedTokens: cipher.seal(JSON.stringify({ accessToken: 'a', refreshToken: 'r', expiresAt: null })),
        }
      : connection,
    [],
  )
  const provider = {
    provider: 'google',
    createEvent: async () => options.answer,
  } as unknown as CalendarProviderPort
  const sync = new ConnectionSync({
    connections,
    calendars: new MemoryCalendarRepository(),
    providers: () => (options.configured === false ? null : provider),
    cipher,
    ids: new UlidIdGenerator(),
    events: {} as EventService,
    pushAddress: () => null,
    clockFor: async () => clock,
  })
  const calendar = makeCalendar({ connectionId: connection.id })
  let event = {
    id: 'evt_1',
    accountId: 'acct_a',
    livemode: false,
    userId: 'usr_a',
    title: 'Dentist',
    startTime: new Date('2026-06-02T09:00:00Z'),
    endTime: new Date('2026-06-02T10:00:00Z'),
    timezone: 'Europe/Berlin',
    location: null,
    source: null,
    mirror: {
      connectionId: connection.id,
      calendarId: calendar.id,
      externalId: null,
      status: 'pending',
      operation: 'create',
      attempts: 0,
      lastError: null,
      nextAttemptAt: NOW,
    },
    version: 1,
  } as unknown as CalendarEvent
  const events = {
    mirrorDue: async () => [event],
    get: async () => event,
    update: async (next: CalendarEvent) => {
      event = next
      return 'updated'
    },
  } as unknown as EventRepositoryPort
  // The calendar still looks writable: the sync finds out otherwise when it reaches for the provider.
  const service = { canWrite: async () => calendar } as unknown as ConnectionService
  const mirror = new OutboundMirror({ events, connections: service, sync })
  expect(await mirror.processDue({ accountId: 'acct_a', clock })).toBe(1)
  return event.mirror ?? null
}

describe('Calendar mirror: a failed write stays pending with the error in words, and is retried', () => {
  it.each([
    [
      'the connection was disconnected meanwhile',
      makeConnection({ status: 'disconnected', sealedTokens: '' }),
      {},
      'the connection is disconnected',
    ],
    [
      'the provider is no longer configured',
      makeConnection({ sealedTokens: 'sealed' }),
      { configured: false },
      'provider google is not configured',
    ],
    [
      'the stored tokens cannot be opened',
      makeConnection({ sealedTokens: 'v1.not-sealed-with-this-key' }),
      {},
      'provider credentials unavailable (token refresh failed or grant revoked)',
    ],
    [
      'the provider is down',
      makeConnection({ sealedTokens: 'sealed' }),
      { answer: err(new ProviderUnavailable({ provider: 'google', reason: 'server_error', detail: 'HTTP 503' })) },
      'ProviderUnavailable: HTTP 503',
    ],
    [
      'the calendar is gone at the provider',
      makeConnection({ sealedTokens: 'sealed' }),
      { answer: err(new ProviderObjectMissing({ provider: 'google', what: 'calendar', id: 'primary' })) },
      'ProviderObjectMissing',
    ],
  ] as const)('%s', async (_case, connection, options, lastError) => {
    const mirror = await retryMirror(connection, options)
    expect(mirror).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError,
      nextAttemptAt: new Date(NOW.getTime() + 60_000),
    })
  })
})
