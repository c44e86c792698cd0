import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OmittedBody, REQUEST_LOG_BODY_MAX_CHARS, redactBody } from '../../core/request-log/body-redaction.js'

/** Secrets of every shape the service hands out, with random tails. */
const tail = fc.stringMatching(/^[A-Za-z0-9]{16,40}$/)
const secret = fc.oneof(
  tail.map((t) => `sk_live_${t}`),
  tail.map((t) => `sk_test_${t}`),
  tail.map((t) => `rk_live_${t}`),
  tail.map((t) => `whsec_${t}`),
  tail.map((t) => `ocs_${t}`),
  tail.map((t) => `ort_${t}`),
  tail.map((t) => `irt_${t}`),
  tail.map((t) => `vst_${t}`),
  fc.tuple(tail, tail, tail).map(([a, b, c]) => `eyJ${a}.${b}.${c}`),
)
/** Where a secret may sit: a field of any name, or inside a text (a sentence, a link's query). */
const carrier = (value: string) =>
  fc.oneof(
    fc.constant(value),
    fc.constant(`Bearer ${value}`),
    fc.constant(`https://example.com/respond?token=${value}&x=1`),
    fc.constant(`the key ${value} was rolled`),
  )
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value

/** Puts `inner` somewhere in `outer` (a new field of a random name, an array item, or the whole). */
const plant = (outer: unknown, name: string, inner: unknown): unknown => {
  if (Array.isArray(outer)) return [...outer, inner]
  if (outer !== null && typeof outer === 'object') return { ...outer, [name]: inner }
  return { [name]: inner, other: outer }
}

describe('request log bodies never keep a secret', () => {
  it('a key, signing secret or token planted anywhere in a body, in any field, never survives', () => {
    fc.assert(
      fc.property(
        json,
        fc.string({ maxLength: 10 }),
        secret.chain((s) => fc.tuple(fc.constant(s), carrier(s))),
        (body, name, [value, carried]) => {
          const text = redactBody(plant(body, name, carried), { coordinates: false })
          expect(text ?? '').not.toContain(value)
          // The same as the response's text.
          expect(redactBody(JSON.stringify(plant(body, name, carried)), { coordinates: false }) ?? '').not.toContain(
            value,
          )
        },
      ),
    )
  })

  it('secret fields are redacted whatever their value looks like', () => {
    const body = {
      secret: 'plain',
      client_secret: 'anything',
      refresh_token: 'opaque',
      push_subscription: { endpoint: 'https://push.example/1', keys: { p256dh: 'pk', auth: 'a' } },
      app_password: 'abcd-efgh',
    }
    expect(JSON.parse(redactBody(body, { coordinates: false }) ?? '')).toEqual({
      secret: '[redacted]',
      client_secret: '[redacted]',
      refresh_token: '[redacted]',
      push_subscription: { endpoint: 'https://push.example/1', keys: '[redacted]' },
      app_password: '[redacted]',
    })
  })

  it("an OAuth authorization code is redacted; an error's code is kept", () => {
    expect(
      JSON.parse(redactBody({ grant_type: 'authorization_code', code: 'abc' }, { coordinates: false }) ?? ''),
    ).toEqual({
      grant_type: 'authorization_code',
      code: '[redacted]',
    })
    const error = { error: { type: 'invalid_request_error', code: 'parameter_invalid', param: 'email' } }
    expect(JSON.parse(redactBody(JSON.stringify(error), { coordinates: false }) ?? '')).toEqual(error)
  })
})

describe('production bodies never keep a position', () => {
  it('every coordinate, however deep, is redacted on production and kept on the sandbox', () => {
    const body = { start_location: { lat: 52.5, lng: 13.4 }, trail: [{ latitude: 1, longitude: 2 }], place: null }
    expect(JSON.parse(redactBody(body, { coordinates: true }) ?? '')).toEqual({
      start_location: { lat: '[redacted]', lng: '[redacted]' },
      trail: [{ latitude: '[redacted]', longitude: '[redacted]' }],
      place: null,
    })
    expect(JSON.parse(redactBody(body, { coordinates: false }) ?? '')).toEqual(body)
  })

  it('no number planted under a coordinate name survives on production', () => {
    fc.assert(
      fc.property(
        json,
        fc.constantFrom('lat', 'lng', 'latitude', 'longitude', 'LAT'),
        fc.double({ min: -90, max: 90, noNaN: true }),
        (body, name, value) => {
          const planted = plant(body, 'location', { [name]: value })
          const kept = JSON.parse(redactBody(planted, { coordinates: true }) ?? 'null')
          expect(JSON.stringify(kept)).not.toContain(`"${name}":${JSON.stringify(value)}`)
        },
      ),
    )
  })
})

describe('bodies are bounded', () => {
  it('a long body is cut and says so; a text that is not JSON and a body too long to read are not kept', () => {
    const long = redactBody({ text: 'x'.repeat(REQUEST_LOG_BODY_MAX_CHARS * 2) }, { coordinates: false }) ?? ''
    expect(long.length).toBeLessThan(REQUEST_LOG_BODY_MAX_CHARS + 100)
    expect(long).toMatch(/cut: \d+ characters in all/)
    expect(redactBody('<html>sk_live_abc</html>', { coordinates: false })).toBe(
      '[a body of 24 characters, not JSON: not kept]',
    )
    expect(redactBody(new OmittedBody(999_999), { coordinates: false })).toBe('[a body of 999999 characters: not kept]')
    expect(redactBody(undefined, { coordinates: false })).toBeNull()
  })
})
