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

/** A consent ticket's record: what it was for and what became of it, never the ticket. */
interface ConsentTicket {
  readonly id: string
  readonly client_id: string
  readonly connected_account: string
  readonly status: 'issued' | 'used' | 'expired'
  readonly decision: 'allow' | 'deny' | null
  readonly scopes: readonly string[] | null
  readonly created_at: string
  readonly expires_at: string
  readonly used_at: string | null
}

const STATUS_TEXT: Readonly<Record<ConsentTicket['status'], string>> = {
  issued: 'issued, not used yet',
  used: 'used',
  expired: 'expired unused',
}

const TICKET_COLUMNS: Column<ConsentTicket>[] = [
  { header: 'Ticket', cell: (ticket) => <code>{ticket.id}</code> },
  { header: 'Application', cell: (ticket) => <code>{ticket.client_id}</code> },
  { header: 'Connected account', cell: (ticket) => <code>{ticket.connected_account}</code> },
  {
    header: 'Status',
    cell: (ticket) =>
      ticket.status === 'used'
        ? `${ticket.decision === 'allow' ? 'allowed' : 'denied'} ${formatTime(ticket.used_at ?? ticket.created_at)}`
        : STATUS_TEXT[ticket.status],
  },
  { header: 'Scopes', cell: (ticket) => (ticket.scopes === null ? '—' : ticket.scopes.join(' ') || 'none') },
  { header: 'Issued', cell: (ticket) => formatTime(ticket.created_at) },
  { header: 'Expires', cell: (ticket) => formatTime(ticket.expires_at) },
]

/**
 * Connect: the platform's connected accounts, the OAuth applications it registered and the consent tickets it
 * issued, on this surface.
 */
export const ConnectPage = ({ mode }: { mode: Mode }) => {
  const accounts = usePagedList((after) =>
    surfaceCall<List<ConnectedAccount>>(mode, 'GET', `/connected_accounts${pageQuery(25, after)}`),
  )
  const applications = usePagedList((after) =>
    surfaceCall<List<OAuthApplication>>(mode, 'GET', `/oauth_applications${pageQuery(25, after)}`),
  )
  const tickets = usePagedList((after) =>
    surfaceCall<List<ConsentTicket>>(mode, 'GET', `/oauth_consent_tickets${pageQuery(25, after)}`),
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
      <section aria-labelledby="consent-tickets">
        <h2 id="consent-tickets">Consent tickets</h2>
        <ErrorNote error={tickets.error} />
        {tickets.rows !== null && (
          <>
            <DataTable
              caption="Consent tickets"
              columns={TICKET_COLUMNS}
              rows={tickets.rows}
              empty="No consent tickets issued on this surface in the last 30 days. Issue one with POST /v1/oauth_consent_tickets."
            />
            <Pager label="consent tickets" list={tickets} />
          </>
        )}
      </section>
    </>
  )
}
