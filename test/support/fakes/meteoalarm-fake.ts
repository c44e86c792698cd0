import type { Coordinates } from '../../../core/shared/coordinates.js'
import { FakeHttpServer, type FakeReply } from './fake-http-server.js'

export interface FakeMeteoAlarmWarning {
  readonly title: string
  readonly event: string
  readonly severity: 'Extreme' | 'Severe' | 'Moderate' | 'Minor'
  readonly onset: string
  readonly expires: string
  /** null: the entry names its area by geocode only, as many do. */
  readonly area: readonly Coordinates[] | null
  readonly messageType?: 'Alert' | 'Update' | 'Cancel'
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

const entry = (country: string, warning: FakeMeteoAlarmWarning, index: number) => `  <entry>
    <id>https://feeds.meteoalarm.org/api/v1/warnings/feeds-${country}/fake-${index}</id>
    <updated>2026-06-02T06:00:00+00:00</updated>
    <title>${escapeXml(warning.title)}</title>
    <link href="https://feeds.meteoalarm.org/api/v1/warnings/feeds-${country}/fake-${index}" type="application/cap+xml" rel="related"/>
    <author><name>Deutscher Wetterdienst</name></author>
    <cap:areaDesc>Berlin</cap:areaDesc>
    <cap:event>${escapeXml(warning.event)}</cap:event>
    <cap:sent>2026-06-02T06:00:00+00:00</cap:sent>
    <cap:effective>2026-06-02T06:00:00+00:00</cap:effective>
    <cap:onset>${warning.onset}</cap:onset>
    <cap:expires>${warning.expires}</cap:expires>
    <cap:status>Actual</cap:status>
    <cap:message_type>${warning.messageType ?? 'Alert'}</cap:message_type>
    <cap:severity>${warning.severity}</cap:severity>
    <cap:certainty>Likely</cap:certainty>
    <cap:urgency>Future</cap:urgency>
    <cap:geocode><valueName>EMMA_ID</valueName><value>DE300</value></cap:geocode>
${warning.area === null ? '' : `    <cap:polygon>${warning.area.map((corner) => `${corner.lat},${corner.lng}`).join(' ')}</cap:polygon>\n`}  </entry>`

/**
 * Serves MeteoAlarm's per-country Atom feeds (`/feeds/meteoalarm-legacy-atom-{country}`): entries with the CAP
 * fields of each warning. Countries other than those given answer 404.
 */
export const startMeteoAlarmFake = (feeds: () => Readonly<Record<string, readonly FakeMeteoAlarmWarning[]>>) =>
  FakeHttpServer.start(({ url }): FakeReply => {
    const country = /^\/feeds\/meteoalarm-legacy-atom-([a-z-]+)$/.exec(url.pathname)?.[1]
    const warnings = country === undefined ? undefined : feeds()[country]
    if (country === undefined || warnings === undefined) return { status: 404, rawBody: 'Not Found' }
    return {
      status: 200,
      headers: { 'content-type': 'application/atom+xml' },
      rawBody: `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:cap="urn:oasis:names:tc:emergency:cap:1.2">
  <id>https://feeds.meteoalarm.org/feeds/meteoalarm-legacy-atom-${country}</id>
  <title>MeteoAlarm ${country}</title>
  <updated>2026-06-02T06:00:00+00:00</updated>
${warnings.map((warning, index) => entry(country, warning, index)).join('\n')}
</feed>
`,
    }
  })
