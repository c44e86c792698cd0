import { Data } from 'effect'

/** A replay or test to an endpoint that is disabled: enable it first. */
export class WebhookEndpointDisabled extends Data.TaggedError('WebhookEndpointDisabled')<{
  readonly id: string
}> {}
