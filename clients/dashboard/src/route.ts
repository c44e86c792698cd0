import type { Mode } from './api.js'

export const PAGES = ['keys', 'webhooks', 'users', 'logs', 'members', 'audit', 'passkeys'] as const
export type Page = (typeof PAGES)[number]

export const PAGE_TITLES: Record<Page, string> = {
  keys: 'API keys',
  webhooks: 'Webhooks',
  users: 'Users and events',
  members: 'Members',
  logs: 'Request logs',
  audit: 'Audit log',
  passkeys: 'Passkeys',
}

export interface Route {
  readonly mode: Mode
  readonly page: Page
}

/** `/dashboard/test/webhooks` -> the sandbox's webhooks page; `/dashboard/` -> production's first page. */
export const parseRoute = (pathname: string): Route => {
  const parts = pathname
    .replace(/^\/dashboard\/?/, '')
    .split('/')
    .filter((part) => part !== '')
  const mode: Mode = parts[0] === 'test' ? 'test' : 'live'
  const rest = mode === 'test' ? parts.slice(1) : parts
  const page = (PAGES as readonly string[]).includes(rest[0] ?? '') ? (rest[0] as Page) : 'keys'
  return { mode, page }
}

export const hrefOf = (route: Route): string =>
  route.mode === 'test' ? `/dashboard/test/${route.page}` : `/dashboard/${route.page}`
