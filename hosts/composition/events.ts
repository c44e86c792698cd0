import { ContainerModule } from 'inversify'
import { BufferedDepartureHistory } from '../../adapters/storage/buffered/departure-history.js'
import { DepartureHistoryService } from '../../core/event/departure-history-service.js'
import { DepartureMonitor } from '../../core/event/departure-monitor.js'
import { EventLifecycle } from '../../core/event/event-lifecycle.js'
import { EventService } from '../../core/event/event-service.js'
import { lastKnownPosition } from '../../core/tracking/last-known-position.js'
import { TOKENS } from '../di-tokens.js'

/** Events, their departure monitoring, and their lifecycle (its listeners: `hosts/composition/surface-wiring.ts`). */
export const eventsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.EventLifecycle).toResolvedValue(() => new EventLifecycle())
  bind(TOKENS.DepartureMonitor).toResolvedValue(
    (events, users, ids, routing, weather, connections, metrics, trips, corrections, history) =>
      new DepartureMonitor({
        events,
        history,
        users,
        ids,
        routing,
        weather,
        connections,
        metrics,
        corrections,
        lastKnownPosition: (accountId, userId) => lastKnownPosition(trips, accountId, userId),
      }),
    [
      TOKENS.EventRepository,
      TOKENS.UserRepository,
      TOKENS.IdGenerator,
      TOKENS.Routing,
      TOKENS.Weather,
      TOKENS.ConnectionRepository,
      TOKENS.Metrics,
      TOKENS.TrackingRepository,
      TOKENS.RouteCorrectionStore,
      TOKENS.BufferedDepartureHistory,
    ],
  )
  // Written off the request path: the storage's adapter behind a one-second buffer.
  bind(TOKENS.BufferedDepartureHistory).toResolvedValue(
    (store, logger) =>
      new BufferedDepartureHistory(store, (error, lost) =>
        logger.error({ err: error, lost }, 'departure history batch not written'),
      ),
    [TOKENS.DepartureHistory, TOKENS.Logger],
  )
  bind(TOKENS.DepartureHistoryService).toResolvedValue(
    (events, history) => new DepartureHistoryService({ events, history }),
    [TOKENS.EventRepository, TOKENS.BufferedDepartureHistory],
  )
  bind(TOKENS.EventService).toResolvedValue(
    (events, users, ids, geocoding, timezones, routing, weather, monitor, lifecycle) =>
      new EventService({ events, users, ids, geocoding, timezones, routing, weather, monitor, lifecycle }),
    [
      TOKENS.EventRepository,
      TOKENS.UserService,
      TOKENS.IdGenerator,
      TOKENS.Geocoding,
      TOKENS.TimezoneLookup,
      TOKENS.Routing,
      TOKENS.Weather,
      TOKENS.DepartureMonitor,
      TOKENS.EventLifecycle,
    ],
  )
})
