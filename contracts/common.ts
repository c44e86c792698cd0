import { Schema, Struct } from 'effect'
import { IANAZone } from 'luxon'
import { DEFAULT_PAGE_LIMIT, type PageRequest } from '../core/shared/pagination.js'

/**
 * What a filtered string is in the OpenAPI document. A filter of ours is code, which JSON Schema cannot carry: without
 * this it would vanish from the document, leaving a bare `string` looser than the server. `format` names the
 * standard form, `pattern` (when given) is the server's own test of the text.
 */
export const described = (jsonSchema: Record<string, unknown>) => ({
  ...jsonSchema,
  toJsonSchema: () => jsonSchema,
})

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/

/** Whether the date part names a day of the calendar (no 30 February): `Date.parse` would roll it over. */
const isCalendarDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * RFC 3339 (ISO 8601 with seconds and a UTC offset), as every datetime on the wire: what JSON Schema's `date-time`
 * format is, with the seconds required (since 2026-11, issue 29: a datetime without them was taken before, although
 * the document said `date-time`).
 */
export const DateTime = Schema.String.check(
  Schema.makeFilter((value: string) => {
    const parts = DATE_TIME.exec(value)
    return parts !== null && isCalendarDay(Number(parts[1]), Number(parts[2]), Number(parts[3]))
      ? undefined
      : 'expected an RFC 3339 datetime with seconds and a UTC offset, such as 2026-05-20T09:30:00Z'
  }),
).annotate({
  description: 'RFC 3339 datetime with a UTC offset',
  ...described({ format: 'date-time', pattern: DATE_TIME.source }),
})

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/

export const Email = Schema.String.check(
  Schema.makeFilter((value: string) =>
    value.length <= 254 && EMAIL.test(value) ? undefined : 'expected an e-mail address',
  ),
).annotate({
  description: 'E-mail address',
  ...described({ format: 'email', maxLength: 254, pattern: EMAIL.source }),
})

export const Timezone = Schema.String.check(
  Schema.makeFilter((value: string) =>
    IANAZone.isValidZone(value) ? undefined : 'expected an IANA timezone such as Europe/Paris',
  ),
).annotate({ description: 'IANA timezone', ...described({ minLength: 1 }) })

/** `HH:mm`, 24-hour clock. */
export const ClockTime = Schema.String.check(
  Schema.makeFilter((value: string) =>
    /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? undefined : 'expected a time of day as HH:mm (00:00 to 23:59)',
  ),
).annotate({ description: 'Time of day, HH:mm', ...described({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' }) })

export const boundedString = (max: number) =>
  Schema.String.check(
    Schema.makeFilter((value: string) => (value.length <= max ? undefined : `must be at most ${max} characters`)),
  ).annotate(described({ maxLength: max }))

export const intBetween = (minimum: number, maximum: number) => Schema.Int.check(Schema.isBetween({ minimum, maximum }))

/** Query strings carry text: integers arrive as digits, and the document says `integer` (OpenAPI's form style). */
export const IntFromQuery = (minimum: number, maximum: number) =>
  Schema.String.check(
    Schema.makeFilter((value: string) => {
      const n = Number(value)
      return /^-?\d+$/.test(value) && n >= minimum && n <= maximum
        ? undefined
        : `expected an integer from ${minimum} to ${maximum}`
    }),
  ).annotate(described({ type: 'integer', minimum, maximum }))

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

/** The page a list request asks for, from its validated `ListQuery` fields (`limit` defaults to 10). */
export const pageRequestOf = (query: {
  readonly limit?: string | undefined
  readonly starting_after?: string | undefined
  readonly ending_before?: string | undefined
}): PageRequest => ({
  limit: Number(query.limit ?? DEFAULT_PAGE_LIMIT),
  startingAfter: query.starting_after,
  endingBefore: query.ending_before,
})

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
