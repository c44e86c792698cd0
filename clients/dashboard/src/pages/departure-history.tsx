import { useEffect, useMemo, useState } from 'preact/hooks'
import { type CalendarEvent, formatTime, type List, type Mode, surfaceCall } from '../api.js'
import { Chart } from '../chart.js'
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
}

/**
 * The chart's points, oldest first: at each recompute (x, seconds), the departure window as minutes before the
 * event's start (the earlier bound above) and the travel minutes on the second axis.
 */
export const historySeries = (entries: readonly HistoryEntry[], startTime: string) => {
  const start = Date.parse(startTime)
  const before = (at: string) => Math.round((start - Date.parse(at)) / 60_000)
  const oldestFirst = [...entries].sort((a, b) => Date.parse(a.computed_at) - Date.parse(b.computed_at))
  return {
    times: oldestFirst.map((entry) => Date.parse(entry.computed_at) / 1000),
    series: [
      {
        label: 'Leave from (min before start)',
        color: '#1d4ed8',
        values: oldestFirst.map((e) => before(e.earliest_departure)),
      },
      {
        label: 'Leave by (min before start)',
        color: '#b45309',
        values: oldestFirst.map((e) => before(e.latest_departure)),
      },
      { label: 'Travel (min)', color: '#047857', values: oldestFirst.map((e) => e.travel_minutes), secondAxis: true },
    ],
  }
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
  const chart = useMemo(
    () => (entries === null ? null : historySeries(entries, event.start_time)),
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
            {chart !== null && (
              <Chart
                title="Departure window before the start, and travel time, at each recompute"
                times={chart.times}
                series={chart.series}
                unit="min before start"
                secondUnit="travel min"
                numbers={false}
              />
            )}
            <Table caption="Departure recomputes">
              <thead>
                <tr>
                  <th scope="col">Computed</th>
                  <th scope="col">Leave from</th>
                  <th scope="col">Leave by</th>
                  <th scope="col">Travel</th>
                  <th scope="col">Traffic</th>
                  <th scope="col">Data</th>
                  <th scope="col">Trigger</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatTime(entry.computed_at)}</td>
                    <td>{formatTime(entry.earliest_departure)}</td>
                    <td>{formatTime(entry.latest_departure)}</td>
                    <td>{entry.travel_minutes} min</td>
                    <td>{entry.traffic_level}</td>
                    <td>{entry.data_quality ?? '—'}</td>
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
