import { useEffect, useState } from 'preact/hooks'
import { formatTime, type List, pageQuery, surfaceCall, type TestClock } from '../api.js'
import { type Column, DataTable, ErrorNote, Pager, Source, usePagedList } from '../components.js'
import { followLink, hrefOf } from '../route.js'

const PRESETS = [
  { label: '+1 hour', seconds: 3_600 },
  { label: '+1 day', seconds: 86_400 },
  { label: '+1 week', seconds: 604_800 },
] as const

const UNITS = { minutes: 60, hours: 3_600, days: 86_400 } as const
type Unit = keyof typeof UNITS

const describeOffset = (seconds: number) => {
  const hours = seconds / 3_600
  return hours >= 48 ? `${(hours / 24).toFixed(1)} days` : `${hours.toFixed(hours < 10 ? 2 : 1)} hours`
}

/** The sandbox's clock: shown, and moved forward as `POST /v1/test_helpers/advance_time` moves it. */
export const SandboxPage = () => {
  const [clock, setClock] = useState<TestClock | null>(null)
  const [amount, setAmount] = useState('30')
  const [unit, setUnit] = useState<Unit>('minutes')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    surfaceCall<TestClock>('test', 'GET', '/test_clock').then(setClock, setError)
  }, [])
  const advance = async (seconds: number) => {
    setError(null)
    setBusy(true)
    try {
      setClock(await surfaceCall<TestClock>('test', 'POST', '/test_clock/advance', { seconds }))
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section>
      <section class="card" aria-labelledby="clock">
        <h2 id="clock">Sandbox clock</h2>
        <p aria-live="polite">
          Now in the sandbox:{' '}
          <strong data-testid="sandbox-now">{clock === null ? '…' : clock.now.replace('T', ' ').slice(0, 19)}</strong>{' '}
          UTC
          {clock !== null &&
            clock.offset_seconds > 0 &&
            ` (${describeOffset(clock.offset_seconds)} ahead of real time)`}
          {clock?.work_items_run !== undefined && ` · ${clock.work_items_run} pieces of due work run by the last move`}
        </p>
        <p class="hint">
          Moving it runs the work that falls due meanwhile (departure recomputes, reminders, webhook retries) in order,
          as <code>POST /v1/test_helpers/advance_time</code> does. It only goes forward.
        </p>
        <div class="actions">
          {PRESETS.map((preset) => (
            <button type="button" key={preset.seconds} disabled={busy} onClick={() => advance(preset.seconds)}>
              {preset.label}
            </button>
          ))}
        </div>
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault()
            advance(Math.round(Number(amount) * UNITS[unit]))
          }}
        >
          <label for="advance-amount">Advance by</label>
          <input
            id="advance-amount"
            type="number"
            min="1"
            step="1"
            required
            value={amount}
            onInput={(event) => setAmount(event.currentTarget.value)}
          />
          <label for="advance-unit" class="visually-hidden">
            Unit
          </label>
          <select id="advance-unit" value={unit} onChange={(event) => setUnit(event.currentTarget.value as Unit)}>
            {Object.keys(UNITS).map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
          <button type="submit" disabled={busy}>
            Advance
          </button>
        </form>
        <ErrorNote error={error} />
      </section>
      <SentEmails />
      <PushMessages />
      <ProviderHelpers />
      <Source>
        E-mails and pushes: what the sandbox recorded instead of sending, kept in the memory of the host that sent them
        (its last 10,000 each, lost on a restart); with several hosts, each shows its own. The API reads the same:{' '}
        <code>GET /v1/test_helpers/sent_emails</code> and <code>GET /v1/test_helpers/push_messages</code>.
      </Source>
    </section>
  )
}

interface SentEmail {
  readonly id: string
  readonly sent_at: string
  readonly to: { readonly address: string; readonly name: string | null }
  readonly subject: string
  readonly invitation_id: string | null
  readonly text: string
}

const EMAIL_COLUMNS: Column<SentEmail>[] = [
  { header: 'Sent', cell: (mail) => formatTime(mail.sent_at) },
  { header: 'To', cell: (mail) => mail.to.address },
  {
    header: 'Subject',
    cell: (mail) => (
      <details>
        <summary>{mail.subject}</summary>
        <pre class="mail-text">{mail.text}</pre>
      </details>
    ),
  },
  { header: 'Invitation', cell: (mail) => (mail.invitation_id === null ? '—' : <code>{mail.invitation_id}</code>) },
]

const SentEmails = () => {
  const mails = usePagedList((after) =>
    surfaceCall<List<SentEmail>>('test', 'GET', `/sent_emails${pageQuery(25, after)}`),
  )
  return (
    <section aria-labelledby="sent-emails">
      <h2 id="sent-emails">Sent e-mails</h2>
      <div class="actions">
        <button type="button" onClick={mails.reload}>
          Refresh e-mails
        </button>
      </div>
      <ErrorNote error={mails.error} />
      {mails.rows !== null && (
        <>
          <DataTable
            caption="E-mails the sandbox recorded"
            columns={EMAIL_COLUMNS}
            rows={mails.rows}
            empty="No e-mail sent on the sandbox yet (invitations send them)."
          />
          <Pager label="sent e-mails" list={mails} />
        </>
      )}
    </section>
  )
}

interface PushMessage {
  readonly id: string
  readonly user_id: string
  readonly device_id: string
  readonly title: string
  readonly body: string
  readonly outcome: string
  readonly created_at: string
}

const PUSH_COLUMNS: Column<PushMessage>[] = [
  { header: 'Made', cell: (push) => formatTime(push.created_at) },
  { header: 'User', cell: (push) => <code>{push.user_id}</code> },
  { header: 'Title', cell: (push) => push.title },
  { header: 'Body', cell: (push) => push.body },
  { header: 'Outcome', cell: (push) => push.outcome },
]

const PushMessages = () => {
  const pushes = usePagedList((after) =>
    surfaceCall<List<PushMessage>>('test', 'GET', `/push_messages${pageQuery(25, after)}`),
  )
  return (
    <section aria-labelledby="push-messages">
      <h2 id="push-messages">Push messages</h2>
      <div class="actions">
        <button type="button" onClick={pushes.reload}>
          Refresh pushes
        </button>
      </div>
      <ErrorNote error={pushes.error} />
      {pushes.rows !== null && (
        <>
          <DataTable
            caption="Pushes the sandbox recorded"
            columns={PUSH_COLUMNS}
            rows={pushes.rows}
            empty="No push sent on the sandbox yet (departure alerts and reminders send them to registered devices)."
          />
          <Pager label="push messages" list={pushes} />
        </>
      )}
    </section>
  )
}

interface Connection {
  readonly id: string
  readonly user_id: string
  readonly provider: string
  readonly status: string
  readonly status_reason: string | null
  readonly last_synced_at: string | null
}

/** The synthetic provider's helpers on each sandbox connection: what a provider could do to it, on demand. */
const ProviderHelpers = () => {
  const connections = usePagedList((after) =>
    surfaceCall<List<Connection>>('test', 'GET', `/connections${pageQuery(25, after)}`),
  )
  const [done, setDone] = useState('')
  const [error, setError] = useState<unknown>(null)
  const run = async (connection: Connection, path: string, what: string, body?: unknown) => {
    setError(null)
    setDone('')
    try {
      const after = await surfaceCall<Connection>('test', 'POST', `/connections/${connection.id}/${path}`, body)
      setDone(`${what} on ${connection.id}: the connection is ${after.status}.`)
      connections.reload()
    } catch (caught) {
      setError(caught)
    }
  }
  const columns: Column<Connection>[] = [
    { header: 'Connection', cell: (connection) => <code>{connection.id}</code> },
    { header: 'Provider', cell: (connection) => connection.provider },
    {
      header: 'Status',
      cell: (connection) =>
        connection.status_reason === null ? connection.status : `${connection.status} (${connection.status_reason})`,
    },
    { header: 'Last synced', cell: (connection) => formatTime(connection.last_synced_at) },
    {
      header: 'Simulate',
      cell: (connection) => (
        <div class="row-actions">
          <button
            type="button"
            aria-label={`Revoke the grant of ${connection.id}`}
            onClick={() => run(connection, 'revoke_grant', 'Grant revoked')}
          >
            Revoke grant
          </button>
          <button
            type="button"
            aria-label={`Expire the sync cursors of ${connection.id}`}
            onClick={() => run(connection, 'expire_sync_cursors', 'Sync cursors expired')}
          >
            Expire cursors
          </button>
          <button
            type="button"
            aria-label={`Start a provider outage for ${connection.id}`}
            onClick={() => run(connection, 'provider_outage', 'Outage started', { enabled: true })}
          >
            Start outage
          </button>
          <button
            type="button"
            aria-label={`End the provider outage for ${connection.id}`}
            onClick={() => run(connection, 'provider_outage', 'Outage ended', { enabled: false })}
          >
            End outage
          </button>
        </div>
      ),
    },
  ]
  return (
    <section aria-labelledby="provider-helpers">
      <h2 id="provider-helpers">Synthetic provider</h2>
      <p class="hint">
        On the sandbox every calendar provider is synthetic. These act as the provider would: revoke the grant (as the
        user would in the provider's settings), refuse the sync cursors it handed out (its 410), or fail every call for
        the account as in an outage, until it is ended. Provider events are made with{' '}
        <code>POST /v1/test_helpers/connections/{'{id}'}/provider_events</code>.
      </p>
      <p aria-live="polite" data-testid="provider-helper-done">
        {done}
      </p>
      <ErrorNote error={error ?? connections.error} />
      {connections.rows !== null && (
        <>
          <DataTable
            caption="Sandbox connections"
            columns={columns}
            rows={connections.rows}
            empty="No calendar connection on the sandbox yet (POST /v1/connections/start makes one)."
          />
          <Pager label="sandbox connections" list={connections} />
        </>
      )}
    </section>
  )
}

/** On production the sandbox page only points to test mode. */
export const SandboxOnProduction = () => (
  <p>
    The sandbox clock belongs to test mode:{' '}
    <a href={hrefOf({ mode: 'test', page: 'sandbox' })} onClick={followLink({ mode: 'test', page: 'sandbox' })}>
      open the sandbox page
    </a>
    .
  </p>
)
