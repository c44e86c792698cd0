import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type RouteQuery, type RoutingPort, TRAFFIC_INCIDENT_KINDS, type TravelMode } from '../../core/ports/routing.js'
import type { Coordinates } from '../../core/shared/coordinates.js'
import { expectOk } from '../../core/shared/result.js'

export interface RoutingContractSubject {
  readonly port: RoutingPort
  readonly teardown?: () => Promise<void>
}

const alexanderplatz: Coordinates = { lat: 52.5219, lng: 13.4132 }
const nearby: Coordinates = { lat: 52.5301, lng: 13.4502 }
const fartherSameWay: Coordinates = { lat: 52.5562, lng: 13.5701 }
const tuesdayNoon = new Date('2026-06-02T10:00:00Z')

const query = (destination: Coordinates, mode: TravelMode, overrides: Partial<RouteQuery> = {}): RouteQuery => ({
  origin: alexanderplatz,
  destination,
  mode,
  timing: { kind: 'arrive_by', at: tuesdayNoon },
  timezone: 'Europe/Berlin',
  ...overrides,
})

/** What every RoutingPort adapter must do; call it from the adapter's own test file. */
export const routingPortContract = (
  name: string,
  makeSubject: () => RoutingContractSubject | Promise<RoutingContractSubject>,
): void => {
  describe(`${name} honours the RoutingPort contract`, () => {
    let subject: RoutingContractSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('gives expected minutes, free-flow minutes no larger than them, a distance and a known quality', async () => {
      for (const mode of ['drive', 'walk', 'transit'] as const) {
        const route = expectOk(await subject.port.travelTime(query(nearby, mode)), mode)
        expect(route.expectedMinutes).toBeGreaterThan(0)
        expect(route.freeFlowMinutes).toBeGreaterThan(0)
        expect(route.freeFlowMinutes).toBeLessThanOrEqual(route.expectedMinutes)
        expect(route.distanceKm).toBeGreaterThan(1)
        expect(['live', 'historical', 'estimate']).toContain(route.quality)
      }
    })

    it('names its provider when it does, and reports incidents with a known kind and a delay that is not negative', async () => {
      const route = expectOk(await subject.port.travelTime(query(nearby, 'drive')))
      if (route.provider !== undefined) expect(route.provider.length).toBeGreaterThan(0)
      for (const incident of route.incidents ?? []) {
        expect(TRAFFIC_INCIDENT_KINDS).toContain(incident.kind)
        if (incident.delayMinutes !== null) expect(incident.delayMinutes).toBeGreaterThanOrEqual(0)
      }
    })

    it('answers a trip asked by departure time as well as by arrival time', async () => {
      const route = expectOk(
        await subject.port.travelTime(query(nearby, 'drive', { timing: { kind: 'depart_at', at: tuesdayNoon } })),
      )
      expect(route.expectedMinutes).toBeGreaterThan(0)
    })

    it('takes longer and goes farther for a farther destination in the same direction', async () => {
      const near = expectOk(await subject.port.travelTime(query(nearby, 'drive')))
      const far = expectOk(await subject.port.travelTime(query(fartherSameWay, 'drive')))
      expect(far.distanceKm).toBeGreaterThan(near.distanceKm)
      expect(far.freeFlowMinutes).toBeGreaterThan(near.freeFlowMinutes)
    })

    it('walking the same trip takes longer than driving it', async () => {
      const drive = expectOk(await subject.port.travelTime(query(nearby, 'drive')))
      const walk = expectOk(await subject.port.travelTime(query(nearby, 'walk')))
      expect(walk.freeFlowMinutes).toBeGreaterThan(drive.freeFlowMinutes)
    })
  })
}
