import { useEffect, useState } from 'preact/hooks'
import { type Mode, type Overview, surfaceCall } from '../api.js'
import { Chart } from '../chart.js'
import { ErrorNote, Source } from '../components.js'

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000)

/**
 * The last 24 hours: this host's counters (requests, response times, delivery attempts, departures recomputed,
 * thresholds reached, recompute lag) and the account's own webhook deliveries and events watched. Each figure says
 * where it comes from.
 */
export const OverviewPage = ({ mode }: { mode: Mode }) => {
  const [overview, setOverview] = useState<Overview | null>(null)
  const [error, setError] = useState<unknown>(null)
  const load = () =>
    surfaceCall<Overview>(mode, 'GET', '/overview').then((answer) => {
      setError(null)
      setOverview(answer)
    }, setError)
  useEffect(() => {
    load()
  }, [mode])
  if (overview === null) return <ErrorNote error={error} />
  const points = overview.counters.points
  const times = points.map((point) => seconds(point.at))
  const series = (key: string) => points.map((point) => Number(point[key] ?? 0))
  /** A quantile: null (a gap) in a minute without any observation. */
  const quantile = (key: string) => points.map((point) => (point[key] === null ? null : Number(point[key] ?? 0)))
  const monitored = overview.monitored_events
  const hours = overview.deliveries.hours
  const surface = mode === 'live' ? 'production' : 'sandbox'
  return (
    <section>
      <ErrorNote error={error} />
      <div class="actions">
        <button type="button" onClick={load}>
          Refresh
        </button>
      </div>
      <p class="stat" data-testid="monitored-events">
        Events the departure monitor watches now on the {surface} surface:{' '}
        <strong>
          {monitored.count.toLocaleString('en')}
          {monitored.capped ? ' or more' : ''}
        </strong>
      </p>
      <div class="charts">
        <Chart
          title={`Requests per minute on the ${surface} surface, by status class`}
          unit="requests / min"
          times={times}
          series={[
            { label: '2xx and 3xx', color: '#1a7f37', values: series(`requests_${mode}_2xx`) },
            { label: '4xx', color: '#b35900', values: series(`requests_${mode}_4xx`) },
            { label: '5xx', color: '#c62828', values: series(`requests_${mode}_5xx`) },
          ]}
        />
        <Chart
          title={`Response time on the ${surface} surface, p50 and p99 per minute`}
          unit="milliseconds"
          times={times}
          series={[
            { label: 'p50', color: '#0b57d0', values: quantile(`latency_${mode}_ms_p50`) },
            { label: 'p99', color: '#b35900', values: quantile(`latency_${mode}_ms_p99`) },
          ]}
        />
        <Chart
          title={`Webhook deliveries made per hour on the ${surface} surface, by status`}
          unit="deliveries"
          times={hours.map((hour) => seconds(hour.at))}
          series={[
            { label: 'succeeded', color: '#1a7f37', values: hours.map((hour) => hour.succeeded) },
            { label: 'failed', color: '#c62828', values: hours.map((hour) => hour.failed) },
            { label: 'still being tried', color: '#595959', values: hours.map((hour) => hour.open) },
          ]}
        />
        <Chart
          title="Webhook delivery attempts per minute (every surface)"
          unit="per min"
          times={times}
          series={[
            { label: 'attempts acknowledged', color: '#1a7f37', values: series('webhook_attempts_acknowledged') },
            { label: 'attempts failed', color: '#c62828', values: series('webhook_attempts_failed') },
          ]}
        />
        <Chart
          title="Departures computed and thresholds reached per minute, and how late the recomputes ran (every surface)"
          unit="per min"
          secondUnit="lag, seconds"
          times={times}
          series={[
            { label: 'departures recomputed', color: '#0b57d0', values: series('departures_recomputed') },
            { label: 'thresholds reached', color: '#7c3aed', values: series('thresholds_reached') },
            {
              label: 'recompute lag p50',
              color: '#1a7f37',
              values: quantile('recompute_lag_seconds_p50'),
              secondAxis: true,
            },
            {
              label: 'recompute lag p99',
              color: '#c62828',
              values: quantile('recompute_lag_seconds_p99'),
              secondAxis: true,
            },
          ]}
        />
      </div>
      <Source>
        Requests, response times, delivery attempts, departures recomputed, thresholds reached and recompute lag: the
        counters and histograms of the host that answered this page (as on its <code>/metrics</code>), sampled each
        minute since it started, for every account it serves; another host keeps its own. The p50 and p99 are estimated
        from the histograms' buckets, as Prometheus's <code>histogram_quantile</code> does. Deliveries per hour and
        events watched: this account's records
        {overview.deliveries.capped ? ' (deliveries: the newest 5,000)' : ''}, the same on every host.
      </Source>
    </section>
  )
}
