import { Schema } from 'effect'

export const HealthResource = Schema.Struct({
  object: Schema.Literal('health'),
  status: Schema.Literals(['ok', 'degraded']),
  version: Schema.String,
  livemode: Schema.Boolean,
  request_id: Schema.String,
}).annotate({ identifier: 'Health' })
