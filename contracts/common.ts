import { IANAZone } from 'luxon'
import { Schema, Struct } from 'effect'

/** ISO 8601 with a UTC offset, as every datetime on the wire. */
export const DateTime = Schema.String.check(
  Schema.makeFilter((value: string) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
    !Number.isNaN(Date.parse(value))
      ? undefined
      : 'expected an ISO 8601 datetime with a UTC offset, such as 2026-05-20T09:30:00Z',
  ),
).annotate({ description: 'ISO 8601 datetime with a UTC offset', format: 'date-time' })

export const Email = Schema.String.check(
  Schema.makeFilter((value: string) =>
    value.length <= 254 && /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/.test(value)
      ? undefined
      : 'expected an e-mail address',
  ),
).annotate({ description: 'E-mail address', format: 'email' })

export const Timezone = Schema.String.check(
  Schema.makeFilter((value: string) =>
    IANAZone.isValidZone(value) ? undefined : 'expected an IANA timezone such as Europe/Paris',
  ),
).annotate({ description: 'IANA timezone' })

/** `HH:mm`, 24-hour clock. */
export const ClockTime = Schema.String.check(
  Schema.makeFilter((value: string) =>
    /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? undefined : 'expected a time of day as HH:mm (00:00 to 23:59)',
  ),
).annotate({ description: 'Time of day, HH:mm' })

export const boundedString = (max: number) =>
  Schema.String.check(
    Schema.makeFilter((value: string) => (value.length <= max ? undefined : `must be at most ${max} characters`)),
  )

export const intBetween = (minimum: number, maximum: number) => Schema.Int.check(Schema.isBetween({ minimum, maximum }))

/** Query strings carry text: integers arrive as digits. */
export const IntFromQuery = (minimum: number, maximum: number) =>
  Schema.String.check(
    Schema.makeFilter((value: string) => {
      const n = Number(value)
      return /^-?\d+$/.test(value) && n >= minimum && n <= maximum
        ? undefined
        : `expected an integer from ${minimum} to ${maximum}`
    }),
  )

export const ResponseMeta = {
  livemode: Schema.Boolean,
  request_id: Schema.String,
}

/** Query parameters shared by every list endpoint. */
export const ListQuery = {
  limit: Schema.optionalKey(IntFromQuery(1, 100)),
  starting_after: Schema.optionalKey(boundedString(128)),
  ending_before: Schema.optionalKey(boundedString(128)),
}

/** The answer of a delete: the resource as it was when deleted, with `deleted: true`. */
export const deleted = <Fields extends Schema.Struct.Fields>(resource: Schema.Struct<Fields>) =>
  Schema.fieldsAssign({
    deleted: Schema.Literal(true).annotate({ description: 'Always true: the resource no longer exists.' }),
  })(resource)

/**
 * A resource as it appears in a list's `data`: every field but `request_id`, which
 * the list envelope carries once. Named `<Resource>ListItem` in the OpenAPI document.
 */
export const listItem = <Fields extends Schema.Struct.Fields>(resource: Schema.Struct<Fields>) => {
  const { identifier, description } = resource.ast.annotations ?? {}
  return resource.mapFields(Struct.omit(['request_id'])).annotate({
    ...(typeof identifier === 'string' ? { identifier: `${identifier}ListItem` } : {}),
    ...(typeof description === 'string' ? { description } : {}),
  })
}

export const listEnvelope = <Fields extends Schema.Struct.Fields>(item: Schema.Struct<Fields>) =>
  Schema.Struct({
    object: Schema.Literal('list'),
    data: Schema.Array(listItem(item)),
    has_more: Schema.Boolean,
    url: Schema.String,
    livemode: Schema.Boolean,
    request_id: Schema.String,
  })
