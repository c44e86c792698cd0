import { useEffect, useState } from 'preact/hooks'
import { call, formatTime, type List } from '../api.js'
import { Empty, ErrorNote, Table } from '../components.js'

interface AuditEntry {
  readonly id: string
  readonly livemode: boolean | null
  readonly actor: { readonly type: string; readonly id: string; readonly email: string | null }
  readonly action: string
  readonly target: { readonly type: string; readonly id: string } | null
  readonly address: string | null
  readonly created_at: string
}

/** Who changed what, when and from where (owners and admins only: the server refuses the others). */
export const AuditLogPage = () => {
  const [action, setAction] = useState('')
  const [entries, setEntries] = useState<AuditEntry[] | null>(null)
  const [hasMore, setHasMore] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const load = (startingAfter: string | null) => {
    const params = new URLSearchParams({ limit: '50' })
    if (action.trim() !== '') params.set('action', action.trim())
    if (startingAfter !== null) params.set('starting_after', startingAfter)
    return call<List<AuditEntry>>('GET', `/audit_log?${params}`).then(
      (list) => {
        setError(null)
        setEntries(startingAfter === null ? list.data : [...(entries ?? []), ...list.data])
        setHasMore(list.has_more)
      },
      (caught: unknown) => setError(caught),
    )
  }
  useEffect(() => {
    load(null)
  }, [])
  return (
    <section>
      <search>
        <form
          class="search"
          onSubmit={(event) => {
            event.preventDefault()
            load(null)
          }}
        >
          <label for="audit-action">Action</label>
          <input
            id="audit-action"
            type="search"
            placeholder="api_key.created"
            value={action}
            onInput={(event) => setAction(event.currentTarget.value)}
          />
          <button type="submit">Filter</button>
        </form>
      </search>
      <ErrorNote error={error} />
      {entries !== null &&
        (entries.length === 0 ? (
          <Empty>Nothing recorded.</Empty>
        ) : (
          <Table caption="Audit log">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Surface</th>
                <th scope="col">Address</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatTime(entry.created_at)}</td>
                  <td>{entry.actor.email ?? entry.actor.id}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>{entry.target === null ? '—' : entry.target.id}</td>
                  <td>{entry.livemode === null ? 'account' : entry.livemode ? 'production' : 'sandbox'}</td>
                  <td>{entry.address ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ))}
      {hasMore && entries !== null && (
        <button type="button" onClick={() => load(entries.at(-1)?.id ?? null)}>
          Older entries
        </button>
      )}
    </section>
  )
}
