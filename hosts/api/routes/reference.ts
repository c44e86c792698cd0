import { createHash } from 'node:crypto'
import scalarApiReference from '@scalar/fastify-api-reference'
import type { FastifyInstance } from 'fastify'
import type { EndpointContract } from '../../../contracts/endpoint.js'
import { buildOpenApiDocument } from '../../../contracts/openapi.js'
import { API_VERSIONS, type ApiVersion, CURRENT_VERSION, isApiVersion } from '../../../contracts/versions.js'
import { sendError } from '../errors.js'

/**
 * What the reference page may load: its own script (served below /docs/), the inline configuration that
 * Scalar's page carries (allowed by its hash), the styles Scalar injects at run time, and calls ("try it")
 * to the API servers of the document. Nothing from any other origin: no CDN, no fonts, no proxy.
 */
const contentSecurityPolicy = (inlineScripts: readonly string[], servers: readonly string[]) =>
  [
    "default-src 'none'",
    `script-src 'self' ${inlineScripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`).join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${servers.map((server) => new URL(server).origin).join(' ')}`,
    "worker-src 'self' blob:",
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')

/**
 * `/v1/openapi.json` and `/docs`, generated from the same contracts that validate requests. `/docs` is Scalar's
 * interactive reference, its script bundled from npm and served from this process (`/docs/js/scalar.js`); the
 * page lists this surface's server first, so that "try it" on the sandbox calls the sandbox.
 */
export const referenceRoutes = async (
  app: FastifyInstance,
  options: { endpoints: readonly EndpointContract[]; servers: { url: string; description: string }[] },
): Promise<void> => {
  const document = buildOpenApiDocument(options.endpoints, options.servers)
  // Each older version's document, built on its first request (few callers ask for one).
  const documents = new Map<ApiVersion, string>([[CURRENT_VERSION, JSON.stringify(document)]])
  app.get('/v1/openapi.json', { config: { public: true } }, async (request, reply) => {
    // The version asked with `?version=`, else the request's (`Service-Version`), else the current one.
    const asked = (request.query as Record<string, unknown>).version
    if (asked !== undefined && (typeof asked !== 'string' || !isApiVersion(asked)))
      return sendError(request, reply, {
        code: 'invalid_api_version',
        message: `Unknown API version '${String(asked)}'. Known versions: ${API_VERSIONS.join(', ')}.`,
        param: 'version',
      })
    const version = asked ?? request.apiVersion
    let text = documents.get(version)
    if (text === undefined) {
      text = JSON.stringify(buildOpenApiDocument(options.endpoints, options.servers, version))
      documents.set(version, text)
    }
    return reply.header('service-version', version).type('application/json; charset=utf-8').send(text)
  })
  const servers = options.servers.map((server) => server.url)
  const policies = new Map<string, string>()
  await app.register(async (scope) => {
    // The reference's page and script take no key, like the document.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true }
    })
    // The page's inline configuration script is allowed by its hash (computed once per page text).
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type')).startsWith('text/html'))
        return payload
      let policy = policies.get(payload)
      if (policy === undefined) {
        const inline = [...payload.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
          (match) => match[1] ?? '',
        )
        policy = contentSecurityPolicy(inline, servers)
        policies.set(payload, policy)
      }
      reply.header('Content-Security-Policy', policy)
      return payload
    })
    await scope.register(scalarApiReference, {
      routePrefix: '/docs',
      logLevel: 'silent',
      configuration: {
        url: '/v1/openapi.json',
        pageTitle: `${document.info.title} reference`,
        // Everything from this process: no web fonts, no request proxy, no telemetry.
        withDefaultFonts: false,
        telemetry: false,
        // Scalar's hosted features (AI agent, MCP, its toolbar's share and deploy) need Scalar's servers: off.
        agent: { disabled: true },
        mcp: { disabled: true },
        showToolbar: 'never',
        showDeveloperTools: 'never',
        documentDownloadType: 'json',
        authentication: { preferredSecurityScheme: 'bearerAuth' },
        defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
      } as Record<string, unknown>,
    })
  })
}
