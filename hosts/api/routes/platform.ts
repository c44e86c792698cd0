import type { FastifyInstance } from 'fastify'
import { Endpoints } from '../../../contracts/endpoints.js'
import { CURRENT_VERSION } from '../../../contracts/versions.js'
import type { SandboxClockService } from '../../../core/account/sandbox-time.js'
import { mapResult, ok } from '../../../core/shared/result.js'
import { defineRoute, type RouteOptions } from '../route.js'

/** Health and the sandbox test helpers. */
export const platformRoutes = (
  app: FastifyInstance,
  options: RouteOptions & { sandboxClock: SandboxClockService },
): void => {
  defineRoute(app, Endpoints.health, options, async () =>
    ok({ body: { object: 'health', status: 'ok', version: CURRENT_VERSION } }),
  )

  // The clock of whom the request acts for: the account, or (Connect) the connected account.
  defineRoute(app, Endpoints.advanceTime, options, async ({ body, scope }) => {
    const result = await options.sandboxClock.advance(scope.accountId, body.seconds)
    return mapResult(result, (clock) => ({
      body: {
        object: 'test_clock',
        now: clock.now.toISOString(),
        offset_seconds: clock.offsetSeconds,
        work_items_run: clock.workItemsRun,
      },
    }))
  })
}
