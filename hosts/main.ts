import { loadConfigOrExit } from './config.js'
import { startService } from './server.js'

const main = async (): Promise<void> => {
  const config = loadConfigOrExit(process.env)
  const service = await startService(config)
  console.log(`production API on ${service.liveUrl} (sk_live_ keys)`)
  console.log(`sandbox API    on ${service.sandboxUrl} (sk_test_ keys)`)
  console.log(`API reference  on ${service.sandboxUrl}/docs`)
  console.log(
    `dashboard      on ${service.liveUrl}/dashboard/ (first sign-in: npm run keys -- dashboard-link --email EMAIL --role owner)`,
  )
  console.log(`data           ${service.application.storageLocation}`)
  if (service.metricsUrl !== null) console.log(`metrics        on ${service.metricsUrl} (Prometheus; keep it private)`)
  if (service.createdKeys.length > 0) {
    console.log('\nFirst start: created an account. Its keys are shown only this once; store them now:')
    for (const key of service.createdKeys) console.log(`  ${key}`)
    console.log('')
  }
  const shutdown = (signal: string) => {
    console.log(`${signal}: shutting down`)
    service.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))
}

await main()
