import { type PathParameter, pathParameters } from './fixtures.js'

/** The part of JSON Schema the served document uses. */
export interface JsonSchema {
  readonly $ref?: string
  readonly type?: string
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: readonly string[]
  readonly items?: JsonSchema
  readonly anyOf?: readonly JsonSchema[]
  readonly enum?: readonly unknown[]
  readonly not?: JsonSchema
  readonly minimum?: number
  readonly maximum?: number
  readonly minItems?: number
  readonly maxItems?: number
  readonly maxLength?: number
}

export interface QueryParameter {
  readonly name: string
  readonly required: boolean
  readonly schema: JsonSchema
}

/** One operation of the served OpenAPI document, as the fuzzer drives it. */
export interface Operation {
  /** `POST /v1/users/{id}/deactivate` */
  readonly id: string
  readonly method: string
  readonly path: string
  readonly pathParameters: readonly PathParameter[]
  readonly query: readonly QueryParameter[]
  /** The JSON body's schema, `$ref`s resolved lazily by `resolve`; undefined when the operation takes none. */
  readonly body: JsonSchema | undefined
  /** Whether the operation takes an API key (false: public; 'optional': a key or another credential). */
  readonly authenticated: boolean | 'optional'
  readonly sandboxOnly: boolean
  /** Whether its answers are JSON (else HTML pages, redirects, a pixel, provider callbacks). */
  readonly json: boolean
}

interface OpenApiOperation {
  readonly operationId: string
  readonly parameters: readonly { name: string; in: string; required: boolean; schema: JsonSchema }[]
  readonly requestBody?: { content: Record<string, { schema: JsonSchema }> }
  readonly responses: Record<string, { content?: Record<string, unknown> }>
  readonly security?: readonly Record<string, unknown>[]
  readonly 'x-sandbox-only'?: boolean
}

export interface OpenApiDocument {
  readonly info: { readonly version: string }
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>
  readonly components: { readonly schemas: Readonly<Record<string, JsonSchema>> }
}

/** The operations of the served document, in its order. */
export const operationsOf = (document: OpenApiDocument): Operation[] =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const success = Object.entries(operation.responses).find(([status]) => status !== 'default')?.[1]
      const security = operation.security
      return {
        // The endpoint's `METHOD path` (contracts/endpoint.ts `endpointId`), as the seeds and the tallies name it.
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParameters: pathParameters(path),
        query: operation.parameters
          .filter((parameter) => parameter.in === 'query')
          .map(({ name, required, schema }) => ({ name, required, schema })),
        body: operation.requestBody?.content['application/json']?.schema,
        authenticated:
          security === undefined ? true : security.length === 0 ? false : security.length > 1 ? 'optional' : true,
        sandboxOnly: operation['x-sandbox-only'] === true,
        json: success?.content?.['application/json'] !== undefined,
      }
    }),
  )

/** Follows `$ref`s into `components.schemas`. */
export const resolver =
  (document: OpenApiDocument) =>
  (schema: JsonSchema): JsonSchema => {
    let current = schema
    for (let hops = 0; current.$ref !== undefined; hops++) {
      const name = current.$ref.replace('#/components/schemas/', '')
      const target = document.components.schemas[name]
      if (target === undefined || hops > 20) throw new Error(`unresolvable $ref ${current.$ref}`)
      current = target
    }
    return current
  }
