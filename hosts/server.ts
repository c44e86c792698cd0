import type { FastifyInstance } from 'fastify'
import { seedSandbox } from '../core/account/sandbox.js'
import { buildApiApp } from './api/app.js'
import { registerBackgroundTasks } from './background.js'
import { type Application, type CompositionOverrides, compose } from './composition-root.js'
import type { Config } from './config.js'
import { startMetricsServer } from './metrics-server.js'

export interface RunningService {
  readonly application: Application
  readonly live: FastifyInstance
  readonly sandbox: FastifyInstance
  /** Keys created by a first start (shown once), empty otherwise. */
  readonly createdKeys: readonly string[]
  readonly liveUrl: string
  readonly sandboxUrl: string
  /** `GET /metrics` (Prometheus) when `METRICS_PORT` is set, else null. */
  readonly metricsUrl: string | null
  stop(): Promise<void>
}

/**
 * Ensures an account exists: the bootstrap keys when configured, else on a first
 * start a new account whose two keys are returned to be printed once.
 */
const ensureAccount = async (application: Application): Promise<string[]> => {
  const { config, accounts } = application
  if (config.bootstrapKeys.length > 0) {
    const result = await accounts.bootstrap(config.bootstrapKeys)
    if (!result.ok) throw new Error(`${result.error.param}: ${result.error.message}`)
    return []
  }
  if ((await application.accountRepository.listAccounts()).length > 0) return []
  const account = await accounts.createAccount()
  const created: string[] = []
  for (const mode of ['test', 'live'] as const) {
    const issued = await accounts.issueKey(account.id, mode)
    if (issued.ok) created.push(issued.value.secret)
  }
  return created
}

/** Starts both surfaces: production on `PORT`, sandbox on `SANDBOX_PORT`. */
export const startService = async (config: Config, overrides: CompositionOverrides = {}): Promise<RunningService> => {
  const application = await compose(config, overrides)
  try {
    return await serve(application, config, overrides)
  } catch (error) {
    await application.close()
    throw error
  }
}

const serve = async (
  application: Application,
  config: Config,
  overrides: CompositionOverrides,
): Promise<RunningService> => {
  const createdKeys = await ensureAccount(application)
  for (const account of await application.accountRepository.listAccounts()) {
    await seedSandbox(application.surfaces.test.users, account.id, application.clock)
  }
  const appOptions = { verifySerializers: overrides.verifySerializers === true }
  const live = await buildApiApp(application, application.surfaces.live, appOptions)
  const sandbox = await buildApiApp(application, application.surfaces.test, appOptions)
  // A port that cannot be bound closes both surfaces: a failed start leaves nothing listening.
  let liveUrl: string
  let sandboxUrl: string
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | null
  try {
    liveUrl = await live.listen({ host: config.host, port: config.port })
    sandboxUrl = await sandbox.listen({ host: config.host, port: config.sandboxPort })
    metricsServer =
      config.metrics === null ? null : await startMetricsServer(application.metrics, config.host, config.metrics.port)
  } catch (error) {
    await Promise.all([live.close(), sandbox.close()])
    throw error
  }
  // An ephemeral port (tests) is known only now: links in e-mails must point at it.
  if (config.port === 0) application.surfaces.live.publicBaseUrl.rebase(liveUrl)
  if (config.sandboxPort === 0) application.surfaces.test.publicBaseUrl.rebase(sandboxUrl)
  if (config.runWorker) {
    registerBackgroundTasks(application)
    await application.scheduler.start()
  }
  return {
    application,
    live,
    sandbox,
    createdKeys,
    liveUrl,
    sandboxUrl,
    metricsUrl: metricsServer?.url ?? null,
    stop: async () => {
      await Promise.all([live.close(), sandbox.close(), metricsServer?.close()])
      await application.close()
    },
  }
}
