import { useEffect, useState } from 'preact/hooks'
import { call, formatTime, ROLES, type List, type Member, type Role, type Session } from '../api.js'
import { ErrorNote, Table } from '../components.js'

export const MembersPage = ({ session }: { session: Session }) => {
  const [members, setMembers] = useState<Member[] | null>(null)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('developer')
  const [error, setError] = useState<unknown>(null)
  const manages = session.member.role === 'owner' || session.member.role === 'admin'
  const load = () =>
    call<List<Member>>('GET', '/members').then(
      (list) => setMembers(list.data),
      (caught: unknown) => setError(caught),
    )
  useEffect(() => {
    load()
  }, [])
  const act = async (method: string, path: string, body?: unknown) => {
    setError(null)
    try {
      await call(method, path, body)
      await load()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <section>
      <ErrorNote error={error} />
      {members !== null && (
        <Table caption="Members">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <td>{member.email}</td>
                <td>
                  {manages && member.id !== session.member.id ? (
                    <select
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      onChange={(event) => act('PATCH', `/members/${member.id}`, { role: event.currentTarget.value })}
                    >
                      {ROLES.map((each) => (
                        <option key={each} value={each}>
                          {each}
                        </option>
                      ))}
                    </select>
                  ) : (
                    member.role
                  )}
                </td>
                <td>{member.status}</td>
                <td>{formatTime(member.created_at)}</td>
                <td>
                  {manages && member.id !== session.member.id && (
                    <button
                      type="button"
                      onClick={() => act('DELETE', `/members/${member.id}`)}
                      aria-label={`Remove ${member.email}`}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {manages && (
        <form
          class="card"
          aria-labelledby="invite"
          onSubmit={(event) => {
            event.preventDefault()
            act('POST', '/members', { email, role }).then(() => setEmail(''))
          }}
        >
          <h2 id="invite">Invite a member</h2>
          <label for="invite-email">E-mail address</label>
          <input
            id="invite-email"
            type="email"
            required
            value={email}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
          <label for="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(event) => setRole(event.currentTarget.value as Role)}>
            {ROLES.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
          <button type="submit">Send invitation</button>
          <p class="hint">They get a one-time sign-in link by e-mail.</p>
        </form>
      )}
    </section>
  )
}
