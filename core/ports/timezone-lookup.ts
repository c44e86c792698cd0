import type { Coordinates } from '../shared/coordinates.js'

export interface TimezoneLookupPort {
  /** The IANA timezone in force at these coordinates, or null where none is known (the open sea, far from a coast). */
  timezoneAt(coordinates: Coordinates): Promise<string | null>
}
