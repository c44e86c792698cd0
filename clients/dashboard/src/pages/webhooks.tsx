import { useEffect, useState } from 'preact/hooks'
import { surfaceCall, type Delivery, type List, type Mode, type WebhookEndpoint } from '../api.js'
import { Empty, ErrorNote, SecretOnce, Table } from '../components.js'

const Deliveries = ({ mode, endpoint }: { mode: Mode; endpoint: WebhookEndpoint }) => {
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  const load = () =>
    surfaceCall<List<Delivery>>(mode, 'GET', `/webhook_endpoints/${endpoint.id}/deliveries?limit=20`).then(
      (list) => setDeliveries(list.data),
      (caught: unknown) => setError(caught),
    )
  useEffect(() => {
    load()
  }, [endpoint.id])
  const act = async (path: string) => {
    setError(null)
    try {
      await surfaceCall(mode, 'POST', path)
      await load()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <div class="deliveries">
      <div class="actions">
        <button type="button" onClick={() => act(`/webhook_endpoints/${endpoint.id}/test`)}>
          Send test
        </button>
      </div>
      <ErrorNote error={error} />
      {deliveries !== null &&
        (deliveries.length === 0 ? (
          <Empty>No deliveries yet.</Empty>
        ) : (
          <Table caption={`Deliveries to ${endpoint.url}`}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    {delivery.event.type}
                    <br />
                    <code>{delivery.event.id}</code>
                    {delivery.replay_of !== null && <span class="tag">replay</span>}
                  </td>
                  <td>{delivery.status}</td>
                  <td>
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
                  </td>
                  <td>
                    <button
                      type="button"
                      onClick={() => act(`/webhook_endpoints/${endpoint.id}/deliveries/${delivery.id}/replay`)}
                      aria-label={`Replay ${delivery.event.type} ${delivery.id}`}
                    >
                      Replay
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ))}
    </div>
  )
}

export const WebhooksPage = ({ mode }: { mode: Mode }) => {
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState('*')
  const [created, setCreated] = useState<WebhookEndpoint | null>(null)
  const [error, setError] = useState<unknown>(null)
  const load = () =>
    surfaceCall<List<WebhookEndpoint>>(mode, 'GET', '/webhook_endpoints?limit=100').then(
      (list) => setEndpoints(list.data),
      (caught: unknown) => setError(caught),
    )
  useEffect(() => {
    load()
  }, [mode])
  const create = async (event: Event) => {
    event.preventDefault()
    setError(null)
    try {
      const endpoint = await surfaceCall<WebhookEndpoint>(mode, 'POST', '/webhook_endpoints', {
        url,
        events: events
          .split(/[\s,]+/)
          .map((name) => name.trim())
          .filter((name) => name !== ''),
      })
      setCreated(endpoint)
      setUrl('')
      await load()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <section>
      <ErrorNote error={error} />
      {created?.secret !== undefined && (
        <SecretOnce
          label={`Signing secret of ${created.url}.`}
          secret={created.secret}
          onDone={() => setCreated(null)}
        />
      )}
      {endpoints !== null &&
        (endpoints.length === 0 ? (
          <Empty>No webhook endpoints on this surface.</Empty>
        ) : (
          <ul class="endpoints">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id} class="card">
                <h2>
                  <button
                    type="button"
                    class="link"
                    aria-expanded={open === endpoint.id}
                    onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                  >
                    {endpoint.url}
                  </button>
                </h2>
                <p>
                  {endpoint.status} · {endpoint.events.join(', ')}
                </p>
                {open === endpoint.id && <Deliveries mode={mode} endpoint={endpoint} />}
              </li>
            ))}
          </ul>
        ))}
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
