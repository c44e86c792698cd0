import type { ComponentChildren } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { ApiError, type List } from './api.js'

/** What went wrong, read out by screen readers as it appears. */
export const ErrorNote = ({ error }: { readonly error: unknown }) =>
  error === null || error === undefined ? null : (
    <p class="error" role="alert">
      {error instanceof ApiError ? error.message : 'Something went wrong. Try again.'}
    </p>
  )

export const Empty = ({ children }: { readonly children: ComponentChildren }) => <p class="empty">{children}</p>

/** One column of a `DataTable`: its header (hidden when it only names the actions) and what a row shows in it. */
export interface Column<T> {
  readonly header: string
  readonly cell: (row: T) => ComponentChildren
  readonly hiddenHeader?: boolean
}

/**
 * Every list of the dashboard: a table that scrolls sideways inside itself on a narrow screen rather than widening
 * the page, with a caption for screen readers, or a sentence when there is nothing to list.
 */
export const DataTable = <T extends { readonly id: string }>({
  caption,
  columns,
  rows,
  empty,
}: {
  readonly caption: string
  readonly columns: readonly Column<T>[]
  readonly rows: readonly T[]
  readonly empty: string
}) =>
  rows.length === 0 ? (
    <Empty>{empty}</Empty>
  ) : (
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.header}>
                {column.hiddenHeader === true ? <span class="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )

/** A list read page by page as the API pages (`starting_after` the last row seen); earlier pages are remembered. */
export const usePagedList = <T extends { readonly id: string }>(
  fetchPage: (startingAfter: string | undefined) => Promise<List<T>>,
) => {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const [page, setPage] = useState<List<T> | null>(null)
  const [error, setError] = useState<unknown>(null)
  const cursor = cursors.at(-1)
  const load = () =>
    fetchPage(cursor).then(
      (list) => {
        setError(null)
        setPage(list)
      },
      (caught: unknown) => setError(caught),
    )
  useEffect(() => {
    load()
  }, [cursors])
  return {
    rows: page?.data ?? null,
    error,
    reload: load,
    /** Back to the first page (a new search). */
    restart: () => setCursors([undefined]),
    hasMore: page?.has_more === true,
    hasPrevious: cursors.length > 1,
    pageNumber: cursors.length,
    next: () => {
      const last = page?.data.at(-1)
      if (last !== undefined) setCursors([...cursors, last.id])
    },
    previous: () => setCursors(cursors.slice(0, -1)),
  }
}

/** Paging controls under a list: previous and next page, as the API pages. */
export const Pager = ({
  label,
  list,
}: {
  readonly label: string
  readonly list: Pick<ReturnType<typeof usePagedList>, 'hasMore' | 'hasPrevious' | 'next' | 'previous' | 'pageNumber'>
}) =>
  !list.hasMore && !list.hasPrevious ? null : (
    <nav class="pager" aria-label={`Pages of ${label}`}>
      <button type="button" disabled={!list.hasPrevious} onClick={list.previous}>
        Previous page
      </button>
      <span>Page {list.pageNumber}</span>
      <button type="button" disabled={!list.hasMore} onClick={list.next}>
        Next page
      </button>
    </nav>
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

/** Where a figure comes from, said under it. */
export const Source = ({ children }: { readonly children: ComponentChildren }) => <p class="source">{children}</p>
