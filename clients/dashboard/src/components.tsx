import type { ComponentChildren } from 'preact'
import { ApiError } from './api.js'

/** What went wrong, read out by screen readers as it appears. */
export const ErrorNote = ({ error }: { readonly error: unknown }) =>
  error === null || error === undefined ? null : (
    <p class="error" role="alert">
      {error instanceof ApiError ? error.message : 'Something went wrong. Try again.'}
    </p>
  )

export const Empty = ({ children }: { readonly children: ComponentChildren }) => <p class="empty">{children}</p>

/** A table that scrolls sideways inside itself on a narrow screen rather than widening the page. */
export const Table = ({ caption, children }: { readonly caption: string; readonly children: ComponentChildren }) => (
  <div class="table-wrap">
    <table>
      <caption class="visually-hidden">{caption}</caption>
      {children}
    </table>
  </div>
)

/** A secret shown once: selectable, with a copy button. */
export const SecretOnce = ({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) => (
  <div class="secret" role="status">
    <p>
      <strong>{label}</strong> This is the only time it is shown: store it now.
    </p>
    <code class="secret-value" data-testid="secret">
      {secret}
    </code>
    <div class="actions">
      <button type="button" onClick={() => navigator.clipboard?.writeText(secret)}>
        Copy
      </button>
      <button type="button" onClick={onDone}>
        Done
      </button>
    </div>
  </div>
)
