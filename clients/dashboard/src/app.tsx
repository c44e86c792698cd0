import { useEffect, useState } from 'preact/hooks'
import { ApiError, call, rememberCsrf, type Session } from './api.js'
import { AuditLogPage } from './pages/audit-log.js'
import { ConnectPage } from './pages/connect.js'
import { KeysPage } from './pages/keys.js'
import { MembersPage } from './pages/members.js'
import { OverviewPage } from './pages/overview.js'
import { PasskeysPage } from './pages/passkeys.js'
import { RequestLogsPage } from './pages/request-logs.js'
import { SandboxOnProduction, SandboxPage } from './pages/sandbox.js'
import { SettingsPage } from './pages/settings.js'
import { SignInPage } from './pages/sign-in.js'
import { EventPage, UserPage, UsersPage } from './pages/users.js'
import { WebhooksPage } from './pages/webhooks.js'
import { hrefOf, PAGE_TITLES, PAGES, parseRoute, type Route } from './route.js'

type SessionState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'in'; readonly session: Session }

export const App = () => {
  const [route, setRoute] = useState<Route>(parseRoute(location.pathname))
  const [state, setState] = useState<SessionState>({ kind: 'loading' })

  useEffect(() => {
    const onPop = () => setRoute(parseRoute(location.pathname))
    addEventListener('popstate', onPop)
    call<Session>('GET', '/session').then(
      (session) => {
        rememberCsrf(session.csrf_token)
        setState({ kind: 'in', session })
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) setState({ kind: 'signed-out' })
        else setState({ kind: 'signed-out' })
      },
    )
    return () => removeEventListener('popstate', onPop)
  }, [])

  useEffect(() => {
    document.title = `${PAGE_TITLES[route.page]}${route.mode === 'test' ? ' (test mode)' : ''} · Dashboard`
  }, [route])

  const go = (next: Route) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    history.pushState(null, '', hrefOf(next))
    setRoute(next)
    document.getElementById('main')?.focus()
  }

  if (state.kind === 'loading') return <p class="loading">Loading…</p>
  if (state.kind === 'signed-out') return <SignInPage />
  const { session } = state
  const signOut = (everywhere: boolean) => async () => {
    await call('POST', '/sign_out', { everywhere }).catch(() => undefined)
    location.assign('/dashboard/')
  }

  // A user or an event belongs to one surface: switching shows the other surface's list.
  const otherSurface: Route = {
    mode: route.mode === 'live' ? 'test' : 'live',
    page: route.page === 'user' || route.page === 'event' ? 'users' : route.page,
  }

  return (
    <div class={route.mode === 'test' ? 'shell test-mode' : 'shell'}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      {route.mode === 'test' && (
        <div class="banner" role="status">
          Test mode: you are viewing sandbox data (sk_test_ keys). Nothing here touches production.
        </div>
      )}
      <header class="top">
        <span class="brand">Dashboard</span>
        <nav aria-label="Pages">
          <ul>
            {PAGES.filter((page) => page !== 'sandbox' || route.mode === 'test').map((page) => (
              <li key={page}>
                <a
                  href={hrefOf({ ...route, page })}
                  aria-current={
                    page === route.page || (page === 'users' && (route.page === 'user' || route.page === 'event'))
                      ? 'page'
                      : undefined
                  }
                  onClick={go({ ...route, page })}
                >
                  {PAGE_TITLES[page]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <a class="mode-switch" href={hrefOf(otherSurface)} onClick={go(otherSurface)}>
            {route.mode === 'live' ? 'View test data' : 'Leave test mode'}
          </a>
          <span class="member">
            {session.member.email} ({session.member.role})
          </span>
          <button type="button" onClick={signOut(false)}>
            Sign out
          </button>
          <button type="button" onClick={signOut(true)}>
            Sign out everywhere
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <h1>{PAGE_TITLES[route.page]}</h1>
        {route.page === 'overview' && <OverviewPage key={route.mode} mode={route.mode} />}
        {route.page === 'keys' && <KeysPage key={route.mode} mode={route.mode} />}
        {route.page === 'webhooks' && <WebhooksPage key={route.mode} mode={route.mode} />}
        {route.page === 'users' && <UsersPage key={route.mode} mode={route.mode} />}
        {route.page === 'user' && <UserPage key={`${route.mode}${route.id}`} mode={route.mode} id={route.id ?? ''} />}
        {route.page === 'event' && <EventPage key={`${route.mode}${route.id}`} mode={route.mode} id={route.id ?? ''} />}
        {route.page === 'connect' && <ConnectPage key={route.mode} mode={route.mode} />}
        {route.page === 'sandbox' && (route.mode === 'test' ? <SandboxPage /> : <SandboxOnProduction />)}
        {route.page === 'members' && <MembersPage session={session} />}
        {route.page === 'settings' && <SettingsPage session={session} />}
        {route.page === 'logs' && <RequestLogsPage key={route.mode} mode={route.mode} />}
        {route.page === 'audit' && <AuditLogPage />}
        {route.page === 'passkeys' && <PasskeysPage />}
      </main>
    </div>
  )
}
