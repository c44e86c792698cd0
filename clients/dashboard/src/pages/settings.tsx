import { useEffect, useState } from 'preact/hooks'
import { type Account, call, formatTime } from '../api.js'
import { ErrorNote } from '../components.js'

/** The account's settings as the service keeps them (read only: the API has no endpoint that changes them). */
export const SettingsPage = () => {
  const [account, setAccount] = useState<Account | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    call<Account>('GET', '/account').then(setAccount, setError)
  }, [])
  return (
    <section>
      <ErrorNote error={error} />
      {account !== null && (
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
            <dt>Pinned API version</dt>
            <dd>
              <code>{account.pinned_version}</code> (a request without a <code>Service-Version</code> header gets it)
            </dd>
          </div>
          <div>
            <dt>Rate limits</dt>
            <dd>
              {account.rate_limits === null
                ? "the deployment's defaults"
                : `${account.rate_limits.requests_per_window} requests per ${account.rate_limits.window_ms / 1000} s, ${account.rate_limits.concurrency} at once`}
            </dd>
          </div>
          <div>
            <dt>ETA tracking (preview)</dt>
            <dd>
              {account.tracking_enabled === null
                ? "the surface's default (on in the sandbox, off in production)"
                : account.tracking_enabled
                  ? 'on'
                  : 'off'}
            </dd>
          </div>
        </dl>
      )}
      <p class="hint">
        Read only here: ETA tracking is switched with <code>npm run keys -- tracking on|off</code> beside the server;
        the pinned version and rate limits are the operator's.
      </p>
    </section>
  )
}
