import { useState } from 'preact/hooks'
import { call, formatTime, type List, type Member, ROLES, type Role, type Session } from '../api.js'
import { type Column, DataTable, ErrorNote, Pager, usePagedList } from '../components.js'

export const MembersPage = ({ session }: { session: Session }) => {
  // Every member of the account in one page (an account has few); the pager shows if that ever changes.
  const members = usePagedList(() => call<List<Member>>('GET', '/members'))
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('developer')
  const [error, setError] = useState<unknown>(null)
  const manages = session.member.role === 'owner' || session.member.role === 'admin'
  const act = async (method: string, path: string, body?: unknown) => {
    setError(null)
    try {
      await call(method, path, body)
      await members.reload()
    } catch (caught) {
      setError(caught)
    }
  }
  const others = (member: Member) => manages && member.id !== session.member.id
  const columns: Column<Member>[] = [
    { header: 'E-mail', cell: (member) => member.email },
    {
      header: 'Role',
      cell: (member) =>
        others(member) ? (
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
        ),
    },
    { header: 'Status', cell: (member) => member.status },
    { header: 'Since', cell: (member) => formatTime(member.created_at) },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (member) =>
        others(member) && (
          <button
            type="button"
            onClick={() => act('DELETE', `/members/${member.id}`)}
            aria-label={`Remove ${member.email}`}
          >
            Remove
          </button>
        ),
    },
  ]
  return (
    <section>
      <ErrorNote error={error ?? members.error} />
      {members.rows !== null && (
        <>
          <DataTable caption="Members" columns={columns} rows={members.rows} empty="No members." />
          <Pager label="members" list={members} />
        </>
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
