import {
  type ConnectedAccount,
  formatTime,
  type List,
  type Mode,
  type OAuthApplication,
  pageQuery,
  surfaceCall,
} from '../api.js'
import { type Column, DataTable, ErrorNote, Pager, usePagedList } from '../components.js'

const ACCOUNT_COLUMNS: Column<ConnectedAccount>[] = [
  { header: 'Connected account', cell: (account) => <code>{account.id}</code> },
  { header: 'Name', cell: (account) => account.name ?? '—' },
  { header: 'E-mail', cell: (account) => account.email ?? '—' },
  { header: 'Created', cell: (account) => formatTime(account.created_at) },
]

const APPLICATION_COLUMNS: Column<OAuthApplication>[] = [
  { header: 'Application', cell: (application) => application.name },
  { header: 'Client id', cell: (application) => <code>{application.id}</code> },
  { header: 'Type', cell: (application) => application.client_type },
  { header: 'Redirect URIs', cell: (application) => application.redirect_uris.join(', ') },
  { header: 'Created', cell: (application) => formatTime(application.created_at) },
]

/** Connect: the platform's connected accounts and the OAuth applications it registered, on this surface. */
export const ConnectPage = ({ mode }: { mode: Mode }) => {
  const accounts = usePagedList((after) =>
    surfaceCall<List<ConnectedAccount>>(mode, 'GET', `/connected_accounts${pageQuery(25, after)}`),
  )
  const applications = usePagedList((after) =>
    surfaceCall<List<OAuthApplication>>(mode, 'GET', `/oauth_applications${pageQuery(25, after)}`),
  )
  return (
    <>
      <section aria-labelledby="connected-accounts">
        <h2 id="connected-accounts">Connected accounts</h2>
        <ErrorNote error={accounts.error} />
        {accounts.rows !== null && (
          <>
            <DataTable
              caption="Connected accounts"
              columns={ACCOUNT_COLUMNS}
              rows={accounts.rows}
              empty="No connected accounts on this surface. Create them with POST /v1/connected_accounts."
            />
            <Pager label="connected accounts" list={accounts} />
          </>
        )}
      </section>
      <section aria-labelledby="oauth-applications">
        <h2 id="oauth-applications">OAuth applications</h2>
        <ErrorNote error={applications.error} />
        {applications.rows !== null && (
          <>
            <DataTable
              caption="OAuth applications"
              columns={APPLICATION_COLUMNS}
              rows={applications.rows}
              empty="No OAuth applications on this surface. Register them with POST /v1/oauth_applications."
            />
            <Pager label="OAuth applications" list={applications} />
          </>
        )}
      </section>
    </>
  )
}
