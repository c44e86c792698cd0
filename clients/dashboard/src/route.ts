import type { Mode } from './api.js'

/** The pages of the navigation, in its order. */
export const PAGES = ['overview', 'keys', 'webhooks', 'users', 'connect', 'sandbox', 'members', 'settings'] as const
/** Pages reached from a list, not from the navigation: one user, one event. */
export type Page = (typeof PAGES)[number] | 'user' | 'event'

export const PAGE_TITLES: Record<Page, string> = {
  overview: 'Overview',
  keys: 'API keys',
  webhooks: 'Webhooks',
  users: 'Users and events',
  connect: 'Connect',
  sandbox: 'Sandbox',
  members: 'Members',
  settings: 'Settings',
  user: 'User',
  event: 'Event',
}

export interface Route {
  readonly mode: Mode
  readonly page: Page
  /** The user's or event's id, on their pages. */
  readonly id?: string
}

/**
 * `/dashboard/test/webhooks` -> the sandbox's webhooks page; `/dashboard/users/usr_1` -> that user's page;
 * `/dashboard/` -> production's overview.
 */
export const parseRoute = (pathname: string): Route => {
  const parts = pathname
    .replace(/^\/dashboard\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodeURIComponent(part))
  const mode: Mode = parts[0] === 'test' ? 'test' : 'live'
  const rest = mode === 'test' ? parts.slice(1) : parts
  const [first, id] = rest
  if (id !== undefined && first === 'users') return { mode, page: 'user', id }
  if (id !== undefined && first === 'events') return { mode, page: 'event', id }
  const page = (PAGES as readonly string[]).includes(first ?? '') ? (first as Page) : 'overview'
  return { mode, page }
}

export const hrefOf = (route: Route): string => {
  const path =
    route.page === 'user'
      ? `users/${encodeURIComponent(route.id ?? '')}`
      : route.page === 'event'
        ? `events/${encodeURIComponent(route.id ?? '')}`
        : route.page
  return route.mode === 'test' ? `/dashboard/test/${path}` : `/dashboard/${path}`
}

/** The page a list's entry links to, followed without reloading (see `App`). */
export const navigate = (route: Route): void => {
  history.pushState(null, '', hrefOf(route))
  dispatchEvent(new PopStateEvent('popstate'))
}

/** A link to another page of the dashboard: a real link (new tab works), followed without reloading on a plain click. */
export const followLink = (route: Route) => (event: MouseEvent) => {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
  event.preventDefault()
  navigate(route)
  document.getElementById('main')?.focus()
}
