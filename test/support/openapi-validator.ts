import { appendFileSync } from 'node:fs'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import ajvFormats from 'ajv-formats'

/**
 * An independent check that the served OpenAPI document says what the server does: every exchange the HTTP suites
 * make (and the fuzzer's) is validated against `/v1/openapi.json` of the surface that answered, by ajv (JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1) with ajv-formats: none of the service's own code (its contracts,
 * Effect Schema, its serializers) takes part, only the JSON the server serves.
 *
 * An answer violates the document when its status is not declared for the operation, when its media type is not
 * one the status declares, when a JSON body fails its schema, or when a required header is missing. A request
 * shows the document too loose or too strict when the document accepts it but the server refuses an unknown
 * field, or when the document refuses it (body, query parameters) and the server answers a success.
 */

type Json = Record<string, unknown>

interface MediaType {
  readonly schema?: Json
}
interface ResponseObject {
  readonly content?: Record<string, MediaType>
  readonly headers?: Record<string, { $ref?: string; required?: boolean }>
}
interface ParameterObject {
  readonly name: string
  readonly in: string
  readonly required?: boolean
  readonly schema?: Json
  readonly $ref?: string
}
interface OperationObject {
  readonly operationId: string
  readonly parameters?: readonly ParameterObject[]
  readonly requestBody?: { required?: boolean; content: Record<string, MediaType> }
  readonly responses: Record<string, ResponseObject>
}
export interface OpenApi {
  readonly openapi: string
  readonly info: { version: string }
  readonly paths: Record<string, Record<string, OperationObject>>
  readonly components: { schemas: Record<string, Json>; parameters?: Record<string, ParameterObject> }
}

/** One request and its answer, as they went over the wire. */
export interface Exchange {
  readonly method: string
  /** The full URL requested. */
  readonly url: string
  readonly requestHeaders: Readonly<Record<string, string>>
  readonly requestBody?: string
  readonly status: number
  readonly responseHeaders: Headers
  readonly responseText: string
}

const pointer = (...tokens: string[]) =>
  `#/${tokens.map((token) => token.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`

const mediaTypeOf = (header: string | null | undefined): string | undefined =>
  header === null || header === undefined || header === '' ? undefined : header.split(';')[0]!.trim().toLowerCase()

/** A compiled document: its operations found by method and path, its schemas validated by reference. */
export class DocumentValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true })
  private readonly compiled = new Map<string, ValidateFunction>()
  private readonly routes: { method: string; template: string; pattern: RegExp; literal: number }[] = []

  constructor(readonly document: OpenApi) {
    ajvFormats.default(this.ajv)
    // The document itself is the schema registry: `#/components/schemas/...` references resolve inside it.
    this.ajv.addSchema({ ...(document as unknown as Json), $id: 'openapi.json' }, 'openapi.json')
    for (const [template, byMethod] of Object.entries(document.paths))
      for (const method of Object.keys(byMethod)) {
        const source = template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]+')
        this.routes.push({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${source}$`),
          literal: template.replace(/\{[^}]+\}/g, '').length,
        })
      }
    // A literal segment beats a parameter: `/v1/events/health/upcoming` before `/v1/events/{id}/...`.
    this.routes.sort((a, b) => b.literal - a.literal)
  }

  /** The schema at a JSON pointer of the document. */
  private schemaAt(at: string): unknown {
    return at
      .slice(2)
      .split('/')
      .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], this.document)
  }

  /**
   * The validator of the schema at a JSON pointer of the document. A schema that only points elsewhere (`$ref` to a
   * component, as most answers do) is compiled once at its target, for every operation that names it.
   */
  private validatorAt(pointerTo: string): ValidateFunction {
    let at = pointerTo
    for (let hops = 0; hops < 10; hops++) {
      const schema = this.schemaAt(at) as Record<string, unknown> | undefined
      if (schema === undefined || Object.keys(schema).length !== 1 || typeof schema.$ref !== 'string') break
      if (!schema.$ref.startsWith('#/')) break
      at = schema.$ref
    }
    let validate = this.compiled.get(at)
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: `openapi.json${at}` })
      this.compiled.set(at, validate)
    }
    return validate
  }

  private problemsAt(at: string, value: unknown): string[] {
    const validate = this.validatorAt(at)
    if (validate(value)) return []
    return (validate.errors ?? []).map(
      (error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`,
    )
  }

  private resolveParameter(parameter: ParameterObject): ParameterObject {
    if (parameter.$ref === undefined) return parameter
    const name = parameter.$ref.replace('#/components/parameters/', '')
    return this.document.components.parameters?.[name] ?? parameter
  }

  /** The operation at a method and path: its template, or undefined when the document has none. */
  operationOf(method: string, path: string): { template: string; operation: OperationObject } | undefined {
    const wanted = method === 'HEAD' ? 'GET' : method
    const route = this.routes.find((candidate) => candidate.method === wanted && candidate.pattern.test(path))
    if (route === undefined) return undefined
    return { template: route.template, operation: this.document.paths[route.template]![route.method.toLowerCase()]! }
  }

  /** What the document says about a request: the reasons it refuses it (empty: it accepts it). */
  requestProblems(template: string, operation: OperationObject, exchange: Exchange): string[] {
    const method = exchange.method.toLowerCase()
    const url = new URL(exchange.url)
    const problems: string[] = []
    const parameters = (operation.parameters ?? []).map((parameter) => this.resolveParameter(parameter))
    operation.parameters?.forEach((raw, index) => {
      const parameter = parameters[index]!
      if (parameter.in !== 'query') return
      const value = url.searchParams.get(parameter.name)
      if (value === null) {
        if (parameter.required === true) problems.push(`query ${parameter.name} is required`)
        return
      }
      const at =
        raw.$ref === undefined
          ? pointer('paths', template, method, 'parameters', String(index), 'schema')
          : `${raw.$ref.slice(1)}/schema`
      problems.push(
        ...this.problemsAt(at.startsWith('#') ? at : `#${at}`, coerce(value, parameter.schema)).map(
          (problem) => `query ${parameter.name}: ${problem}`,
        ),
      )
    })
    // A query parameter the document does not name is not refused by OpenAPI: the server's 400 `parameter_unknown`
    // for one is the document's `additionalProperties` of query objects, which OpenAPI cannot say.
    // A body where the operation takes none is ignored by the server on a read (GET, DELETE): not a refusal either.
    const ignored = operation.requestBody === undefined && (method === 'get' || method === 'delete')
    const sent = !ignored && exchange.requestBody !== undefined && exchange.requestBody.trim() !== ''
    const type = mediaTypeOf(
      Object.entries(exchange.requestHeaders).find(([name]) => name.toLowerCase() === 'content-type')?.[1],
    )
    if (!sent) {
      if (operation.requestBody?.required === true) problems.push('the body is required')
      return problems
    }
    const media = type === undefined ? undefined : operation.requestBody?.content[type]
    if (media === undefined) {
      problems.push(`a body of type ${type ?? 'none'} is not declared`)
      return problems
    }
    if (media.schema === undefined) return problems
    let body: unknown
    if (type === 'application/json') {
      try {
        // A leading byte order mark is ignored, as RFC 8259 lets a parser (and Fastify's) do.
        body = JSON.parse(exchange.requestBody!.replace(/^\uFEFF/, ''))
      } catch {
        problems.push('the body is not JSON')
        return problems
      }
    } else if (type === 'application/x-www-form-urlencoded') {
      body = Object.fromEntries(new URLSearchParams(exchange.requestBody!))
    } else return problems
    problems.push(
      ...this.problemsAt(pointer('paths', template, method, 'requestBody', 'content', type!, 'schema'), body).map(
        (problem) => `body ${problem}`,
      ),
    )
    return problems
  }

  /** The violations of one exchange (empty: the document describes it). */
  violations(exchange: Exchange): string[] {
    const url = new URL(exchange.url)
    // The dashboard's pages and their JSON are its own, not the public API the document describes (docs/dashboard.md).
    if (url.pathname === '/dashboard' || url.pathname.startsWith('/dashboard/')) return []
    const found = this.operationOf(exchange.method, url.pathname)
    const where = `${exchange.method} ${url.pathname}${url.search} -> ${exchange.status}`
    const type = mediaTypeOf(exchange.responseHeaders.get('content-type'))
    if (found === undefined) {
      // No operation: only the unknown-route answers (or the key's refusal, checked first inside /v1/), in the envelope.
      if (![401, 404, 405].includes(exchange.status)) return [`${where}: no documented operation`]
      if (type !== 'application/json') return [`${where}: an undocumented route answered ${type ?? 'no body'}`]
      return this.problemsAt('#/components/schemas/Error', parseJson(exchange.responseText)).map(
        (problem) => `${where}: the error envelope ${problem}`,
      )
    }
    const { template, operation } = found
    const method = exchange.method === 'HEAD' ? 'get' : exchange.method.toLowerCase()
    const status = String(exchange.status)
    const statusKey = [status, `${status[0]}XX`, 'default'].find((key) => operation.responses[key] !== undefined)
    const violations: string[] = []
    if (statusKey === undefined)
      return [`${where}: status ${status} is not declared by ${operation.operationId} (${template})`]
    const response = operation.responses[statusKey]!
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const required =
        header.required ??
        (header.$ref === undefined
          ? false
          : (this.document as unknown as { components: { headers: Record<string, { required?: boolean }> } }).components
              .headers[header.$ref.replace('#/components/headers/', '')]?.required)
      if (required === true && exchange.responseHeaders.get(name) === null)
        violations.push(`${where}: the required header ${name} is missing`)
    }
    const content = response.content ?? {}
    const text = exchange.method === 'HEAD' ? '' : exchange.responseText
    if (Object.keys(content).length === 0) {
      if (text !== '') violations.push(`${where}: a body (${type}) where ${operation.operationId} declares none`)
    } else if (type === undefined || content[type] === undefined) {
      if (text !== '' || type !== undefined)
        violations.push(
          `${where}: media type ${type ?? 'none'} is not declared (${Object.keys(content).join(', ')}) by ${operation.operationId}`,
        )
    } else if (type === 'application/json' && content[type]!.schema !== undefined && text !== '') {
      const at = pointer('paths', template, method, 'responses', statusKey, 'content', type, 'schema')
      violations.push(
        ...this.problemsAt(at, parseJson(text)).map(
          (problem) => `${where}: the body of ${operation.operationId} ${problem}`,
        ),
      )
    }
    // The request, against the answer: a refusal the document does not foresee, or a success it forbids.
    const requestProblems = this.requestProblems(template, operation, exchange)
    const answer = parseJson(text) as { error?: { code?: string; param?: string } } | undefined
    const param = answer?.error?.param
    const unknownInQuery =
      param !== undefined && (url.searchParams.has(param) || url.search.includes(param) || !exchange.requestBody)
    if (
      requestProblems.length === 0 &&
      exchange.status === 400 &&
      answer?.error?.code === 'parameter_unknown' &&
      !unknownInQuery
    )
      violations.push(
        `${where}: the document accepts this request but the server refused the unknown ${answer.error.param}`,
      )
    if (requestProblems.length > 0 && exchange.status >= 200 && exchange.status < 300)
      violations.push(
        `${where}: the document refuses this request (${requestProblems.join('; ')}) but the server accepted it`,
      )
    return violations
  }
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** A query parameter's text as the schema's type reads it (OpenAPI's form style: digits are an integer). */
const coerce = (value: string, schema: Json | undefined): unknown => {
  const type = schema?.type
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value)
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true'
  return value
}

const documents = new Map<string, Promise<DocumentValidator | null>>()

/**
 * The validator of the document a surface serves for a version (`undefined`: the current one), fetched and compiled
 * once per process; null when the base serves no OpenAPI document (a fake provider, a stopped service).
 */
export const validatorFor = (base: string, version?: string): Promise<DocumentValidator | null> => {
  const origin = new URL(base).origin
  const key = `${origin} ${version ?? ''}`
  let validator = documents.get(key)
  if (validator === undefined) {
    validator = (async () => {
      const response = await fetch(
        `${origin}/v1/openapi.json${version === undefined ? '' : `?version=${encodeURIComponent(version)}`}`,
        { headers: { connection: 'close' } },
      ).catch(() => undefined)
      if (response?.status !== 200) return null
      const document = (await response.json().catch(() => null)) as OpenApi | null
      if (document === null || typeof document.openapi !== 'string') return null
      if (version !== undefined && document.info.version !== version) return null
      return new DocumentValidator(document)
    })()
    documents.set(key, validator)
    // A failed fetch is not kept: the service may answer later.
    void validator.then((found) => {
      if (found === null) documents.delete(key)
    })
  }
  return validator
}

/**
 * The violations of an exchange against the document of the surface and version that answered it (the answer's
 * `Service-Version`): empty when the base serves no document.
 */
export const exchangeViolations = async (exchange: Exchange): Promise<string[]> => {
  const current = await validatorFor(exchange.url)
  if (current === null) return []
  const answered = exchange.responseHeaders.get('service-version') ?? undefined
  const validator =
    answered === undefined || answered === current.document.info.version
      ? current
      : await validatorFor(exchange.url, answered)
  if (validator === null) return [`${exchange.method} ${exchange.url}: no document for version ${answered}`]
  return validator.violations(exchange)
}

/**
 * Throws when the document does not describe the exchange: the test that made it fails, naming each violation.
 * With `OPENAPI_VIOLATIONS_LOG` set to a file, a survey instead: the violations are appended there and the test
 * goes on (to list every gap of a suite at once).
 */
export const assertDescribed = async (exchange: Exchange): Promise<void> => {
  const violations = await exchangeViolations(exchange)
  const log = process.env.OPENAPI_VIOLATIONS_LOG
  if (violations.length > 0 && log !== undefined && log !== '') {
    appendFileSync(log, `${violations.join('\n')}\n`)
    return
  }
  if (violations.length > 0)
    throw new Error(
      `The OpenAPI document does not describe this exchange:\n  ${violations.join('\n  ')}\n  answer: ${exchange.responseText.slice(0, 400)}`,
    )
}
