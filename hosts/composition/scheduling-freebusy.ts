import type { Container } from 'inversify'
import { FreeBusyService } from '../../core/scheduling/freebusy-service.js'
import { SlotFinder } from '../../core/scheduling/slots-service.js'
import { SuggestionService } from '../../core/scheduling/suggest.js'
import { TOKENS } from '../di-tokens.js'

/** Free/busy, slot finding and suggestions of one surface, from the ports its container binds. */
export const freeBusyServicesOf = (container: Container) => {
  const events = container.get(TOKENS.EventRepository)
  const users = container.get(TOKENS.UserRepository)
  const freeBusy = new FreeBusyService({
    events,
    users,
    calendars: container.get(TOKENS.CalendarRepository),
    connections: container.get(TOKENS.ConnectionRepository),
    invitations: container.get(TOKENS.InvitationRepository),
  })
  return {
    freeBusy,
    slots: new SlotFinder(freeBusy),
    suggestions: new SuggestionService({
      freeBusy,
      events,
      users,
      geocoding: container.get(TOKENS.Geocoding),
      routing: container.get(TOKENS.Routing),
    }),
  }
}
