import { useEffect, useMemo, useState } from 'preact/hooks'
import { type CalendarEvent, formatTime, type List, type Mode, surfaceCall } from '../api.js'
import { Chart, type ChartSeries } from '../chart.js'
import { Empty, ErrorNote, Table } from '../components.js'

interface HistoryEntry {
  readonly id: string
  readonly computed_at: string
  readonly earliest_departure: string
  readonly latest_departure: string
  readonly travel_minutes: number
  readonly traffic_level: string
  readonly confidence: string
  readonly data_quality: string | null
  readonly trigger: string
  readonly weather: {
    readonly condition: string
    readonly temperature_c: number
    readonly precipitation_mm_per_hour: number
    readonly wind_speed_kmh: number
    readonly warning: { readonly kind: string; readonly severity: string } | null
  } | null
  readonly thresholds_reached: string[] | null
}

const THRESHOLD_NAMES: Readonly<Record<string, string>> = {
  pre_alert: 'pre-alert',
  leave_now: 'leave now',
  last_call: 'last call',
}

/** The weather of a recompute in a few words: `rain, 12 °C, 0.4 mm/h, wind 20 km/h; warning: wind (moderate)`. */
export const describeWeather = (weather: HistoryEntry['weather']): string => {
  if (weather === null) return '—'
  const parts = [
    weather.condition.replace('_', ' '),
    `${Math.round(weather.temperature_c)} °C`,
    ...(weather.precipitation_mm_per_hour > 0 ? [`${weather.precipitation_mm_per_hour} mm/h`] : []),
    `wind ${Math.round(weather.wind_speed_kmh)} km/h`,
  ]
  const warning =
    weather.warning === null ? '' : `; warning: ${weather.warning.kind.replace('_', ' ')} (${weather.warning.severity})`
  return `${parts.join(', ')}${warning}`
}

/** The thresholds passed by a recompute, and which one it set off (the one the previous recompute had not). */
const describeThresholds = (entry: HistoryEntry, previous: HistoryEntry | undefined): string => {
  const reached = entry.thresholds_reached
  if (reached === null) return '—'
  if (reached.length === 0) return 'none yet'
  const before = previous?.thresholds_reached?.length ?? 0
  return reached
    .map((threshold, index) => `${THRESHOLD_NAMES[threshold] ?? threshold}${index >= before ? ' (new)' : ''}`)
    .join(', ')
}

/** One line of a history chart: how it is drawn, and its value at a recompute (null: a gap). */
interface HistoryLine {
  readonly label: string
  readonly color: string
  readonly value: (entry: HistoryEntry, minutesBeforeStart: (at: string) => number) => number | null
  readonly secondAxis?: true
}

/** A chart of the event's page: its title, its axes and its lines. */
interface HistoryChart {
  readonly title: string
  readonly unit: string
  readonly secondUnit: string
  readonly lines: readonly HistoryLine[]
}

/**
 * The two charts, written once as data: the departure window as minutes before the event's start (the earlier bound
 * above) with the travel minutes on the second axis; the weather with the thresholds passed (0 to 3) on the second.
 */
const HISTORY_CHARTS: readonly HistoryChart[] = [
  {
    title: 'Departure window before the start, and travel time, at each recompute',
    unit: 'min before start',
    secondUnit: 'travel min',
    lines: [
      { label: 'Leave from (min before start)', color: '#1d4ed8', value: (e, before) => before(e.earliest_departure) },
      { label: 'Leave by (min before start)', color: '#b45309', value: (e, before) => before(e.latest_departure) },
      { label: 'Travel (min)', color: '#047857', value: (e) => e.travel_minutes, secondAxis: true },
    ],
  },
  {
    title: 'Weather and departure thresholds passed at each recompute',
    unit: '°C · mm/h',
    secondUnit: 'thresholds',
    lines: [
      { label: 'Temperature (°C)', color: '#b91c1c', value: (e) => e.weather?.temperature_c ?? null },
      { label: 'Precipitation (mm/h)', color: '#0e7490', value: (e) => e.weather?.precipitation_mm_per_hour ?? null },
      {
        label: 'Thresholds passed (0 to 3)',
        color: '#7c3aed',
        value: (e) => e.thresholds_reached?.length ?? null,
        secondAxis: true,
      },
    ],
  },
]

/** The charts' points, oldest first: at each recompute (x, seconds since the epoch), each chart's series. */
export const historyCharts = (entries: readonly HistoryEntry[], startTime: string) => {
  const start = Date.parse(startTime)
  const minutesBeforeStart = (at: string) => Math.round((start - Date.parse(at)) / 60_000)
  const oldestFirst = [...entries].sort((a, b) => Date.parse(a.computed_at) - Date.parse(b.computed_at))
  const times = oldestFirst.map((entry) => Date.parse(entry.computed_at) / 1000)
  return HISTORY_CHARTS.map((chart) => ({
    ...chart,
    times,
    series: chart.lines.map(
      ({ value, ...line }): ChartSeries => ({
        ...line,
        values: oldestFirst.map((entry) => value(entry, minutesBeforeStart)),
      }),
    ),
  }))
}

/**
 * An event's page: its departure recomputes over time (`GET /v1/events/{id}/departure/history`), as a chart and,
 * below it, as the table of their numbers, newest first.
 */
export const DepartureHistory = ({ mode, event }: { mode: Mode; event: CalendarEvent }) => {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    surfaceCall<List<HistoryEntry>>(mode, 'GET', `/events/${event.id}/departure/history?limit=100`).then(
      (list) => setEntries(list.data),
      (caught: unknown) => setError(caught),
    )
  }, [event.id])
  const charts = useMemo(
    () => (entries === null ? null : historyCharts(entries, event.start_time)),
    [entries, event.start_time],
  )
  return (
    <section aria-labelledby="departure-history">
      <h2 id="departure-history">Departure history of {event.title}</h2>
      <ErrorNote error={error} />
      {entries !== null &&
        (entries.length === 0 ? (
          <Empty>No departure computed yet.</Empty>
        ) : (
          <>
            {charts?.map((chart) => (
              <Chart
                key={chart.title}
                title={chart.title}
                times={chart.times}
                series={chart.series}
                unit={chart.unit}
                secondUnit={chart.secondUnit}
                numbers={false}
              />
            ))}
            <Table caption="Departure recomputes">
              <thead>
                <tr>
                  <th scope="col">Computed</th>
                  <th scope="col">Leave from</th>
                  <th scope="col">Leave by</th>
                  <th scope="col">Travel</th>
                  <th scope="col">Traffic</th>
                  <th scope="col">Data</th>
                  <th scope="col">Weather</th>
                  <th scope="col">Thresholds reached</th>
                  <th scope="col">Trigger</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry, index) => (
                  <tr key={entry.id}>
                    <td>{formatTime(entry.computed_at)}</td>
                    <td>{formatTime(entry.earliest_departure)}</td>
                    <td>{formatTime(entry.latest_departure)}</td>
                    <td>{entry.travel_minutes} min</td>
                    <td>{entry.traffic_level}</td>
                    <td>{entry.data_quality ?? '—'}</td>
                    <td>{describeWeather(entry.weather)}</td>
                    <td>{describeThresholds(entry, entries[index + 1])}</td>
                    <td>{entry.trigger}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        ))}
    </section>
  )
}
