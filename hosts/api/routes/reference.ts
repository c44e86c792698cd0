import { createHash } from 'node:crypto'
import scalarApiReference from '@scalar/fastify-api-reference'
import type { FastifyInstance } from 'fastify'
import type { EndpointContract } from '../../../contracts/endpoint.js'
import { buildOpenApiDocument } from '../../../contracts/openapi.js'
import { API_VERSIONS, type ApiVersion, CURRENT_VERSION, isApiVersion } from '../../../contracts/versions.js'
import { sendError } from '../errors.js'
import type { RateLimitGate } from '../plugins/rate-limit.js'

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
 * How often one client address may ask for the OpenAPI document (about a megabyte; a 304 counts too): once a second
 * on average is ample for a reference page, a client generator or a CI job, and bounds what one address can pull.
 */
export const OPENAPI_DOCUMENT_LIMIT = { name: 'openapi', requests: 60, windowMs: 60_000 }

/** Browsers and proxies may keep the document five minutes, then revalidate it (If-None-Match: 304). */
const DOCUMENT_CACHE_CONTROL = 'public, max-age=300'

/** Whether an `If-None-Match` header names this entity tag (weak comparison, as RFC 9110 asks for it), or `*`. */
const matchesEntityTag = (header: string | undefined, etag: string): boolean =>
  (header ?? '').split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })

/**
 * `/v1/openapi.json` and `/docs`, generated from the same contracts that validate requests. `/docs` is Scalar's
 * interactive reference, its script bundled from npm and served from this process (`/docs/js/scalar.js`); the
 * page lists this surface's server first, so that "try it" on the sandbox calls the sandbox.
 */
export const referenceRoutes = async (
  app: FastifyInstance,
  options: {
    endpoints: readonly EndpointContract[]
    servers: { url: string; description: string }[]
    rateLimit: RateLimitGate
  },
): Promise<void> => {
  const document = buildOpenApiDocument(options.endpoints, options.servers)
  // Each version's document serialized once, with its entity tag; an older version's on its first request (few
  // callers ask for one).
  const documents = new Map<ApiVersion, { readonly text: string; readonly etag: string }>()
  const documentOf = (version: ApiVersion) => {
    let entry = documents.get(version)
    if (entry === undefined) {
      const text = JSON.stringify(
        version === CURRENT_VERSION ? document : buildOpenApiDocument(options.endpoints, options.servers, version),
      )
      entry = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` }
      documents.set(version, entry)
    }
    return entry
  }
  documentOf(CURRENT_VERSION)
  app.get('/v1/openapi.json', { config: { public: true } }, async (request, reply) => {
    if (!(await options.rateLimit.admitPerAddress(request, reply, OPENAPI_DOCUMENT_LIMIT))) return reply
    // The version asked with `?version=`, else the request's (`Service-Version`), else the current one.
    const asked = (request.query as Record<string, unknown>).version
    if (asked !== undefined && (typeof asked !== 'string' || !isApiVersion(asked)))
      return sendError(request, reply, {
        code: 'invalid_api_version',
        message: `Unknown API version '${String(asked)}'. Known versions: ${API_VERSIONS.join(', ')}.`,
        param: 'version',
      })
    const version = asked ?? request.apiVersion
    const { text, etag } = documentOf(version)
    reply.header('service-version', version).header('ETag', etag).header('Cache-Control', DOCUMENT_CACHE_CONTROL)
    if (matchesEntityTag(request.headers['if-none-match'], etag)) return reply.code(304).send()
    return reply.type('application/json; charset=utf-8').send(text)
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
