import type { Departure } from '../departure/departure.js'
import type { WindowChange } from './monitoring.js'

/**
 * A window "changes" when its earliest or latest departure moves, its traffic
 * level changes, or its weather warning appears, disappears or changes kind or
 * severity. Travel minutes, weather details and confidence alone do not count.
 */
export const windowChanges = (previous: Departure, next: Departure): WindowChange[] => {
  const changes: WindowChange[] = []
  if (previous.earliestDeparture.getTime() !== next.earliestDeparture.getTime()) changes.push('earliest_departure')
  if (previous.latestDeparture.getTime() !== next.latestDeparture.getTime()) changes.push('latest_departure')
  if (previous.trafficLevel !== next.trafficLevel) changes.push('traffic_level')
  if (warningKey(previous) !== warningKey(next)) changes.push('weather_warning')
  return changes
}

const warningKey = (departure: Departure): string | null =>
  departure.weatherWarning === null ? null : `${departure.weatherWarning.kind}/${departure.weatherWarning.severity}`
