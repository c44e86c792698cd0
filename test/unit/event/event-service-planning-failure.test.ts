import { describe, expect, it } from 'vitest'
import type { RoutingPort } from '../../../core/ports/routing.js'
import type { WeatherPort } from '../../../core/ports/weather.js'
import { stubRouting } from '../../support/departure-fixtures.js'
import { eventServiceFixture } from '../../support/event-service-fixture.js'

/** A routing adapter with a bug: it throws instead of answering a failure (until `healed`). */
const throwingRouting = (): RoutingPort & { healed: boolean; calls: number } => {
  const healthy = stubRouting()
  const port = {
    healed: false,
    calls: 0,
    travelTime: async (query: Parameters<RoutingPort['travelTime']>[0]) => {
      port.calls++
      if (!port.healed) throw new TypeError("Cannot read properties of null (reading 'duration')")
      return healthy.travelTime(query)
    },
  }
  return port
}

const throwingWeather = (): WeatherPort => ({
  forecastAt: async () => {
    throw new Error('socket hang up')
  },
})

const setUp = eventServiceFixture

describe('Creating an event: insert, first window and event.created together or not at all', () => {
  it('a routing adapter that throws leaves the event created and `unavailable`, retried on the cadence, not a 500', async () => {
    const routing = throwingRouting()
    const { create, stored, outboxTypes, monitor, clock } = setUp({ routing })
    const created = await create()
    if (!created.ok) throw new Error(`create failed: ${created.error._tag}`)
    expect(routing.calls).toBe(1)
    expect(created.value.monitoring.status).toBe('unavailable')
    expect(created.value.monitoring.departure).toBeNull()
    expect(created.value.monitoring.nextRecalcAt).not.toBeNull()
    expect(await stored()).toEqual([created.value])
    expect(await outboxTypes()).toEqual(['event.created'])

    // The provider answers again: the sweep computes the first window at the event's next recompute.
    routing.healed = true
    clock.set(created.value.monitoring.nextRecalcAt!.toISOString())
    await monitor.processDue(null, clock)
    const [after] = await stored()
    expect(after?.monitoring.status).toBe('monitoring')
    expect((await outboxTypes()).sort()).toEqual(['departure.computed', 'event.created'])
  })

  it('a weather adapter that throws counts as no forecast: the window is computed without weather', async () => {
    const { create, stored, outboxTypes } = setUp({ weather: throwingWeather() })
    const created = await create()
    if (!created.ok) throw new Error(`create failed: ${created.error._tag}`)
    expect(created.value.monitoring.status).toBe('monitoring')
    expect(created.value.monitoring.departure?.weather).toBeNull()
    expect(await stored()).toEqual([created.value])
    expect((await outboxTypes()).sort()).toEqual(['departure.computed', 'event.created'])
  })

  it('any other failure while planning the first window does the same', async () => {
    const { create, stored, outboxTypes } = setUp({
      lastKnownPosition: async () => {
        throw new Error('position store unreachable')
      },
    })
    const created = await create()
    if (!created.ok) throw new Error(`create failed: ${created.error._tag}`)
    expect(created.value.monitoring.status).toBe('unavailable')
    expect(await stored()).toEqual([created.value])
    expect(await outboxTypes()).toEqual(['event.created'])
  })
})
