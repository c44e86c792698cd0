import type { WeatherPort, WeatherReport, WeatherWarning } from '../../../core/ports/weather.js'
import type { Coordinates } from '../../../core/shared/coordinates.js'
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { endpointUrl, type ProviderHttpOptions } from '../../http-resilience/provider-http-options.js'
import { ResilientJsonClient } from '../../http-resilience/resilient-json-client.js'
import {
  capDate,
  capSeverity,
  coversInstant,
  insidePolygon,
  kindForEvent,
  parseCapPolygon,
} from '../shared/cap-alerts.js'
import { sortBySeverity } from '../shared/warning-order.js'

export interface MeteoAlarmOptions extends ProviderHttpOptions {
  /** The countries whose feeds are read, as MeteoAlarm names them (`germany`, `austria`, `united-kingdom`). */
  readonly countries: readonly string[]
  /** Beyond this many hours the adapter answers null. Default 72 (warnings are issued up to two or three days ahead). */
  readonly horizonHours?: number
}

const PROVIDER = 'meteoalarm'
const HOUR_MS = 3_600_000

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

const decode = (text: string): string =>
  text
    .replace(/^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/, '$1')
    .replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
      return ENTITIES[name.toLowerCase()] ?? whole
    })
    .trim()

/** The text of every `<tag>` (namespace prefix included) in a fragment. */
const allOf = (fragment: string, tag: string): string[] =>
  [...fragment.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) =>
    decode(match[1] ?? ''),
  )

const firstOf = (fragment: string, tag: string): string | null => allOf(fragment, tag)[0] ?? null

/**
 * Official warnings for Europe from MeteoAlarm (EUMETNET), the national services' CAP warnings gathered in one feed
 * per country: `GET /feeds/meteoalarm-legacy-atom-{country}`, Atom entries carrying CAP fields (`cap:event`,
 * `cap:severity`, `cap:onset`/`cap:effective`, `cap:expires`, `cap:message_type`, `cap:status`, areas as
 * `cap:polygon`). A warning counts when its area holds the place and its validity holds the time. Entries that
 * name their area by geocode only (EMMA_ID, NUTS) are not matched: that needs the geocodes' geometry, which we do not
 * embed. So the adapter answers warnings it can place, and null otherwise: a null is "nothing found", not "all
 * clear", and the forecast thresholds then stay in force.
 */
export class MeteoAlarmWarningsAdapter implements WeatherPort {
  private readonly client: ResilientJsonClient
  private readonly now: () => number

  constructor(private readonly options: MeteoAlarmOptions) {
    this.client = new ResilientJsonClient({
      ...options,
      provider: PROVIDER,
      headers: { accept: 'application/atom+xml, application/xml' },
    })
    this.now = options.now ?? Date.now
  }

  async forecastAt(place: Coordinates, at: Date): Promise<Result<WeatherReport | null, ProviderUnavailable>> {
    if (at.getTime() > this.now() + (this.options.horizonHours ?? 72) * HOUR_MS) return ok(null)
    const warnings: WeatherWarning[] = []
    for (const country of this.options.countries) {
      const answer = await this.client.get(endpointUrl(this.options.baseUrl, `feeds/meteoalarm-legacy-atom-${country}`))
      if (!answer.ok) return answer
      const { status, text } = answer.value
      if (status !== 200 || !/<feed[\s>]/.test(text)) {
        return err(
          new ProviderUnavailable({
            provider: PROVIDER,
            reason: status >= 400 && status < 500 ? 'bad_request' : 'bad_response',
            detail: `HTTP ${status}${status === 200 ? ': not an Atom feed' : ''} (${country})`,
          }),
        )
      }
      for (const [, entry = ''] of text.matchAll(/<entry(?:\s[^>]*)?>([\s\S]*?)<\/entry>/g)) {
        const warning = this.warningOf(entry, place, at)
        if (warning !== null) warnings.push(warning)
      }
    }
    return warnings.length === 0 ? ok(null) : ok({ forecast: null, warnings: sortBySeverity(warnings) })
  }

  private warningOf(entry: string, place: Coordinates, at: Date): WeatherWarning | null {
    const event = firstOf(entry, 'cap:event')
    if (event === null) return null
    const status = firstOf(entry, 'cap:status')
    if ((status !== null && status !== 'Actual') || firstOf(entry, 'cap:message_type') === 'Cancel') return null
    const onset = capDate(firstOf(entry, 'cap:onset')) ?? capDate(firstOf(entry, 'cap:effective'))
    const ends = capDate(firstOf(entry, 'cap:expires'))
    if (!coversInstant(onset, ends, at)) return null
    const areas = allOf(entry, 'cap:polygon').map(parseCapPolygon)
    if (!areas.some((ring) => ring.length >= 4 && insidePolygon(place, ring))) return null
    const headline = firstOf(entry, 'title')
    return {
      kind: kindForEvent(event),
      severity: capSeverity(firstOf(entry, 'cap:severity') ?? ''),
      description: headline ?? event,
      source: 'official',
      event,
      headline,
      issuer: firstOf(entry, 'cap:senderName') ?? firstOf(entry, 'name') ?? 'MeteoAlarm',
      onset,
      ends,
    }
  }
}
