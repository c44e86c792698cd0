import fc from 'fast-check'
import { API_VERSIONS } from '../../contracts/versions.js'
import { fillPath, ID_PREFIX_BY_COLLECTION, PUSH_KEYS, RETURN_URL } from './fixtures.js'
import type { FuzzRequest, SurfaceName } from './fuzz-service.js'
import type { JsonSchema, Operation } from './openapi-operations.js'

/** What a request's generator reads while it generates: ids grow as the run creates resources. */
export interface GenerationContext {
  readonly surface: SurfaceName
  readonly resolve: (schema: JsonSchema) => JsonSchema
  /** Ids of the owner on this surface, by prefix, newest first. */
  readonly ownIds: (prefix: string) => readonly string[]
  /** Ids that are not the owner's on this surface: the other surface's, the other account's. */
  readonly foreignIds: (prefix: string) => readonly string[]
  readonly hookUrl: string
  readonly keys: { readonly own: string; readonly otherSurface: string; readonly otherAccount: string }
  /** Only the owner's newest id of each kind, never a foreign or unknown one (a request that must find its objects). */
  readonly ownIdsOnly?: boolean
  /** Headers that authenticate a body by signature (the mail provider's notices), for operations that take one. */
  readonly sign?: (operation: Operation, payload: string | Buffer) => Record<string, string> | undefined
}

/** A generated request and what was broken in it (`none` for a valid-shaped one). */
export interface GeneratedRequest {
  readonly broken: string
  readonly request: FuzzRequest
}

const PREFIXES = [...new Set(Object.values(ID_PREFIX_BY_COLLECTION))]
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz'

// ---------------------------------------------------------------------------------------------------------------
// Ids

const fabricatedId = (prefix: string): fc.Arbitrary<string> =>
  fc
    .array(fc.constantFrom(...CROCKFORD), { minLength: 26, maxLength: 26 })
    .map((chars) => `${prefix}_${chars.join('')}`)

/** Mostly the owner's newest resource of that kind, sometimes an older one, a foreign one, or an unknown one. */
const idOf = (prefix: string, context: GenerationContext): fc.Arbitrary<string> => {
  const own = context.ownIds(prefix)
  if (context.ownIdsOnly === true && own.length > 0) return fc.constant(own[0]!)
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.nat().chain((n) => {
        const ids = context.ownIds(prefix)
        if (ids.length === 0) return fabricatedId(prefix)
        return fc.constant(n % 3 === 0 ? ids[n % ids.length]! : ids[0]!)
      }),
    },
    {
      weight: 1,
      arbitrary: fc.nat().chain((n) => {
        const ids = context.foreignIds(prefix)
        return ids.length === 0 ? fabricatedId(prefix) : fc.constant(ids[n % ids.length]!)
      }),
    },
    { weight: 1, arbitrary: fabricatedId(prefix) },
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Valid-shaped values, from the schema and the field's name (the document says `string` where the contract
// checks a datetime, an e-mail, an id...)

const isoIn = (fromHours: number, toHours: number): fc.Arbitrary<string> =>
  fc.integer({ min: fromHours * 60, max: toHours * 60 }).map((minutes) => {
    const base = Math.floor(Date.now() / 60_000) * 60_000
    return new Date(base + minutes * 60_000).toISOString()
  })

const TIMEZONES = ['Europe/Paris', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Australia/Lord_Howe']

const hinted = (name: string, schema: JsonSchema, context: GenerationContext): fc.Arbitrary<unknown> | undefined => {
  if (name === 'expirationTime')
    return fc.option(
      fc.integer({ min: 0, max: 10 ** 10 }).map((ms) => Date.now() + ms),
      { nil: null },
    )
  if (name === 'attendees' && schema.type === 'object')
    return fc.record(
      { email: hinted('email', { type: 'string' }, context)!, name: fc.string({ minLength: 1, maxLength: 20 }) },
      { requiredKeys: ['email'] },
    )
  if (schema.type === 'array') {
    if (name === 'events')
      // Rarely everything: each subscription to '*' makes every later notification one more delivery to run.
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(['*']) },
        {
          weight: 6,
          arbitrary: fc.subarray(['user.deleted', 'invitation.bounced', 'reminder.dismissed'], { minLength: 1 }),
        },
      )
    if (name === 'recurrence') return fc.constantFrom([], ['RRULE:FREQ=DAILY;COUNT=3'])
    return undefined
  }
  if (name === 'seconds' && schema.type === 'integer') return fc.integer({ min: 1, max: 600 })
  if (schema.type !== 'string' || schema.enum !== undefined) return undefined
  switch (name) {
    case 'email':
    case 'to':
      return fc.integer({ min: 0, max: 999 }).map((n) => `fuzz${n}@example.com`)
    case 'timezone':
      return fc.constantFrom(...TIMEZONES)
    case 'start_time':
    case 'start_time[gte]':
      return isoIn(24, 30)
    case 'end_time':
    case 'start_time[lt]':
      return isoIn(31, 36)
    case 'arrive_by':
      return isoIn(1, 30)
    case 'custom_time':
      return isoIn(1, 20)
    case 'occurred_at':
      return isoIn(-2, 0)
    case 'recorded_at':
      // A location fix of now (rounded down to the minute): neither ahead of the clock nor stale.
      return isoIn(0, 0)
    case 'quiet_hours_start':
    case 'quiet_hours_end':
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
    case 'user_id':
      return idOf('usr', context)
    case 'event_id':
      return idOf('evt', context)
    case 'invitation_id':
      return idOf('inv', context)
    case 'calendar_id':
      return idOf('cal', context)
    case 'starting_after':
    case 'ending_before':
      return fc.constantFrom(...PREFIXES).chain((prefix) => idOf(prefix, context))
    case 'url':
      return fc.constant(context.hookUrl)
    case 'return_url':
      return fc.constant(RETURN_URL)
    case 'endpoint':
      return fc.integer({ min: 0, max: 99 }).map((n) => `https://push.example.com/fuzz/${n}`)
    case 'p256dh':
      return fc.constant(PUSH_KEYS.p256dh)
    case 'auth':
      return fc.constant(PUSH_KEYS.auth)
    case 'limit':
      return fc.integer({ min: 1, max: 100 }).map(String)
    default:
      return undefined
  }
}

/** Fields that go together, and fields of which a request names one at most. */
const TOGETHER = [
  ['lat', 'lng'],
  ['quiet_hours_start', 'quiet_hours_end'],
] as const
const EXCLUSIVE = [
  ['offset_minutes', 'custom_time'],
  ['starting_after', 'ending_before'],
] as const

/** Makes an object of independently generated fields one the API accepts. */
export const coherent = <T extends Record<string, unknown>>(value: T): T => {
  const result: Record<string, unknown> = { ...value }
  for (const [first, second] of TOGETHER)
    if (first in result !== second in result) {
      delete result[first]
      delete result[second]
    }
  for (const [first, second] of EXCLUSIVE) if (first in result && second in result) delete result[second]
  return result as T
}

const isNullSchema = (schema: JsonSchema): boolean => schema.type === 'null'

/** A value the schema (and the name's hint) accepts. */
export const validValue = (schema: JsonSchema, name: string, context: GenerationContext): fc.Arbitrary<unknown> => {
  const resolved = context.resolve(schema)
  const hint = hinted(name, resolved, context)
  if (hint !== undefined) return hint
  if (resolved.enum !== undefined) return fc.constantFrom(...resolved.enum)
  if (resolved.anyOf !== undefined)
    return fc.oneof(
      ...resolved.anyOf.map((branch) => ({
        weight: isNullSchema(context.resolve(branch)) ? 1 : 4,
        arbitrary: validValue(branch, name, context),
      })),
    )
  // `{ not: { type: 'null' } }`: the empty body of an action (`POST .../deactivate`).
  if (resolved.not !== undefined) return fc.constant({})
  switch (resolved.type) {
    case 'object': {
      const properties = resolved.properties ?? {}
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, validValue(property, key, context)]),
      )
      return fc.record(model, { requiredKeys: [...(resolved.required ?? [])] }).map(coherent)
    }
    case 'array':
      return fc.array(validValue(resolved.items ?? {}, name, context), {
        minLength: resolved.minItems ?? 0,
        maxLength: Math.max(resolved.minItems ?? 0, Math.min(resolved.maxItems ?? 3, 3)),
      })
    case 'integer':
      return fc.integer({ min: resolved.minimum ?? -1000, max: resolved.maximum ?? 1000 })
    case 'number':
      return fc.double({
        min: resolved.minimum ?? -1e6,
        max: resolved.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'string':
      return fc.string({ minLength: 1, maxLength: Math.min(resolved.maxLength ?? 24, 24) })
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Broken values

const LONE_SURROGATES = ['\uD800', '\uDFFF', 'a\uD83Db', '\uDC00\uD800']
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  ...LONE_SURROGATES,
  '\u202Eevil',
  '\uFEFF',
  '💥🧨',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e400',
  '0x10',
  '../../etc/passwd',
  '%00',
  '%FF',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '{"$gt":""}',
  '$where',
  '__proto__',
  '\r\nX-Injected: 1',
  'Infinity',
  '2026-02-30T10:00:00Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2026-05-20T09:30:00+99:99',
  '2026-05-20T09:30:00.1234567891Z',
  '2026-05-20',
  'Europe/Nowhere',
  '25:61',
  'mailto:a@b.c',
  'a@b',
  'http://[::1',
  'https://user:pass@example.com/',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data',
  'RRULE:FREQ=SECONDLY;COUNT=100000000',
  'RRULE:',
]

const hugeString = fc
  .constantFrom(300, 5_000, 70_000, 600_000)
  .chain((length) =>
    fc.constantFrom('a', 'é', '😀', '\u0000').map((unit) => unit.repeat(Math.ceil(length / unit.length))),
  )

const strangeString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...PREFIXES).chain(fabricatedId) },
  { weight: 1, arbitrary: fc.constantFrom(...PREFIXES).map((prefix) => `${prefix}_`) },
  { weight: 1, arbitrary: hugeString },
)

/** JSON text put in place of a value (numbers JSON.stringify cannot write, deep nesting). */
class RawJson {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `${RAW_MARK}${this.text}${RAW_MARK}`
  }
}
// Printable: JSON.stringify would escape a control character, and the splice would not find it.
const RAW_MARK = '~fuzz-raw~'

const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(64, 1_000, 10_000, 100_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
      : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  )

const brokenNumber = (schema: JsonSchema): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(
      (schema.minimum ?? 0) - 1,
      (schema.maximum ?? 0) + 1,
      (schema.minimum ?? 0) - 0.5,
      1.5,
      -0,
      1e308,
      -1e308,
      2 ** 53 + 2,
      -(2 ** 63),
      Number.MIN_VALUE,
    ),
    fc
      .constantFrom('1e999', '-1e999', '123456789012345678901234567890', '1E+2', '-0.0', '0.1e-400')
      .map((text) => new RawJson(text)),
    fc.double(),
  )

const wrongType: fc.Arbitrary<unknown> = fc.constantFrom(0, -1, 1.5, true, false, null, '', 'x', [], {}, [1], {
  a: 1,
})

/** A value that breaks a field: of another type, out of bounds, of a bad format, huge, or deeply nested. */
const brokenValue = (schema: JsonSchema | undefined): fc.Arbitrary<{ what: string; value: unknown }> => {
  const numeric = schema?.type === 'integer' || schema?.type === 'number'
  return fc.oneof(
    { weight: 3, arbitrary: wrongType.map((value) => ({ what: 'wrong type', value })) },
    {
      weight: numeric ? 4 : 1,
      arbitrary: brokenNumber(schema ?? {}).map((value) => ({ what: 'bad number', value })),
    },
    { weight: numeric ? 1 : 5, arbitrary: strangeString.map((value) => ({ what: 'bad string', value })) },
    { weight: 1, arbitrary: deepNesting.map((value) => ({ what: 'deep nesting', value })) },
    {
      weight: 1,
      arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ what: 'random JSON', value })),
    },
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

type Path = readonly (string | number)[]

/** Every place of a JSON value, with the schema that describes it when known. */
const placesOf = (
  value: unknown,
  schema: JsonSchema | undefined,
  context: GenerationContext,
  path: Path = [],
): { path: Path; schema: JsonSchema | undefined; value: unknown }[] => {
  const resolved = schema === undefined ? undefined : context.resolve(schema)
  const branch =
    resolved?.anyOf?.map(context.resolve).find((candidate) => candidate.type !== 'null' && value !== null) ?? resolved
  const here = { path, schema: branch, value }
  if (Array.isArray(value))
    return [here, ...value.flatMap((item, index) => placesOf(item, branch?.items, context, [...path, index]))]
  if (value !== null && typeof value === 'object')
    return [
      here,
      ...Object.entries(value).flatMap(([key, item]) =>
        placesOf(item, branch?.properties?.[key], context, [...path, key]),
      ),
    ]
  return [here]
}

const setAt = (root: unknown, path: Path, value: unknown): unknown => {
  if (path.length === 0) return value
  const [head, ...rest] = path
  if (Array.isArray(root)) return root.map((item, index) => (index === head ? setAt(item, rest, value) : item))
  return { ...(root as Record<string, unknown>), [head!]: setAt((root as Record<string, unknown>)[head!], rest, value) }
}

/** JSON text of a body whose `RawJson` values are spliced in as they are. */
const toJsonText = (body: unknown): string => {
  const text = JSON.stringify(body)
  return text.replace(new RegExp(`"${RAW_MARK}(.*?)${RAW_MARK}"`, 'gs'), (_, raw: string) => raw.replaceAll('\\"', '"'))
}

interface Parts {
  readonly method: string
  readonly pathValues: Readonly<Record<string, string>>
  /** Raw `name=value` pairs, already encoded. */
  readonly query: readonly string[]
  /** A JSON value to send, `undefined` for none. */
  readonly body: unknown
  /** Raw bytes instead of `body`. */
  readonly payload?: string | Buffer
  readonly headers: Readonly<Record<string, string>>
}

const encodeValue = (value: string): string => {
  try {
    return encodeURIComponent(value)
  } catch {
    // A lone surrogate: its would-be UTF-8 bytes, which are not valid UTF-8.
    return '%ED%A0%80'
  }
}

const queryPairs = (query: Readonly<Record<string, unknown>>): string[] =>
  Object.entries(query).flatMap(([name, value]) =>
    [value].flat().map((item) => `${encodeValue(name)}=${encodeValue(String(item))}`),
  )

const MUTATING = new Set(['POST', 'PATCH', 'DELETE', 'PUT'])

const validParts = (operation: Operation, context: GenerationContext): fc.Arbitrary<Parts> => {
  const pathValues = fc.record(
    Object.fromEntries(
      operation.pathParameters.map((parameter) => [
        parameter.name,
        parameter.prefix === undefined ? fc.string({ minLength: 1, maxLength: 20 }) : idOf(parameter.prefix, context),
      ]),
    ),
  )
  const query = fc
    .record(
      Object.fromEntries(
        operation.query.map((parameter) => [parameter.name, validValue(parameter.schema, parameter.name, context)]),
      ),
      { requiredKeys: operation.query.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
    )
    .map(coherent)
  const body = operation.body === undefined ? fc.constant(undefined) : validValue(operation.body, '', context)
  const idempotencyKey = MUTATING.has(operation.method)
    ? fc.option(fc.uuid(), { freq: 3, nil: undefined })
    : fc.constant(undefined)
  return fc.record({ pathValues, query, body, idempotencyKey }).map(({ pathValues, query, body, idempotencyKey }) => ({
    method: operation.method,
    pathValues: Object.fromEntries(Object.entries(pathValues).map(([name, value]) => [name, encodeValue(value)])),
    query: queryPairs(query),
    body,
    headers: {
      authorization: `Bearer ${context.keys.own}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
  }))
}

type Mutation = (parts: Parts) => fc.Arbitrary<{ broken: string; parts: Parts }>

const bodyFieldBroken =
  (operation: Operation, context: GenerationContext): Mutation =>
  (parts) => {
    const places = placesOf(parts.body, operation.body, context)
    return fc.constantFrom(...places).chain((place) =>
      brokenValue(place.schema).map(({ what, value }) => ({
        broken: `body ${place.path.join('.') || '(root)'}: ${what}`,
        parts: { ...parts, body: setAt(parts.body, place.path, value) },
      })),
    )
  }

const UNKNOWN_KEYS = [
  'foo',
  '__proto__',
  'constructor',
  'prototype',
  '',
  '$where',
  'a.b',
  'x'.repeat(1_000),
  '\u0000',
  '\uD800',
  'livemode',
  'id',
  'request_id',
  'object',
]

const bodyUnknownField =
  (operation: Operation, context: GenerationContext): Mutation =>
  (parts) => {
    const objects = placesOf(parts.body, operation.body, context).filter(
      (place) => place.value !== null && typeof place.value === 'object' && !Array.isArray(place.value),
    )
    if (objects.length === 0) return fc.constant({ broken: 'none', parts })
    return fc
      .tuple(fc.constantFrom(...objects), fc.constantFrom(...UNKNOWN_KEYS), fc.jsonValue({ maxDepth: 2 }))
      .map(([place, key, value]) => {
        // `__proto__` as an own key, as JSON.parse makes it.
        const target = { ...(place.value as Record<string, unknown>) }
        Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true })
        return {
          broken: `body ${place.path.join('.') || '(root)'}: unknown field ${JSON.stringify(key.slice(0, 20))}`,
          parts: { ...parts, body: setAt(parts.body, place.path, target) },
        }
      })
  }

const MALFORMED_JSON: readonly (string | Buffer)[] = [
  '{',
  '{"a":1',
  '{"a":}',
  "{'a':1}",
  '{"a":1}}',
  '{"a":1} x',
  'nul',
  'NaN',
  '[',
  '\uFEFF{}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1,"a":2}',
  '{"title":"\\ud800"}',
  '{"title":"\\u0000"}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  ' ',
  '\n\t',
  '1',
  '"s"',
  'true',
  'null',
  '[]',
  '[{}]',
  '{"a":1e999}',
]

const malformedBody: Mutation = (parts) =>
  fc
    .oneof(
      { weight: 8, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
      { weight: 1, arbitrary: fc.constant(`{"a":"${'x'.repeat(BODY_OVER_LIMIT)}"}`) },
    )
    .map((payload) => ({
      broken: `payload ${JSON.stringify(payload.toString().slice(0, 40))}`,
      parts: { ...parts, body: undefined, payload, headers: { ...parts.headers, 'content-type': 'application/json' } },
    }))
const BODY_OVER_LIMIT = 1024 * 1024 + 10

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json;charset=UTF-8',
  'APPLICATION/JSON',
  'application/jsonp',
  'application/vnd.api+json',
  'application/json, text/plain',
  '*/*',
  ';',
  'application/json; charset=',
  'application/json; boundary="',
]

const wrongContentType: Mutation = (parts) =>
  fc.oneof(
    fc.constantFrom(...CONTENT_TYPES).map((type) => ({
      broken: `content-type ${type}`,
      parts: { ...parts, headers: { ...parts.headers, 'content-type': type } },
    })),
    fc.constant(null).map(() => {
      const { 'content-type': _dropped, ...headers } = parts.headers
      return {
        broken: 'no content-type',
        parts: { ...parts, headers, payload: toJsonText(parts.body ?? {}), body: undefined },
      }
    }),
  )

const brokenPathValue = (
  context: GenerationContext,
  prefix: string | undefined,
): fc.Arbitrary<{ what: string; value: string }> => {
  const choices: fc.WeightedArbitrary<{ what: string; value: string }>[] = [
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...PREFIXES.filter((other) => other !== prefix))
        .chain((other) => idOf(other, context))
        .map((value) => ({ what: 'an id of another kind', value })),
    },
    {
      weight: 3,
      arbitrary: fc.nat().map((n) => {
        const foreign = context.foreignIds(prefix ?? 'usr')
        return { what: 'a foreign id', value: foreign[n % Math.max(foreign.length, 1)] ?? `${prefix}_x` }
      }),
    },
    { weight: 2, arbitrary: fabricatedId(prefix ?? 'usr').map((value) => ({ what: 'an unknown id', value })) },
    {
      weight: 3,
      arbitrary: strangeString
        .filter((value) => value.length <= 30 && value !== '')
        .map((value) => ({ what: 'a strange string', value: encodeValue(value) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '..',
          '.',
          '%2F',
          '%2e%2e',
          'a%2Fb',
          '%20',
          '+',
          '*',
          '~',
          '%3F',
          '%23',
          '%00',
          'usr_%00',
          'USR_X',
          '_',
        )
        .map((value) => ({ what: 'a raw segment', value })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 95, max: 5_000 }).map((length) => ({
        what: `a ${length}-character id`,
        value: `${prefix ?? 'x'}_${'a'.repeat(length)}`.slice(0, length),
      })),
    },
  ]
  choices.push({
    weight: 1,
    arbitrary: fc
      .constantFrom('%', '%Z1', '%FF', '%C0%AF', '%ED%A0%80', 'a%')
      .map((value) => ({ what: 'bad percent-encoding', value })),
  })
  return fc.oneof(...choices)
}

const pathBroken =
  (operation: Operation, context: GenerationContext): Mutation =>
  (parts) =>
    fc.constantFrom(...operation.pathParameters).chain((parameter) =>
      brokenPathValue(context, parameter.prefix).map(({ what, value }) => ({
        broken: `path ${parameter.name}: ${what}`,
        parts: { ...parts, pathValues: { ...parts.pathValues, [parameter.name]: value } },
      })),
    )

const queryBroken =
  (operation: Operation): Mutation =>
  (parts) => {
    const names = [...operation.query.map((parameter) => parameter.name), 'limit']
    return fc
      .oneof(
        fc
          .tuple(
            fc.constantFrom(...names),
            strangeString.filter((value) => value.length < 10_000),
          )
          .map(([name, value]) => ({ what: `${name}: bad value`, pair: `${encodeValue(name)}=${encodeValue(value)}` })),
        fc
          .tuple(
            fc.constantFrom(...names),
            fc.constantFrom('0', '101', '-1', '1.0', '1e1', ' 1', '01', '', '9'.repeat(30)),
          )
          .map(([name, value]) => ({
            what: `${name}: bad number`,
            pair: `${encodeValue(name)}=${encodeValue(value)}`,
          })),
        fc
          .constantFrom(
            'foo=1',
            '__proto__=1',
            'constructor=1',
            'limit[]=1',
            'a[b][c]=1',
            '=1',
            'limit',
            '&&',
            'expand[]=x',
            'user_id[$ne]=1',
          )
          .map((pair) => ({ what: 'odd parameter', pair })),
        fc.constantFrom(...names).map((name) => ({ what: `${name} twice`, pair: `${name}=1&${name}=2` })),
        fc
          .constantFrom('%', '%zz', 'a=%FF', 'a=%00', '%FF=1', 'limit=%ED%A0%80')
          .map((pair) => ({ what: 'bad percent-encoding in the query', pair })),
      )
      .map(({ what, pair }) => ({ broken: `query ${what}`, parts: { ...parts, query: [...parts.query, pair] } }))
  }

const headerBroken =
  (context: GenerationContext): Mutation =>
  (parts) => {
    const { authorization: _key, ...keyless } = parts.headers
    const authorization = fc.constantFrom(
      ...[
        `Bearer ${context.keys.otherSurface}`,
        `Bearer ${context.keys.otherAccount}`,
        'Bearer',
        'Bearer ',
        `bearer ${context.keys.own}`,
        `Bearer ${context.keys.own} `,
        `Bearer ${context.keys.own}x`,
        `Basic ${Buffer.from(`${context.keys.own}:`).toString('base64')}`,
        'Bearer sk_test_',
        'Bearer sk_live_\u0000',
        `Bearer ${'sk_test_'.padEnd(5_000, 'a')}`,
      ],
    )
    return fc.oneof(
      fc.constant({ broken: 'no key', parts: { ...parts, headers: keyless } }),
      authorization.map((value) => ({
        broken: `authorization ${value.slice(0, 30)}`,
        parts: { ...parts, headers: { ...keyless, authorization: value } },
      })),
      fc
        .constantFrom('', ' ', 'x'.repeat(255), 'x'.repeat(256), 'x'.repeat(10_000), 'fuzz-reused-key', '\t')
        .map((value) => ({
          broken: `idempotency-key ${JSON.stringify(value.slice(0, 20))} (${value.length})`,
          parts: { ...parts, headers: { ...parts.headers, 'idempotency-key': value } },
        })),
      fc.constantFrom('', 'garbage', '2000-01-01', '9999-99-99', '2026-05-20 ', ...API_VERSIONS).map((value) => ({
        broken: `service-version ${JSON.stringify(value)}`,
        parts: { ...parts, headers: { ...parts.headers, 'service-version': value } },
      })),
      fc
        .constantFrom(
          ['accept', 'text/html'],
          ['accept', 'application/xml'],
          ['content-encoding', 'gzip'],
          ['transfer-encoding', 'identity'],
          ['x-http-method-override', 'DELETE'],
          ['service-account', 'cpa_x'],
          ['service-signature', 't=1,v1=00'],
          ['service-signature', ''],
        )
        .map(([name, value]) => ({
          broken: `header ${name}: ${value}`,
          parts: { ...parts, headers: { ...parts.headers, [name!]: value! } },
        })),
    )
  }

const methodBroken: Mutation = (parts) =>
  fc
    .constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS')
    .filter((method) => method !== parts.method)
    .map((method) => ({ broken: `method ${method}`, parts: { ...parts, method } }))

/** Valid-shaped requests of one operation, with (mostly) one thing broken. */
export const requestArbitrary = (operation: Operation, context: GenerationContext): fc.Arbitrary<GeneratedRequest> => {
  const mutations: fc.WeightedArbitrary<Mutation>[] = [
    { weight: 6, arbitrary: fc.constant((parts: Parts) => fc.constant({ broken: 'none', parts })) },
    { weight: 2, arbitrary: fc.constant(headerBroken(context)) },
    { weight: 2, arbitrary: fc.constant(queryBroken(operation)) },
    { weight: 1, arbitrary: fc.constant(methodBroken) },
  ]
  if (operation.body !== undefined)
    mutations.push(
      { weight: 8, arbitrary: fc.constant(bodyFieldBroken(operation, context)) },
      { weight: 3, arbitrary: fc.constant(bodyUnknownField(operation, context)) },
      { weight: 2, arbitrary: fc.constant(malformedBody) },
      { weight: 2, arbitrary: fc.constant(wrongContentType) },
    )
  if (operation.pathParameters.length > 0)
    mutations.push({ weight: 5, arbitrary: fc.constant(pathBroken(operation, context)) })
  return fc
    .tuple(validParts(operation, context), fc.oneof(...mutations))
    .chain(([parts, mutation]) => mutation(parts))
    .map(({ broken, parts }) => {
      const query = parts.query.length === 0 ? '' : `?${parts.query.join('&')}`
      const payload = parts.payload ?? (parts.body === undefined ? undefined : toJsonText(parts.body))
      const signature =
        payload === undefined || 'service-signature' in parts.headers ? undefined : context.sign?.(operation, payload)
      return {
        broken,
        request: {
          surface: context.surface,
          method: parts.method,
          url: `${fillPath(operation.path, parts.pathValues)}${query}`,
          headers: { ...parts.headers, ...signature },
          ...(payload === undefined ? {} : { payload }),
        },
      }
    })
}
