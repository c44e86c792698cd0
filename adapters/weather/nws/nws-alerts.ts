import type { WeatherPort, WeatherReport, WeatherWarning } from '../../../core/ports/weather.js'
import type { Coordinates } from '../../../core/shared/coordinates.js'
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { endpointUrl, type ProviderHttpOptions } from '../../http-resilience/provider-http-options.js'
import { ResilientJsonClient } from '../../http-resilience/resilient-json-client.js'
import { capDate, capSeverity, coversInstant, kindForEvent } from '../shared/cap-alerts.js'
import { sortBySeverity } from '../shared/warning-order.js'

export interface NwsAlertsOptions extends ProviderHttpOptions {
  /** Active alerts say nothing of later times: beyond this many hours the adapter answers null. Default 72. */
  readonly horizonHours?: number
}

const PROVIDER = 'nws'
const HOUR_MS = 3_600_000

/** Where the NWS issues alerts: the states, Alaska, Hawaii, Puerto Rico and the Pacific territories (rough boxes). */
const COVERAGE: ReadonlyArray<{
  readonly south: number
  readonly north: number
  readonly west: number
  readonly east: number
}> = [
  { south: 24, north: 50, west: -125, east: -66 },
  { south: 51, north: 72, west: -180, east: -129 },
  { south: 18.5, north: 22.5, west: -161, east: -154 },
  { south: 17.5, north: 18.6, west: -68, east: -64.5 },
  { south: 13, north: 21, west: 144, east: 146.5 },
]

const covers = (place: Coordinates): boolean =>
  COVERAGE.some(
    (box) => place.lat >= box.south && place.lat <= box.north && place.lng >= box.west && place.lng <= box.east,
  )

interface NwsAlertProperties {
  readonly event?: string
  readonly headline?: string | null
  readonly description?: string | null
  readonly severity?: string
  readonly status?: string
  readonly messageType?: string
  readonly senderName?: string | null
  readonly onset?: string | null
  readonly effective?: string | null
  readonly ends?: string | null
  readonly expires?: string | null
}

const featuresOf = (body: unknown): NwsAlertProperties[] | null => {
  if (typeof body !== 'object' || body === null) return null
  const features = (body as { features?: unknown }).features
  if (!Array.isArray(features)) return null
  return features
    .map((feature) =>
      typeof feature === 'object' && feature !== null ? (feature as { properties?: unknown }).properties : null,
    )
    .filter((properties): properties is NwsAlertProperties => typeof properties === 'object' && properties !== null)
}

/**
 * Official warnings from the US National Weather Service: `GET /alerts/active?point={lat},{lon}` (GeoJSON, a
 * User-Agent is mandatory), the alerts whose hazard covers the arrival time (`onset` or `effective` to `ends`, else
 * `expires`), actual alerts only (not tests or exercises), cancellations dropped. It issues no forecast: the report's
 * `forecast` is null. Outside the United States, or beyond the horizon, it knows nothing (null); inside, an empty
 * list is the service saying it has issued nothing.
 */
export class NwsAlertsAdapter implements WeatherPort {
  private readonly client: ResilientJsonClient
  private readonly now: () => number

  constructor(private readonly options: NwsAlertsOptions) {
    this.client = new ResilientJsonClient({
      ...options,
      provider: PROVIDER,
      headers: { accept: 'application/geo+json' },
    })
    this.now = options.now ?? Date.now
  }

  async forecastAt(place: Coordinates, at: Date): Promise<Result<WeatherReport | null, ProviderUnavailable>> {
    if (!covers(place)) return ok(null)
    if (at.getTime() > this.now() + (this.options.horizonHours ?? 72) * HOUR_MS) return ok(null)
    const url = endpointUrl(this.options.baseUrl, 'alerts/active')
    // The service rounds points to 4 decimals and refuses more.
    url.searchParams.set('point', `${place.lat.toFixed(4)},${place.lng.toFixed(4)}`)
    const answer = await this.client.get(url)
    if (!answer.ok) return answer
    const { status, body } = answer.value
    const features = status === 200 ? featuresOf(body) : null
    if (features === null) {
      const detail =
        typeof body === 'object' && body !== null ? String((body as { detail?: unknown }).detail ?? '') : ''
      return err(
        new ProviderUnavailable({
          provider: PROVIDER,
          reason: status === 200 ? 'bad_response' : status >= 400 && status < 500 ? 'bad_request' : 'bad_response',
          detail: `HTTP ${status}${detail === '' ? '' : `: ${detail}`}`,
        }),
      )
    }
    const warnings: WeatherWarning[] = []
    for (const alert of features) {
      if (alert.status !== undefined && alert.status !== 'Actual') continue
      if (alert.messageType === 'Cancel' || typeof alert.event !== 'string') continue
      const onset = capDate(alert.onset) ?? capDate(alert.effective)
      const ends = capDate(alert.ends) ?? capDate(alert.expires)
      if (!coversInstant(onset, ends, at)) continue
      warnings.push({
        kind: kindForEvent(alert.event),
        severity: capSeverity(alert.severity ?? ''),
        description: alert.headline ?? alert.event,
        source: 'official',
        event: alert.event,
        headline: alert.headline ?? null,
        issuer: alert.senderName ?? 'National Weather Service',
        onset,
        ends,
      })
    }
    return ok({ forecast: null, warnings: sortBySeverity(warnings) })
  }
}
