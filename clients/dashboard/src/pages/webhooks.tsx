import { useState } from 'preact/hooks'
import {
  type Delivery,
  formatTime,
  type List,
  type Mode,
  pageQuery,
  surfaceCall,
  type WebhookEndpoint,
} from '../api.js'
import { type Column, DataTable, Empty, ErrorNote, Pager, SecretOnce, usePagedList } from '../components.js'

const eventList = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((name) => name.trim())
    .filter((name) => name !== '')

const Deliveries = ({ mode, endpoint }: { mode: Mode; endpoint: WebhookEndpoint }) => {
  const deliveries = usePagedList((after) =>
    surfaceCall<List<Delivery>>(mode, 'GET', `/webhook_endpoints/${endpoint.id}/deliveries${pageQuery(20, after)}`),
  )
  const [error, setError] = useState<unknown>(null)
  const act = async (path: string) => {
    setError(null)
    try {
      await surfaceCall(mode, 'POST', path)
      await deliveries.reload()
    } catch (caught) {
      setError(caught)
    }
  }
  const columns: Column<Delivery>[] = [
    {
      header: 'Event',
      cell: (delivery) => (
        <>
          {delivery.event.type}
          <br />
          <code>{delivery.event.id}</code>
          {delivery.replay_of !== null && <span class="tag">replay</span>}
        </>
      ),
    },
    { header: 'Status', cell: (delivery) => delivery.status },
    {
      header: 'Attempts',
      cell: (delivery) => (
        <ol class="attempts">
          {delivery.attempts.map((attempt) => (
            <li key={attempt.number}>
              {attempt.attempted_at.replace('T', ' ').slice(0, 19)}: {attempt.result}
              {attempt.status_code !== null && ` ${attempt.status_code}`}
              {attempt.duration_ms !== null && ` in ${attempt.duration_ms} ms`}
              {attempt.error !== null && ` (${attempt.error})`}
            </li>
          ))}
        </ol>
      ),
    },
    {
      header: 'Actions',
      hiddenHeader: true,
      // The same notification again, now, whatever became of this delivery (a failed one is the usual case).
      cell: (delivery) => (
        <button
          type="button"
          onClick={() => act(`/webhook_endpoints/${endpoint.id}/deliveries/${delivery.id}/replay`)}
          aria-label={`Replay ${delivery.event.type} ${delivery.id}`}
        >
          Replay
        </button>
      ),
    },
  ]
  return (
    <section class="deliveries" aria-label={`Deliveries to ${endpoint.url}`}>
      <div class="actions">
        <button type="button" onClick={() => act(`/webhook_endpoints/${endpoint.id}/test`)}>
          Send test
        </button>
        <button type="button" onClick={() => deliveries.reload()}>
          Refresh deliveries
        </button>
      </div>
      <ErrorNote error={error ?? deliveries.error} />
      {deliveries.rows !== null && (
        <>
          <DataTable
            caption={`Deliveries to ${endpoint.url}`}
            columns={columns}
            rows={deliveries.rows}
            empty="No deliveries yet."
          />
          <Pager label={`deliveries to ${endpoint.url}`} list={deliveries} />
        </>
      )}
    </section>
  )
}

/** Edit an endpoint's address, events and description (as `PATCH /v1/webhook_endpoints/{id}`). */
const EditEndpoint = ({ mode, endpoint, onSaved }: { mode: Mode; endpoint: WebhookEndpoint; onSaved: () => void }) => {
  const [url, setUrl] = useState(endpoint.url)
  const [events, setEvents] = useState(endpoint.events.join(', '))
  const [description, setDescription] = useState(endpoint.description ?? '')
  const [error, setError] = useState<unknown>(null)
  const save = async (event: Event) => {
    event.preventDefault()
    setError(null)
    try {
      await surfaceCall(mode, 'PATCH', `/webhook_endpoints/${endpoint.id}`, {
        ...(url === endpoint.url ? {} : { url }),
        events: eventList(events),
        description: description === '' ? null : description,
      })
      onSaved()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <form class="edit" onSubmit={save} aria-label={`Edit ${endpoint.url}`}>
      <label for={`url-${endpoint.id}`}>URL</label>
      <input id={`url-${endpoint.id}`} type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
      <label for={`events-${endpoint.id}`}>Events (comma-separated, * for all)</label>
      <input id={`events-${endpoint.id}`} required value={events} onInput={(e) => setEvents(e.currentTarget.value)} />
      <label for={`description-${endpoint.id}`}>Description</label>
      <input
        id={`description-${endpoint.id}`}
        value={description}
        maxLength={500}
        onInput={(e) => setDescription(e.currentTarget.value)}
      />
      <button type="submit">Save endpoint</button>
      <ErrorNote error={error} />
    </form>
  )
}

const EndpointCard = ({
  mode,
  endpoint,
  onChanged,
  onSecret,
}: {
  mode: Mode
  endpoint: WebhookEndpoint
  onChanged: () => void
  onSecret: (endpoint: WebhookEndpoint) => void
}) => {
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const act = async (method: string, path: string, body?: unknown) => {
    setError(null)
    try {
      const answer = await surfaceCall<WebhookEndpoint>(mode, method, path, body)
      if (answer.secret !== undefined) onSecret(answer)
      onChanged()
    } catch (caught) {
      setError(caught)
    }
  }
  const enabled = endpoint.status === 'enabled'
  return (
    <li class="card">
      <h2>
        <button type="button" class="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {endpoint.url}
        </button>
      </h2>
      <p>
        {endpoint.status}
        {endpoint.disabled_reason !== null && ` (${endpoint.disabled_reason})`} · {endpoint.events.join(', ')}
        {endpoint.description !== null && ` · ${endpoint.description}`}
        {endpoint.previous_secret_expires_at !== null &&
          ` · previous secret signs until ${formatTime(endpoint.previous_secret_expires_at)}`}
      </p>
      <div class="actions">
        <button type="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          Edit
        </button>
        <button
          type="button"
          onClick={() => act('PATCH', `/webhook_endpoints/${endpoint.id}`, { enabled: !enabled })}
          aria-label={`${enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}
        >
          {enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          onClick={() => act('POST', `/webhook_endpoints/${endpoint.id}/rotate_secret`)}
          aria-label={`Roll the signing secret of ${endpoint.url}`}
        >
          Roll secret
        </button>
        <button
          type="button"
          onClick={() => {
            if (confirm(`Delete ${endpoint.url} and its deliveries log?`))
              act('DELETE', `/webhook_endpoints/${endpoint.id}`)
          }}
          aria-label={`Delete ${endpoint.url}`}
        >
          Delete
        </button>
      </div>
      <ErrorNote error={error} />
      {editing && (
        <EditEndpoint
          mode={mode}
          endpoint={endpoint}
          onSaved={() => {
            setEditing(false)
            onChanged()
          }}
        />
      )}
      {open && <Deliveries mode={mode} endpoint={endpoint} />}
    </li>
  )
}

export const WebhooksPage = ({ mode }: { mode: Mode }) => {
  const endpoints = usePagedList((after) =>
    surfaceCall<List<WebhookEndpoint>>(mode, 'GET', `/webhook_endpoints${pageQuery(25, after)}`),
  )
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState('*')
  const [revealed, setRevealed] = useState<WebhookEndpoint | null>(null)
  const [error, setError] = useState<unknown>(null)
  const create = async (event: Event) => {
    event.preventDefault()
    setError(null)
    try {
      setRevealed(
        await surfaceCall<WebhookEndpoint>(mode, 'POST', '/webhook_endpoints', { url, events: eventList(events) }),
      )
      setUrl('')
      await endpoints.reload()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <section>
      <ErrorNote error={error ?? endpoints.error} />
      {revealed?.secret !== undefined && (
        <SecretOnce
          label={`Signing secret of ${revealed.url}.`}
          secret={revealed.secret}
          onDone={() => setRevealed(null)}
        />
      )}
      {endpoints.rows !== null &&
        (endpoints.rows.length === 0 ? (
          <Empty>No webhook endpoints on this surface.</Empty>
        ) : (
          <ul class="endpoints">
            {endpoints.rows.map((endpoint) => (
              <EndpointCard
                key={endpoint.id}
                mode={mode}
                endpoint={endpoint}
                onChanged={() => endpoints.reload()}
                onSecret={setRevealed}
              />
            ))}
          </ul>
        ))}
      <Pager label="webhook endpoints" list={endpoints} />
      <form class="card" onSubmit={create} aria-labelledby="create-endpoint">
        <h2 id="create-endpoint">Add an endpoint</h2>
        <label for="endpoint-url">URL</label>
        <input
          id="endpoint-url"
          type="url"
          required
          value={url}
          onInput={(event) => setUrl(event.currentTarget.value)}
        />
        <label for="endpoint-events">Events (comma-separated, * for all)</label>
        <input id="endpoint-events" required value={events} onInput={(event) => setEvents(event.currentTarget.value)} />
        <button type="submit">Add endpoint</button>
      </form>
    </section>
  )
}
