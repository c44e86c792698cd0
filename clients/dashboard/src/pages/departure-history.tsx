import { useEffect, useState } from 'preact/hooks'
import { formatTime, surfaceCall, type CalendarEvent, type List, type Mode } from '../api.js'
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

/** An event's page: its departure recomputes over time, newest first (`GET /v1/events/{id}/departure/history`). */
export const DepartureHistory = ({ mode, event }: { mode: Mode; event: CalendarEvent }) => {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    surfaceCall<List<HistoryEntry>>(mode, 'GET', `/events/${event.id}/departure/history?limit=100`).then(
      (list) => setEntries(list.data),
      (caught: unknown) => setError(caught),
    )
  }, [event.id])
  return (
    <section aria-labelledby="departure-history">
      <h2 id="departure-history">Departure history of {event.title}</h2>
      <ErrorNote error={error} />
      {entries !== null &&
        (entries.length === 0 ? (
          <Empty>No departure computed yet.</Empty>
        ) : (
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
        ))}
    </section>
  )
}
