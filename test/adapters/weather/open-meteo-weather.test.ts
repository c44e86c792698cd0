import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OpenMeteoWeatherAdapter } from '../../../adapters/weather/open-meteo/open-meteo-weather.js'
import { expectOk } from '../../../core/shared/result.js'
import { weatherPortContract } from '../../contracts/weather.contract.js'
import type { FakeHttpServer } from '../../support/fakes/fake-http-server.js'
import { type FakeHourlyWeather, mildWeather, startOpenMeteoFake } from '../../support/fakes/open-meteo-fake.js'
import { fastResilience } from '../../support/fast-resilience.js'

weatherPortContract('Open-Meteo adapter', async () => {
  const server = await startOpenMeteoFake()
  const { options, clock } = fastResilience(server.baseUrl)
  return { port: new OpenMeteoWeatherAdapter(options), now: new Date(clock.ms), teardown: () => server.close() }
})

const berlin = { lat: 52.52, lng: 13.405 }

describe('Open-Meteo adapter', () => {
  let weather: FakeHourlyWeather
  let server: FakeHttpServer
  beforeEach(async () => {
    weather = mildWeather
    server = await startOpenMeteoFake(() => weather)
  })
  afterEach(async () => {
    await server.close()
  })

  const adapter = () => new OpenMeteoWeatherAdapter(fastResilience(server.baseUrl).options)
  const at = new Date('2026-06-02T14:40:00Z')

  describe('maps the hourly forecast', () => {
    it('asks the hour in UTC unix time and reads that hour', async () => {
      const report = expectOk(await adapter().forecastAt(berlin, at))
      const url = server.requests[0]!.url
      expect(url.pathname).toBe('/v1/forecast')
      expect(url.searchParams.get('timeformat')).toBe('unixtime')
      expect(url.searchParams.get('start_date')).toBe('2026-06-02')
      expect(report?.forecast).toEqual({
        forecastFor: new Date('2026-06-02T14:00:00Z'),
        condition: 'cloudy',
        precipitationMmPerHour: 0,
        windSpeedKmh: 11.5,
        windGustsKmh: 22.3,
        temperatureC: 14.2,
        visibilityM: 24_140,
      })
      expect(report?.warnings).toEqual([])
    })

    it('derives warnings from weather codes and thresholds, most severe first', async () => {
      weather = { ...mildWeather, weather_code: 96, precipitation: 9, wind_gusts_10m: 70 }
      const report = expectOk(await adapter().forecastAt(berlin, at))
      expect(report?.forecast?.condition).toBe('thunderstorm')
      expect(report?.warnings.map((warning) => [warning.kind, warning.severity])).toEqual([
        ['thunderstorm', 'severe'],
        ['heavy_rain', 'moderate'],
        ['wind', 'moderate'],
      ])
    })

    it('warns of ice on freezing rain', async () => {
      weather = { ...mildWeather, weather_code: 66, temperature_2m: -1, precipitation: 1.2 }
      const report = expectOk(await adapter().forecastAt(berlin, at))
      expect(report?.forecast?.condition).toBe('freezing_rain')
      expect(report?.warnings[0]).toMatchObject({ kind: 'ice', severity: 'severe' })
    })

    it('answers null beyond the 16-day horizon without calling', async () => {
      const report = await adapter().forecastAt(berlin, new Date('2026-06-20T08:00:00Z'))
      expect(expectOk(report)).toBeNull()
      expect(server.requests).toHaveLength(0)
    })
  })

  describe('maps Open-Meteo errors', () => {
    it('400 {error: true, reason} is a bad request carrying the reason', async () => {
      const result = await adapter().forecastAt({ lat: 91, lng: 13 }, at)
      expect(result.ok ? null : result.error).toMatchObject({
        _tag: 'ProviderUnavailable',
        reason: 'bad_request',
        detail: expect.stringContaining('Latitude must be in range'),
      })
    })

    it('retries 429 and 503 and then answers', async () => {
      const { options, sleeps } = fastResilience(server.baseUrl)
      server.replyNext(
        {
          status: 429,
          body: { error: true, reason: 'Minutely API request limit exceeded. Please try again in one minute.' },
        },
        { status: 503, rawBody: 'Service Unavailable' },
      )
      const report = await new OpenMeteoWeatherAdapter(options).forecastAt(berlin, at)
      expect(expectOk(report)).not.toBeNull()
      expect(sleeps).toHaveLength(2)
    })

    it('gives up as server_error when 5xx persists', async () => {
      server.replyNext(...Array.from({ length: 3 }, () => ({ status: 503, rawBody: 'Service Unavailable' })))
      const result = await adapter().forecastAt(berlin, at)
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'server_error' })
    })
  })
})
