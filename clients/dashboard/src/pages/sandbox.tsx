import { useEffect, useState } from 'preact/hooks'
import { surfaceCall, type TestClock } from '../api.js'
import { ErrorNote } from '../components.js'
import { followLink, hrefOf } from '../route.js'

const PRESETS = [
  { label: '+1 hour', seconds: 3_600 },
  { label: '+1 day', seconds: 86_400 },
  { label: '+1 week', seconds: 604_800 },
] as const

const UNITS = { minutes: 60, hours: 3_600, days: 86_400 } as const
type Unit = keyof typeof UNITS

const describeOffset = (seconds: number) => {
  const hours = seconds / 3_600
  return hours >= 48 ? `${(hours / 24).toFixed(1)} days` : `${hours.toFixed(hours < 10 ? 2 : 1)} hours`
}

/** The sandbox's clock: shown, and moved forward as `POST /v1/test_helpers/advance_time` moves it. */
export const SandboxPage = () => {
  const [clock, setClock] = useState<TestClock | null>(null)
  const [amount, setAmount] = useState('30')
  const [unit, setUnit] = useState<Unit>('minutes')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    surfaceCall<TestClock>('test', 'GET', '/test_clock').then(setClock, setError)
  }, [])
  const advance = async (seconds: number) => {
    setError(null)
    setBusy(true)
    try {
      setClock(await surfaceCall<TestClock>('test', 'POST', '/test_clock/advance', { seconds }))
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section>
      <section class="card" aria-labelledby="clock">
        <h2 id="clock">Sandbox clock</h2>
        <p aria-live="polite">
          Now in the sandbox:{' '}
          <strong data-testid="sandbox-now">{clock === null ? '…' : clock.now.replace('T', ' ').slice(0, 19)}</strong>{' '}
          UTC
          {clock !== null &&
            clock.offset_seconds > 0 &&
            ` (${describeOffset(clock.offset_seconds)} ahead of real time)`}
          {clock?.work_items_run !== undefined && ` · ${clock.work_items_run} pieces of due work run by the last move`}
        </p>
        <p class="hint">
          Moving it runs the work that falls due meanwhile (departure recomputes, reminders, webhook retries) in order,
          as <code>POST /v1/test_helpers/advance_time</code> does. It only goes forward.
        </p>
        <div class="actions">
          {PRESETS.map((preset) => (
            <button type="button" key={preset.seconds} disabled={busy} onClick={() => advance(preset.seconds)}>
              {preset.label}
            </button>
          ))}
        </div>
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault()
            advance(Math.round(Number(amount) * UNITS[unit]))
          }}
        >
          <label for="advance-amount">Advance by</label>
          <input
            id="advance-amount"
            type="number"
            min="1"
            step="1"
            required
            value={amount}
            onInput={(event) => setAmount(event.currentTarget.value)}
          />
          <label for="advance-unit" class="visually-hidden">
            Unit
          </label>
          <select id="advance-unit" value={unit} onChange={(event) => setUnit(event.currentTarget.value as Unit)}>
            {Object.keys(UNITS).map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
          <button type="submit" disabled={busy}>
            Advance
          </button>
        </form>
        <ErrorNote error={error} />
      </section>
    </section>
  )
}

/** On production the sandbox page only points to test mode. */
export const SandboxOnProduction = () => (
  <p>
    The sandbox clock belongs to test mode:{' '}
    <a href={hrefOf({ mode: 'test', page: 'sandbox' })} onClick={followLink({ mode: 'test', page: 'sandbox' })}>
      open the sandbox page
    </a>
    .
  </p>
)
