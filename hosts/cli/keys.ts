import { parseArgs } from 'node:util'
import { compose, type Application } from '../composition-root.js'
import { ConfigError, loadConfig } from '../config.js'

const USAGE = `Usage: npm run keys -- <command>
  list                                   accounts and their keys (never the secrets)
  create-account                         a new account with one test and one live key
  create --mode test|live [--account ID] a new key (the only account when --account is omitted)
  revoke KEY_ID                          revoke a key (requests with it get 401 at once)`

/** Admin CLI over the same storage the server uses (the data directory, or MongoDB). */
export const runKeysCli = async (
  argv: readonly string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void,
): Promise<number> => {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { mode: { type: 'string' }, account: { type: 'string' } },
  })
  const [command, target] = positionals
  let application
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
    return await runCommand(application, command, target, values, print)
  } finally {
    // Closes the MongoDB connection, if any, so that the process can exit.
    await application.close()
  }
}

const runCommand = async (
  application: Application,
  command: string | undefined,
  target: string | undefined,
  values: { readonly mode?: string | undefined; readonly account?: string | undefined },
  print: (line: string) => void,
): Promise<number> => {
  const { accounts, accountRepository } = application
  switch (command) {
    case 'list': {
      for (const account of await accountRepository.listAccounts()) {
        print(`${account.id} (pinned ${account.pinnedVersion})`)
        for (const key of await accountRepository.listKeys(account.id)) {
          print(
            `  ${key.id}  sk_${key.mode}_...${key.last4}  ${key.revokedAt === null ? 'active' : `revoked ${key.revokedAt.toISOString()}`}`,
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
      const accountId = values.account ?? (all.length === 1 ? all[0]!.id : undefined)
      if (accountId === undefined) {
        print(all.length === 0 ? 'No account yet: run create-account.' : 'Several accounts: pass --account ID.')
        return 2
      }
      const issued = await accounts.issueKey(accountId, values.mode)
      if (!issued.ok) {
        print(`No such account: ${accountId}`)
        return 1
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
    default:
      print(USAGE)
      return command === undefined || command === 'help' ? 0 : 2
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runKeysCli(process.argv.slice(2), process.env, (line) => console.log(line))
}
