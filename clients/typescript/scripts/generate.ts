import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import { Endpoints } from '../../../contracts/endpoints.js'
import { buildOpenApiDocument } from '../../../contracts/openapi.js'

export const SCHEMA_FILE = fileURLToPath(new URL('../src/schema.ts', import.meta.url))
export const WEBHOOKS_FILE = fileURLToPath(new URL('../src/webhooks.ts', import.meta.url))
const VERIFY_SOURCE = fileURLToPath(new URL('../../../contracts/webhooks/verify.ts', import.meta.url))

const HEADER = `/**
 * Generated from the service's OpenAPI document by \`npm run client:generate\`: do not edit.
 * A test fails when this file differs from what the contracts generate.
 */
`

/** The client's types, from the same document the service serves at /v1/openapi.json. */
export const generateSchemaSource = async (): Promise<string> => {
  const document = buildOpenApiDocument(Object.values(Endpoints), [
    { url: 'https://api.example', description: 'Production' },
  ])
  const ast = await openapiTS(document as never, { alphabetize: true })
  return `${HEADER}${astToString(ast)}`
}

/** The service's own webhook verification helper (contracts/webhooks/verify.ts), copied so the package stands alone. */
export const generateWebhooksSource = (): string =>
  `${HEADER.replace('OpenAPI document', 'webhook verification helper')}${readFileSync(VERIFY_SOURCE, 'utf8')}`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, await generateSchemaSource())
  writeFileSync(WEBHOOKS_FILE, generateWebhooksSource())
  console.log('wrote src/schema.ts and src/webhooks.ts')
}
