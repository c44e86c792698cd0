import { useEffect, useState } from 'preact/hooks'
import { surfaceCall, type CalendarEvent, type List, type Mode, type User } from '../api.js'
import { Empty, ErrorNote, Table } from '../components.js'
import { DepartureHistory } from './departure-history.js'

const UpcomingEvents = ({ mode, user }: { mode: Mode; user: User }) => {
  const [events, setEvents] = useState<CalendarEvent[] | null>(null)
  const [chosen, setChosen] = useState<CalendarEvent | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    surfaceCall<List<CalendarEvent>>(mode, 'GET', `/users/${user.id}/events?limit=50`).then(
      (list) => setEvents(list.data),
      (caught: unknown) => setError(caught),
    )
  }, [user.id])
  return (
    <section aria-labelledby="upcoming">
      <h2 id="upcoming">Upcoming events of {user.display_name ?? user.email ?? user.id}</h2>
      <ErrorNote error={error} />
      {events !== null &&
        (events.length === 0 ? (
          <Empty>No upcoming events.</Empty>
        ) : (
          <Table caption="Upcoming events">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Starts</th>
                <th scope="col">Ends</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <td>
                    <button type="button" class="link" onClick={() => setChosen(event)}>
                      {event.title}
                    </button>
                  </td>
                  <td>{event.start_time.replace('T', ' ').slice(0, 16)}</td>
                  <td>{event.end_time.replace('T', ' ').slice(0, 16)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ))}
      {chosen !== null && <DepartureHistory mode={mode} event={chosen} />}
    </section>
  )
}

export const UsersPage = ({ mode }: { mode: Mode }) => {
  const [email, setEmail] = useState('')
  const [users, setUsers] = useState<User[] | null>(null)
  const [chosen, setChosen] = useState<User | null>(null)
  const [error, setError] = useState<unknown>(null)
  const search = (address: string) =>
    surfaceCall<List<User>>(
      mode,
      'GET',
      `/users?limit=50${address === '' ? '' : `&email=${encodeURIComponent(address)}`}`,
    ).then(
      (list) => {
        setError(null)
        setUsers(list.data)
      },
      (caught: unknown) => setError(caught),
    )
  useEffect(() => {
    search('')
  }, [mode])
  return (
    <section>
      <search>
        <form
          class="search"
          onSubmit={(event) => {
            event.preventDefault()
            setChosen(null)
            search(email.trim())
          }}
        >
          <label for="user-email">Find a user by e-mail</label>
          <input id="user-email" type="search" value={email} onInput={(event) => setEmail(event.currentTarget.value)} />
          <button type="submit">Search</button>
        </form>
      </search>
      <ErrorNote error={error} />
      {users !== null &&
        (users.length === 0 ? (
          <Empty>No users found.</Empty>
        ) : (
          <Table caption="Users">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">E-mail</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <button type="button" class="link" onClick={() => setChosen(user)}>
                      {user.display_name ?? user.id}
                    </button>
                  </td>
                  <td>{user.email ?? '—'}</td>
                  <td>{user.status}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ))}
      {chosen !== null && <UpcomingEvents mode={mode} user={chosen} />}
    </section>
  )
}
