import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Delivery } from '../core/webhooks/delivery.js'
import { loadConfig } from '../hosts/config.js'
import { TOKENS } from '../hosts/di-tokens.js'
import { startService } from '../hosts/server.js'
import { BENCH_LIVE_KEY, BENCH_TEST_KEY, type TargetCpu } from './http-target.js'

/**
 * The server side of the dashboard scenario, in its own process: the service as `npm start` runs it on SQLite, with
 * its logs on (`LOG_LEVEL=info`, written to the parent's /dev/null), seeded with `users` users and `deliveries`
 * webhook deliveries (one endpoint) of the account, and an owner signed in to the dashboard. Tells the parent its
 * URL, the session cookie, a user's and the endpoint's ids; its CPU time on `cpu`; stops on `stop`.
 */
export interface DashboardTargetReady {
  readonly url: string
  readonly cookie: string
  readonly userId: string
  readonly endpointId: string
  readonly seedSeconds: number
}

const start = async (users: number, deliveries: number) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'departure-bench-dashboard-'))
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DATA_DIR: dataDir,
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '1000',
    SERVICE_BOOTSTRAP_KEYS: `${BENCH_TEST_KEY},${BENCH_LIVE_KEY}`,
  })
  const service = await startService(config)
  const { application } = service
  const seedStart = performance.now()
  const [account] = await application.accountRepository.listAccounts()
  if (account === undefined) throw new Error('the bench service has no account')
  const scope = { accountId: account.id, livemode: true, clock: application.clock }
  const live = application.surfaces.live
  let userId = ''
  for (let index = 0; index < users; index++) {
    const created = await live.users.create(scope, { email: `bench-${index}@example.com` })
    if (!created.ok) throw new Error(`seeding user ${index}: ${created.error._tag}`)
    userId = created.value.user.id
  }
  const endpoint = await live.webhooks.create(scope, { url: 'https://93.184.215.14/hooks', events: ['*'] })
  if (!endpoint.ok) throw new Error(`seeding the endpoint: ${endpoint.error._tag}`)
  const endpointId = endpoint.value.endpoint.id
  const repository = live.container.get(TOKENS.WebhookDeliveryRepository)
  const ids = application.container.get(TOKENS.IdGenerator)
  const now = application.clock.now().getTime()
  for (let batch = 0; batch < deliveries; batch += 1_000) {
    const rows: Delivery[] = []
    for (let index = batch; index < Math.min(deliveries, batch + 1_000); index++) {
      const at = new Date(now - (deliveries - index) * 1_000)
      const succeeded = index % 10 !== 0
      rows.push({
        id: ids.next('whd'),
        accountId: account.id,
        livemode: true,
        endpointId,
        notification: {
          id: ids.next('ntf'),
          type: 'event.updated',
          accountId: account.id,
          livemode: true,
          createdAt: at,
          objectType: 'event',
          object: { id: `evt_${index}` },
        },
        status: succeeded ? 'succeeded' : 'failed',
        attempts: [
          {
            number: 1,
            at,
            durationMs: 40,
            outcome: { kind: 'response', statusCode: succeeded ? 200 : 500 },
            error: null,
          },
        ],
        firstAttemptAt: at,
        nextAttemptAt: null,
        failureReason: succeeded ? null : 'retries_exhausted',
        replayOf: null,
        createdAt: at,
        version: 1,
      })
    }
    await repository.insertMany(rows)
  }
  const seedSeconds = (performance.now() - seedStart) / 1000
  const { members, signIn } = application.dashboard
  const member = await members.ensure(account.id, 'bench@example.com', 'owner')
  if (!member.ok) throw new Error('making the bench member')
  const link = await signIn.issueLink(member.value)
  const answer = await fetch(`${service.liveUrl}/dashboard/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(service.liveUrl).origin },
    body: new URLSearchParams({ token: new URL(link.url).searchParams.get('token') ?? '' }).toString(),
  })
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  if (answer.status !== 303 || cookie === '') throw new Error(`the bench sign-in answered ${answer.status}`)
  return {
    ready: { url: service.liveUrl, cookie, userId, endpointId, seedSeconds } satisfies DashboardTargetReady,
    stop: async () => {
      await service.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = await start(Number(process.argv[2] ?? 10_000), Number(process.argv[3] ?? 100_000))
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await target.stop()
    process.exit(0)
  }
  process.on('message', (message) => {
    if (message === 'stop') void stop()
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage()
      process.send?.({ cpuMicros: user + system } satisfies TargetCpu)
    }
  })
  process.on('disconnect', () => void stop())
  process.send?.(target.ready)
}
