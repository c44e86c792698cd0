import escapeHtml from 'escape-html'
import { isDynamicClient } from '../../../core/oauth/oauth.js'
import type { ConsentPage } from '../../../core/oauth/oauth-service.js'
import { hostedPage } from './hosted-page.js'

/**
 * The parameters the consent form posts back, so that the decision is checked exactly like the request was; with
 * them, the page's consent token (`consent`), which binds the decision to this page.
 */
export const CONSENT_FIELDS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'login_hint',
] as const

const hidden = (name: string, value: string | undefined) =>
  value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`

/** The consent page: who asks, for which connected account, what it may do; Allow or Deny. */
export const consentPage = (shown: ConsentPage, params: Record<string, string | undefined>): string => {
  const { pending } = shown
  const account = pending.connectedAccount.name ?? pending.connectedAccount.id
  const scopes = pending.scope
    .split(' ')
    .map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`)
    .join('')
  // A client that registered itself (RFC 7591) chose its own name: say so, and where the grant goes.
  const unverified = isDynamicClient(pending.application)
    ? `<p><strong>Unverified application.</strong> It registered itself: its name is its own claim, not checked by your platform. Allowing sends the grant to <code>${escapeHtml(new URL(pending.redirectUri).host)}</code>.</p>\n`
    : ''
  return hostedPage(
    `Allow ${pending.application.name}?`,
    `<h1>Allow ${escapeHtml(pending.application.name)} to act for ${escapeHtml(account)}?</h1>
${unverified}<p>It asks for these permissions:</p>
<ul>${scopes}</ul>
<form method="post" action="/oauth/authorize">
${CONSENT_FIELDS.map((name) => hidden(name, params[name])).join('\n')}
${hidden('consent', shown.consentToken)}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  )
}

/**
 * An authorization request that came without a consent ticket (an MCP client such as Claude or ChatGPT starts the
 * flow itself and cannot add one): the page asks for the one-time consent code the platform shows its administrator
 * (the ticket), and sends the same request again with it as `login_hint`.
 */
export const consentCodePage = (applicationName: string, params: Record<string, string | undefined>): string =>
  hostedPage(
    `Connect ${applicationName}`,
    `<h1>Connect ${escapeHtml(applicationName)}</h1>
<p>Your platform approves this connection: open its page for connecting an AI assistant, copy the one-time consent code it shows (valid 10 minutes), and paste it here.</p>
<form method="get" action="/oauth/authorize">
${Object.entries(params)
  .filter(([name]) => name !== 'login_hint')
  .map(([name, value]) => hidden(name, value))
  .join('\n')}
<label>Consent code <input type="text" name="login_hint" required autocomplete="off"></label>
<button type="submit">Continue</button>
</form>`,
  )

/** A request that cannot be sent back to the application (unknown client, unregistered redirect URI). */
export const authorizationErrorPage = (message: string): string =>
  hostedPage(
    'Authorization request not valid',
    `<h1>This authorization request is not valid</h1>\n<p>${escapeHtml(message)}</p>`,
  )
