import { useEffect, useState } from 'preact/hooks'
import { formatTime, type List, type Mode, surfaceCall } from '../api.js'
import { Empty, ErrorNote, Table } from '../components.js'

interface RequestLog {
  readonly id: string
  readonly method: string
  readonly path: string
  readonly status: number
  readonly error: { readonly code: string; readonly param: string | null; readonly message: string | null } | null
  readonly key_id: string | null
  readonly api_version: string | null
  readonly idempotency_key: string | null
  readonly replayed: boolean
  readonly duration_ms: number
  readonly created_at: string
}

interface RequestLogDetail extends RequestLog {
  readonly bodies: { readonly request: string | null; readonly response: string | null } | null
}

interface Filters {
  readonly requestId: string
  readonly status: string
  readonly method: string
  readonly path: string
  readonly key: string
  /** `datetime-local` values: the browser's local time, sent as an instant. */
  readonly from: string
  readonly to: string
}

const NO_FILTERS: Filters = { requestId: '', status: '', method: '', path: '', key: '', from: '', to: '' }
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const

/** A `datetime-local` value (local time, no offset) as the instant it names, or the text as typed if it is none. */
const instantOf = (local: string): string => {
  const time = new Date(local)
  return Number.isNaN(time.getTime()) ? local : time.toISOString()
}

const queryOf = (filters: Filters, startingAfter: string | null): string => {
  const params = new URLSearchParams({ limit: '50' })
  if (filters.requestId.trim() !== '') params.set('request_id', filters.requestId.trim())
  if (filters.status.trim() !== '') params.set('status', filters.status.trim())
  if (filters.method !== '') params.set('method', filters.method)
  if (filters.path.trim() !== '') params.set('path', filters.path.trim())
  if (filters.key.trim() !== '') params.set('key', filters.key.trim())
  if (filters.from !== '') params.set('from', instantOf(filters.from))
  if (filters.to !== '') params.set('to', instantOf(filters.to))
  if (startingAfter !== null) params.set('starting_after', startingAfter)
  return params.toString()
}

/** A kept body, indented when it is (whole) JSON; a body cut at its bound is shown as it was kept. */
const BodyText = ({ label, text }: { label: string; text: string | null }) => {
  let shown = text ?? 'No body.'
  if (text !== null)
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2)
    } catch {
      // Cut, or a note about a body not kept: shown as it is.
    }
  const id = `${label.toLowerCase()}-body`
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{label}</h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable) */}
      <pre class="body-text" tabIndex={0} data-testid={id}>
        {shown}
      </pre>
    </section>
  )
}

const Bodies = ({ mode, log }: { mode: Mode; log: RequestLog }) => {
  const [detail, setDetail] = useState<RequestLogDetail | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    setDetail(null)
    surfaceCall<RequestLogDetail>(mode, 'GET', `/request_logs/${encodeURIComponent(log.id)}`).then(setDetail, setError)
  }, [mode, log.id])
  if (error !== null) return <ErrorNote error={error} />
  if (detail === null) return null
  if (detail.bodies === null)
    return (
      <p class="hint" data-testid="no-bodies">
        {mode === 'live'
          ? 'No bodies: production keeps them only while body logging is on (Settings), and for 7 days.'
          : 'No bodies: they are kept for 7 days.'}
      </p>
    )
  return (
    <>
      <BodyText label="Request" text={detail.bodies.request} />
      <BodyText label="Response" text={detail.bodies.response} />
      <p class="hint">Secrets and keys are redacted{mode === 'live' ? ', and positions' : ''}.</p>
    </>
  )
}

const Detail = ({ mode, log }: { mode: Mode; log: RequestLog }) => (
  <section aria-labelledby="request-detail" class="detail">
    <h2 id="request-detail">Request {log.id}</h2>
    <dl>
      <dt>Request</dt>
      <dd>
        <code>
          {log.method} {log.path}
        </code>
      </dd>
      <dt>Status</dt>
      <dd>{log.status}</dd>
      <dt>Error</dt>
      <dd data-testid="request-error">
        {log.error === null ? (
          'None'
        ) : (
          <>
            <code>{log.error.code}</code>
            {log.error.param !== null && (
              <>
                {' '}
                on <code>{log.error.param}</code>
              </>
            )}
            {log.error.message !== null && <p>{log.error.message}</p>}
          </>
        )}
      </dd>
      <dt>Key</dt>
      <dd>{log.key_id ?? '—'}</dd>
      <dt>API version</dt>
      <dd>{log.api_version ?? '—'}</dd>
      <dt>Idempotency key</dt>
      <dd>
        {log.idempotency_key ?? '—'}
        {log.replayed ? ' (replayed)' : ''}
      </dd>
      <dt>Duration</dt>
      <dd>{log.duration_ms} ms</dd>
      <dt>Time</dt>
      <dd>{log.created_at}</dd>
    </dl>
    <Bodies mode={mode} log={log} />
  </section>
)

/**
 * The surface's API requests, newest first: look one up by its request id, or narrow by status, method, path, key
 * and time range.
 */
export const RequestLogsPage = ({ mode }: { mode: Mode }) => {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [logs, setLogs] = useState<RequestLog[] | null>(null)
  const [hasMore, setHasMore] = useState(false)
  const [chosen, setChosen] = useState<RequestLog | null>(null)
  const [error, setError] = useState<unknown>(null)
  const load = (startingAfter: string | null) =>
    surfaceCall<List<RequestLog>>(mode, 'GET', `/request_logs?${queryOf(filters, startingAfter)}`).then(
      (list) => {
        setError(null)
        setLogs(startingAfter === null ? list.data : [...(logs ?? []), ...list.data])
        setHasMore(list.has_more)
        if (startingAfter === null)
          setChosen(list.data.length === 1 && filters.requestId !== '' ? (list.data[0] ?? null) : null)
      },
      (caught: unknown) => setError(caught),
    )
  useEffect(() => {
    load(null)
  }, [mode])
  const field = (name: keyof Filters) => (event: Event) =>
    setFilters({ ...filters, [name]: (event.currentTarget as HTMLInputElement | HTMLSelectElement).value })
  return (
    <section>
      <search>
        <form
          class="search log-filters"
          onSubmit={(event) => {
            event.preventDefault()
            load(null)
          }}
        >
          <div class="field">
            <label for="log-request-id">Request id</label>
            <input
              id="log-request-id"
              type="search"
              placeholder="req_…"
              value={filters.requestId}
              onInput={field('requestId')}
            />
          </div>
          <div class="field">
            <label for="log-status">Status</label>
            <input
              id="log-status"
              type="search"
              placeholder="400 or 4xx"
              value={filters.status}
              onInput={field('status')}
            />
          </div>
          <div class="field">
            <label for="log-method">Method</label>
            <select id="log-method" value={filters.method} onChange={field('method')}>
              <option value="">Any</option>
              {METHODS.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="log-path">Path starts with</label>
            <input id="log-path" type="search" placeholder="/v1/users" value={filters.path} onInput={field('path')} />
          </div>
          <div class="field">
            <label for="log-key">Key id</label>
            <input id="log-key" type="search" placeholder="key_…" value={filters.key} onInput={field('key')} />
          </div>
          <div class="field">
            <label for="log-from">From</label>
            <input id="log-from" type="datetime-local" step="1" value={filters.from} onInput={field('from')} />
          </div>
          <div class="field">
            <label for="log-to">Before</label>
            <input id="log-to" type="datetime-local" step="1" value={filters.to} onInput={field('to')} />
          </div>
          <button type="submit">Search</button>
        </form>
      </search>
      <ErrorNote error={error} />
      {logs !== null &&
        (logs.length === 0 ? (
          <Empty>No requests found.</Empty>
        ) : (
          <Table caption="Requests">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Error</th>
                <th scope="col">Duration</th>
                <th scope="col">Key</th>
                <th scope="col">Request id</th>
              </tr>
            </thead>
            <tbody>
              {logs.map((log) => (
                <tr key={log.id}>
                  <td>{formatTime(log.created_at)}</td>
                  <td>
                    <code>
                      {log.method} {log.path}
                    </code>
                  </td>
                  <td>{log.status}</td>
                  <td>{log.error?.code ?? ''}</td>
                  <td>{log.duration_ms} ms</td>
                  <td>
                    <code>{log.key_id ?? '—'}</code>
                  </td>
                  <td>
                    <button type="button" class="link" onClick={() => setChosen(log)}>
                      {log.id}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ))}
      {hasMore && logs !== null && (
        <button type="button" onClick={() => load(logs.at(-1)?.id ?? null)}>
          Older requests
        </button>
      )}
      {chosen !== null && <Detail mode={mode} log={chosen} />}
    </section>
  )
}
