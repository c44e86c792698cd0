import { ContainerModule } from 'inversify'
import { CryptoRandomSource, UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { AesGcmTokenCipher } from '../../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import { API_VERSIONS, CURRENT_VERSION } from '../../contracts/versions.js'
import { AccountService } from '../../core/account/account-service.js'
import { ConnectedAccountService } from '../../core/account/connected-account-service.js'
import { PublicBaseUrl } from '../../core/invitation/invitation-links.js'
import type { Clock } from '../../core/ports/clock.js'
import type { DnsResolverPort } from '../../core/ports/dns-resolver.js'
import type { WebhookTransportPort } from '../../core/ports/webhook-transport.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'
import { PinnedVersionNotificationRenderer } from '../webhooks/notification-renderer.js'

// The capabilities of the root container, shared by both surfaces (besides the storage family's platform module).

/** Time, ids and randomness: the ports through which the core reads them. */
export const timeAndIdsModule = (clock: Clock) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Clock).toConstantValue(clock)
    bind(TOKENS.IdGenerator).toResolvedValue(() => new UlidIdGenerator())
    bind(TOKENS.RandomSource).toResolvedValue(() => new CryptoRandomSource())
  })

/** Accounts and their keys (the records are the storage family's). */
export const accountsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.AccountService).toResolvedValue(
    (accounts, ids, random, clock) =>
      new AccountService({
        accounts,
        ids,
        random,
        clock,
        currentVersion: CURRENT_VERSION,
        apiVersions: API_VERSIONS,
      }),
    [TOKENS.AccountRepository, TOKENS.IdGenerator, TOKENS.RandomSource, TOKENS.Clock],
  )
  bind(TOKENS.ConnectedAccountService).toResolvedValue(
    (accounts, ids, clock) => new ConnectedAccountService({ accounts, ids, clock }),
    [TOKENS.AccountRepository, TOKENS.IdGenerator, TOKENS.Clock],
  )
})

/** What every surface's webhook dispatcher sends through: name resolution, the HTTP transport, the renderer. */
export const webhookSendingModule = (sending: {
  readonly dns: DnsResolverPort
  readonly transport: WebhookTransportPort
}) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.DnsResolver).toConstantValue(sending.dns)
    bind(TOKENS.WebhookTransport).toConstantValue(sending.transport)
    bind(TOKENS.NotificationRenderer).toResolvedValue(
      (accounts) => new PinnedVersionNotificationRenderer(accounts),
      [TOKENS.AccountRepository],
    )
  })

/** Seals calendar providers' tokens at rest, with the key `composition/connection-token-key.ts` chooses. */
export const tokenCipherModule = (key: Uint8Array) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.TokenCipher).toResolvedValue(() => new AesGcmTokenCipher(key))
  })

/** Each surface's public base URL, in the root container: Connect's tokens name the surface's as their issuer. */
export const surfaceBaseUrlsModule = (config: Config) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.SurfaceBaseUrls).toConstantValue({
      live: new PublicBaseUrl(config.publicBaseUrl),
      test: new PublicBaseUrl(config.sandboxPublicBaseUrl),
    })
  })
