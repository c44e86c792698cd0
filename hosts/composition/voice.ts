import { ContainerModule } from 'inversify'
import { VoiceService } from '../../core/voice/voice-service.js'
import { TOKENS } from '../di-tokens.js'

/** The voice channel of one surface: its sessions, connect tokens and proposals. */
export const voiceModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.VoiceService).toResolvedValue(
    (sessions, users, ids, random, limiter, signer, publicBaseUrl) =>
      new VoiceService({
        sessions,
        users,
        ids,
        random,
        limiter,
        signer,
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
      TOKENS.PublicBaseUrl,
    ],
  )
})
