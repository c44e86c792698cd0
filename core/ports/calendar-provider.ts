import type {
  AccessTokenRejected,
  AuthorizationCodeRejected,
  GrantRevoked,
  ProviderObjectMissing,
  SyncCursorExpired,
} from '../connection/connection.errors.js'
import type { CalendarProviderName, ConnectionScope, ProviderTokens } from '../connection/connection.js'
import type { ProviderUnavailable } from '../shared/provider.errors.js'
import type { Result } from '../shared/result.js'

export interface AuthorizationRequest {
  readonly state: string
  /** PKCE S256 challenge of the verifier we keep. */
  readonly codeChallenge: string
  readonly redirectUri: string
  readonly scopes: readonly ConnectionScope[]
  /** The e-mail the user is expected to sign in with, pre-filled on the consent page. */
  readonly loginHint?: string
}

export interface ProviderCalendar {
  readonly externalId: string
  readonly name: string
  readonly colorHex: string | null
  readonly writable: boolean
  readonly primary: boolean
  readonly timezone: string
}

export const PROVIDER_EVENT_STATUSES = ['confirmed', 'cancelled'] as const
export type ProviderEventStatus = (typeof PROVIDER_EVENT_STATUSES)[number]

/** RFC 5545 TRANSP: a `transparent` event does not take its owner's time (Google `transparency`, Graph `showAs: free`). */
export const EVENT_TRANSPARENCIES = ['opaque', 'transparent'] as const
export type EventTransparency = (typeof EVENT_TRANSPARENCIES)[number]

/** The connected account's own answer to an event it is invited to (Google `responseStatus`, Graph `response`, PARTSTAT). */
export const PROVIDER_RESPONSES = ['accepted', 'tentative', 'declined', 'needs_action'] as const
export type ProviderResponse = (typeof PROVIDER_RESPONSES)[number]

/** An event as the provider holds it; recurring series come unexpanded, with their RFC 5545 lines. */
export interface ProviderEvent {
  readonly externalId: string
  readonly status: ProviderEventStatus
  readonly title: string
  readonly start: Date
  readonly end: Date
  readonly allDay: boolean
  /** The zone the start is written in at the provider, if any. */
  readonly timezone: string | null
  readonly location: string | null
  readonly transparency: EventTransparency
  /** The account's answer when it is an attendee of someone else's event; null for its own events (it organizes them). */
  readonly selfResponse: ProviderResponse | null
  /** `RRULE:`, `EXDATE:`, `RDATE:` lines of a series; empty for a single event. */
  readonly recurrence: readonly string[]
  /** For a changed or cancelled instance of a series: the series' id and the instance's original start. */
  readonly recurringEventId: string | null
  readonly originalStart: Date | null
  /** The `clientKey` we created it with, as the provider keeps it; null (or absent) for events made elsewhere. */
  readonly clientKey?: string | null
}

/** What changed since the cursor (or everything, when `full`), and the cursor to pass next time. */
export interface SyncBatch {
  readonly changes: readonly ProviderEvent[]
  readonly cursor: string
  readonly full: boolean
}

/** One occurrence of a mirrored series changed on its own (an exception), named by where the rule puts it. */
export interface OutboundOverride {
  readonly originalStart: Date
  readonly title: string
  readonly start: Date
  readonly end: Date
  readonly location: string | null
  /** The occurrence's dates when the series is all-day. */
  readonly allDay: { readonly startDate: string; readonly endDate: string } | null
}

export interface OutboundEvent {
  readonly title: string
  readonly start: Date
  readonly end: Date
  readonly timezone: string
  readonly location: string | null
  /** The dates of an all-day event (end exclusive, in `timezone`): written in the provider's all-day form. */
  readonly allDay?: { readonly startDate: string; readonly endDate: string } | null
  /**
   * A series: its RFC 5545 lines (`RRULE`, `EXDATE`, `RDATE`) as our series holds them, expanded from `start` in
   * `timezone`. Absent or empty for a single event; empty on an update says so: a series at the provider (ours turned
   * into a single event) loses its recurrence.
   */
  readonly recurrence?: readonly string[] | null
  /** A series' occurrences changed on their own; each write carries them all (cancelled ones are `EXDATE`s). */
  readonly overrides?: readonly OutboundOverride[]
}

/**
 * An event to create. `clientKey` is ours and stable across retries (our event id): the provider keeps it (Google's
 * client-chosen event id, Graph's `transactionId`, the CalDAV UID and resource name), so a create retried after a
 * lost answer finds the copy the first attempt made instead of making a second one.
 */
export interface NewOutboundEvent extends OutboundEvent {
  readonly clientKey: string
}

export interface PushRequest {
  /** Our channel id: the provider echoes it on every push. */
  readonly channelId: string
  /** Our public push address for this provider. */
  readonly address: string
  /** Echoed on every push (Google channel token, Graph clientState), so forged pushes are refused. */
  readonly secret: string
}

export interface PushChannel {
  readonly providerId: string
  readonly expiresAt: Date
}

export interface ProviderCredentials {
  readonly accessToken: string
}

export type ProviderCallError = ProviderUnavailable | AccessTokenRejected | GrantRevoked | ProviderObjectMissing

/**
 * One calendar provider (Google, Microsoft Graph, CalDAV, the sandbox's
 * synthetic one). Speaks domain types only; each adapter maps its wire shapes.
 * Every call is safe to retry; deleting what is already gone answers Ok.
 */
export interface CalendarProviderPort {
  readonly provider: CalendarProviderName
  /** Where to send the user for consent (OAuth 2.0 code flow with PKCE S256 and `state`). */
  authorizationUrl(request: AuthorizationRequest): string
  exchangeCode(input: {
    readonly code: string
    readonly codeVerifier: string
    readonly redirectUri: string
  }): Promise<
    Result<{ readonly tokens: ProviderTokens; readonly email: string }, AuthorizationCodeRejected | ProviderUnavailable>
  >
  /** New tokens; a provider that does not rotate refresh tokens answers with the one it was given. */
  refreshTokens(refreshToken: string): Promise<Result<ProviderTokens, GrantRevoked | ProviderUnavailable>>
  /** Revokes the grant; an already revoked grant answers Ok. */
  revoke(tokens: ProviderTokens): Promise<Result<void, ProviderUnavailable>>
  listCalendars(credentials: ProviderCredentials): Promise<Result<readonly ProviderCalendar[], ProviderCallError>>
  /** Changes since `cursor`, every page walked; `cursor` null (or refused: SyncCursorExpired) means a full listing. */
  syncEvents(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    cursor: string | null,
  ): Promise<Result<SyncBatch, ProviderCallError | SyncCursorExpired>>
  /** Creates the event once per `clientKey`: a repeat answers the copy already made (its id), whatever its answer was lost. */
  createEvent(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    event: NewOutboundEvent,
  ): Promise<Result<{ readonly externalId: string }, ProviderCallError>>
  updateEvent(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    externalId: string,
    event: OutboundEvent,
  ): Promise<Result<void, ProviderCallError>>
  deleteEvent(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    externalId: string,
  ): Promise<Result<void, ProviderCallError>>
  /** Subscribes to pushes for one calendar; Ok(null) when the provider does not push (then we poll). */
  startPush(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    request: PushRequest,
  ): Promise<Result<PushChannel | null, ProviderCallError>>
  /** Extends a subscription before it expires (a provider without renewal starts a new channel and stops the old). */
  renewPush(
    credentials: ProviderCredentials,
    calendarExternalId: string,
    current: PushChannel & { readonly channelId: string },
    request: PushRequest,
  ): Promise<Result<PushChannel, ProviderCallError>>
  /**
   * Why this provider cannot hold a series with these lines (the first line at fault, by index), or null when it can.
   * Absent: it holds any series we accept (Google, CalDAV).
   */
  recurrenceRefusal?(
    recurrence: readonly string[],
    series: { readonly start: Date; readonly timezone: string },
  ): { readonly index: number; readonly reason: string } | null
  /** Stops a subscription; an unknown one answers Ok. */
  stopPush(
    credentials: ProviderCredentials,
    channel: { readonly channelId: string; readonly providerId: string },
  ): Promise<Result<void, ProviderUnavailable>>
}

/** The provider adapters of one surface; null when a provider is not configured there. */
export type CalendarProviderRegistry = (provider: CalendarProviderName) => CalendarProviderPort | null
