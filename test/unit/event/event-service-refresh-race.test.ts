import { describe, expect, it } from 'vitest'
import type { DepartureMonitor } from '../../../core/event/departure-monitor.js'
import type { RoutingPort } from '../../../core/ports/routing.js'
import { ok } from '../../../core/shared/result.js'
import { eventServiceFixture, HOUR, NOW } from '../../support/event-service-fixture.js'

describe('An update whose own recompute loses the race to the sweep', () => {
  it('answers the event as the sweep left it (its window), not the pending state it read', async () => {
    // The sweep runs (and writes the window) while the request's own recompute waits for its first route.
    let sweepDuringNextRoute = false
    let monitor: DepartureMonitor | null = null
    const routing: RoutingPort = {
      travelTime: async () => {
        if (sweepDuringNextRoute) {
          sweepDuringNextRoute = false
          await monitor?.processDue(null, clock)
        }
        return ok({ expectedMinutes: 25, freeFlowMinutes: 20, distanceKm: 12, quality: 'live' })
      },
    }
    const fixture = eventServiceFixture({ routing })
    const { events, eventRecords, clock, scope } = fixture
    monitor = fixture.monitor
    const created = await fixture.create()
    if (!created.ok) throw new Error('create failed')
    expect(created.value.monitoring.status).toBe('monitoring')

    sweepDuringNextRoute = true
    const moved = await events.update(scope, created.value.id, {
      startTime: new Date(NOW.getTime() + 8 * HOUR),
      endTime: new Date(NOW.getTime() + 9 * HOUR),
    })
    expect(sweepDuringNextRoute).toBe(false)
    if (!moved.ok) throw new Error('update failed')
    const stored = await eventRecords.get('acct_a', created.value.id)
    expect(stored?.monitoring.status).toBe('monitoring')
    expect(moved.value.monitoring.status).toBe('monitoring')
    expect(moved.value).toEqual(stored)
  })
})
