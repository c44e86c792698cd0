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
