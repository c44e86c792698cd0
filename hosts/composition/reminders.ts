import { ContainerModule } from 'inversify'
import { RecordingPushAdapter } from '../../adapters/push/recording/recording-push.js'
import { WebPushAdapter } from '../../adapters/push/web-push/web-push-adapter.js'
import { DeviceService } from '../../core/device/device-service.js'
import { ReminderService } from '../../core/reminder/reminder-service.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'

/**
 * Reminders and the devices they are pushed to. Production pushes through Web Push when VAPID keys are configured;
 * the sandbox never sends, it records.
 */
export const remindersModule = (config: Config, livemode: boolean) =>
  new ContainerModule(({ bind }) => {
    const { push } = config
    bind(TOKENS.Push).toResolvedValue(
      (ids) =>
        livemode && push.kind === 'web-push'
          ? new WebPushAdapter({ vapid: push.vapid, timeoutMs: config.providers.timeoutMs })
          : new RecordingPushAdapter(ids),
      [TOKENS.IdGenerator],
    )
    bind(TOKENS.DeviceService).toResolvedValue(
      (devices, users, ids) =>
        new DeviceService({ devices, users, ids, sandboxLoopback: config.sandboxLoopbackTargets }),
      [TOKENS.DeviceRepository, TOKENS.UserService, TOKENS.IdGenerator],
    )
    bind(TOKENS.ReminderService).toResolvedValue(
      (reminders, events, users, userRecords, devices, push, ids) =>
        new ReminderService({ reminders, events, users, userRecords, devices, push, ids }),
      [
        TOKENS.ReminderRepository,
        TOKENS.EventRepository,
        TOKENS.UserService,
        TOKENS.UserRepository,
        TOKENS.DeviceService,
        TOKENS.Push,
        TOKENS.IdGenerator,
      ],
    )
  })
