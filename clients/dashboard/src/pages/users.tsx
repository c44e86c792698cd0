import { useEffect, useState } from 'preact/hooks'
import {
  type AgentToken,
  type CalendarEvent,
  formatTime,
  grants,
  type List,
  type Mode,
  pageQuery,
  surfaceCall,
  type User,
} from '../api.js'
import { type Column, DataTable, ErrorNote, Pager, usePagedList } from '../components.js'
import { followLink, hrefOf } from '../route.js'
import { DepartureHistory } from './departure-history.js'

/** A record's fields as a definition list: the label, and the value or a dash. */
const Facts = ({ facts }: { readonly facts: readonly (readonly [string, unknown])[] }) => (
  <dl class="facts">
    {facts.map(([label, value]) => (
      <div key={label}>
        <dt>{label}</dt>
        <dd>{value === null || value === undefined || value === '' ? '—' : String(value)}</dd>
      </div>
    ))}
  </dl>
)

const useRecord = <T,>(load: () => Promise<T>, id: string) => {
  const [record, setRecord] = useState<T | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    load().then(setRecord, setError)
  }, [id])
  return { record, error }
}

export const UsersPage = ({ mode }: { mode: Mode }) => {
  const [email, setEmail] = useState('')
  const [searched, setSearched] = useState('')
  const users = usePagedList((after) =>
    surfaceCall<List<User>>(
      mode,
      'GET',
      `/users${pageQuery(25, after, searched === '' ? '' : `&email=${encodeURIComponent(searched)}`)}`,
    ),
  )
  useEffect(() => users.restart(), [searched])
  const columns: Column<User>[] = [
    {
      header: 'User',
      cell: (user) => (
        <a href={hrefOf({ mode, page: 'user', id: user.id })} onClick={followLink({ mode, page: 'user', id: user.id })}>
          {user.display_name ?? user.id}
        </a>
      ),
    },
    { header: 'E-mail', cell: (user) => user.email ?? '—' },
    { header: 'Status', cell: (user) => user.status },
  ]
  return (
    <section>
      <search>
        <form
          class="search"
          onSubmit={(event) => {
            event.preventDefault()
            setSearched(email.trim())
          }}
        >
          <label for="user-email">Find a user by e-mail</label>
          <input id="user-email" type="search" value={email} onInput={(event) => setEmail(event.currentTarget.value)} />
          <button type="submit">Search</button>
        </form>
      </search>
      <ErrorNote error={users.error} />
      {users.rows !== null && (
        <>
          <DataTable caption="Users" columns={columns} rows={users.rows} empty="No users found." />
          <Pager label="users" list={users} />
        </>
      )}
    </section>
  )
}

/**
 * The user's agent tokens for `/mcp`: what each may do, until when, and a revoke for an active one (the server refuses
 * it to a viewer). Tokens are minted through the API (`POST /v1/users/{id}/agent_tokens`), whose answer alone shows
 * the secret.
 */
const AgentTokens = ({ mode, userId }: { mode: Mode; userId: string }) => {
  const tokens = usePagedList((after) =>
    surfaceCall<List<AgentToken>>(
      mode,
      'GET',
      `/users/${encodeURIComponent(userId)}/agent_tokens${pageQuery(25, after)}`,
    ),
  )
  const [error, setError] = useState<unknown>(null)
  const revoke = async (token: AgentToken) => {
    if (!confirm(`Revoke ${token.redacted_token}? The agent using it loses access at once.`)) return
    setError(null)
    try {
      await surfaceCall(
        mode,
        'POST',
        `/users/${encodeURIComponent(userId)}/agent_tokens/${encodeURIComponent(token.id)}/revoke`,
      )
      await tokens.reload()
    } catch (caught) {
      setError(caught)
    }
  }
  const columns: Column<AgentToken>[] = [
    { header: 'Token', cell: (token) => <code>{token.redacted_token}</code> },
    { header: 'Permissions', cell: (token) => grants(token.permissions) || 'none' },
    { header: 'Confirmation', cell: (token) => token.confirmation_policy },
    { header: 'Created', cell: (token) => formatTime(token.created_at) },
    {
      header: 'State',
      cell: (token) =>
        token.status === 'revoked'
          ? `revoked ${formatTime(token.revoked_at)}`
          : token.status === 'expired'
            ? `expired ${formatTime(token.expires_at)}`
            : `expires ${formatTime(token.expires_at)}`,
    },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (token) =>
        token.status === 'active' && (
          <button type="button" onClick={() => revoke(token)} aria-label={`Revoke ${token.redacted_token}`}>
            Revoke
          </button>
        ),
    },
  ]
  return (
    <section aria-labelledby="agent-tokens">
      <h2 id="agent-tokens">Agent tokens</h2>
      <ErrorNote error={error ?? tokens.error} />
      {tokens.rows !== null && (
        <>
          <DataTable caption="Agent tokens" columns={columns} rows={tokens.rows} empty="No agent tokens." />
          <Pager label="agent tokens" list={tokens} />
        </>
      )}
    </section>
  )
}

/** A user's page: their preferences and their upcoming events, each linking to its page. */
export const UserPage = ({ mode, id }: { mode: Mode; id: string }) => {
  const { record: user, error } = useRecord(
    () => surfaceCall<User>(mode, 'GET', `/users/${encodeURIComponent(id)}`),
    id,
  )
  const events = usePagedList((after) =>
    surfaceCall<List<CalendarEvent>>(mode, 'GET', `/users/${encodeURIComponent(id)}/events${pageQuery(25, after)}`),
  )
  const columns: Column<CalendarEvent>[] = [
    {
      header: 'Title',
      cell: (event) => (
        <a
          href={hrefOf({ mode, page: 'event', id: event.id })}
          onClick={followLink({ mode, page: 'event', id: event.id })}
        >
          {event.title}
        </a>
      ),
    },
    { header: 'Starts', cell: (event) => formatTime(event.start_time) },
    { header: 'Ends', cell: (event) => formatTime(event.end_time) },
    {
      header: 'Departure',
      cell: (event) => {
        const monitoring = event.monitoring as { status?: string } | undefined
        return monitoring?.status ?? '—'
      },
    },
  ]
  return (
    <section>
      <p>
        <a href={hrefOf({ mode, page: 'users' })} onClick={followLink({ mode, page: 'users' })}>
          All users
        </a>
      </p>
      <ErrorNote error={error} />
      {user !== null && (
        <section aria-labelledby="user-profile" class="card">
          <h2 id="user-profile">{user.display_name ?? user.email ?? user.id}</h2>
          <Facts
            facts={[
              ['Id', user.id],
              ['E-mail', user.email],
              ['Status', user.status],
              ['Time zone', user.timezone],
              ['Travel mode', user.default_travel_mode],
              ['Alert before leaving (minutes)', user.pre_alert_minutes],
              ['Alert profile', user.alert_profile],
            ]}
          />
        </section>
      )}
      <section aria-labelledby="upcoming">
        <h2 id="upcoming">Upcoming events</h2>
        <ErrorNote error={events.error} />
        {events.rows !== null && (
          <>
            <DataTable caption="Upcoming events" columns={columns} rows={events.rows} empty="No upcoming events." />
            <Pager label="upcoming events" list={events} />
          </>
        )}
      </section>
      <AgentTokens mode={mode} userId={id} />
    </section>
  )
}

type Monitoring = Record<string, string | null | undefined>

/** An event's page: when it is, where, and what the departure monitor last computed for it. */
export const EventPage = ({ mode, id }: { mode: Mode; id: string }) => {
  const { record: event, error } = useRecord(
    () => surfaceCall<CalendarEvent>(mode, 'GET', `/events/${encodeURIComponent(id)}`),
    id,
  )
  const monitoring = (event?.monitoring ?? {}) as Monitoring
  const location = (event?.location ?? null) as { name?: string | null; address?: string | null } | null
  return (
    <section>
      <ErrorNote error={error} />
      {event !== null && (
        <>
          <p>
            <a
              href={hrefOf({ mode, page: 'user', id: event.user_id ?? '' })}
              onClick={followLink({ mode, page: 'user', id: event.user_id ?? '' })}
            >
              Back to the user
            </a>
          </p>
          <section aria-labelledby="event-facts" class="card">
            <h2 id="event-facts">{event.title}</h2>
            <Facts
              facts={[
                ['Id', event.id],
                ['Starts', formatTime(event.start_time)],
                ['Ends', formatTime(event.end_time)],
                ['Time zone', event.timezone],
                ['Place', location === null ? null : (location.name ?? location.address)],
                ['Travel mode', (event.travel as { mode?: string } | undefined)?.mode],
              ]}
            />
          </section>
          <section aria-labelledby="event-departure" class="card">
            <h2 id="event-departure">Departure</h2>
            <Facts
              facts={[
                ['Monitoring', monitoring.status],
                ['Earliest departure', formatTime(monitoring.earliest_departure)],
                ['Latest departure', formatTime(monitoring.latest_departure)],
                ['Traffic', monitoring.traffic_level],
                ['Confidence', monitoring.confidence],
                ['Computed at', formatTime(monitoring.calculated_at)],
                ['Next recompute', formatTime(monitoring.next_recalc_at)],
              ]}
            />
          </section>
          <DepartureHistory mode={mode} event={event} />
        </>
      )}
    </section>
  )
}
