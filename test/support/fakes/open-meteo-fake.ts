import { FakeHttpServer, type FakeReply } from './fake-http-server.js'

export interface FakeHourlyWeather {
  readonly weather_code: number
  readonly temperature_2m: number
  readonly precipitation: number
  readonly wind_speed_10m: number
  readonly wind_gusts_10m: number
  readonly visibility: number
}

export const mildWeather: FakeHourlyWeather = {
  weather_code: 2,
  temperature_2m: 14.2,
  precipitation: 0,
  wind_speed_10m: 11.5,
  wind_gusts_10m: 22.3,
  visibility: 24_140,
}

const UNITS: Readonly<Record<string, string>> = {
  time: 'unixtime',
  weather_code: 'wmo code',
  temperature_2m: '°C',
  precipitation: 'mm',
  wind_speed_10m: 'km/h',
  wind_gusts_10m: 'km/h',
  visibility: 'm',
}

const badRequest = (reason: string): FakeReply => ({ status: 400, body: { error: true, reason } })

/**
 * Answers `/v1/forecast` like Open-Meteo with `timeformat=unixtime` and
 * `timezone=GMT`: 24 hourly values per day from `start_date` to `end_date`,
 * every hour carrying `weather()`; bad parameters get `400 {error: true, reason}`.
 */
export const startOpenMeteoFake = (weather: () => FakeHourlyWeather = () => mildWeather): Promise<FakeHttpServer> =>
  FakeHttpServer.start(({ url }): FakeReply => {
    if (url.pathname !== '/v1/forecast') return { status: 404, rawBody: 'Not Found' }
    const latitude = Number(url.searchParams.get('latitude'))
    const longitude = Number(url.searchParams.get('longitude'))
    if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) {
      return badRequest(`Latitude must be in range of -90 to 90°. Given: ${url.searchParams.get('latitude')}.`)
    }
    if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) {
      return badRequest(`Longitude must be in range of -180 to 180°. Given: ${url.searchParams.get('longitude')}.`)
    }
    const variables = (url.searchParams.get('hourly') ?? '').split(',').filter((name) => name.length > 0)
    const unknown = variables.find((name) => !(name in UNITS))
    if (unknown !== undefined) {
      return badRequest(
        `Cannot initialize SurfacePressureAndHeightVariable from invalid String value ${unknown} for key hourly`,
      )
    }
    const startDay = Date.parse(`${url.searchParams.get('start_date')}T00:00:00Z`)
    const endDay = Date.parse(`${url.searchParams.get('end_date')}T00:00:00Z`)
    if (!Number.isFinite(startDay) || !Number.isFinite(endDay) || endDay < startDay) {
      return badRequest('Parameter start_date and end_date must be valid dates')
    }
    const time: number[] = []
    for (let hour = startDay; hour < endDay + 86_400_000; hour += 3_600_000) time.push(hour / 1000)
    const values = weather()
    const hourly: Record<string, number[]> = { time }
    for (const name of variables) hourly[name] = time.map(() => values[name as keyof FakeHourlyWeather])
    return {
      status: 200,
      body: {
        latitude: Math.round(latitude * 100) / 100,
        longitude: Math.round(longitude * 100) / 100,
        generationtime_ms: 0.42,
        utc_offset_seconds: 0,
        timezone: 'GMT',
        timezone_abbreviation: 'GMT',
        elevation: 38,
        hourly_units: Object.fromEntries(['time', ...variables].map((name) => [name, UNITS[name]])),
        hourly,
      },
    }
  })
