import { Data } from 'effect'

/** The proposal waited longer than its lifetime; nothing was executed. */
export class ProposalExpired extends Data.TaggedError('ProposalExpired')<{ readonly id: string }> {}

/** The data the proposal was made on changed since; nothing was executed (propose again). */
export class ProposalStale extends Data.TaggedError('ProposalStale')<{ readonly id: string }> {}

/** The voice session is ended (or expired, or not yet connectable); `reason` says which. */
export class VoiceSessionClosed extends Data.TaggedError('VoiceSessionClosed')<{
  readonly id: string
  readonly reason: string
}> {}

/** The connect token is malformed, forged, expired, already used, of the other surface, or of an ended session. */
export class VoiceTokenRejected extends Data.TaggedError('VoiceTokenRejected')<{ readonly reason: string }> {}

/** Every open voice connection of the API key is taken (`CONCURRENT_SESSIONS_PER_KEY`). */
export class VoiceConcurrencyExceeded extends Data.TaggedError('VoiceConcurrencyExceeded')<{
  readonly limit: number
}> {}

/** More sessions for this user in the rolling hour than the sub-limit allows. */
export class VoiceSessionRateLimited extends Data.TaggedError('VoiceSessionRateLimited')<{
  readonly limit: number
  readonly retryAfterMs: number
}> {}
