import { InProcessScheduler } from '../../../adapters/scheduler/in-process/in-process-scheduler.js'
import { schedulerContract } from '../../contracts/scheduler.contract.js'

schedulerContract('InProcessScheduler', (reportError) => ({ scheduler: new InProcessScheduler(reportError) }))
