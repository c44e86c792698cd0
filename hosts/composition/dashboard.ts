import { ContainerModule, type Container } from 'inversify'
import { MemberService } from '../../core/dashboard/member-service.js'
import { SignInService } from '../../core/dashboard/sign-in-service.js'
import type { PublicBaseUrl } from '../../core/invitation/invitation-links.js'
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
}

/**
 * Sign-in e-mail leaves through the production surface's mail adapter (SMTP when configured, else its in-memory
 * mailbox), and its links point at the production surface's public address, where the dashboard is served.
 */
export const dashboardServicesOf = (
  root: Container,
  live: { readonly container: Container; readonly publicBaseUrl: PublicBaseUrl },
  config: Pick<Config, 'mail'>,
): DashboardServices => ({
  members: root.get(TOKENS.MemberService),
  signIn: new SignInService({
    members: root.get(TOKENS.MemberRepository),
    sessions: root.get(TOKENS.DashboardSessionStore),
    random: root.get(TOKENS.RandomSource),
    clock: root.get(TOKENS.Clock),
    mail: live.container.get(TOKENS.Mail),
    from: config.mail.from,
    linkOf: (token) => `${live.publicBaseUrl.value.replace(/\/+$/, '')}/dashboard/sign-in?token=${token}`,
  }),
})
