import type { Invitation } from './invitation.js'

/**
 * Paths of the token-addressed pages and the pixel that the e-mails link to. The
 * host serves them at these paths; the base is the surface's public address.
 */
export const HOSTED_PATHS = {
  respond: '/hosted/invitations/{id}/respond',
  unsubscribe: '/hosted/invitations/{id}/unsubscribe',
  openPixel: '/v1/invitations/{id}/open.gif',
} as const

export interface InvitationLinks {
  respond(invitation: Invitation, choice?: string): string
  unsubscribe(invitation: Invitation): string
  openPixel(invitation: Invitation): string
}

/** The base URL can change after start (an ephemeral port is known only once listening). */
export class PublicBaseUrl {
  constructor(private url: string) {}

  get value(): string {
    return this.url
  }

  rebase(url: string): void {
    this.url = url
  }
}

export const invitationLinks = (base: PublicBaseUrl): InvitationLinks => {
  const link = (template: string, invitation: Invitation, extra: Record<string, string> = {}) => {
    const url = new URL(
      template.replace('{id}', encodeURIComponent(invitation.id)),
      base.value.endsWith('/') ? base.value : `${base.value}/`,
    )
    url.searchParams.set('token', invitation.responseToken)
    for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value)
    return url.toString()
  }
  return {
    respond: (invitation, choice) => link(HOSTED_PATHS.respond, invitation, choice === undefined ? {} : { choice }),
    unsubscribe: (invitation) => link(HOSTED_PATHS.unsubscribe, invitation),
    openPixel: (invitation) => link(HOSTED_PATHS.openPixel, invitation),
  }
}
