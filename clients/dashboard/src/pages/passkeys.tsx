import { startRegistration } from '@simplewebauthn/browser'
import { useEffect, useState } from 'preact/hooks'
import { call, formatTime, type List } from '../api.js'
import { Empty, ErrorNote, Table } from '../components.js'

interface Passkey {
  readonly id: string
  readonly name: string
  readonly created_at: string
  readonly last_used_at: string | null
}

/** The signed-in member's passkeys: register one on this device (the browser asks the authenticator), or remove one. */
export const PasskeysPage = () => {
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null)
  const [name, setName] = useState('')
  const [status, setStatus] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const load = () =>
    call<List<Passkey>>('GET', '/passkeys').then(
      (list) => setPasskeys(list.data),
      (caught: unknown) => setError(caught),
    )
  useEffect(() => {
    load()
  }, [])
  const register = async (event: Event) => {
    event.preventDefault()
    setError(null)
    setStatus(null)
    try {
      const { options } = await call<{ options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
        'POST',
        '/passkeys/options',
        {},
      )
      const credential = await startRegistration({ optionsJSON: options })
      const registered = await call<Passkey>('POST', '/passkeys', { credential, name })
      setStatus(`Passkey “${registered.name}” registered: you can sign in with it from now on.`)
      setName('')
      await load()
    } catch (caught) {
      setError(caught)
    }
  }
  const remove = (passkey: Passkey) => async () => {
    setError(null)
    try {
      await call('DELETE', `/passkeys/${encodeURIComponent(passkey.id)}`)
      setStatus(`Passkey “${passkey.name}” removed.`)
      await load()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <section>
      <form class="search" onSubmit={register}>
        <label for="passkey-name">Name of the new passkey</label>
        <input
          id="passkey-name"
          type="text"
          maxLength={64}
          placeholder="Work laptop"
          value={name}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        <button type="submit">Register a passkey</button>
      </form>
      {status !== null && <p role="status">{status}</p>}
      <ErrorNote error={error} />
      {passkeys !== null &&
        (passkeys.length === 0 ? (
          <Empty>No passkey yet: you sign in with e-mailed links.</Empty>
        ) : (
          <Table caption="Your passkeys">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Registered</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {passkeys.map((passkey) => (
                <tr key={passkey.id}>
                  <td>{passkey.name}</td>
                  <td>{formatTime(passkey.created_at)}</td>
                  <td>{formatTime(passkey.last_used_at)}</td>
                  <td>
                    <button type="button" onClick={remove(passkey)}>
                      Remove <span class="visually-hidden">{passkey.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ))}
    </section>
  )
}
