import escapeHtml from 'escape-html'
import type { FastifyInstance } from 'fastify'
import type { EndpointContract } from '../../../contracts/endpoint.js'
import { buildOpenApiDocument } from '../../../contracts/openapi.js'

type OpenApi = ReturnType<typeof buildOpenApiDocument>

/** A plain, script-free API reference rendered from the OpenAPI document. */
const renderReference = (document: OpenApi): string => {
  const sections = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, raw]) => {
      const operation = raw as {
        summary: string
        parameters: { name: string; in: string; required: boolean }[]
        requestBody?: unknown
        responses: Record<string, unknown>
      }
      const params = operation.parameters
        .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`)
        .join('')
      const body =
        operation.requestBody === undefined
          ? ''
          : `<details><summary>Request body schema</summary><pre>${escapeHtml(JSON.stringify(operation.requestBody, null, 2))}</pre></details>`
      const response = `<details><summary>Responses</summary><pre>${escapeHtml(JSON.stringify(operation.responses, null, 2))}</pre></details>`
      return `<section><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2><p>${escapeHtml(operation.summary)}</p><ul>${params}</ul>${body}${response}</section>`
    }),
  )
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(document.info.title)} reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}code,pre{font-family:ui-monospace,monospace}pre{background:#f4f4f4;padding:1rem;overflow:auto}section{border-top:1px solid #ddd;padding:.5rem 0}</style></head>
<body><main><h1>${escapeHtml(document.info.title)}</h1><p>Version ${escapeHtml(document.info.version)}. Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a>.</p><p>${escapeHtml(document.info.description)}</p>${sections.join('\n')}</main></body></html>`
}

/** `/v1/openapi.json` and `/docs`, generated from the same contracts that validate requests. */
export const referenceRoutes = (
  app: FastifyInstance,
  options: { endpoints: readonly EndpointContract[]; servers: { url: string; description: string }[] },
): void => {
  const document = buildOpenApiDocument(options.endpoints, options.servers)
  const page = renderReference(document)
  app.get('/v1/openapi.json', { config: { public: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  )
  app.get('/docs', { config: { public: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  )
}
