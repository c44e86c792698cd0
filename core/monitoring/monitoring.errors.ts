import { Data } from 'effect'
import type { MonitoringCommandType, MonitoringStatus } from './monitoring.js'

/** The command makes no sense in the current status (e.g. anything after `cancelled`). */
export class MonitoringCommandRejected extends Data.TaggedError('MonitoringCommandRejected')<{
  readonly status: MonitoringStatus
  readonly command: MonitoringCommandType
}> {}
