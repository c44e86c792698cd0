import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { WeatherPort, WeatherWarningSeverity } from '../../core/ports/weather.js'
import { expectOk } from '../../core/shared/result.js'

export interface WeatherContractSubject {
  readonly port: WeatherPort
  /** The adapter's notion of "now", so the contract asks inside its horizon. */
  readonly now: Date
  /** A place where the adapter has warnings to show, when it has a notion of one (official sources). */
  readonly warningPlace?: { readonly lat: number; readonly lng: number }
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
      const { forecast } = report
      if (forecast !== null) {
        expect(Math.abs(forecast.forecastFor.getTime() - at.getTime())).toBeLessThan(HOUR_MS)
        expect(forecast.precipitationMmPerHour).toBeGreaterThanOrEqual(0)
        expect(forecast.windSpeedKmh).toBeGreaterThanOrEqual(0)
        if (forecast.visibilityM !== null) expect(forecast.visibilityM).toBeGreaterThanOrEqual(0)
      }
      const ranks = report.warnings.map((warning) => severityRank[warning.severity])
      expect(ranks).toEqual([...ranks].sort((a, b) => b - a))
    })

    it('says where each warning comes from, and an official one covers the time asked', async () => {
      const at = new Date(subject.now.getTime() + 5 * HOUR_MS + 20 * 60_000)
      const report = expectOk(await subject.port.forecastAt(subject.warningPlace ?? place, at))
      for (const warning of report?.warnings ?? []) {
        expect(['official', 'forecast_threshold']).toContain(warning.source)
        expect(warning.description.length).toBeGreaterThan(0)
        if (warning.source !== 'official') continue
        if (warning.onset != null) expect(warning.onset.getTime()).toBeLessThanOrEqual(at.getTime())
        if (warning.ends != null) expect(warning.ends.getTime()).toBeGreaterThan(at.getTime())
      }
    })

    it('never invents a forecast a month ahead: it answers null', async () => {
      const at = new Date(subject.now.getTime() + 30 * 24 * HOUR_MS)
      expect(expectOk(await subject.port.forecastAt(place, at))).toBeNull()
    })
  })
}
