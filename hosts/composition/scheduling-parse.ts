import { SchedulingParseService } from '../../core/scheduling/parse-service.js'
import type { Surface } from '../composition-root.js'
import { TOKENS } from '../di-tokens.js'

/** The parse use case of one surface, on that surface's users, events and invitations. */
export const schedulingParseServiceOf = (surface: Surface): SchedulingParseService =>
  new SchedulingParseService({
    users: surface.users,
    events: surface.container.get(TOKENS.EventRepository),
    invitations: surface.container.get(TOKENS.InvitationRepository),
  })
