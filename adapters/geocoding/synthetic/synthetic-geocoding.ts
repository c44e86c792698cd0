import { createHash } from 'node:crypto'
import type { GeocodedPlace, GeocodingPort } from '../../../core/ports/geocoding.js'
import { ok } from '../../../core/shared/result.js'

/** A rectangle of the map in which synthetic positions are placed. */
export interface CityBox {
  readonly south: number
  readonly west: number
  readonly north: number
  readonly east: number
}

/** About 15 x 20 km of central Berlin: trips between synthetic places have city-like lengths. */
export const defaultCityBox: CityBox = { south: 52.44, west: 13.25, north: 52.58, east: 13.55 }

const normalize = (address: string): string => address.trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * The sandbox geocoder: resolves ANY address, deterministically (a hash of the
 * normalized address picks a point in the city box), with `low` confidence and
 * `source: 'synthetic'` so nobody mistakes it for a real place.
 */
export class SyntheticGeocodingAdapter implements GeocodingPort {
  constructor(private readonly cityBox: CityBox = defaultCityBox) {}

  async geocode(address: string) {
    const normalized = normalize(address)
    if (normalized.length === 0) return ok(null)
    const digest = createHash('sha256').update(normalized).digest()
    const latFraction = digest.readUInt32BE(0) / 0x1_0000_0000
    const lngFraction = digest.readUInt32BE(4) / 0x1_0000_0000
    const box = this.cityBox
    const place: GeocodedPlace = {
      coordinates: {
        lat: box.south + latFraction * (box.north - box.south),
        lng: box.west + lngFraction * (box.east - box.west),
      },
      displayName: `${address.trim()} (synthetic position)`,
      confidence: 'low',
      source: 'synthetic',
    }
    return ok(place)
  }
}
