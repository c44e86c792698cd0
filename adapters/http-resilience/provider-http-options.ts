import type { ResilientJsonClientOptions } from './resilient-json-client.js'

/** What the composition root passes to every HTTP-backed adapter (no `process.env` here). */
export interface ProviderHttpOptions extends Omit<ResilientJsonClientOptions, 'provider' | 'userAgent'> {
  /** Base address of the service, e.g. `https://router.project-osrm.org`. */
  readonly baseUrl: string
  readonly userAgent: string
}

/** Joins a base URL (which may carry a path prefix) and an endpoint path. */
export const endpointUrl = (baseUrl: string, path: string): URL =>
  new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
