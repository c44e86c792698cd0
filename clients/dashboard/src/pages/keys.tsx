import { useEffect, useState } from 'preact/hooks'
import { formatTime, surfaceCall, type ApiKey, type List, type Mode } from '../api.js'
import { Empty, ErrorNote, SecretOnce, Table } from '../components.js'

const FAMILIES = [
  'users',
  'events',
  'departure',
  'connections',
  'invitations',
  'reminders',
  'devices',
  'webhook_endpoints',
  'voice',
  'scheduling',
  'tracking',
  'connected_accounts',
  'test_helpers',
] as const
const LEVELS = ['none', 'read', 'write'] as const

const grants = (permissions: Record<string, string> | null): string =>
  permissions === null
    ? 'everything'
    : Object.entries(permissions)
        .map(([family, level]) => `${family}:${level}`)
        .join(', ')

const CreateKeyForm = ({ mode, onCreated }: { mode: Mode; onCreated: (key: ApiKey) => void }) => {
  const [name, setName] = useState('')
  const [levels, setLevels] = useState<Record<string, string>>({})
  const [allowlist, setAllowlist] = useState('')
  const [error, setError] = useState<unknown>(null)
  const submit = async (event: Event) => {
    event.preventDefault()
    setError(null)
    const permissions = Object.fromEntries(Object.entries(levels).filter(([, level]) => level !== 'none'))
    const allowed = allowlist
      .split(/[\s,]+/)
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
    try {
      const created = await surfaceCall<ApiKey>(mode, 'POST', '/api_keys', {
        ...(name === '' ? {} : { name }),
        permissions,
        ...(allowed.length === 0 ? {} : { allowed_ips: allowed }),
      })
      setName('')
      setLevels({})
      setAllowlist('')
      onCreated(created)
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <form class="card" onSubmit={submit} aria-labelledby="create-key">
      <h2 id="create-key">Create a restricted key</h2>
      <label for="key-name">Name</label>
      <input id="key-name" value={name} maxLength={100} onInput={(event) => setName(event.currentTarget.value)} />
      <fieldset class="permissions">
        <legend>Permissions</legend>
        {FAMILIES.map((family) => (
          <div class="permission" key={family}>
            <label for={`perm-${family}`}>{family}</label>
            <select
              id={`perm-${family}`}
              value={levels[family] ?? 'none'}
              onChange={(event) => setLevels({ ...levels, [family]: event.currentTarget.value })}
            >
              {LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
      <label for="key-allowlist">Allowed addresses (optional: IPs or CIDR ranges, comma-separated)</label>
      <input id="key-allowlist" value={allowlist} onInput={(event) => setAllowlist(event.currentTarget.value)} />
      <button type="submit">Create key</button>
      <ErrorNote error={error} />
    </form>
  )
}

export const KeysPage = ({ mode }: { mode: Mode }) => {
  const [keys, setKeys] = useState<ApiKey[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [revealed, setRevealed] = useState<ApiKey | null>(null)
  const load = () =>
    surfaceCall<List<ApiKey>>(mode, 'GET', '/api_keys?limit=100').then(
      (list) => setKeys(list.data),
      (caught: unknown) => setError(caught),
    )
  useEffect(() => {
    load()
  }, [mode])
  const revoke = async (key: ApiKey) => {
    if (!confirm(`Revoke ${key.redacted_key}? Requests with it fail at once.`)) return
    setError(null)
    try {
      await surfaceCall(mode, 'POST', `/api_keys/${key.id}/revoke`)
      await load()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <section>
      <ErrorNote error={error} />
      {revealed?.secret !== undefined && (
        <SecretOnce
          label={`New key ${revealed.name ?? revealed.redacted_key}.`}
          secret={revealed.secret}
          onDone={() => setRevealed(null)}
        />
      )}
      {keys !== null &&
        (keys.length === 0 ? (
          <Empty>No keys on this surface.</Empty>
        ) : (
          <Table caption="API keys">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Name</th>
                <th scope="col">Permissions</th>
                <th scope="col">Allowed from</th>
                <th scope="col">Created</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td>
                    <code>{key.redacted_key}</code>
                  </td>
                  <td>{key.name ?? '—'}</td>
                  <td>{grants(key.permissions)}</td>
                  <td>{key.allowed_ips?.join(', ') ?? 'anywhere'}</td>
                  <td>{formatTime(key.created_at)}</td>
                  <td>{key.revoked_at === null ? 'active' : `revoked ${formatTime(key.revoked_at)}`}</td>
                  <td>
                    {key.revoked_at === null && (
                      <button type="button" onClick={() => revoke(key)} aria-label={`Revoke ${key.redacted_key}`}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ))}
      {keys !== null && (
        <CreateKeyForm
          mode={mode}
          onCreated={(key) => {
            setRevealed(key)
            load()
          }}
        />
      )}
    </section>
  )
}
