import { ContainerModule } from 'inversify'
import { SystemClock } from '../../adapters/clock/system/system-clock.js'
import { whenReady } from '../../core/shared/maybe-promise.js'
import { WebhookDispatcher } from '../../core/webhooks/webhook-dispatcher.js'
import { WebhookEndpointService } from '../../core/webhooks/webhook-endpoint-service.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'

/** The endpoints of one surface and the dispatcher that delivers its outbox to them. */
export const webhooksModule = (config: Config) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.WebhookDispatcher).toResolvedValue(
      (outbox, endpoints, deliveries, transport, renderer, dns, ids, random, logger, accounts, metrics) =>
        new WebhookDispatcher({
          outbox,
          endpoints,
          deliveries,
          transport,
          renderer,
          dns,
          ids,
          random,
          wallClock: new SystemClock(),
          limits: config.webhooks,
          sandboxLoopback: config.sandboxLoopbackTargets,
          logger: logger.child({ job: 'webhook-delivery' }),
          metrics,
          platformOf: (accountId) =>
            whenReady(accounts.getAccount(accountId), (account) => account?.platformId ?? null),
        }),
      [
        TOKENS.Outbox,
        TOKENS.WebhookEndpointRepository,
        TOKENS.WebhookDeliveryRepository,
        TOKENS.WebhookTransport,
        TOKENS.NotificationRenderer,
        TOKENS.DnsResolver,
        TOKENS.IdGenerator,
        TOKENS.RandomSource,
        TOKENS.Logger,
        TOKENS.AccountRepository,
        TOKENS.Metrics,
      ],
    )
    bind(TOKENS.WebhookEndpointService).toResolvedValue(
      (endpoints, deliveries, dispatcher, dns, ids, random) =>
        new WebhookEndpointService({
          endpoints,
          deliveries,
          dispatcher,
          dns,
          ids,
          random,
          sandboxLoopback: config.sandboxLoopbackTargets,
        }),
      [
        TOKENS.WebhookEndpointRepository,
        TOKENS.WebhookDeliveryRepository,
        TOKENS.WebhookDispatcher,
        TOKENS.DnsResolver,
        TOKENS.IdGenerator,
        TOKENS.RandomSource,
      ],
    )
  })
