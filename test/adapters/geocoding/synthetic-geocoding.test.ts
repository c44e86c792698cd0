import { describe, expect, it } from 'vitest'
import { defaultCityBox, SyntheticGeocodingAdapter } from '../../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { expectOk } from '../../../core/shared/result.js'
import { geocodingPortContract } from '../../contracts/geocoding.contract.js'

geocodingPortContract('synthetic geocoder', () => ({ port: new SyntheticGeocodingAdapter() }), {
  knownAddress: '12 Imaginary Lane, Nowhere',
})

describe('synthetic geocoder', () => {
  const geocoder = new SyntheticGeocodingAdapter()

  it('resolves any address inside the city box, with low confidence, and says it is synthetic', async () => {
    for (const address of ['1 Main St', 'Café de Flore, 172 Bd Saint-Germain', 'xyzzy']) {
      const place = expectOk(await geocoder.geocode(address))!
      expect(place.coordinates.lat).toBeGreaterThanOrEqual(defaultCityBox.south)
      expect(place.coordinates.lat).toBeLessThanOrEqual(defaultCityBox.north)
      expect(place.coordinates.lng).toBeGreaterThanOrEqual(defaultCityBox.west)
      expect(place.coordinates.lng).toBeLessThanOrEqual(defaultCityBox.east)
      expect(place.confidence).toBe('low')
      expect(place.source).toBe('synthetic')
      expect(place.displayName).toMatch(/synthetic/)
    }
  })

  it('ignores case and spacing, and places different addresses apart', async () => {
    const a = expectOk(await geocoder.geocode('1 Main St'))!
    const sameA = expectOk(await geocoder.geocode('  1   MAIN st '))!
    const b = expectOk(await geocoder.geocode('2 Main St'))!
    expect(sameA.coordinates).toEqual(a.coordinates)
    expect(b.coordinates).not.toEqual(a.coordinates)
  })
})
