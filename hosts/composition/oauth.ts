import { randomBytes } from 'node:crypto'
import { ContainerModule } from 'inversify'
import { JoseTokenSigner } from '../../adapters/token-signer/jose/jose-token-signer.js'
import { MCP_PATH } from '../../contracts/mcp.js'
import { OAuthService } from '../../core/oauth/oauth-service.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'
import { keyInDataDir } from './key-file.js'

export const OAUTH_SIGNING_KEY_FILE = 'oauth-signing.key'

/**
 * The key signing Connect's access tokens: `OAUTH_SIGNING_KEY` when set (required for several
 * hosts sharing one MongoDB: each must verify the others' tokens); else generated once per data
 * directory (`<DATA_DIR>/oauth-signing.key`, mode 0600) so that tokens outlive a restart; in
 * memory only for the tests' ephemeral accounts.
 */
export const oauthSigningKey = (config: Config, ephemeral: boolean): Uint8Array => {
  if (config.oauthSigningKey !== null) return config.oauthSigningKey
  if (ephemeral) return randomBytes(32)
  return keyInDataDir(config.dataDir, OAUTH_SIGNING_KEY_FILE, 'access tokens signed with it')
}

/**
 * Connect's OAuth 2.1 authorization server and the signer of the service's own JWTs (Connect access tokens, voice
 * connect tokens), signing with `signingKey`.
 */
export const oauthModule = (signingKey: Uint8Array) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.TokenSigner).toResolvedValue(() => new JoseTokenSigner(signingKey))
    bind(TOKENS.OAuthService).toResolvedValue(
      (store, consentTickets, signer, accounts, connectedAccounts, ids, random, clock, baseUrls) =>
        new OAuthService({
          store,
          consentTickets,
          signer,
          accounts,
          connectedAccounts,
          ids,
          random,
          clock,
          // Each surface is its own issuer: a sandbox token is not valid on production.
          issuerOf: (livemode) => (livemode ? baseUrls.live : baseUrls.test).value.replace(/\/+$/, ''),
          // The MCP endpoint (docs/mcp.md) is the one protected resource a token may be bound to (RFC 8707).
          protectedResourcesOf: (livemode) => [
            `${(livemode ? baseUrls.live : baseUrls.test).value.replace(/\/+$/, '')}${MCP_PATH}`,
          ],
        }),
      [
        TOKENS.OAuthStore,
        TOKENS.ConsentTicketLog,
        TOKENS.TokenSigner,
        TOKENS.AccountRepository,
        TOKENS.ConnectedAccountService,
        TOKENS.IdGenerator,
        TOKENS.RandomSource,
        TOKENS.Clock,
        TOKENS.SurfaceBaseUrls,
      ],
    )
  })
