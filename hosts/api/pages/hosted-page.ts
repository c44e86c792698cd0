import escapeHtml from 'escape-html'
import type { FastifyInstance, FastifyReply } from 'fastify'

/**
 * The HTML pages the API host serves to a browser without a key (invitation
 * answers, calendar sign-in and consent): one document shell and one set of
 * headers for all of them. Every interpolated value goes through `escapeHtml`.
 */

/** Plain, accessible HTML: one language, one h1, a main landmark, no script. */
export const hostedPage = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; }
fieldset { border: 1px solid #767676; padding: 1rem; }
button { font: inherit; padding: .5rem 1rem; margin: .25rem .5rem .25rem 0; border: 2px solid #1a1a1a; background: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #0050b3; outline-offset: 2px; }
.current { background: #e6f0ff; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`

export interface HostedPageHeaders {
  /**
   * Where the page's forms may lead: `'self'` where they post and render here,
   * `*` where the answer is a redirect back to the application's own address.
   */
  readonly formAction: "'self'" | '*'
}

/** Sends a hosted page: never cached, never framed, never sniffed, never leaking its address (it may carry a token). */
export const sendHostedPage = (
  reply: FastifyReply,
  status: number,
  html: string,
  { formAction }: HostedPageHeaders = { formAction: "'self'" },
) =>
  reply
    .code(status)
    .headers({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'`,
      'X-Content-Type-Options': 'nosniff',
    })
    .send(html)

/** HTML forms post url-encoded bodies: the scope that serves them parses those (the API itself stays JSON-only). */
export const acceptForms = (scope: FastifyInstance): void => {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))))
  })
}
