import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Container, ContainerModule, type ServiceIdentifier } from 'inversify'
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { OfflineRoutingAdapter } from '../../adapters/routing/offline/offline-routing.js'
import { DeviceService } from '../../core/device/device-service.js'
import type { Clock } from '../../core/ports/clock.js'
import type { DeviceRepositoryPort } from '../../core/ports/device-repository.js'
import type { IdGenerator } from '../../core/ports/id-generator.js'
import type { RoutingPort } from '../../core/ports/routing.js'
import type { UserService } from '../../core/user/user-service.js'
import { type Application, compose } from '../../hosts/composition-root.js'
import { loadConfig } from '../../hosts/config.js'
import { TOKENS } from '../../hosts/di-tokens.js'
import { startMongoForTests, type TestMongo } from '../support/mongo-peer/index.js'
import { TEST_CONNECTION_TOKEN_KEY } from '../support/service.js'

describe('Tokens name the type of what they identify', () => {
  it('a container answers a token with its type, without a type argument', () => {
    const container = new Container()
    container.bind(TOKENS.Routing).toConstantValue(new OfflineRoutingAdapter())
    expectTypeOf(container.get(TOKENS.Routing)).toEqualTypeOf<RoutingPort>()
    expect(container.get(TOKENS.Routing)).toBeInstanceOf(OfflineRoutingAdapter)
  })

  // The checks are the compiler's (`npm run typecheck`; tsconfig includes test/): each `@ts-expect-error` fails the
  // type check if the line below it compiles. At run time inversify takes any of these bindings.
  it('a binding to another type, or dependencies out of order or missing, fails to compile', () => {
    const container = new Container()
    container.load(
      new ContainerModule(({ bind }) => {
        // @ts-expect-error a routing adapter is not a clock
        bind(TOKENS.Clock).toConstantValue(new OfflineRoutingAdapter())
        bind(TOKENS.DeviceService).toResolvedValue(
          (devices: DeviceRepositoryPort, users: UserService, ids: IdGenerator) =>
            new DeviceService({ devices, users, ids, sandboxLoopback: false }),
          // @ts-expect-error the dependencies in another order than the parameters
          [TOKENS.UserService, TOKENS.DeviceRepository, TOKENS.IdGenerator],
        )
        bind(TOKENS.DeviceService).toResolvedValue(
          (devices: DeviceRepositoryPort, users: UserService, ids: IdGenerator) =>
            new DeviceService({ devices, users, ids, sandboxLoopback: false }),
          // @ts-expect-error a dependency missing
          [TOKENS.DeviceRepository, TOKENS.UserService],
        )
        bind(TOKENS.DeviceService).toResolvedValue(
          // @ts-expect-error unannotated parameters take the dependencies' types: `devices` is then a UserService
          (devices, users, ids) => new DeviceService({ devices, users, ids, sandboxLoopback: false }),
          [TOKENS.UserService, TOKENS.DeviceRepository, TOKENS.IdGenerator],
        )
      }),
    )
    // @ts-expect-error the clock's token answers a Clock
    const routing: RoutingPort = container.get(TOKENS.Clock)
    expectTypeOf(container.get(TOKENS.Clock)).toEqualTypeOf<Clock>()
    expect(routing).toBeInstanceOf(OfflineRoutingAdapter)
  })
})

const everyToken: [string, ServiceIdentifier<unknown>][] = Object.entries(TOKENS)

/**
 * What a surface holds apart from the other: every token its own container binds (not inherited from the root), read
 * from the bindings rather than listed by hand, so that a capability added later is checked without editing this
 * test. Those whose value is an object (a repository, a service, an adapter) must be a different object on each
 * surface; `null` (a sandbox-only helper on production) and plain values (a public address) have no identity to share.
 */
const surfaceTokensOf = (application: Application): [string, ServiceIdentifier<unknown>][] =>
  everyToken.filter(([, token]) => application.surfaces.live.container.isCurrentBound(token))

/** What every storage family must give the composition, whichever is chosen. */
const compositionContract = (name: string, composeApplication: () => Promise<Application>) => {
  describe(`The composition on ${name} storage`, () => {
    let application: Application
    beforeAll(async () => {
      application = await composeApplication()
    })
    afterAll(() => application?.close())

    it('binds every token on both surfaces, and each resolves', () => {
      for (const surface of [application.surfaces.live, application.surfaces.test]) {
        for (const [name, token] of everyToken) {
          expect(surface.container.isBound(token), `${name} on ${surface.livemode ? 'live' : 'test'}`).toBe(true)
          expect(() => surface.container.get(token), name).not.toThrow()
        }
      }
    })

    it('gives each surface its own storage and services: none is shared, none is in the root container', () => {
      const { live, test } = application.surfaces
      const surfaceTokens = surfaceTokensOf(application)
      // The storage and the services over it are among them, whatever else a later capability adds.
      expect(surfaceTokens.map(([name]) => name)).toEqual(
        expect.arrayContaining(['Outbox', 'UserRepository', 'EventRepository', 'TrackingRepository', 'VoiceService']),
      )
      for (const [name, token] of surfaceTokens) {
        expect(application.container.isBound(token), name).toBe(false)
        expect(test.container.isCurrentBound(token), name).toBe(true)
        const value = live.container.get(token)
        if (typeof value === 'object' && value !== null) expect(value, name).not.toBe(test.container.get(token))
      }
    })

    it('runs webhook delivery last in each step, after the jobs whose events it delivers', () => {
      for (const surface of [application.surfaces.live, application.surfaces.test]) {
        expect(surface.backgroundJobs.map((job) => job.name)).toEqual([
          'departure-monitoring',
          'reminder-delivery',
          'invitation-mail',
          'calendar-sync',
          'calendar-mirror',
          'tracking-watch',
          'webhook-delivery',
        ])
      }
    })
  })
}

compositionContract('in memory', () =>
  compose(loadConfig({ LOG_LEVEL: 'silent', STORAGE: 'memory' }), { ephemeralAccounts: true }),
)

const sqliteDirs: string[] = []
afterAll(() => {
  for (const dir of sqliteDirs) rmSync(dir, { recursive: true, force: true })
})
compositionContract('SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'composition-sqlite-'))
  sqliteDirs.push(dataDir)
  return compose(loadConfig({ LOG_LEVEL: 'silent', STORAGE: 'sqlite', DATA_DIR: dataDir }))
})

let mongo: TestMongo | undefined
afterAll(() => mongo?.stop())
compositionContract('MongoDB', async () => {
  mongo = await startMongoForTests()
  return compose(
    loadConfig({
      LOG_LEVEL: 'silent',
      MONGODB_URI: mongo.uri,
      MONGODB_DB: `composition_${randomUUID().slice(0, 8)}`,
      CONNECTION_TOKEN_KEY: TEST_CONNECTION_TOKEN_KEY,
    }),
  )
})
