import type { EventRepositoryPort } from '../ports/event-repository.js'
import type { InvitationRepositoryPort } from '../ports/invitation-repository.js'
import type { ResourceNotFound } from '../shared/errors.js'
import type { RequestScope } from '../shared/request-scope.js'
import { ok, type Result } from '../shared/result.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import type { UserService } from '../user/user-service.js'
import { parseEventText } from './parse-event-text.js'
import type { KnownContact, ParsedEvent } from './parsed-event.js'

export interface ParseRequest {
  readonly text: string
  readonly timezone: string
  readonly userId?: string | undefined
  readonly defaultDurationMin: number
}

export interface ParseServiceDeps {
  readonly users: UserService
  readonly events: EventRepositoryPort
  readonly invitations: InvitationRepositoryPort
}

/** How far back contacts are looked for: the user's newest events, and the invitations of the newest of them. */
export const CONTACT_EVENTS = 100
export const CONTACT_INVITATION_EVENTS = 20

/**
 * `POST /v1/scheduling/parse`: reads an event draft from a sentence against the
 * request's clock (the account's sandbox clock on the test surface). Nothing is
 * stored. With a user, names can resolve to the people of that user's events.
 */
export class SchedulingParseService {
  constructor(private readonly deps: ParseServiceDeps) {}

  async parse(
    scope: RequestScope,
    request: ParseRequest,
  ): Promise<Result<ParsedEvent, ResourceNotFound | AccountDeactivated>> {
    let contacts: readonly KnownContact[] = []
    let homeAddress: string | null = null
    if (request.userId !== undefined) {
      const user = await this.deps.users.requireActive(scope, request.userId, 'user_context.user_id')
      if (!user.ok) return user
      contacts = await this.contactsOf(scope, request.userId, user.value.email)
      homeAddress = user.value.homeLocation?.address ?? null
    }
    return ok(
      parseEventText(request.text, {
        now: scope.clock.now(),
        timezone: request.timezone,
        defaultDurationMin: request.defaultDurationMin,
        contacts,
        homeAddress,
      }),
    )
  }

  /**
   * The people a user has had events with: named attendees of the user's newest
   * events and the invitations sent for the newest of those. The newest name for
   * an address wins; the user is not their own contact.
   */
  private async contactsOf(scope: RequestScope, userId: string, ownEmail: string): Promise<KnownContact[]> {
    const byEmail = new Map<string, string>()
    const remember = (email: string | null, name: string | null) => {
      if (email === null || name === null || name.trim() === '') return
      const address = email.toLowerCase()
      if (address !== ownEmail.toLowerCase() && !byEmail.has(address)) byEmail.set(address, name.trim())
    }
    const page = await this.deps.events.list(scope.accountId, { userId }, { limit: CONTACT_EVENTS })
    for (const event of page.data) for (const attendee of event.attendees) remember(attendee.email, attendee.name)
    for (const event of page.data.slice(0, CONTACT_INVITATION_EVENTS))
      for (const invitation of await this.deps.invitations.listByEvent(scope.accountId, event.id))
        remember(invitation.attendeeEmail, invitation.attendeeName)
    return [...byEmail].map(([email, name]) => ({ name, email }))
  }
}
