import { isDeepStrictEqual } from 'node:util'
import fastJson from 'fast-json-stringify'
import type { EndpointContract } from '../../contracts/endpoint.js'
import { toJsonSchema } from '../../contracts/json-schema.js'

type JsonSchema = Record<string, unknown>

/** Turns a resource into its JSON text. */
export type Serializer = (resource: Record<string, unknown>) => string

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null'])
const TEXT_CHECKS = new Set(['format', 'pattern', 'maxLength', 'minLength', 'description'])
const isTextCheck = (check: unknown): boolean =>
  check !== null && typeof check === 'object' && Object.keys(check).every((key) => TEXT_CHECKS.has(key))

/**
 * Rewrites one node of a response's JSON Schema (as the contracts generate it for
 * the OpenAPI document) into what `fast-json-stringify` compiles into straight-line
 * code, or answers null when the node needs a run-time choice between shapes:
 *
 * - `anyOf` of primitive types (`string | null`, a number or the strings
 *   `"Infinity"`/`"NaN"`) becomes one `type` list, chosen with `typeof`;
 * - `anyOf` of one object (or one array) and `null` (an optional nested object, a nullable list) becomes that one
 *   with `type: ['object', 'null']` (or `['array', 'null']`);
 * - any other `anyOf`/`oneOf`/`allOf` (a union of objects) is left to `JSON.stringify`;
 * - `additionalProperties: true` is dropped: answers carry only declared properties
 *   (the verification below fails on any answer that carries another);
 * - `required` is dropped: a missing property is left out, as `JSON.stringify` leaves
 *   out an undefined one, instead of throwing in the middle of an answer (the
 *   verification below reports the difference instead).
 */
const normalise = (node: unknown): unknown => {
  if (Array.isArray(node)) {
    const items = node.map(normalise)
    return items.includes(null) ? null : items
  }
  if (node === null || typeof node !== 'object') return node
  const schema = node as JsonSchema
  // A check's own JSON Schema (`contracts/common.ts` `described`: a format, a pattern, a length) constrains the text,
  // not its shape: the writer does not need it.
  if (Array.isArray(schema.allOf) && schema.allOf.every(isTextCheck)) {
    const { allOf: _checks, ...shape } = schema
    return normalise(shape)
  }
  if (schema.oneOf !== undefined || schema.allOf !== undefined) return null
  if (schema.anyOf !== undefined) {
    const normalised = (schema.anyOf as JsonSchema[]).map((branch) => normalise(branch) as JsonSchema | null)
    const branches = normalised.filter((branch) => branch !== null)
    if (branches.length !== normalised.length) return null
    const types = branches.map((branch) => branch.type)
    if (types.every((type) => typeof type === 'string' && PRIMITIVES.has(type)))
      return { type: [...new Set(types as string[])] }
    // One object or one array, or null (an optional nested object, a nullable list).
    for (const kind of ['object', 'array']) {
      const only = branches.filter((branch) => branch.type === kind)
      if (only.length === 1 && branches.length === 2 && types.includes('null'))
        return { ...only[0], type: [kind, 'null'] }
    }
    return null
  }
  const copy: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === true) continue
    if (key === 'description' || key === 'title' || key === 'examples' || key === 'required') continue
    if (key === 'properties') {
      // A map of property names (one may well be called `description`) to schemas.
      const properties: JsonSchema = {}
      for (const [name, property] of Object.entries(value as JsonSchema)) {
        const normalised = normalise(property)
        if (normalised === null) return null
        properties[name] = normalised
      }
      copy[key] = properties
      continue
    }
    const normalised = normalise(value)
    if (normalised === null && value !== null) return null
    copy[key] = normalised
  }
  return copy
}

/**
 * A compiled serializer for an endpoint's success answers in the current API
 * version, derived from its response schema (the one source of truth of the
 * contracts), or null when the schema has a shape that needs `JSON.stringify`.
 * About three times as fast as `JSON.stringify` for a resource like the user.
 */
export const compileSerializer = (endpoint: EndpointContract): Serializer | null => {
  if (endpoint.response === undefined) return null
  const document = toJsonSchema(endpoint.response)
  const definitions: Record<string, unknown> = {}
  for (const [name, definition] of Object.entries(document.definitions)) {
    const normalised = normalise(definition)
    if (normalised === null) return null
    definitions[name] = normalised
  }
  const root = normalise(document.schema) as JsonSchema | null
  if (root === null) return null
  return fastJson({ ...root, $defs: definitions } as never) as Serializer
}

/**
 * The same serializer, checked on every call against `JSON.stringify` (what
 * answers would be without it): the API's test suites run with this, so every
 * answer they produce proves that the compiled serializer drops, adds and changes
 * nothing. A difference is a bug in a renderer or a schema, and throws.
 */
export const verifiedSerializer =
  (name: string, serializer: Serializer): Serializer =>
  (resource) => {
    const compiled = serializer(resource)
    const expected = JSON.stringify(resource)
    if (compiled !== expected && !isDeepStrictEqual(JSON.parse(compiled), JSON.parse(expected))) {
      throw new Error(
        `the compiled serializer of ${name} disagrees with JSON.stringify:\n  compiled: ${compiled}\n  expected: ${expected}`,
      )
    }
    return compiled
  }
