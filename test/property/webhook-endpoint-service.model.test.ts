import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { WebhookResponse, WebhookTransportPort } from '../../core/ports/webhook-transport.js'
import type { DisabledReason, EndpointStatus } from '../../core/webhooks/webhook-endpoint.js'
import { WebhookEndpointService } from '../../core/webhooks/webhook-endpoint-service.js'
import { memoryWebhookDispatcher } from '../support/webhook-dispatcher-fixture.js'

/**
 * Model-based test of the webhook endpoint's enabled/disabled machine (docs/webhooks.md): random sequences of an
 * operator turning the endpoint on and off (`update` with `enabled`), test sends (`sendTest`) to a receiver that goes
 * down and comes back, and hours passing drive the real `WebhookEndpointService` and its dispatcher over the in-memory
 * repositories. After every step the stored endpoint's status, reason and failure streak are the model's, a disabled
 * endpoint refuses test sends, and `webhook_endpoint.disabled` was written once per streak that reached 72 hours.
 */

const ACCOUNT = 'acct_endpoint_model'
const HOUR = 3_600_000
const T0 = new Date('2026-06-02T06:00:00Z').getTime()

class ScriptedReceiver implements WebhookTransportPort {
  up = true
  calls = 0
  async send(): Promise<WebhookResponse> {
    this.calls++
    return { outcome: { kind: 'response', statusCode: this.up ? 200 : 503 }, durationMs: 1, error: null }
  }
}

interface Model {
  now: number
  up: boolean
  status: EndpointStatus
  disabledReason: DisabledReason | null
  failingSince: number | null
  disabledNotices: number
}

const harness = () => {
  let now = T0
  const clock = { now: () => new Date(now) }
  const receiver = new ScriptedReceiver()
  const { outbox, endpoints, deliveries, dispatcher, dns, ids, random } = memoryWebhookDispatcher(receiver, clock)
  const service = new WebhookEndpointService({
    endpoints,
    deliveries,
    dispatcher,
    dns,
    ids,
    random,
    sandboxLoopback: true,
  })
  return {
    outbox,
    endpoints,
    receiver,
    service,
    scope: { accountId: ACCOUNT, livemode: false, clock },
    endpointId: '',
    setNow: (at: number) => {
      now = at
    },
  }
}
type Real = ReturnType<typeof harness>

const checkAgreement = async (model: Model, real: Real) => {
  const endpoint = await real.endpoints.get(ACCOUNT, real.endpointId)
  if (endpoint === null) throw new Error('endpoint gone')
  expect({
    status: endpoint.status,
    disabledReason: endpoint.disabledReason,
    failingSince: endpoint.failingSince?.getTime() ?? null,
  }).toEqual({ status: model.status, disabledReason: model.disabledReason, failingSince: model.failingSince })
  // Enabled exactly when there is no reason to be off.
  expect(endpoint.disabledReason === null).toBe(endpoint.status === 'enabled')
  const notices = (await real.outbox.list(ACCOUNT, 1_000)).filter((event) => event.type === 'webhook_endpoint.disabled')
  expect(notices).toHaveLength(model.disabledNotices)
}

type EndpointCommand = fc.AsyncCommand<Model, Real>

class Switch implements EndpointCommand {
  constructor(readonly on: boolean) {}
  check = () => true
  async run(model: Model, real: Real) {
    const updated = await real.service.update(real.scope, real.endpointId, { enabled: this.on })
    expect(updated.ok).toBe(true)
    if (this.on) {
      // Turning a disabled endpoint back on gives it a fresh streak; an enabled one is left as it is.
      if (model.status === 'disabled')
        Object.assign(model, { status: 'enabled', disabledReason: null, failingSince: null })
    } else Object.assign(model, { status: 'disabled', disabledReason: 'manual' })
    await checkAgreement(model, real)
  }
  toString = () => (this.on ? 'enable' : 'disable')
}

class SendTest implements EndpointCommand {
  check = () => true
  async run(model: Model, real: Real) {
    const calls = real.receiver.calls
    const sent = await real.service.sendTest(real.scope, real.endpointId)
    if (model.status === 'disabled') {
      // A disabled endpoint refuses the test send and is not called.
      expect(sent.ok ? null : sent.error._tag).toBe('WebhookEndpointDisabled')
      expect(real.receiver.calls).toBe(calls)
    } else {
      expect(sent.ok).toBe(true)
      expect(real.receiver.calls).toBe(calls + 1)
      if (model.up) model.failingSince = null
      else {
        model.failingSince ??= model.now
        if (model.now - model.failingSince >= 72 * HOUR) {
          Object.assign(model, { status: 'disabled', disabledReason: 'failing' })
          model.disabledNotices++
        }
      }
    }
    await checkAgreement(model, real)
  }
  toString = () => 'send-test'
}

class Wait implements EndpointCommand {
  constructor(readonly hours: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    model.now += this.hours * HOUR
    real.setNow(model.now)
    // Time alone moves nothing: only an attempt's outcome does.
    await checkAgreement(model, real)
  }
  toString = () => `wait(${this.hours} h)`
}

class Receiver implements EndpointCommand {
  constructor(readonly up: boolean) {}
  check = () => true
  async run(model: Model, real: Real) {
    model.up = this.up
    real.receiver.up = this.up
    await checkAgreement(model, real)
  }
  toString = () => (this.up ? 'receiver-up' : 'receiver-down')
}

// Long waits between test sends, so that failure streaks reach the 72 hours that switch an endpoint off.
const commands = [
  fc.boolean().map((on) => new Switch(on)),
  fc.constant(new SendTest()),
  fc.constant(new SendTest()),
  fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 24, max: 80 })).map((hours) => new Wait(hours)),
  fc.boolean().map((up) => new Receiver(up)),
]

describe('Webhook endpoint: WebhookEndpointService and its dispatcher follow the enabled/disabled machine (model-based)', () => {
  it('keeps the stored status, reason, failure streak and disabled notices in agreement with the model', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.commands(commands, { maxCommands: 40, size: 'medium' }),
        async (up, sequence) => {
          const real = harness()
          real.receiver.up = up
          const created = await real.service.create(real.scope, { url: 'http://127.0.0.1:9/hook', events: ['*'] })
          if (!created.ok) throw new Error(`endpoint not created: ${created.error._tag}`)
          real.endpointId = created.value.endpoint.id
          const model: Model = {
            now: T0,
            up,
            status: 'enabled',
            disabledReason: null,
            failingSince: null,
            disabledNotices: 0,
          }
          await checkAgreement(model, real)
          await fc.asyncModelRun(() => ({ model, real }), sequence)
        },
      ),
      { numRuns: 100 },
    )
  })
})
