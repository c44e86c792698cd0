import { afterEach, describe, expect, it } from 'vitest'
import { PinoLogger } from '../../adapters/logging/pino/pino-logger.js'
import { buildApiApp } from '../../hosts/api/app.js'
import { registerBackgroundTasks } from '../../hosts/background.js'
import { type Application, compose } from '../../hosts/composition-root.js'
import { loadConfig } from '../../hosts/config.js'
import { CapturedLogLines } from '../support/fakes/recording-logger.js'
import { LIVE_KEY, TEST_KEY } from '../support/service.js'

const opened: Application[] = []
afterEach(async () => {
  for (const application of opened.splice(0)) await application.close()
})

/** The embedded service, composed with a logger at `info` whose JSON lines the test reads. */
const composeLogged = async () => {
  const captured = new CapturedLogLines()
  const config = loadConfig({
    STORAGE: 'memory',
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: 'silent',
    SERVICE_BOOTSTRAP_KEYS: `${TEST_KEY},${LIVE_KEY}`,
  })
  const application = await compose(config, {
    ephemeralAccounts: true,
    logger: PinoLogger.create({ level: 'info', destination: captured }),
  })
  opened.push(application)
  const bootstrapped = await application.accounts.bootstrap(config.bootstrapKeys)
  if (!bootstrapped.ok) throw new Error(bootstrapped.error.message)
  return { application, captured, accountId: bootstrapped.value.id }
}

const failingJob = (name: string) => ({
  name,
  intervalMs: 10,
  run: async (): Promise<number> => {
    throw new Error('storage unavailable')
  },
  nextDueAt: async () => null,
})

describe('Background failures go through the one structured logger, naming the job and the account', () => {
  it('a sandbox job failing for an account logs an error line with job, accountId and the error', async () => {
    const { application, captured, accountId } = await composeLogged()
    application.surfaces.test.backgroundJobs.push(failingJob('always-failing'))
    registerBackgroundTasks(application)
    await application.scheduler.start()
    await captured.waitFor((line) => line.job === 'test:always-failing')
    expect(captured.lines.find((line) => line.job === 'test:always-failing')).toMatchObject({
      level: 50,
      msg: 'background job failed',
      job: 'test:always-failing',
      accountId,
      err: { type: 'Error', message: 'storage unavailable' },
    })
  })

  it('a production job (run once for all accounts) logs accountId null', async () => {
    const { application, captured } = await composeLogged()
    application.surfaces.live.backgroundJobs.push(failingJob('always-failing'))
    registerBackgroundTasks(application)
    await application.scheduler.start()
    await captured.waitFor((line) => line.job === 'live:always-failing')
    expect(captured.lines.find((line) => line.job === 'live:always-failing')).toMatchObject({
      level: 50,
      job: 'live:always-failing',
      accountId: null,
      err: { message: 'storage unavailable' },
    })
  })

  it("Fastify logs through the same logger: the API's lines come out in the same stream", async () => {
    const { application, captured } = await composeLogged()
    const app = await buildApiApp(application, application.surfaces.live)
    try {
      app.log.warn({ probe: 'fastify' }, 'from the API host')
      expect(captured.lines).toContainEqual(
        expect.objectContaining({ level: 40, probe: 'fastify', msg: 'from the API host' }),
      )
    } finally {
      await app.close()
    }
  })
})
