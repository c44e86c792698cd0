import type { Coordinates } from './coordinates.js'

const METRES_PER_DEGREE = 111_320

const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals))

/**
 * The centre of the square cell (about `cellMeters` on a side) a point lies in: points of one cell share lookups
 * (the routing chain's cache) and corrections (route buckets).
 */
export const snapToCell = (point: Coordinates, cellMeters: number): Coordinates => {
  const latStep = cellMeters / METRES_PER_DEGREE
  const lat = (Math.floor(point.lat / latStep) + 0.5) * latStep
  const lngStep = cellMeters / (METRES_PER_DEGREE * Math.max(Math.cos((lat * Math.PI) / 180), 0.01))
  const lng = (Math.floor(point.lng / lngStep) + 0.5) * lngStep
  return { lat: roundTo(Math.min(90, lat), 6), lng: roundTo(lng, 6) }
}
