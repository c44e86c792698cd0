import { Schema } from 'effect'
import type { EndpointContract } from './endpoint.js'

export const AdvanceTimeRequest = Schema.Struct({
  seconds: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 366 * 24 * 3600 })),
}).annotate({ identifier: 'AdvanceTimeRequest' })

export const SandboxClock = Schema.Struct({
  object: Schema.Literal('test_clock'),
  now: Schema.String,
  offset_seconds: Schema.Int,
  work_items_run: Schema.Int,
  livemode: Schema.Boolean,
  request_id: Schema.String,
}).annotate({ identifier: 'SandboxClock' })

/** The SandboxClock endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const SandboxClockEndpoints = {
  advanceTime: {
    operationId: 'advanceTime',
    permission: { resource: 'test_helpers', access: 'write' },
    method: 'POST',
    path: '/v1/test_helpers/advance_time',
    summary: "Move the account's sandbox clock forward and run the work that falls due",
    description:
      "Moves the account's sandbox clock forward by `seconds` and runs the work that falls due meanwhile (departure recomputes, reminders, webhooks). Sandbox only; the clock never goes back.",
    tag: 'Test helpers',
    body: AdvanceTimeRequest,
    response: SandboxClock,
    sandboxOnly: true,
  },
} as const satisfies Record<string, EndpointContract>
