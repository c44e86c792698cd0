import { ContainerModule } from 'inversify'
import { SchedulingParseService } from '../../core/scheduling/parse-service.js'
import { TOKENS } from '../di-tokens.js'

/** The parse use case of one surface, on that surface's users, events and invitations. */
export const schedulingParseModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.SchedulingParseService).toResolvedValue(
    (users, events, invitations) => new SchedulingParseService({ users, events, invitations }),
    [TOKENS.UserService, TOKENS.EventRepository, TOKENS.InvitationRepository],
  )
})
