import { find } from 'geo-tz'
import type { TimezoneLookupPort } from '../../../core/ports/timezone-lookup.js'
import type { Coordinates } from '../../../core/shared/coordinates.js'

/**
 * The timezone at a point, offline, from `geo-tz` (the timezone-boundary-builder polygons, zones distinct since
 * 1970, so that Berlin is `Europe/Berlin` rather than a zone that merely keeps the same time today). Where two
 * zones overlap (disputed areas), the first the library names.
 */
export class GeoTzTimezoneLookup implements TimezoneLookupPort {
  async timezoneAt(coordinates: Coordinates): Promise<string | null> {
    return find(coordinates.lat, coordinates.lng)[0] ?? null
  }
}
