import { describe, expect, it } from 'vitest'
import { OfflineWeatherAdapter } from '../../../adapters/weather/offline/offline-weather.js'
import { expectOk } from '../../../core/shared/result.js'
import { weatherPortContract } from '../../contracts/weather.contract.js'

weatherPortContract('offline weather', () => ({
  port: new OfflineWeatherAdapter(),
  now: new Date('2026-06-02T08:00:00Z'),
}))

describe('offline weather', () => {
  it('says no forecast is available rather than inventing one', async () => {
    const report = await new OfflineWeatherAdapter().forecastAt(
      { lat: 52.52, lng: 13.4 },
      new Date('2026-06-02T09:00:00Z'),
    )
    expect(expectOk(report)).toBeNull()
  })
})
