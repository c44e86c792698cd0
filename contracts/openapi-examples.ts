import type { EndpointContract } from './endpoint.js'
import captured from './openapi-examples.json' with { type: 'json' }

/**
 * What each operation was sent and answered on the sandbox, on its seeded users (Ada Lovelace's events,
 * reminders, devices...): `npm run openapi:examples` captures them again from a running service.
 */
export interface CapturedExample {
  /** The concrete path called (`/v1/users/usr_...`). */
  readonly path: string
  readonly request?: unknown
  readonly response: unknown
}

export const OPERATION_EXAMPLES: Readonly<Record<string, CapturedExample>> = captured

export const SANDBOX_REQUEST_ID: string = captured.health.response.request_id

export const responseExample = (endpoint: Pick<EndpointContract, 'operationId'>): unknown =>
  OPERATION_EXAMPLES[endpoint.operationId]?.response

export const requestExample = (endpoint: Pick<EndpointContract, 'operationId'>): unknown =>
  OPERATION_EXAMPLES[endpoint.operationId]?.request

/** `{ id: 'usr_...' }`: the path parameters of the captured call, else placeholders named after them. */
const pathParams = (endpoint: Pick<EndpointContract, 'operationId' | 'path'>): Record<string, string> => {
  const template = endpoint.path.split('/')
  const concrete = OPERATION_EXAMPLES[endpoint.operationId]?.path.split('/')
  return Object.fromEntries(
    template.flatMap((segment, index) => {
      const name = /^\{([^}]+)\}$/.exec(segment)?.[1]
      return name === undefined ? [] : [[name, concrete?.[index] ?? `<${name}>`]]
    }),
  )
}

const indent = (text: string, by: string) => text.replaceAll('\n', `\n${by}`)

/**
 * `x-codeSamples` of an operation (rendered by the reference at /docs): curl, and the typed client of
 * `clients/typescript` (docs/client.md).
 */
export const codeSamples = (
  endpoint: Pick<EndpointContract, 'operationId' | 'path' | 'method' | 'authenticated' | 'query'>,
  body: unknown,
): { lang: string; label: string; source: string }[] => {
  const params = pathParams(endpoint)
  const concrete = endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? `<${name}>`)
  const json = body === undefined ? undefined : JSON.stringify(body, null, 2)
  const keyed = endpoint.authenticated !== false
  const curl = [
    `curl -X ${endpoint.method} "$BASE_URL${concrete}"`,
    ...(keyed ? ['  -H "Authorization: Bearer $API_KEY"'] : []),
    ...(json === undefined ? [] : ['  -H "Content-Type: application/json"', `  -d '${json.replaceAll("'", "'\\''")}'`]),
  ].join(' \\\n')
  const init = [
    ...(Object.keys(params).length === 0 ? [] : [`params: { path: ${JSON.stringify(params).replaceAll('"', "'")} }`]),
    ...(json === undefined ? [] : [`body: ${indent(json, '  ')}`]),
  ]
  const method = endpoint.method.toLowerCase()
  const call =
    init.length === 0
      ? `client.${method}('${endpoint.path}')`
      : `client.${method}('${endpoint.path}', {\n  ${init.join(',\n  ')},\n})`
  const typescript = [
    "import { createClient } from 'departure-service-client'",
    '',
    'const client = createClient({ apiKey: process.env.API_KEY!, baseUrl: process.env.BASE_URL! })',
    `const result = await ${call}`,
  ].join('\n')
  return [
    { lang: 'Shell', label: 'curl', source: curl },
    { lang: 'TypeScript', label: 'Typed client', source: typescript },
  ]
}
