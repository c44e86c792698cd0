import type { RouteQuery } from '../../core/ports/routing.js'

/**
 * The routing tests' trip: Alexanderplatz to Steglitz by car, to arrive at 08:45Z (10:45 in Berlin), asked while the
 * test clock (`fastResilience`) stands at 2026-06-02T08:00Z. Each test changes what it is about.
 */
export const berlinTrip = (overrides: Partial<RouteQuery> = {}): RouteQuery => ({
  origin: { lat: 52.5219, lng: 13.4132 },
  destination: { lat: 52.4675, lng: 13.3252 },
  mode: 'drive',
  timing: { kind: 'arrive_by', at: new Date('2026-06-02T08:45:00Z') },
  timezone: 'Europe/Berlin',
  ...overrides,
})
