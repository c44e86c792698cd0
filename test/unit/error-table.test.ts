import { describe, expect, it } from 'vitest'
import type { Endpoints } from '../../contracts/endpoints.js'
import { ERROR_CODES } from '../../contracts/errors.js'
import { AuthenticationFailed, IpNotAllowed, PermissionDenied } from '../../core/account/account.errors.js'
import { AuthorizationCodeRejected, ConsentExpired, GrantRevoked } from '../../core/connection/connection.errors.js'
import { CalendarChangeRefused, DepartureUnavailable } from '../../core/event/event.errors.js'
import type { DomainError } from '../../core/shared/domain-error.js'
import {
  ConcurrentModification,
  InvalidParameter,
  InvalidTransition,
  MissingParameter,
  ResourceNotFound,
} from '../../core/shared/errors.js'
import { NoRouteFound, ProviderUnavailable } from '../../core/shared/provider.errors.js'
import { err } from '../../core/shared/result.js'
import { LocationTooFrequent, TrackingNotEnabled } from '../../core/tracking/tracking.errors.js'
import { AccountDeactivated } from '../../core/user/user.errors.js'
import {
  ProposalExpired,
  ProposalStale,
  VoiceConcurrencyExceeded,
  VoiceSessionClosed,
  VoiceSessionRateLimited,
  VoiceTokenRejected,
} from '../../core/voice/voice.errors.js'
import { WebhookEndpointDisabled } from '../../core/webhooks/webhook.errors.js'
import type { RouteHandler } from '../../hosts/api/route.js'
import { DOMAIN_ERRORS, type DomainErrorTable, domainErrorToApi, errorEnvelope } from '../../hosts/shared/errors.js'

type Tag = DomainError['_tag']

/** One error of every tag, with what the wire says for it: a record over the tags, so it cannot miss one either. */
const EXPECTED: {
  readonly [K in Tag]: readonly [Extract<DomainError, { readonly _tag: K }>, Record<string, unknown>]
} = {
  ResourceNotFound: [
    new ResourceNotFound({ resource: 'calendar', id: 'cal_1', param: 'calId' }),
    { type: 'invalid_request_error', code: 'resource_missing', param: 'calId', message: "No such calendar: 'cal_1'." },
  ],
  InvalidParameter: [
    new InvalidParameter({ param: 'limit', message: 'limit must be between 1 and 100.' }),
    { code: 'parameter_invalid', param: 'limit', message: 'limit must be between 1 and 100.' },
  ],
  MissingParameter: [
    new MissingParameter({ param: 'end_time', message: 'end_time is required with start_time.' }),
    { code: 'parameter_missing', param: 'end_time' },
  ],
  ConcurrentModification: [
    new ConcurrentModification({ resource: 'event', id: 'evt_1' }),
    { code: 'concurrent_modification' },
  ],
  InvalidTransition: [
    new InvalidTransition({ resource: 'connection', from: 'disconnected', command: 'refresh' }),
    { code: 'invalid_state_transition', message: "A connection in state 'disconnected' does not allow 'refresh'." },
  ],
  AuthenticationFailed: [
    new AuthenticationFailed({ reason: 'revoked' }),
    { type: 'authentication_error', code: 'authentication_failed' },
  ],
  PermissionDenied: [
    new PermissionDenied({ permission: 'events:write' }),
    { type: 'permission_error', code: 'insufficient_permissions', message: expect.stringContaining('events:write') },
  ],
  IpNotAllowed: [
    new IpNotAllowed({ address: '198.51.100.7' }),
    { type: 'permission_error', code: 'ip_not_allowed', message: expect.stringContaining('198.51.100.7') },
  ],
  AccountDeactivated: [
    new AccountDeactivated({ userId: 'usr_1' }),
    { type: 'permission_error', code: 'account_deactivated' },
  ],
  ConsentExpired: [new ConsentExpired({ state: 'st_1' }), { code: 'oauth_state_invalid', param: 'state' }],
  AuthorizationCodeRejected: [
    new AuthorizationCodeRejected({ provider: 'google', detail: 'invalid_grant' }),
    { code: 'authorization_code_invalid', param: 'code' },
  ],
  ProviderUnavailable: [
    new ProviderUnavailable({ provider: 'google', reason: 'timeout', detail: 'no answer in 10 s' }),
    { type: 'api_error', code: 'calendar_provider_unavailable' },
  ],
  DepartureUnavailable: [
    new DepartureUnavailable({ eventId: 'evt_1', status: 'no_location', reason: 'The event has no location.' }),
    { code: 'departure_unavailable', message: 'The event has no location.' },
  ],
  CalendarChangeRefused: [
    new CalendarChangeRefused({
      eventId: 'evt_1',
      reason: 'refused by microsoft: HTTP 400: ErrorOccurrenceCrossingBoundary',
    }),
    {
      type: 'invalid_request_error',
      code: 'calendar_change_refused',
      message:
        "The connected calendar refused the change of series 'evt_1', so nothing was changed: refused by microsoft: HTTP 400: ErrorOccurrenceCrossingBoundary",
    },
  ],
  WebhookEndpointDisabled: [
    new WebhookEndpointDisabled({ id: 'we_1' }),
    { code: 'webhook_endpoint_disabled', message: "The webhook endpoint 'we_1' is disabled; enable it first." },
  ],
  ProposalExpired: [new ProposalExpired({ id: 'prp_1' }), { code: 'proposal_expired', param: 'proposal_id' }],
  ProposalStale: [new ProposalStale({ id: 'prp_1' }), { code: 'proposal_stale', param: 'proposal_id' }],
  VoiceSessionClosed: [
    new VoiceSessionClosed({ id: 'vs_1', reason: 'ended_by_api' }),
    { code: 'voice_session_closed', message: expect.stringContaining('ended_by_api') },
  ],
  VoiceTokenRejected: [
    new VoiceTokenRejected({ reason: 'already used' }),
    { type: 'authentication_error', code: 'voice_token_invalid' },
  ],
  VoiceConcurrencyExceeded: [
    new VoiceConcurrencyExceeded({ limit: 10 }),
    { type: 'rate_limit_error', code: 'rate_limit_exceeded', retry_after_seconds: 1 },
  ],
  VoiceSessionRateLimited: [
    new VoiceSessionRateLimited({ limit: 60, retryAfterMs: 1500 }),
    { type: 'rate_limit_error', code: 'rate_limit_exceeded', retry_after_seconds: 2 },
  ],
  TrackingNotEnabled: [
    new TrackingNotEnabled({ accountId: 'acct_1' }),
    { type: 'permission_error', code: 'tracking_not_enabled', message: expect.stringContaining('private preview') },
  ],
  LocationTooFrequent: [
    new LocationTooFrequent({ eventId: 'evt_1', retryAfterSeconds: 3 }),
    { type: 'rate_limit_error', code: 'rate_limit_exceeded', retry_after_seconds: 3 },
  ],
}

const STATUS: { readonly [K in Tag]: number } = {
  ResourceNotFound: 404,
  InvalidParameter: 400,
  MissingParameter: 400,
  ConcurrentModification: 409,
  InvalidTransition: 409,
  AuthenticationFailed: 401,
  AccountDeactivated: 403,
  PermissionDenied: 403,
  IpNotAllowed: 403,
  ConsentExpired: 400,
  AuthorizationCodeRejected: 400,
  ProviderUnavailable: 502,
  DepartureUnavailable: 409,
  CalendarChangeRefused: 409,
  WebhookEndpointDisabled: 409,
  ProposalExpired: 409,
  ProposalStale: 409,
  VoiceSessionClosed: 409,
  VoiceTokenRejected: 401,
  VoiceConcurrencyExceeded: 429,
  VoiceSessionRateLimited: 429,
  TrackingNotEnabled: 403,
  LocationTooFrequent: 429,
}

describe('Errors: one table maps each domain error onto its status, type and code', () => {
  it.each(Object.entries(EXPECTED))('%s', (tag, [error, wire]) => {
    const body = domainErrorToApi(error)
    expect(ERROR_CODES[body.code].status).toBe(STATUS[tag as Tag])
    expect(errorEnvelope('req_1', body).error).toMatchObject(wire)
  })

  it('the table has an entry for exactly the domain errors', () => {
    expect(Object.keys(DOMAIN_ERRORS).sort()).toEqual(Object.keys(EXPECTED).sort())
  })
})

/** The `@ts-expect-error` lines are the assertions here: `npm run typecheck` fails if any of them compiles. */
describe('Errors: the table and the handlers are closed at compile time', () => {
  it('a table without an entry for a tag, or with an entry for the wrong error, does not compile', () => {
    const { WebhookEndpointDisabled: _unmapped, ...incomplete } = DOMAIN_ERRORS
    // @ts-expect-error: WebhookEndpointDisabled has no entry.
    const missing: DomainErrorTable = incomplete
    const wrong: DomainErrorTable = {
      ...DOMAIN_ERRORS,
      // @ts-expect-error: the ResourceNotFound entry must take a ResourceNotFound.
      ResourceNotFound: (error: WebhookEndpointDisabled) => DOMAIN_ERRORS.WebhookEndpointDisabled(error),
    }
    // What the types keep out: an error without an entry, and a missing resource answered as a disabled endpoint.
    expect(Object.keys(missing)).not.toContain('WebhookEndpointDisabled')
    expect(wrong.ResourceNotFound(EXPECTED.ResourceNotFound[0]).code).toBe('webhook_endpoint_disabled')
  })

  it('a handler cannot answer an error the core settles itself, nor an untyped one', () => {
    const routeFailure: RouteHandler<typeof Endpoints.retrieveUser> = () =>
      // @ts-expect-error: NoRouteFound is not a DomainError (the departure computation handles it).
      err(new NoRouteFound({ provider: 'osrm', detail: 'no route' }))
    const grantFailure: RouteHandler<typeof Endpoints.retrieveUser> = () =>
      // @ts-expect-error: nor is a provider's GrantRevoked (the sync handles it).
      err(new GrantRevoked({ provider: 'google', detail: 'revoked' }))
    // @ts-expect-error: a bare tag is not one of the error classes.
    const untyped: RouteHandler<typeof Endpoints.retrieveUser> = () => err({ _tag: 'NoSuchError' })
    // Had one compiled, its error would reach the table without an entry: a bug, thrown.
    for (const handler of [routeFailure, grantFailure, untyped]) {
      const outcome = handler({} as never) as { readonly ok: false; readonly error: DomainError }
      expect(() => domainErrorToApi(outcome.error)).toThrow(/^unmapped domain error /)
    }
  })
})
