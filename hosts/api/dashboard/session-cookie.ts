import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_ABSOLUTE_MS } from '../../../core/dashboard/session.js'

/**
 * The dashboard's session cookie: an opaque id (the server keeps the session), `HttpOnly` (no script reads it),
 * `SameSite=Strict` (no other site's page sends it), and on an https address `Secure` with the `__Host-` prefix
 * (the browser then refuses it from another path, domain, or an http page of the same host).
 */
export interface SessionCookie {
  readonly name: string
  read(request: FastifyRequest): string | null
  set(reply: FastifyReply, sessionId: string): void
  clear(reply: FastifyReply): void
}

const SESSION_ID = /^[0-9a-f]{16,128}$/

export const sessionCookie = (publicBaseUrl: () => string): SessionCookie => {
  const secure = () => publicBaseUrl().startsWith('https:')
  const name = () => (secure() ? '__Host-dashboard_session' : 'dashboard_session')
  const attributes = (maxAgeSeconds: number) =>
    `Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure() ? '; Secure' : ''}`
  return {
    get name() {
      return name()
    },
    read: (request) => {
      const header = request.headers.cookie
      if (header === undefined) return null
      const wanted = name()
      for (const part of header.split(';')) {
        const at = part.indexOf('=')
        if (at < 0 || part.slice(0, at).trim() !== wanted) continue
        const value = part.slice(at + 1).trim()
        // A tampered cookie is no cookie: it names no session.
        return SESSION_ID.test(value) ? value : null
      }
      return null
    },
    set: (reply, sessionId) => {
      reply.header('Set-Cookie', `${name()}=${sessionId}; ${attributes(Math.floor(SESSION_ABSOLUTE_MS / 1000))}`)
    },
    clear: (reply) => {
      reply.header('Set-Cookie', `${name()}=; ${attributes(0)}`)
    },
  }
}
