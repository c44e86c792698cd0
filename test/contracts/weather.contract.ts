import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { WeatherPort, WeatherWarningSeverity } from '../../core/ports/weather.js'
import { expectOk } from '../../core/shared/result.js'

export interface WeatherContractSubject {
  readonly port: WeatherPort
  /** The adapter's notion of "now", so the contract asks inside its horizon. */
  readonly now: Date
  readonly teardown?: () => Promise<void>
}

const place = { lat: 52.52, lng: 13.405 }
const HOUR_MS = 3_600_000
const severityRank: Readonly<Record<WeatherWarningSeverity, number>> = { minor: 0, moderate: 1, severe: 2, extreme: 3 }

/** What every WeatherPort adapter must do; call it from the adapter's own test file. */
export const weatherPortContract = (
  name: string,
  makeSubject: () => WeatherContractSubject | Promise<WeatherContractSubject>,
): void => {
  describe(`${name} honours the WeatherPort contract`, () => {
    let subject: WeatherContractSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('answers a forecast for the hour asked, or says none is available (null)', async () => {
      const at = new Date(subject.now.getTime() + 5 * HOUR_MS + 20 * 60_000)
      const report = expectOk(await subject.port.forecastAt(place, at))
      if (report === null) return
      expect(Math.abs(report.forecast.forecastFor.getTime() - at.getTime())).toBeLessThan(HOUR_MS)
      expect(report.forecast.precipitationMmPerHour).toBeGreaterThanOrEqual(0)
      expect(report.forecast.windSpeedKmh).toBeGreaterThanOrEqual(0)
      if (report.forecast.visibilityM !== null) expect(report.forecast.visibilityM).toBeGreaterThanOrEqual(0)
      const ranks = report.warnings.map((warning) => severityRank[warning.severity])
      expect(ranks).toEqual([...ranks].sort((a, b) => b - a))
    })

    it('never invents a forecast a month ahead: it answers null', async () => {
      const at = new Date(subject.now.getTime() + 30 * 24 * HOUR_MS)
      expect(expectOk(await subject.port.forecastAt(place, at))).toBeNull()
    })
  })
}
