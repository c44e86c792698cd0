import { registerBackgroundTasks } from '../background.js'
import { compose } from '../composition-root.js'
import { loadConfigOrExit } from '../config.js'
import { startMetricsServer } from '../metrics-server.js'

/** The background worker: runs the jobs, serves no HTTP. Needs shared storage to be useful. */
const main = async (): Promise<void> => {
  const config = loadConfigOrExit(process.env)
  if (config.mongodb === null) {
    console.error(
      'The worker shares its work with API hosts through MongoDB: set MONGODB_URI. With embedded storage the API host runs the jobs itself (WORKER=true).',
    )
    process.exit(2)
  }
  const application = await compose(config)
  registerBackgroundTasks(application)
  await application.scheduler.start()
  const metricsServer =
    config.metrics === null ? null : await startMetricsServer(application.metrics, config.host, config.metrics.port)
  console.log(metricsServer === null ? 'worker started' : `worker started; metrics at ${metricsServer.url}`)
  const shutdown = () =>
    void Promise.resolve(metricsServer?.close())
      .then(() => application.close())
      .then(() => process.exit(0))
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

await main()
