import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { GeocodingPort } from '../../core/ports/geocoding.js'
import { isValidCoordinates } from '../../core/shared/coordinates.js'
import { expectOk } from '../../core/shared/result.js'

export interface GeocodingContractSubject {
  readonly port: GeocodingPort
  readonly teardown?: () => Promise<void>
}

export interface GeocodingContractFixtures {
  /** An address the adapter resolves. */
  readonly knownAddress: string
  /** An address it does not know; omit for geocoders that resolve anything. */
  readonly unknownAddress?: string
}

/** What every GeocodingPort adapter must do; call it from the adapter's own test file. */
export const geocodingPortContract = (
  name: string,
  makeSubject: () => GeocodingContractSubject | Promise<GeocodingContractSubject>,
  fixtures: GeocodingContractFixtures,
): void => {
  describe(`${name} honours the GeocodingPort contract`, () => {
    let subject: GeocodingContractSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('resolves a known address to valid coordinates with a confidence and a source', async () => {
      const place = expectOk(await subject.port.geocode(fixtures.knownAddress))
      expect(place).not.toBeNull()
      expect(isValidCoordinates(place!.coordinates)).toBe(true)
      expect(['low', 'medium', 'high']).toContain(place!.confidence)
      expect(['provider', 'city_level', 'synthetic']).toContain(place!.source)
      expect(place!.displayName.length).toBeGreaterThan(0)
    })

    it('resolves the same address to the same coordinates every time', async () => {
      const first = expectOk(await subject.port.geocode(fixtures.knownAddress))
      const second = expectOk(await subject.port.geocode(fixtures.knownAddress))
      expect(second?.coordinates).toEqual(first?.coordinates)
    })

    it('answers null for a blank address', async () => {
      expect(expectOk(await subject.port.geocode('   '))).toBeNull()
    })

    if (fixtures.unknownAddress !== undefined) {
      const unknownAddress = fixtures.unknownAddress
      it('answers null when nothing matches', async () => {
        expect(expectOk(await subject.port.geocode(unknownAddress))).toBeNull()
      })
    }
  })
}
