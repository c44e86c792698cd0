import { type Container, ContainerModule } from 'inversify'
import { SimpleWebAuthnAdapter } from '../../adapters/webauthn/simplewebauthn/simplewebauthn-adapter.js'
import { AuditTrail } from '../../core/audit/audit-trail.js'
import { MemberService } from '../../core/dashboard/member-service.js'
import { PasskeyService } from '../../core/dashboard/passkey-service.js'
import { SignInService } from '../../core/dashboard/sign-in-service.js'
import type { PublicBaseUrl } from '../../core/invitation/invitation-links.js'
import type { RequestLogStorePort } from '../../core/ports/request-log-store.js'
import { REQUEST_LOG_BODY_RETENTION_DAYS } from '../../core/request-log/request-log-entry.js'
import { REQUEST_LOG_WRITER_DEFAULTS, RequestLogWriter } from '../api/request-log-writer.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'

/** The dashboard's members (the records are the storage family's: `MemberRepository`, `DashboardSessionStore`). */
export const dashboardModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.MemberService).toResolvedValue(
    (members, sessions, ids, clock) => new MemberService({ members, sessions, ids, clock }),
    [TOKENS.MemberRepository, TOKENS.DashboardSessionStore, TOKENS.IdGenerator, TOKENS.Clock],
  )
})

/** What the dashboard host and the keys CLI use: the members, and sign-in by one-time link. */
export interface DashboardServices {
  readonly members: MemberService
  readonly signIn: SignInService
  /** Passkeys: registered by a signed-in member, then a way to sign in (WebAuthn, @simplewebauthn/server). */
  readonly passkeys: PasskeyService
  /** Every change made through the dashboard or the API's key management (owners and admins read it). */
  readonly audit: AuditTrail
  /** Both surfaces' request logs, written in batches off the request path (closed with the application). */
  readonly requestLogs: RequestLogWriter
  /** Where the request logs are read from (the page). */
  readonly requestLogStore: RequestLogStorePort
}

/**
 * Sign-in e-mail leaves through the production surface's mail adapter (SMTP when configured, else its in-memory
 * mailbox), and its links point at the production surface's public address, where the dashboard is served.
 */
export const dashboardServicesOf = (
  root: Container,
  live: { readonly container: Container; readonly publicBaseUrl: PublicBaseUrl },
  config: Pick<Config, 'mail' | 'requestLogRetentionDays' | 'requestLogMaxRows'>,
): DashboardServices => {
  const members = root.get(TOKENS.MemberRepository)
  const clock = root.get(TOKENS.Clock)
  const baseUrl = () => live.publicBaseUrl.value.replace(/\/+$/, '')
  const signIn = new SignInService({
    members,
    sessions: root.get(TOKENS.DashboardSessionStore),
    random: root.get(TOKENS.RandomSource),
    clock,
    mail: live.container.get(TOKENS.Mail),
    from: config.mail.from,
    linkOf: (token) => `${baseUrl()}/dashboard/sign-in?token=${token}`,
  })
  return {
    members: root.get(TOKENS.MemberService),
    signIn,
    // The relying party is the dashboard's host: a passkey registered there works only there.
    passkeys: new PasskeyService({
      passkeys: root.get(TOKENS.PasskeyStore),
      members,
      webauthn: new SimpleWebAuthnAdapter(),
      signIn,
      clock,
      relyingParty: () => {
        const url = new URL(baseUrl())
        return { id: url.hostname, name: 'Dashboard', origin: url.origin }
      },
    }),
    audit: new AuditTrail({ log: root.get(TOKENS.AuditLog), ids: root.get(TOKENS.IdGenerator), clock }),
    requestLogStore: root.get(TOKENS.RequestLogStore),
    requestLogs: new RequestLogWriter(root.get(TOKENS.RequestLogStore), clock, root.get(TOKENS.Logger), {
      ...REQUEST_LOG_WRITER_DEFAULTS,
      retentionMs: config.requestLogRetentionDays * 24 * 3_600_000,
      bodyRetentionMs: REQUEST_LOG_BODY_RETENTION_DAYS * 24 * 3_600_000,
      maxRowsPerSurface: config.requestLogMaxRows,
    }),
  }
}
