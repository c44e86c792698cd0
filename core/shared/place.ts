import type { GeocodingPort } from '../ports/geocoding.js'
import { InvalidParameter } from './errors.js'
import { err, ok, type Result } from './result.js'

/** A place as resolved by the service: always with coordinates. */
export interface Place {
  readonly name: string | null
  readonly address: string | null
  readonly lat: number
  readonly lng: number
  /**
   * Where the coordinates come from: given by the caller, a geocoder (`provider`), the offline gazetteer's city
   * centre (`city_level`), or the sandbox's synthetic geocoder.
   */
  readonly source: 'caller' | 'provider' | 'city_level' | 'synthetic'
}

/** An address no geocoder could place: kept as written, with no coordinates. */
export interface UnresolvedPlace {
  readonly name: string | null
  readonly address: string
}

/** A place as the caller wrote it: coordinates, an address, or both. */
export interface PlaceInput {
  readonly name?: string | null | undefined
  readonly address?: string | null | undefined
  readonly lat?: number | undefined
  readonly lng?: number | undefined
}

/**
 * Resolves a place to coordinates: the caller's coordinates when given, else the
 * geocoder's best match for the address. `param` names the request field.
 */
export const resolvePlace = async (
  geocoding: GeocodingPort,
  input: PlaceInput,
  param: string,
): Promise<Result<Place, InvalidParameter>> => {
  const resolved = await resolvePlaceOrKeepAddress(geocoding, input, param)
  if (!resolved.ok || 'lat' in resolved.value) return resolved as Result<Place, InvalidParameter>
  const { address } = resolved.value
  return err(new InvalidParameter({ param: `${param}.address`, message: `No place matches the address "${address}".` }))
}

/**
 * As `resolvePlace`, but an address the geocoder finds nothing for is kept as an `UnresolvedPlace` rather than
 * refused (an event's location: the event is stored, and not monitored, rather than placed at an invented point).
 */
export const resolvePlaceOrKeepAddress = async (
  geocoding: GeocodingPort,
  input: PlaceInput,
  param: string,
): Promise<Result<Place | UnresolvedPlace, InvalidParameter>> => {
  const name = input.name ?? null
  const address = input.address ?? null
  if (input.lat !== undefined && input.lng !== undefined)
    return ok({ name, address, lat: input.lat, lng: input.lng, source: 'caller' })
  if (input.lat !== undefined || input.lng !== undefined) {
    return err(
      new InvalidParameter({
        param: `${param}.${input.lat === undefined ? 'lat' : 'lng'}`,
        message: 'lat and lng go together.',
      }),
    )
  }
  if (address === null || address.trim() === '') {
    return err(
      new InvalidParameter({ param: `${param}.address`, message: `${param} needs an address, or lat and lng.` }),
    )
  }
  const found = await geocoding.geocode(address)
  if (!found.ok)
    return err(
      new InvalidParameter({
        param: `${param}.address`,
        message: 'The geocoding service is unavailable; retry, or pass lat and lng.',
      }),
    )
  if (found.value === null) return ok({ name, address })
  const { coordinates, source } = found.value
  return ok({ name, address, lat: coordinates.lat, lng: coordinates.lng, source })
}
