const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** The text an HTML attribute value stands for (named and numeric character references). */
const unescapeHtml = (value: string): string =>
  value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (whole, decimal, hex, name) =>
    decimal !== undefined
      ? String.fromCodePoint(Number(decimal))
      : hex !== undefined
        ? String.fromCodePoint(Number.parseInt(hex, 16))
        : (ENTITIES[name.toLowerCase()] ?? whole),
  )

/** The hidden fields of a hosted page's form, as a browser would post them. */
export const hiddenFields = (html: string): Record<string, string> =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
      match[1]!,
      unescapeHtml(match[2]!),
    ]),
  )

/** The headers that keep a hosted page (its address may carry a credential) out of frames, caches, sniffers and referrers. */
export const pageProtections = (response: Response) => ({
  framing: /(^|;)\s*frame-ancestors 'none'\s*(;|$)/.test(response.headers.get('content-security-policy') ?? ''),
  sniffing: response.headers.get('x-content-type-options'),
  referrer: response.headers.get('referrer-policy'),
  caching: response.headers.get('cache-control'),
})

export const PROTECTED = { framing: true, sniffing: 'nosniff', referrer: 'no-referrer', caching: 'no-store' }

/**
 * Walks the browser part of the sandbox provider's consent: its hosted page, then the decision posted back
 * (the answer's `location` is where the provider sends the browser next).
 */
export const sandboxConsent = async (
  sandboxBase: string,
  redirectUrl: string,
  decision: 'allow' | 'deny' = 'allow',
  email?: string,
) => {
  const pageResponse = await fetch(redirectUrl, { redirect: 'manual' })
  const html = await pageResponse.text()
  const fields = hiddenFields(html)
  const loginHint = /name="email" required value="([^"]*)"/.exec(html)?.[1] ?? ''
  const decided = await fetch(new URL('/v1/sandbox/oauth/authorize', sandboxBase), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, email: email ?? loginHint, decision }).toString(),
  })
  return { page: pageResponse, html, fields, decided, location: decided.headers.get('location') ?? '' }
}

/** The consent page's form posted back with the user's `decision`, as a browser submits it (the redirect not followed). */
export const decideConsent = (base: string, html: string, decision: 'allow' | 'deny' = 'allow'): Promise<Response> =>
  fetch(new URL('/oauth/authorize', base), {
    method: 'POST',
    redirect: 'manual',
    headers: { connection: 'close' },
    body: new URLSearchParams({ ...hiddenFields(html), decision }),
  })
