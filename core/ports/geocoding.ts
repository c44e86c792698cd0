import type { Coordinates } from '../shared/coordinates.js'
import type { ProviderUnavailable } from '../shared/provider.errors.js'
import type { Result } from '../shared/result.js'

/** How much a geocoded position can be trusted. */
export type GeocodingConfidence = 'low' | 'medium' | 'high'

/**
 * `provider`: a real geocoder matched the address.
 * `city_level`: an offline gazetteer placed it at the centre of its city (or US ZIP code), never at the street.
 * `synthetic`: the sandbox invented a deterministic position (never a real place).
 */
export type GeocodingSource = 'provider' | 'city_level' | 'synthetic'

export interface GeocodedPlace {
  readonly coordinates: Coordinates
  /** The provider's formatted name of what it matched. */
  readonly displayName: string
  readonly confidence: GeocodingConfidence
  readonly source: GeocodingSource
}

export interface GeocodingPort {
  /** The best match for a free-form address, or `null` when nothing matches. */
  geocode(address: string): Promise<Result<GeocodedPlace | null, ProviderUnavailable>>
}
