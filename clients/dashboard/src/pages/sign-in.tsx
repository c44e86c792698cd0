import { startAuthentication } from '@simplewebauthn/browser'
import { useState } from 'preact/hooks'
import { call } from '../api.js'
import { ErrorNote } from '../components.js'

/** Asks for a one-time link by e-mail; the answer is the same whether or not the address is a member's. */
export const SignInPage = () => {
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const submit = async (event: Event) => {
    event.preventDefault()
    setError(null)
    try {
      const answer = await call<{ message: string }>('POST', '/sign_in/email', { email })
      setSent(answer.message)
    } catch (caught) {
      setError(caught)
    }
  }
  const withPasskey = async () => {
    setError(null)
    try {
      const { options } = await call<{ options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>(
        'POST',
        '/sign_in/passkey/options',
        {},
      )
      const credential = await startAuthentication({ optionsJSON: options })
      await call('POST', '/sign_in/passkey', { credential })
      location.assign(location.pathname)
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <main id="main" class="sign-in">
      <h1>Sign in to the dashboard</h1>
      <button type="button" onClick={withPasskey}>
        Sign in with a passkey
      </button>
      {sent === null ? (
        <form onSubmit={submit}>
          <label for="email">E-mail address</label>
          <input
            id="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
          <button type="submit">Send me a sign-in link</button>
          <ErrorNote error={error} />
          <p class="hint">
            The first owner gets a link from the server:{' '}
            <code>npm run keys -- dashboard-link --email EMAIL --role owner</code>
          </p>
        </form>
      ) : (
        <p role="status">{sent}</p>
      )}
    </main>
  )
}
