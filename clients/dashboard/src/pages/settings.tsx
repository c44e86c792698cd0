import { useEffect, useState } from 'preact/hooks'
import { type Account, call, formatTime, type Session } from '../api.js'
import { ErrorNote } from '../components.js'

type Tracking = 'default' | 'on' | 'off'
const trackingOf = (account: Account): Tracking =>
  account.tracking_enabled === null ? 'default' : account.tracking_enabled ? 'on' : 'off'

interface Draft {
  readonly name: string
  readonly pinnedVersion: string
  readonly bodyLogging: boolean
  readonly tracking: Tracking
}
const draftOf = (account: Account): Draft => ({
  name: account.name ?? '',
  pinnedVersion: account.pinned_version,
  bodyLogging: account.request_body_logging,
  tracking: trackingOf(account),
})

/** Only what moved is sent: each setting changed is one entry of the audit log. */
const changesOf = (account: Account, draft: Draft): Record<string, unknown> => {
  const saved = draftOf(account)
  return {
    ...(draft.name.trim() === saved.name ? {} : { name: draft.name.trim() === '' ? null : draft.name }),
    ...(draft.pinnedVersion === saved.pinnedVersion ? {} : { pinned_version: draft.pinnedVersion }),
    ...(draft.bodyLogging === saved.bodyLogging ? {} : { request_body_logging: draft.bodyLogging }),
    ...(draft.tracking === saved.tracking
      ? {}
      : { tracking_enabled: draft.tracking === 'default' ? null : draft.tracking === 'on' }),
  }
}

/**
 * The account's settings: its name, the API version requests without a `Service-Version` header get, whether
 * production's request logs keep bodies, and the ETA tracking preview. Owners, admins and developers change them;
 * viewers read them.
 */
export const SettingsPage = ({ session }: { session: Session }) => {
  const [account, setAccount] = useState<Account | null>(null)
  const [draft, setDraft] = useState<Draft | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [saved, setSaved] = useState(false)
  const edits = session.member.role !== 'viewer'
  const show = (next: Account) => {
    setAccount(next)
    setDraft(draftOf(next))
  }
  useEffect(() => {
    call<Account>('GET', '/account').then(show, setError)
  }, [])
  const save = async (event: Event) => {
    event.preventDefault()
    if (account === null || draft === null) return
    setError(null)
    setSaved(false)
    try {
      show(await call<Account>('PATCH', '/account', changesOf(account, draft)))
      setSaved(true)
    } catch (caught) {
      setError(caught)
    }
  }
  const set = (change: Partial<Draft>) => draft !== null && setDraft({ ...draft, ...change })
  return (
    <section>
      <ErrorNote error={error} />
      {account !== null && draft !== null && (
        <>
          <dl class="facts card">
            <div>
              <dt>Account</dt>
              <dd>
                <code>{account.id}</code>
              </dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatTime(account.created_at)}</dd>
            </div>
            <div>
              <dt>Rate limits</dt>
              <dd>
                {account.rate_limits === null
                  ? "the deployment's defaults"
                  : `${account.rate_limits.requests_per_window} requests per ${account.rate_limits.window_ms / 1000} s, ${account.rate_limits.concurrency} at once`}
              </dd>
            </div>
          </dl>
          <form class="card settings" aria-labelledby="settings-form" onSubmit={save}>
            <h2 id="settings-form">Account settings</h2>
            {!edits && <p class="hint">Read only: a viewer does not change settings.</p>}
            <label for="settings-name">Account name</label>
            <input
              id="settings-name"
              type="text"
              maxLength={100}
              value={draft.name}
              disabled={!edits}
              onInput={(event) => set({ name: event.currentTarget.value })}
            />
            <label for="settings-version">Pinned API version</label>
            <select
              id="settings-version"
              aria-describedby="settings-version-hint"
              value={draft.pinnedVersion}
              disabled={!edits}
              onChange={(event) => set({ pinnedVersion: event.currentTarget.value })}
            >
              {account.api_versions.map((version) => (
                <option key={version} value={version}>
                  {version}
                </option>
              ))}
            </select>
            <p id="settings-version-hint" class="hint">
              What a request without a <code>Service-Version</code> header gets.
            </p>
            <div class="check">
              <input
                id="settings-bodies"
                type="checkbox"
                aria-describedby="settings-bodies-hint"
                checked={draft.bodyLogging}
                disabled={!edits}
                onChange={(event) => set({ bodyLogging: event.currentTarget.checked })}
              />
              <label for="settings-bodies">Keep request and response bodies in production's request logs</label>
            </div>
            <p id="settings-bodies-hint" class="hint">
              The sandbox always keeps them. Secrets and keys are never kept, nor positions in production; bodies are
              kept 7 days.
            </p>
            <label for="settings-tracking">ETA tracking (preview)</label>
            <select
              id="settings-tracking"
              aria-describedby="settings-tracking-hint"
              value={draft.tracking}
              disabled={!edits}
              onChange={(event) => set({ tracking: event.currentTarget.value as Tracking })}
            >
              <option value="default">Default: on in the sandbox, off in production</option>
              <option value="on">On, both surfaces</option>
              <option value="off">Off, both surfaces</option>
            </select>
            <p id="settings-tracking-hint" class="hint" data-testid="tracking-state">
              Now: {account.tracking.live ? 'on' : 'off'} in production, {account.tracking.test ? 'on' : 'off'} in the
              sandbox.
            </p>
            {edits && <button type="submit">Save settings</button>}
            {saved && (
              <p role="status" class="hint">
                Saved.
              </p>
            )}
          </form>
        </>
      )}
    </section>
  )
}
