import { describe, expect, it } from 'vitest'
import { OfflineRoutingAdapter } from '../../../adapters/routing/offline/offline-routing.js'
import type { RouteQuery } from '../../../core/ports/routing.js'
import { expectOk } from '../../../core/shared/result.js'
import { routingPortContract } from '../../contracts/routing.contract.js'

routingPortContract('offline estimator', () => ({ port: new OfflineRoutingAdapter() }))

const trip = (at: string, overrides: Partial<RouteQuery> = {}): RouteQuery => ({
  origin: { lat: 52.5219, lng: 13.4132 },
  destination: { lat: 52.4675, lng: 13.3252 },
  mode: 'drive',
  timing: { kind: 'arrive_by', at: new Date(at) },
  timezone: 'Europe/Berlin',
  ...overrides,
})

describe('offline estimator', () => {
  const routing = new OfflineRoutingAdapter()

  it('is always of quality estimate', async () => {
    for (const mode of ['drive', 'walk', 'transit'] as const) {
      expect(expectOk(await routing.travelTime(trip('2026-06-02T06:30:00Z', { mode }))).quality).toBe('estimate')
    }
  })

  it('is deterministic', async () => {
    const query = trip('2026-06-02T06:30:00Z')
    expect(expectOk(await routing.travelTime(query))).toEqual(expectOk(await routing.travelTime(query)))
  })

  it('slows driving in rush hour of the destination local time, not at night', async () => {
    // 08:30 in Berlin (summer, UTC+2) is rush hour; 02:30 is empty roads.
    const rush = expectOk(await routing.travelTime(trip('2026-06-02T06:30:00Z')))
    const night = expectOk(await routing.travelTime(trip('2026-06-02T00:30:00Z')))
    expect(rush.expectedMinutes / rush.freeFlowMinutes).toBeGreaterThanOrEqual(1.5)
    expect(night.expectedMinutes).toBeCloseTo(night.freeFlowMinutes)
  })

  it('reads rush hours in the timezone it is given', async () => {
    // The same instant is 08:30 in Berlin but 02:30 in New York.
    const berlin = expectOk(await routing.travelTime(trip('2026-06-02T06:30:00Z')))
    const newYork = expectOk(await routing.travelTime(trip('2026-06-02T06:30:00Z', { timezone: 'America/New_York' })))
    expect(berlin.expectedMinutes).toBeGreaterThan(newYork.expectedMinutes)
  })

  it('puts no traffic on walking', async () => {
    const walk = expectOk(await routing.travelTime(trip('2026-06-02T06:30:00Z', { mode: 'walk' })))
    expect(walk.expectedMinutes).toBe(walk.freeFlowMinutes)
  })
})
