/** A point on Earth in WGS84 degrees (`lat` north, `lng` east). */
export interface Coordinates {
  readonly lat: number
  readonly lng: number
}

const EARTH_RADIUS_KM = 6371.0088

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180

/** Great-circle (haversine) distance between two points, in kilometres. */
export const greatCircleDistanceKm = (from: Coordinates, to: Coordinates): number => {
  const deltaLat = toRadians(to.lat - from.lat)
  const deltaLng = toRadians(to.lng - from.lng)
  const a =
    Math.sin(deltaLat / 2) ** 2 +
    Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(deltaLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** True when both numbers are finite and inside the WGS84 ranges. */
export const isValidCoordinates = (point: Coordinates): boolean =>
  Number.isFinite(point.lat) && Number.isFinite(point.lng) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180
