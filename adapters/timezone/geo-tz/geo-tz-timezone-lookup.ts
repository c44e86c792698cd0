import type { TimezoneLookupPort } from '../../../core/ports/timezone-lookup.js'
import type { Coordinates } from '../../../core/shared/coordinates.js'

type Find = (lat: number, lng: number) => string[]

/**
 * The timezone at a point, offline, from `geo-tz` (the timezone-boundary-builder polygons, zones distinct since
 * 1970, so that Berlin is `Europe/Berlin` rather than a zone that merely keeps the same time today). Where two
 * zones overlap (disputed areas), the first the library names. The library (and its index) loads on the first
 * lookup, not at start.
 */
export class GeoTzTimezoneLookup implements TimezoneLookupPort {
  private find: Promise<Find> | null = null

  async timezoneAt(coordinates: Coordinates): Promise<string | null> {
    this.find ??= import('geo-tz').then((module) => module.find)
    return (await this.find)(coordinates.lat, coordinates.lng)[0] ?? null
  }
}
