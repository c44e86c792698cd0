import type { MemberRole } from '../../core/dashboard/member.js'
import type { ResponseJson, TestService } from './service.js'

/** A member signed in to the dashboard of the test service's account: their cookie and CSRF token. */
export interface DashboardMember {
  readonly id: string
  readonly email: string
  readonly cookie: string
  readonly csrf: string
}

/** The only account of a test service (the bootstrap keys'). */
export const accountIdOf = async (test: TestService): Promise<string> => {
  const [account] = await test.service.application.accountRepository.listAccounts()
  if (account === undefined) throw new Error('the test service has no account')
  return account.id
}

/** What the CLI prints: a one-time sign-in link of the member of `email` (made if needed). */
export const signInLinkFor = async (test: TestService, email: string, role: MemberRole | null): Promise<string> => {
  const { members, signIn } = test.service.application.dashboard
  const member = await members.ensure(await accountIdOf(test), email, role)
  if (!member.ok) throw new Error(`cannot make member ${email}: ${member.error._tag}`)
  return (await signIn.issueLink(member.value)).url
}

/** Posts the link's form as the browser does (same origin); the answer, unread. */
export const useSignInLink = (test: TestService, url: string, origin = new URL(test.live).origin) =>
  fetch(`${test.live}/dashboard/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ token: new URL(url).searchParams.get('token') ?? '' }).toString(),
  })

/** Signs a member in through the link and the form, and reads the session's CSRF token. */
export const signInMember = async (
  test: TestService,
  email: string,
  role: MemberRole | null,
): Promise<DashboardMember> => {
  const answer = await useSignInLink(test, await signInLinkFor(test, email, role))
  if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`)
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const session = await fetch(`${test.live}/dashboard/api/session`, { headers: { cookie } })
  const body = (await session.json()) as { csrf_token: string; member: { id: string } }
  return { id: body.member.id, email, cookie, csrf: body.csrf_token }
}

/** A dashboard API call as the page makes it: the session cookie, and on mutations the origin and CSRF token. */
export const dashboardCall = async (
  test: TestService,
  member: Pick<DashboardMember, 'cookie' | 'csrf'> | null,
  method: string,
  path: string,
  options: { readonly body?: unknown; readonly origin?: string | null; readonly csrf?: string | null } = {},
): Promise<{ status: number; body: ResponseJson; headers: Headers }> => {
  const headers: Record<string, string> = {}
  if (member !== null) headers.cookie = member.cookie
  if (method !== 'GET') {
    const origin = options.origin === undefined ? new URL(test.live).origin : options.origin
    if (origin !== null) headers.origin = origin
    const csrf = options.csrf === undefined ? member?.csrf : options.csrf
    if (csrf !== null && csrf !== undefined) headers['x-csrf-token'] = csrf
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const answer = await fetch(`${test.live}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  const text = await answer.text()
  return { status: answer.status, body: text === '' ? {} : JSON.parse(text), headers: answer.headers }
}
