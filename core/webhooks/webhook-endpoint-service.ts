import type { DnsResolverPort } from '../ports/dns-resolver.js'
import type { IdGenerator, RandomSource } from '../ports/id-generator.js'
import type { WebhookDeliveryRepositoryPort } from '../ports/webhook-delivery-repository.js'
import type { WebhookEndpointRepositoryPort } from '../ports/webhook-endpoint-repository.js'
import { domainEvent } from '../shared/domain-event.js'
import { type ConcurrentModification, type InvalidParameter, ResourceNotFound } from '../shared/errors.js'
import { retryOnConflict, written } from '../shared/optimistic.js'
import { type Page, type PageRequest, validatePageRequest } from '../shared/pagination.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { Delivery } from './delivery.js'
import { type EndpointHealth, endpointTransition } from './endpoint-transition.js'
import { validateEventTypes } from './event-types.js'
import { checkEndpointUrl, type TargetPolicy } from './url-policy.js'
import { WebhookEndpointDisabled } from './webhook.errors.js'
import type { WebhookDispatcher } from './webhook-dispatcher.js'
import { rotateSecret, type WebhookEndpoint } from './webhook-endpoint.js'

export interface WebhookEndpointInput {
  readonly url: string
  readonly events: readonly string[]
  readonly description?: string | null | undefined
  /** Connect: the platform's endpoint for its connected accounts' notifications. */
  readonly connect?: boolean | undefined
}

export interface WebhookEndpointPatch {
  readonly url?: string | undefined
  readonly events?: readonly string[] | undefined
  readonly description?: string | null | undefined
  readonly enabled?: boolean | undefined
}

export interface WebhookEndpointServiceDeps {
  readonly endpoints: WebhookEndpointRepositoryPort
  readonly deliveries: WebhookDeliveryRepositoryPort
  readonly dispatcher: WebhookDispatcher
  readonly dns: DnsResolverPort
  readonly ids: IdGenerator
  readonly random: RandomSource
  /** Whether sandbox endpoints may target loopback (the operator's setting); production never. */
  readonly sandboxLoopback: boolean
}

/** An endpoint together with a secret shown once (creation, rotation). */
export interface RevealedEndpoint {
  readonly endpoint: WebhookEndpoint
  readonly secret: string
}

/** Webhook endpoints of an account: subscriptions, secrets, the deliveries log, replays and test sends. */
export class WebhookEndpointService {
  constructor(private readonly deps: WebhookEndpointServiceDeps) {}

  async create(scope: RequestScope, input: WebhookEndpointInput): Promise<Result<RevealedEndpoint, InvalidParameter>> {
    const events = validateEventTypes(input.events)
    if (!events.ok) return events
    const target = await checkEndpointUrl(input.url, this.targetPolicy(scope), this.deps.dns)
    if (!target.ok) return target
    const now = scope.clock.now()
    const secret = this.newSecret()
    const endpoint: WebhookEndpoint = {
      id: this.deps.ids.next('we'),
      accountId: scope.accountId,
      livemode: scope.livemode,
      url: target.value.url.toString(),
      description: input.description ?? null,
      events: events.value,
      status: 'enabled',
      disabledReason: null,
      secrets: [{ secret, expiresAt: null }],
      failingSince: null,
      connect: input.connect ?? false,
      createdAt: now,
      updatedAt: now,
      version: 1,
    }
    await this.deps.endpoints.insert(endpoint)
    return ok({ endpoint, secret })
  }

  async retrieve(scope: RequestScope, id: string): Promise<Result<WebhookEndpoint, ResourceNotFound>> {
    const endpoint = await this.deps.endpoints.get(scope.accountId, id)
    return endpoint === null ? err(new ResourceNotFound({ resource: 'webhook_endpoint', id })) : ok(endpoint)
  }

  async list(scope: RequestScope, page: PageRequest): Promise<Result<Page<WebhookEndpoint>, InvalidParameter>> {
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    return ok(await this.deps.endpoints.list(scope.accountId, page))
  }

  /** Re-enabling clears the failure streak, so the 72-hour clock starts again. */
  async update(
    scope: RequestScope,
    id: string,
    patch: WebhookEndpointPatch,
  ): Promise<Result<WebhookEndpoint, ResourceNotFound | InvalidParameter | ConcurrentModification>> {
    const events = patch.events === undefined ? ok(undefined) : validateEventTypes(patch.events)
    if (!events.ok) return events
    let url: string | undefined
    if (patch.url !== undefined) {
      const target = await checkEndpointUrl(patch.url, this.targetPolicy(scope), this.deps.dns)
      if (!target.ok) return target
      url = target.value.url.toString()
    }
    return this.modify(scope, id, (current, now) => ({
      ...current,
      url: url ?? current.url,
      events: events.value ?? current.events,
      description: patch.description === undefined ? current.description : patch.description,
      ...(patch.enabled === undefined ? {} : switched(current, patch.enabled)),
      updatedAt: now,
      version: current.version + 1,
    }))
  }

  /** The endpoint goes with its deliveries log; nothing more is sent to it. */
  async delete(scope: RequestScope, id: string): Promise<Result<WebhookEndpoint, ResourceNotFound>> {
    const found = await this.retrieve(scope, id)
    if (!found.ok) return found
    if (!(await this.deps.endpoints.remove(scope.accountId, id)))
      return err(new ResourceNotFound({ resource: 'webhook_endpoint', id }))
    await this.deps.deliveries.removeByEndpoint(scope.accountId, id)
    return ok(found.value)
  }

  /** A new secret; the previous one keeps signing alongside it for 24 hours. */
  async rotateSecret(
    scope: RequestScope,
    id: string,
  ): Promise<Result<RevealedEndpoint, ResourceNotFound | ConcurrentModification>> {
    const secret = this.newSecret()
    const rotated = await this.modify(scope, id, (current, now) => rotateSecret(current, secret, now))
    return rotated.ok ? ok({ endpoint: rotated.value, secret }) : rotated
  }

  async listDeliveries(
    scope: RequestScope,
    endpointId: string,
    page: PageRequest,
  ): Promise<Result<Page<Delivery>, ResourceNotFound | InvalidParameter>> {
    const endpoint = await this.retrieve(scope, endpointId)
    if (!endpoint.ok) return endpoint
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    return ok(await this.deps.deliveries.listByEndpoint(scope.accountId, endpointId, page))
  }

  async retrieveDelivery(
    scope: RequestScope,
    endpointId: string,
    deliveryId: string,
  ): Promise<Result<Delivery, ResourceNotFound>> {
    const delivery = await this.deps.deliveries.get(scope.accountId, deliveryId)
    if (delivery === null || delivery.endpointId !== endpointId)
      return err(new ResourceNotFound({ resource: 'webhook_delivery', id: deliveryId, param: 'delivery_id' }))
    return ok(delivery)
  }

  /** Sends the delivery's notification again, same `id`, as a new delivery attempted at once. */
  async replay(
    scope: RequestScope,
    endpointId: string,
    deliveryId: string,
  ): Promise<Result<Delivery, ResourceNotFound | WebhookEndpointDisabled>> {
    const endpoint = await this.retrieve(scope, endpointId)
    if (!endpoint.ok) return endpoint
    if (endpoint.value.status !== 'enabled') return err(new WebhookEndpointDisabled({ id: endpointId }))
    const original = await this.retrieveDelivery(scope, endpointId, deliveryId)
    if (!original.ok) return original
    const replay = this.deps.dispatcher.newDelivery(
      original.value.notification,
      endpoint.value,
      scope.clock.now(),
      original.value.id,
    )
    return ok(await this.deps.dispatcher.deliverNow(replay, scope.clock))
  }

  /** A `webhook_endpoint.test` notification to this endpoint only, attempted within the request; failures retry as usual. */
  async sendTest(
    scope: RequestScope,
    id: string,
  ): Promise<Result<Delivery, ResourceNotFound | WebhookEndpointDisabled>> {
    const endpoint = await this.retrieve(scope, id)
    if (!endpoint.ok) return endpoint
    if (endpoint.value.status !== 'enabled') return err(new WebhookEndpointDisabled({ id }))
    const notification = domainEvent(
      { ids: this.deps.ids, clock: scope.clock },
      scope,
      'webhook_endpoint.test',
      'webhook_endpoint',
      endpoint.value,
    )
    const delivery = this.deps.dispatcher.newDelivery(notification, endpoint.value, scope.clock.now(), null)
    return ok(await this.deps.dispatcher.deliverNow(delivery, scope.clock))
  }

  private targetPolicy(scope: RequestScope): TargetPolicy {
    return { livemode: scope.livemode, sandboxLoopback: this.deps.sandboxLoopback }
  }

  private newSecret(): string {
    return `whsec_${this.deps.random.token(24)}`
  }

  private async modify(
    scope: RequestScope,
    id: string,
    change: (current: WebhookEndpoint, now: Date) => WebhookEndpoint,
  ): Promise<Result<WebhookEndpoint, ResourceNotFound | ConcurrentModification>> {
    return retryOnConflict({
      target: { resource: 'webhook_endpoint', id },
      read: () => this.deps.endpoints.get(scope.accountId, id),
      attempt: async (current) => {
        const next = change(current, scope.clock.now())
        return written(await this.deps.endpoints.update(next, current.version), next)
      },
    })
  }
}

/** The endpoint's health after an operator turns it on or off (both accepted in every status: see the machine). */
const switched = (current: WebhookEndpoint, enabled: boolean): EndpointHealth => {
  const step = endpointTransition(current, { type: enabled ? 'enable' : 'disable' })
  if (!step.ok) throw new Error(`the webhook endpoint table refuses ${enabled ? 'enable' : 'disable'}`)
  return step.value.state
}
