import { parseArgs } from 'node:util'
import { keyPrefix } from '../../core/account/api-key.js'
import {
  ACCESS_LEVELS,
  type AccessLevel,
  PERMISSION_RESOURCES,
  type PermissionResource,
  type Permissions,
} from '../../core/account/permissions.js'
import { isMemberRole, MEMBER_ROLES } from '../../core/dashboard/member.js'
import { type Application, compose } from '../composition-root.js'
import { ConfigError, loadConfig } from '../config.js'

const USAGE = `Usage: npm run keys -- <command>
  list                                   accounts and their keys (never the secrets)
  create-account                         a new account with one test and one live key
  create --mode test|live [--account ID] a new key (the only account when --account is omitted)
    [--restricted --permissions events:write,users:read [--allow 203.0.113.0/24,2001:db8::/32] [--name NAME]]
                                         a restricted key (rk_) with those grants, usable only from those addresses
  revoke KEY_ID                          revoke a key (requests with it get 401 at once)
  permissions KEY_ID --permissions events:read,voice:write
                                         replace a restricted key's grants (a grant removed applies at once,
                                         and to the voice sessions the key made)
  tracking on|off [--account ID]         ETA tracking (private preview) for the account, on both surfaces
                                         (never set: on in the sandbox, off in production)
  dashboard-link --email EMAIL [--role owner|admin|developer|viewer] [--account ID]
                                         a one-time sign-in link to the dashboard for that member (made if
                                         needed: the first one is the owner), valid once for 15 minutes`

const OPTIONS = {
  mode: { type: 'string' },
  account: { type: 'string' },
  restricted: { type: 'boolean' },
  permissions: { type: 'string' },
  allow: { type: 'string' },
  name: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
} as const

/** The arguments, or the reason they cannot be read (an unknown option, an option without its value). */
const readArguments = (argv: readonly string[]) => {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS })
  } catch (error) {
    // parseArgs throws a TypeError with a code (ERR_PARSE_ARGS_*) for a bad invocation; anything else is a bug.
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
      return error.message.split('. ')[0] ?? error.message
    throw error
  }
}

/**
 * Admin CLI over the same storage the server uses (the data directory, or MongoDB). A bad invocation prints its
 * reason and the usage through `printError` (standard error) and answers 2.
 */
export const runKeysCli = async (
  argv: readonly string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void,
  printError: (line: string) => void = print,
): Promise<number> => {
  const parsed = readArguments(argv)
  if (typeof parsed === 'string') {
    printError(`${parsed}.`)
    printError(USAGE)
    return 2
  }
  const { positionals, values } = parsed
  const [command, target] = positionals
  let application: Application
  try {
    application = await compose(loadConfig(env))
  } catch (error) {
    if (error instanceof ConfigError) {
      print(error.message)
      return 2
    }
    throw error
  }
  try {
    return await runCommand(application, command, target, values, print, printError)
  } finally {
    // Closes the MongoDB connection, if any, so that the process can exit.
    await application.close()
  }
}

const runCommand = async (
  application: Application,
  command: string | undefined,
  target: string | undefined,
  values: {
    readonly mode?: string | undefined
    readonly account?: string | undefined
    readonly restricted?: boolean | undefined
    readonly permissions?: string | undefined
    readonly allow?: string | undefined
    readonly name?: string | undefined
    readonly email?: string | undefined
    readonly role?: string | undefined
  },
  print: (line: string) => void,
  printError: (line: string) => void,
): Promise<number> => {
  const { accounts, accountRepository } = application
  switch (command) {
    case 'list': {
      for (const account of await accountRepository.listAccounts()) {
        print(`${account.id} (pinned ${account.pinnedVersion})`)
        for (const key of await accountRepository.listKeys(account.id)) {
          print(
            `  ${key.id}  ${keyPrefix(key.mode, key.type)}...${key.last4}  ${key.revokedAt === null ? 'active' : `revoked ${key.revokedAt.toISOString()}`}${key.permissions === null ? '' : `  ${permissionList(key.permissions)}`}${key.allowedIps === null ? '' : `  from ${key.allowedIps.join(',')}`}`,
          )
        }
      }
      return 0
    }
    case 'create-account': {
      const account = await accounts.createAccount()
      print(account.id)
      for (const mode of ['test', 'live'] as const) {
        const issued = await accounts.issueKey(account.id, mode)
        if (issued.ok) print(`  ${issued.value.record.id}  ${issued.value.secret}`)
      }
      print('The secrets are shown only this once.')
      return 0
    }
    case 'create': {
      if (values.mode !== 'test' && values.mode !== 'live') {
        print('--mode must be test or live')
        return 2
      }
      const all = await accountRepository.listAccounts()
      const accountId = values.account ?? (all.length === 1 ? all[0]?.id : undefined)
      if (accountId === undefined) {
        print(all.length === 0 ? 'No account yet: run create-account.' : 'Several accounts: pass --account ID.')
        return 2
      }
      let permissions: Permissions | null = null
      if (values.restricted === true) {
        const parsed = parsePermissions(values.permissions ?? '')
        if (typeof parsed === 'string') {
          print(parsed)
          return 2
        }
        permissions = parsed
      } else if (values.permissions !== undefined || values.allow !== undefined) {
        print('--permissions and --allow are for restricted keys: add --restricted')
        return 2
      }
      const issued = await accounts.issueKey(accountId, values.mode, {
        type: values.restricted === true ? 'restricted' : 'secret',
        name: values.name ?? null,
        permissions,
        allowedIps:
          values.allow === undefined
            ? null
            : values.allow
                .split(',')
                .map((entry) => entry.trim())
                .filter((entry) => entry !== ''),
      })
      if (!issued.ok) {
        print(issued.error._tag === 'ResourceNotFound' ? `No such account: ${accountId}` : issued.error.message)
        return issued.error._tag === 'ResourceNotFound' ? 1 : 2
      }
      print(`${issued.value.record.id}  ${issued.value.secret}`)
      print('The secret is shown only this once.')
      return 0
    }
    case 'revoke': {
      if (target === undefined) {
        print(USAGE)
        return 2
      }
      const revoked = await accounts.revokeKey(target)
      print(revoked.ok ? `revoked ${revoked.value.id}` : `No such key: ${target}`)
      return revoked.ok ? 0 : 1
    }
    case 'permissions': {
      const parsed = parsePermissions(values.permissions ?? '')
      if (target === undefined || typeof parsed === 'string') {
        print(typeof parsed === 'string' && target !== undefined ? parsed : USAGE)
        return 2
      }
      const updated = await accounts.updateKeyPermissions(target, parsed)
      if (!updated.ok) {
        print(updated.error._tag === 'ResourceNotFound' ? `No such key: ${target}` : updated.error.message)
        return updated.error._tag === 'ResourceNotFound' ? 1 : 2
      }
      print(`${updated.value.id}  ${permissionList(updated.value.permissions ?? {})}`)
      return 0
    }
    case 'tracking': {
      if (target !== 'on' && target !== 'off') {
        print('tracking takes on or off')
        return 2
      }
      const all = await accountRepository.listAccounts()
      const accountId = values.account ?? (all.length === 1 ? all[0]?.id : undefined)
      const account = accountId === undefined ? null : await accountRepository.getAccount(accountId)
      if (account === null) {
        print(accountId === undefined ? 'Several accounts: pass --account ID.' : `No such account: ${accountId}`)
        return accountId === undefined ? 2 : 1
      }
      // The same use case as the dashboard's Settings page.
      const updated = await accounts.updateSettings(account.id, { trackingEnabled: target === 'on' })
      if (!updated.ok) {
        print(`No such account: ${account.id}`)
        return 1
      }
      print(`tracking ${target} for ${account.id}`)
      return 0
    }
    case 'dashboard-link':
      return dashboardLink(application, values, print)
    default: {
      const asked = command === undefined || command === 'help'
      if (!asked) printError(`Unknown command '${command}'.`)
      ;(asked ? print : printError)(USAGE)
      return asked ? 0 : 2
    }
  }
}

/** `dashboard-link`: the member of `--email` (made if needed) and a one-time sign-in link for them. */
const dashboardLink = async (
  application: Application,
  values: {
    readonly account?: string | undefined
    readonly email?: string | undefined
    readonly role?: string | undefined
  },
  print: (line: string) => void,
): Promise<number> => {
  if (values.email === undefined) {
    print('dashboard-link needs --email EMAIL')
    return 2
  }
  // In memory, the link would live in this process only: the running server could never honour it.
  if (application.config.storage === 'memory') {
    print(
      'dashboard-link needs a shared storage (STORAGE=sqlite, the default, or MongoDB): with STORAGE=memory the server keeps its members and links in its own process.',
    )
    return 2
  }
  if (values.role !== undefined && !isMemberRole(values.role)) {
    print(`--role is one of ${MEMBER_ROLES.join(', ')}`)
    return 2
  }
  const all = await application.accountRepository.listAccounts()
  const platforms = all.filter((account) => account.platformId === null)
  const accountId = values.account ?? (platforms.length === 1 ? platforms[0]?.id : undefined)
  const account = accountId === undefined ? null : await application.accountRepository.getAccount(accountId)
  if (account === null || account.platformId !== null) {
    print(
      accountId === undefined
        ? platforms.length === 0
          ? 'No account yet: run create-account (or npm start once).'
          : 'Several accounts: pass --account ID.'
        : `No such account: ${accountId}`,
    )
    return accountId === undefined ? 2 : 1
  }
  const member = await application.dashboard.members.ensure(account.id, values.email, values.role ?? null)
  if (!member.ok) {
    print(member.error._tag === 'InvalidParameter' ? member.error.message : 'The account must keep an active owner.')
    return 2
  }
  const { url, expiresAt } = await application.dashboard.signIn.issueLink(member.value)
  print(`${member.value.email} (${member.value.role}) on ${account.id}`)
  print(url)
  print(`The link signs in once, until ${expiresAt.toISOString()}.`)
  return 0
}

const permissionList = (permissions: Permissions): string =>
  Object.entries(permissions)
    .map(([resource, level]) => `${resource}:${level}`)
    .join(',')

/** `events:write,users:read` -> grants; a message naming the bad entry otherwise. */
const isResource = (name: string | undefined): name is PermissionResource =>
  (PERMISSION_RESOURCES as readonly (string | undefined)[]).includes(name)
const isAccessLevel = (name: string | undefined): name is AccessLevel =>
  (ACCESS_LEVELS as readonly (string | undefined)[]).includes(name)

const parsePermissions = (text: string): Permissions | string => {
  const grants: Partial<Record<PermissionResource, AccessLevel>> = {}
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const [resource, level] = entry.split(':')
    if (!isResource(resource))
      return `Unknown permission family '${resource}': one of ${PERMISSION_RESOURCES.join(', ')}`
    if (!isAccessLevel(level)) return `'${entry}': the level is one of ${ACCESS_LEVELS.join(', ')} (e.g. events:write)`
    grants[resource] = level
  }
  if (Object.keys(grants).length === 0) return '--restricted needs --permissions, e.g. events:write,users:read'
  return grants
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runKeysCli(
    process.argv.slice(2),
    process.env,
    (line) => console.log(line),
    (line) => console.error(line),
  )
}
