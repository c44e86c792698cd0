import escapeHtml from 'escape-html'
import { Endpoints } from '../../../contracts/endpoints.js'
import { hostedPage } from './hosted-page.js'

/** The pages of connecting a calendar: the OAuth return, iCloud's app-specific password, the sandbox provider's consent. */

export const missingStatePage = (): string =>
  hostedPage(
    'Missing state',
    '<h1>Missing state</h1><p>This address is for calendar providers returning from consent.</p>',
  )

export const linkExpiredPage = (): string =>
  hostedPage(
    'Link expired',
    '<h1>This link has expired or was already used</h1><p>Start connecting your calendar again from the app.</p>',
  )

export const invalidSignInPage = (): string =>
  hostedPage(
    'Invalid request',
    '<h1>This sign-in request is invalid or has expired</h1><p>Start connecting your calendar again from the app.</p>',
  )

const hiddenInputs = (fields: Readonly<Record<string, string>>): string =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')

export type ICloudSignInFields = {
  readonly state: string
  readonly code_challenge: string
  readonly redirect_uri: string
}

/** The Apple ID and app-specific password form, with the reason of a refused attempt when there was one. */
export const icloudSignInPage = (fields: ICloudSignInFields, email: string, error: string | null): string =>
  hostedPage(
    'Connect iCloud',
    '<h1>Connect your iCloud calendar (beta)</h1>' +
      (error === null ? '' : `<p role="alert"><strong>${escapeHtml(error)}</strong></p>`) +
      '<p>Sign in with your Apple ID and an <em>app-specific password</em> (create one at appleid.apple.com, Sign-In and Security, App-Specific Passwords). Your Apple ID password itself is never asked for.</p>' +
      `<form method="post" action="${escapeHtml(Endpoints.icloudSignIn.path)}">` +
      hiddenInputs(fields) +
      `<p><label>Apple ID <input type="email" name="email" required value="${escapeHtml(email)}"></label></p>` +
      '<p><label>App-specific password <input type="password" name="password" required autocomplete="off"></label></p>' +
      '<button type="submit" name="decision" value="allow">Connect</button><button type="submit" name="decision" value="deny" formnovalidate>Cancel</button></form>',
  )

export const invalidSandboxConsentPage = (): string =>
  hostedPage(
    'Invalid request',
    '<h1>This consent request is invalid or has expired</h1><p>Start again from the app.</p>',
  )

export type SandboxConsentFields = {
  readonly state: string
  readonly code_challenge: string
  readonly redirect_uri: string
  readonly provider: string
}

/** The sandbox provider's consent screen: who asks for what, and as which sandbox account to sign in. */
export const sandboxConsentPage = (
  fields: SandboxConsentFields,
  provider: string,
  scopes: readonly string[],
  loginHint: string,
): string =>
  hostedPage(
    'Sandbox calendar consent',
    `<h1>Sandbox ${escapeHtml(provider)} calendar</h1><p>An application asks to access your calendars:</p>` +
      `<ul>${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>` +
      `<form method="post" action="${escapeHtml(Endpoints.sandboxConsentDecision.path)}">${hiddenInputs(fields)}` +
      `<p><label>Sign in as <input type="email" name="email" required value="${escapeHtml(loginHint)}"></label></p>` +
      `<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></form>` +
      '<p><small>Sandbox only: no real provider account is involved.</small></p>',
  )

export const sandboxEmailRequiredPage = (): string =>
  hostedPage('E-mail required', '<h1>Enter the e-mail of the sandbox account to sign in with</h1>')
