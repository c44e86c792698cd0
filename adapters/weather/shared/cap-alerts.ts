import type { WeatherWarningKind, WeatherWarningSeverity } from '../../../core/ports/weather.js'
import type { Coordinates } from '../../../core/shared/coordinates.js'

/**
 * What official alerts share: the Common Alerting Protocol (CAP 1.2) fields both the US National Weather Service
 * and MeteoAlarm publish (`event`, `severity`, `onset`, `expires`/`ends`, areas as polygons).
 */

/** CAP `severity`; `Unknown` reads as the mildest. */
export const capSeverity = (text: string): WeatherWarningSeverity => {
  switch (text.trim().toLowerCase()) {
    case 'extreme':
      return 'extreme'
    case 'severe':
      return 'severe'
    case 'moderate':
      return 'moderate'
    default:
      return 'minor'
  }
}

/** Event names to our kinds, first match wins (a "Winter Storm" is snow before it is a storm). */
const EVENT_KINDS: ReadonlyArray<readonly [RegExp, WeatherWarningKind]> = [
  [/tornado/i, 'tornado'],
  [/ice|freezing|glaze|sleet|black ice|snow-ice/i, 'ice'],
  [/snow|blizzard|winter|avalanche/i, 'snow'],
  [/flood|inundation|coastal event/i, 'flood'],
  [/thunder|lightning|convective/i, 'thunderstorm'],
  [/fog|visibility/i, 'fog'],
  [/wind|gust|gale|hurricane|typhoon|tropical storm|storm/i, 'wind'],
  [/rain|precipitation/i, 'heavy_rain'],
  [/heat|high.temperature|hot/i, 'extreme_heat'],
  [/cold|chill|frost|freeze|low.temperature/i, 'extreme_cold'],
]

export const kindForEvent = (event: string): WeatherWarningKind =>
  EVENT_KINDS.find(([pattern]) => pattern.test(event))?.[1] ?? 'other'

const parseDate = (text: string | null | undefined): Date | null => {
  if (text === null || text === undefined || text.trim() === '') return null
  const date = new Date(text.trim())
  return Number.isNaN(date.getTime()) ? null : date
}

export const capDate = parseDate

/** Whether a hazard from `onset` (open: already) to `ends` (open: until further notice) covers the instant. */
export const coversInstant = (onset: Date | null, ends: Date | null, at: Date): boolean =>
  (onset === null || onset.getTime() <= at.getTime()) && (ends === null || at.getTime() < ends.getTime())

/** A CAP polygon: `lat,lon lat,lon ...`, the first pair repeated at the end. */
export const parseCapPolygon = (text: string): Coordinates[] =>
  text
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split(',').map(Number))
    .filter((pair): pair is [number, number] => pair.length === 2 && pair.every(Number.isFinite))
    .map(([lat, lng]) => ({ lat, lng }))

/** Ray casting on the plane of latitude and longitude (warning areas are small enough for it). */
export const insidePolygon = (point: Coordinates, ring: readonly Coordinates[]): boolean => {
  let inside = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]
    const b = ring[j]
    if (a === undefined || b === undefined) continue
    const crosses =
      a.lat > point.lat !== b.lat > point.lat &&
      point.lng < ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng
    if (crosses) inside = !inside
  }
  return inside
}
