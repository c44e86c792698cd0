import { Schema } from 'effect'

/** A JSON Schema (2020-12) object, as Effect writes it. */
export type JsonSchemaObject = Record<string, unknown>

/** A schema's JSON Schema: its root, and the named definitions its `$ref`s (`#/$defs/<name>`) point to. */
export interface JsonSchemaOf {
  readonly schema: JsonSchemaObject
  readonly definitions: Readonly<Record<string, JsonSchemaObject>>
}

/**
 * The JSON Schema of a contract schema: what the OpenAPI document, the compiled serializers, the voice messages'
 * reference and the voice tools' arguments are built from. Identified schemas become definitions.
 */
export const toJsonSchema = (schema: Schema.Top, options?: Schema.ToJsonSchemaOptions): JsonSchemaOf => {
  const document = Schema.toJsonSchemaDocument(schema, options)
  return { schema: document.schema, definitions: document.definitions }
}

/** Unknown keys are refused at every level (as in request bodies): the published schema says so to the model. */
const closed = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(closed)
  if (node === null || typeof node !== 'object') return node
  const entries = Object.entries(node).map(([key, value]) => [key, closed(value)] as const)
  const object = Object.fromEntries(entries) as JsonSchemaObject
  if ('properties' in object && object.additionalProperties === true) object.additionalProperties = false
  return object
}

/** An agent tool's arguments as one closed JSON Schema (definitions inlined under `$defs`): voice and MCP publish it. */
export const argumentsJsonSchema = (schema: Schema.Top): JsonSchemaObject => {
  const document = toJsonSchema(schema)
  const schemaOf =
    Object.keys(document.definitions).length === 0
      ? document.schema
      : { ...document.schema, $defs: document.definitions }
  return closed(schemaOf) as JsonSchemaObject
}
