import { useState } from 'preact/hooks'
import { ACCESS_LEVELS, PERMISSION_RESOURCES } from '../../../../core/account/permissions.js'
import { type ApiKey, formatTime, grants, type List, type Mode, pageQuery, surfaceCall } from '../api.js'
import { type Column, DataTable, ErrorNote, Pager, SecretOnce, usePagedList } from '../components.js'

/** How long a rolled key keeps working beside its successor (the API allows 0 to 7 days). */
const ROLL_EXPIRIES = [
  { label: 'at once', seconds: 0 },
  { label: 'in 1 hour', seconds: 3_600 },
  { label: 'in 24 hours', seconds: 86_400 },
  { label: 'in 7 days', seconds: 604_800 },
] as const

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
        {PERMISSION_RESOURCES.map((family) => (
          <div class="permission" key={family}>
            <label for={`perm-${family}`}>{family}</label>
            <select
              id={`perm-${family}`}
              value={levels[family] ?? 'none'}
              onChange={(event) => setLevels({ ...levels, [family]: event.currentTarget.value })}
            >
              {ACCESS_LEVELS.map((level) => (
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

/** Rolling: a new key with the same grants; the old one keeps working for the chosen time. */
const RollControl = ({ mode, apiKey, onRolled }: { mode: Mode; apiKey: ApiKey; onRolled: (key: ApiKey) => void }) => {
  // The old key keeps working a day by default: time to deploy the new one before requests start failing.
  const [seconds, setSeconds] = useState('86400')
  const [error, setError] = useState<unknown>(null)
  const roll = async () => {
    setError(null)
    try {
      onRolled(
        await surfaceCall<ApiKey>(mode, 'POST', `/api_keys/${apiKey.id}/roll`, { expires_in_seconds: Number(seconds) }),
      )
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <div class="row-actions">
      <label class="inline" for={`roll-${apiKey.id}`}>
        Old key stops
      </label>
      <select id={`roll-${apiKey.id}`} value={seconds} onChange={(event) => setSeconds(event.currentTarget.value)}>
        {ROLL_EXPIRIES.map((choice) => (
          <option key={choice.seconds} value={String(choice.seconds)}>
            {choice.label}
          </option>
        ))}
      </select>
      <button type="button" onClick={roll} aria-label={`Roll ${apiKey.redacted_key}`}>
        Roll
      </button>
      <ErrorNote error={error} />
    </div>
  )
}

export const KeysPage = ({ mode }: { mode: Mode }) => {
  const keys = usePagedList((after) => surfaceCall<List<ApiKey>>(mode, 'GET', `/api_keys${pageQuery(25, after)}`))
  const [error, setError] = useState<unknown>(null)
  const [revealed, setRevealed] = useState<ApiKey | null>(null)
  const revoke = async (key: ApiKey) => {
    if (!confirm(`Revoke ${key.redacted_key}? Requests with it fail at once.`)) return
    setError(null)
    try {
      await surfaceCall(mode, 'POST', `/api_keys/${key.id}/revoke`)
      await keys.reload()
    } catch (caught) {
      setError(caught)
    }
  }
  const stateOf = (key: ApiKey) =>
    key.revoked_at !== null
      ? `revoked ${formatTime(key.revoked_at)}`
      : key.expires_at !== null
        ? `expires ${formatTime(key.expires_at)}`
        : 'active'
  const columns: Column<ApiKey>[] = [
    { header: 'Key', cell: (key) => <code>{key.redacted_key}</code> },
    { header: 'Name', cell: (key) => key.name ?? '—' },
    { header: 'Permissions', cell: (key) => grants(key.permissions) },
    { header: 'Allowed from', cell: (key) => key.allowed_ips?.join(', ') ?? 'anywhere' },
    { header: 'Created', cell: (key) => formatTime(key.created_at) },
    { header: 'State', cell: stateOf },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (key) =>
        key.revoked_at === null && (
          <div class="row-actions">
            {key.expires_at === null && (
              <RollControl
                mode={mode}
                apiKey={key}
                onRolled={(rolled) => {
                  setRevealed(rolled)
                  keys.reload()
                }}
              />
            )}
            <button type="button" onClick={() => revoke(key)} aria-label={`Revoke ${key.redacted_key}`}>
              Revoke
            </button>
          </div>
        ),
    },
  ]
  return (
    <section>
      <ErrorNote error={error ?? keys.error} />
      {revealed?.secret !== undefined && (
        <SecretOnce
          label={`New key ${revealed.name ?? revealed.redacted_key}.`}
          secret={revealed.secret}
          onDone={() => setRevealed(null)}
        />
      )}
      {keys.rows !== null && (
        <>
          <DataTable caption="API keys" columns={columns} rows={keys.rows} empty="No keys on this surface." />
          <Pager label="API keys" list={keys} />
          <CreateKeyForm
            mode={mode}
            onCreated={(key) => {
              setRevealed(key)
              keys.reload()
            }}
          />
        </>
      )}
    </section>
  )
}
