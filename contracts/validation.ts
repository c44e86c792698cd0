import { Schema, SchemaIssue } from 'effect'

/** A request parameter the contract refused, named as the client wrote it (`travel.mode`). */
export interface ParameterProblem {
  readonly code: 'parameter_missing' | 'parameter_unknown' | 'parameter_invalid'
  readonly param: string | null
  readonly message: string
}

const MARK = '\u0000'

// Encode the leaf issue's kind in the message so the path-aware formatter keeps both.
const formatter = SchemaIssue.makeFormatterStandardSchemaV1({
  leafHook: (issue) => {
    if (issue._tag === 'MissingKey') return `${MARK}missing`
    if (issue._tag === 'UnexpectedKey') return `${MARK}unknown`
    return SchemaIssue.defaultLeafHook(issue)
  },
})

const paramName = (path: readonly PropertyKey[]): string | null =>
  path.length === 0
    ? null
    : path
        .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`))
        .join('')

const isEmptyStruct = (schema: Schema.Top): boolean => {
  const ast = schema.ast as {
    _tag: string
    propertySignatures?: readonly unknown[]
    indexSignatures?: readonly unknown[]
  }
  return ast._tag === 'Objects' && ast.propertySignatures?.length === 0 && ast.indexSignatures?.length === 0
}

/**
 * Decodes untrusted input against a contract. Unknown parameters are refused
 * (a typo must not be silently ignored); the first problem is reported.
 */
export const decodeRequest = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  input: unknown,
): { readonly ok: true; readonly value: S['Type'] } | { readonly ok: false; readonly problem: ParameterProblem } => {
  const result = Schema.decodeUnknownResult(schema as never)(input, { onExcessProperty: 'error' })
  if (result._tag === 'Success') {
    // The empty struct (a body with no fields) is TypeScript's `{}` to Effect, which takes any key: refused here,
    // as for every other struct and as the document's `additionalProperties: false` says.
    const unknown =
      isEmptyStruct(schema) && input !== null && typeof input === 'object' ? Object.keys(input)[0] : undefined
    if (unknown !== undefined)
      return {
        ok: false,
        problem: { code: 'parameter_unknown', param: unknown, message: `Received unknown parameter: ${unknown}.` },
      }
    return { ok: true, value: result.success as S['Type'] }
  }
  const first = formatter(result.failure.issue as never).issues[0]
  const param = paramName((first?.path ?? []) as readonly PropertyKey[])
  const message = first?.message ?? 'Invalid request.'
  if (message === `${MARK}missing`)
    return {
      ok: false,
      problem: { code: 'parameter_missing', param, message: `Missing required parameter: ${param}.` },
    }
  if (message === `${MARK}unknown`)
    return {
      ok: false,
      problem: { code: 'parameter_unknown', param, message: `Received unknown parameter: ${param}.` },
    }
  const where = param === null ? 'The request body' : `Invalid ${param}`
  return {
    ok: false,
    problem: { code: 'parameter_invalid', param, message: `${where}: ${message}.`.replace('..', '.') },
  }
}
