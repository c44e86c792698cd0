import { ContainerModule } from 'inversify'
import { SessionAuthorityService } from '../../core/account/session-authority.js'
import { VoiceService } from '../../core/voice/voice-service.js'
import { TOKENS } from '../di-tokens.js'

/** The voice channel of one surface: its sessions, connect tokens and proposals. */
export const voiceModule = new ContainerModule(({ bind }) => {
  // The surface's: it reads the surface's users (the keys and accounts are the platform's).
  bind(TOKENS.SessionAuthority).toResolvedValue(
    (accounts, oauth, users, clock) => new SessionAuthorityService({ accounts, oauth, users, clock }),
    [TOKENS.AccountRepository, TOKENS.OAuthStore, TOKENS.UserRepository, TOKENS.Clock],
  )
  bind(TOKENS.VoiceService).toResolvedValue(
    (sessions, users, ids, random, limiter, signer, authority, publicBaseUrl) =>
      new VoiceService({
        sessions,
        users,
        ids,
        random,
        limiter,
        signer,
        authority,
        // Each surface is its own issuer (as for Connect tokens): a sandbox token is refused on production.
        issuerOf: () => publicBaseUrl.value.replace(/\/+$/, ''),
      }),
    [
      TOKENS.VoiceRepository,
      TOKENS.UserService,
      TOKENS.IdGenerator,
      TOKENS.RandomSource,
      TOKENS.RateLimiter,
      TOKENS.TokenSigner,
      TOKENS.SessionAuthority,
      TOKENS.PublicBaseUrl,
    ],
  )
})
