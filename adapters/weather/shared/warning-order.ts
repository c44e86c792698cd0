import type { WeatherWarning, WeatherWarningSeverity } from '../../../core/ports/weather.js'

const severityRank: Readonly<Record<WeatherWarningSeverity, number>> = { minor: 0, moderate: 1, severe: 2, extreme: 3 }

/** Most severe first (the port's order); equal ones keep their order. */
export const sortBySeverity = (warnings: readonly WeatherWarning[]): WeatherWarning[] =>
  [...warnings].sort((a, b) => severityRank[b.severity] - severityRank[a.severity])
