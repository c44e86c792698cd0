import { OffsetClock } from '../adapters/clock/system/system-clock.js'
import type { Application, Surface } from './composition-root.js'

/**
 * Turns each surface's background jobs into periodic scheduler tasks. Production
 * runs a job once for all accounts on the real clock; the sandbox runs it per
 * account, each at its own (possibly advanced) clock.
 */
export const registerBackgroundTasks = (application: Application): void => {
  const { scheduler, clock, accountRepository } = application
  const register = (surface: Surface) => {
    for (const job of surface.backgroundJobs) {
      scheduler.register({
        name: `${surface.livemode ? 'live' : 'test'}:${job.name}`,
        intervalMs: job.intervalMs,
        run: async () => {
          if (surface.livemode) {
            await job.run({ accountId: null, clock })
            return
          }
          for (const account of await accountRepository.listAccounts()) {
            await job.run({ accountId: account.id, clock: new OffsetClock(clock, account.sandboxClockOffsetMs) })
          }
        },
      })
    }
  }
  register(application.surfaces.live)
  register(application.surfaces.test)
}
