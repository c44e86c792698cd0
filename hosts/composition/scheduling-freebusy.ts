import { ContainerModule } from 'inversify'
import { FreeBusyService } from '../../core/scheduling/freebusy-service.js'
import { SlotFinder } from '../../core/scheduling/slots-service.js'
import { SuggestionService } from '../../core/scheduling/suggest.js'
import { TOKENS } from '../di-tokens.js'

/** Free/busy, slot finding and suggestions of one surface, from the ports its container binds. */
export const freeBusyModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.FreeBusyService).toResolvedValue(
    (events, users, calendars, connections, invitations) =>
      new FreeBusyService({ events, users, calendars, connections, invitations }),
    [
      TOKENS.EventRepository,
      TOKENS.UserRepository,
      TOKENS.CalendarRepository,
      TOKENS.ConnectionRepository,
      TOKENS.InvitationRepository,
    ],
  )
  bind(TOKENS.SlotFinder).toResolvedValue((freeBusy) => new SlotFinder(freeBusy), [TOKENS.FreeBusyService])
  bind(TOKENS.SuggestionService).toResolvedValue(
    (freeBusy, events, users, geocoding, routing) =>
      new SuggestionService({ freeBusy, events, users, geocoding, routing }),
    [TOKENS.FreeBusyService, TOKENS.EventRepository, TOKENS.UserRepository, TOKENS.Geocoding, TOKENS.Routing],
  )
})
