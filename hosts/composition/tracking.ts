import { ContainerModule } from 'inversify'
import { TrackingService } from '../../core/tracking/tracking-service.js'
import { TOKENS } from '../di-tokens.js'

/** ETA tracking (private preview): trips, their prediction and the positions users were last seen at. */
export const trackingModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.TrackingService).toResolvedValue(
    (trips, events, users, accounts, routing, monitor, ids, corrections) =>
      new TrackingService({ trips, events, users, accounts, routing, monitor, ids, corrections }),
    [
      TOKENS.TrackingRepository,
      TOKENS.EventRepository,
      TOKENS.UserService,
      TOKENS.AccountRepository,
      TOKENS.Routing,
      TOKENS.DepartureMonitor,
      TOKENS.IdGenerator,
      TOKENS.RouteCorrectionStore,
    ],
  )
})
