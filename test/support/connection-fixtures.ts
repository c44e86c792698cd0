import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import type { Calendar, Connection, OAuthState } from '../../core/connection/connection.js'
import type { DomainEvent } from '../../core/ports/outbox.js'

export const FIXTURE_BASE = new Date('2026-06-01T08:00:00Z')
let tick = FIXTURE_BASE.getTime()
// Ids a millisecond apart, so they sort in creation order as the real generator's do.
export const fixtureIds = new UlidIdGenerator(() => ++tick)

export const makeConnection = (overrides: Partial<Connection> = {}): Connection => ({
  id: fixtureIds.next('con'),
  accountId: 'acct_a',
  livemode: false,
  userId: 'usr_a',
  provider: 'google',
  status: 'active',
  statusReason: null,
  email: 'ada@example.com',
  scopes: ['calendars.read', 'events.read', 'events.write'],
  syncMode: 'polling',
  lastSyncedAt: null,
  consecutiveSyncFailures: 0,
  lastSyncError: null,
  subscriptions: [],
  tokenRefresh: { lastAt: null, failuresCount: 0 },
  sealedTokens: 'v1.sealed',
  nextSyncAt: null,
  createdAt: FIXTURE_BASE,
  updatedAt: FIXTURE_BASE,
  version: 1,
  ...overrides,
})

export const makeCalendar = (overrides: Partial<Calendar> = {}): Calendar => ({
  id: fixtureIds.next('cal'),
  accountId: 'acct_a',
  connectionId: 'con_a',
  userId: 'usr_a',
  externalId: 'primary',
  name: 'Work',
  colorHex: '#4285f4',
  writable: true,
  providerWritable: true,
  selected: true,
  isDefault: true,
  timezone: 'Europe/Berlin',
  syncCursor: null,
  createdAt: FIXTURE_BASE,
  updatedAt: FIXTURE_BASE,
  ...overrides,
})

export const makeOAuthState = (overrides: Partial<OAuthState> = {}): OAuthState => ({
  state: fixtureIds.next('st'),
  accountId: 'acct_a',
  livemode: false,
  userId: 'usr_a',
  provider: 'google',
  scopes: ['calendars.read', 'events.read'],
  returnUrl: 'https://app.example.com/connected',
  callback: 'hosted',
  redirectUri: 'http://127.0.0.1:8081/v1/connections/oauth/callback',
  codeVerifier: 'verifier-verifier-verifier-verifier-verifier-123',
  createdAt: FIXTURE_BASE,
  expiresAt: new Date(FIXTURE_BASE.getTime() + 600_000),
  ...overrides,
})

export const fixtureNote = (type: string, accountId = 'acct_a'): DomainEvent => ({
  id: fixtureIds.next('ntf'),
  type,
  accountId,
  livemode: false,
  createdAt: FIXTURE_BASE,
  objectType: 'connection',
  object: { type },
})
