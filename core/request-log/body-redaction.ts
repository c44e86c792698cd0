/**
 * What a request log keeps of a request's or a response's body: the JSON with every secret replaced by `[redacted]`
 * (and, on production, every coordinate), cut at `REQUEST_LOG_BODY_MAX_CHARS`. Secrets are found twice over: by
 * the name of the field that holds them (`secret`, `client_secret`, `refresh_token`, a push subscription's `keys`,
 * ...) and by the shape of the value wherever it appears, a URL's query included (`sk_live_...`, `whsec_...`,
 * `ort_...`, a JWT, `?token=...`), so that a secret in a field of another name is not kept either.
 */

export const REDACTED = '[redacted]'

/** The longest body text kept; a longer one is cut there (and says so). */
export const REQUEST_LOG_BODY_MAX_CHARS = 16_384

/** A body longer than this is not read at all (parsing it to redact it would cost the host more than it is worth). */
export const REQUEST_LOG_BODY_MAX_INPUT_CHARS = 262_144

/** A body too long to be kept: only its length is held until the batch (`REQUEST_LOG_BODY_MAX_INPUT_CHARS`). */
export class OmittedBody {
  constructor(readonly length: number) {}
}

/** The text as it waits for the batch: itself, or only its length when too long to be read. */
export const heldText = (text: string): string | OmittedBody =>
  text.length > REQUEST_LOG_BODY_MAX_INPUT_CHARS ? new OmittedBody(text.length) : text

export interface BodyRedactionOptions {
  /** Replace coordinates (`lat`, `lng`, ...) too: production's bodies never keep a position. */
  readonly coordinates: boolean
}

/** Field names (lower case) whose value is a secret, whatever it looks like. */
const SECRET_FIELDS = new Set([
  'secret',
  'client_secret',
  'password',
  'app_password',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'response_token',
  'consent_token',
  'code_verifier',
  'authorization',
  'api_key',
  'private_key',
  'signing_secret',
  // A Web Push subscription's keys: whoever has them can push to the device.
  'keys',
  'auth',
  'p256dh',
])

/** Any field named like a secret: `*_secret`, `*_token`, `*_password`, `*_api_key`. */
const SECRET_FIELD_SUFFIX = /(?:_secret|_token|_password|_api_key)$/

const COORDINATE_FIELDS = new Set(['lat', 'lng', 'lon', 'latitude', 'longitude'])

/**
 * Secrets by their shape: the service's keys and secrets (`sk_`/`rk_` keys, `whsec_` signing secrets, Connect's
 * `ocs_` client secrets, `ocn_` consent tokens, `ort_` refresh tokens, `irt_` invitation response tokens, `vst_`
 * voice session tokens), JWTs (Connect's access tokens), and the value of a credential-like query parameter.
 */
const SECRET_VALUE =
  /\b(?:[sr]k_(?:live|test)_|whsec_|ocs_|ocn_|ort_|irt_|vst_)[A-Za-z0-9_-]+|\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g
const SECRET_QUERY = /([?&#](?:token|code|state|access_token|refresh_token|key|secret|signature)=)[^&#\s"]+/gi

const redactText = (text: string): string =>
  text.replace(SECRET_VALUE, REDACTED).replace(SECRET_QUERY, (_match, name: string) => `${name}${REDACTED}`)

const isSecretField = (name: string, siblings: Readonly<Record<string, unknown>>): boolean => {
  const lower = name.toLowerCase()
  if (SECRET_FIELDS.has(lower) || SECRET_FIELD_SUFFIX.test(lower)) return true
  // An OAuth authorization code is a secret; `code` elsewhere is an error's code.
  return lower === 'code' && ('grant_type' in siblings || 'redirect_uri' in siblings)
}

const redactValue = (value: unknown, options: BodyRedactionOptions, depth: number): unknown => {
  if (typeof value === 'string') return redactText(value)
  if (value === null || typeof value !== 'object') return value
  // Deeper than any body of the API: kept as a mark rather than walked.
  if (depth > 32) return REDACTED
  if (Array.isArray(value)) return value.map((item) => redactValue(item, options, depth + 1))
  const object = value as Readonly<Record<string, unknown>>
  const redacted: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(object)) {
    if (isSecretField(name, object)) redacted[name] = field === null ? null : REDACTED
    else if (options.coordinates && COORDINATE_FIELDS.has(name.toLowerCase()))
      redacted[name] = field === null ? null : REDACTED
    else redacted[name] = redactValue(field, options, depth + 1)
  }
  return redacted
}

/** The value with its secrets (and coordinates when asked) replaced; the input is left untouched. */
export const redactJson = (value: unknown, options: BodyRedactionOptions): unknown => redactValue(value, options, 0)

const cut = (text: string): string =>
  text.length <= REQUEST_LOG_BODY_MAX_CHARS
    ? text
    : `${text.slice(0, REQUEST_LOG_BODY_MAX_CHARS)}… [cut: ${text.length} characters in all]`

/**
 * The text a request log keeps of a body: a parsed body (the request's) or the text sent (the response's, parsed as
 * JSON here), redacted and cut; null when there was no body. A text that is not JSON is not kept, only its length: it
 * could hold anything, and nothing here knows where its secrets are.
 */
export const redactBody = (body: unknown, options: BodyRedactionOptions): string | null => {
  if (body === undefined || body === null || body === '') return null
  if (body instanceof OmittedBody) return `[a body of ${body.length} characters: not kept]`
  let value: unknown = body
  if (typeof body === 'string') {
    const text = body
    if (text.length > REQUEST_LOG_BODY_MAX_INPUT_CHARS) return `[a body of ${text.length} characters: not kept]`
    try {
      value = JSON.parse(text)
    } catch {
      return `[a body of ${text.length} characters, not JSON: not kept]`
    }
  }
  return cut(JSON.stringify(redactJson(value, options)) ?? '')
}
