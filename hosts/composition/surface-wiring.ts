import { type Container, ContainerModule, type ServiceIdentifier } from 'inversify'
import type { BackgroundJob } from '../../core/background/background-job.js'
import type { EventChangeListener } from '../../core/event/event-lifecycle.js'
import type { CascadeStep } from '../../core/user/deletion-cascade.js'
import { TOKENS } from '../di-tokens.js'

// What a surface's services do for each other once they are made. These join services that need each other both
// ways (invitations read users and events; deleting a user or changing an event reaches invitations), which the
// container cannot build, and they run in order: each list below is that order.

/** What reads the container: the container itself, or the context a factory binding is given. */
interface Resolver {
  get<T>(token: ServiceIdentifier<T>): T
}

/** What other resources do when an event of the surface changes: the listeners, in the order they run after a change. */
const eventChangeListeners = (container: Container): EventChangeListener[] => [
  container.get(TOKENS.InvitationService).eventListener,
  container.get(TOKENS.ReminderService).eventListener(),
  container.get(TOKENS.TrackingService).eventListener(),
  container.get(TOKENS.OutboundMirror),
  container.get(TOKENS.DepartureHistoryService).eventListener,
]

/** What deleting a user removes besides the user, step by step in this order. */
const userDeletionSteps = (container: Container): { readonly name: string; readonly run: CascadeStep }[] => {
  const events = container.get(TOKENS.EventService)
  const invitations = container.get(TOKENS.InvitationService)
  const reminders = container.get(TOKENS.ReminderService)
  const devices = container.get(TOKENS.DeviceService)
  const connections = container.get(TOKENS.ConnectionService)
  const voice = container.get(TOKENS.VoiceRepository)
  const tracking = container.get(TOKENS.TrackingService)
  const departureHistory = container.get(TOKENS.DepartureHistoryService)
  const agentTokens = container.get(TOKENS.AgentTokenService)
  return [
    // Before the events: it finds the user's events to know whose history goes.
    { name: 'departure_history', run: (accountId, userId) => departureHistory.removeAllOf(accountId, userId) },
    { name: 'events', run: async (accountId, userId) => void (await events.removeAllOf(accountId, userId)) },
    { name: 'invitations', run: (accountId, userId) => invitations.removeAllOf(accountId, userId) },
    { name: 'reminders', run: async (accountId, userId) => void (await reminders.removeAllOf(accountId, userId)) },
    { name: 'devices', run: async (accountId, userId) => void (await devices.removeAllOf(accountId, userId)) },
    { name: 'connections', run: (accountId, userId) => connections.removeAllOf(accountId, userId) },
    { name: 'voice_sessions', run: async (accountId, userId) => void (await voice.removeByUser(accountId, userId)) },
    { name: 'tracking', run: async (accountId, userId) => void (await tracking.removeAllOf(accountId, userId)) },
    { name: 'agent_tokens', run: async (accountId, userId) => void (await agentTokens.removeAllOf(accountId, userId)) },
  ]
}

/**
 * The surface's background jobs, in the order that each step runs them: a sweep of the scheduler, and each moment
 * of a sandbox clock walk (`core/background/advance-time.ts`).
 */
const backgroundJobsOf = (container: Resolver): BackgroundJob[] => {
  const monitor = container.get(TOKENS.DepartureMonitor)
  const events = container.get(TOKENS.EventRepository)
  const reminders = container.get(TOKENS.ReminderService)
  const invitations = container.get(TOKENS.InvitationService)
  const sync = container.get(TOKENS.ConnectionSync)
  const mirror = container.get(TOKENS.OutboundMirror)
  const dispatcher = container.get(TOKENS.WebhookDispatcher)
  const tracking = container.get(TOKENS.TrackingService)
  return [
    {
      name: 'departure-monitoring',
      intervalMs: 1000,
      run: (scope) => monitor.processDue(scope.accountId, scope.clock),
      nextDueAt: (scope, after) => events.nextDueAt(scope.accountId, after),
    },
    {
      name: 'reminder-delivery',
      intervalMs: 1000,
      run: (scope) => reminders.fireDue(scope),
      nextDueAt: (scope, after) => reminders.nextDueAt(scope, after),
    },
    {
      name: 'invitation-mail',
      intervalMs: 1000,
      run: (scope) => invitations.processDueMail(scope.accountId, scope.clock),
      nextDueAt: (scope, after) => invitations.nextMailDueAt(scope.accountId, after),
    },
    {
      name: 'calendar-sync',
      intervalMs: 1000,
      run: (scope) => sync.processDue(scope),
      nextDueAt: (scope, after) => sync.nextDueAt(scope, after),
    },
    {
      name: 'calendar-mirror',
      intervalMs: 1000,
      run: (scope) => mirror.processDue(scope),
      nextDueAt: (scope, after) => mirror.nextDueAt(scope, after),
    },
    {
      name: 'tracking-watch',
      intervalMs: 1000,
      run: (scope) => tracking.processDue(scope),
      nextDueAt: (scope, after) => tracking.nextDueAt(scope, after),
    },
    // Last: a step then delivers the events that the jobs before it wrote in that step.
    {
      name: 'webhook-delivery',
      intervalMs: 500,
      followsOthers: true,
      run: (scope) => dispatcher.run(scope),
      nextDueAt: (scope, after) => dispatcher.nextDueAt(scope, after),
    },
  ]
}

/** Registers the listeners and cascade steps above, and joins the sandbox's calendar provider to the connections. */
export const wireSurface = (container: Container): void => {
  const lifecycle = container.get(TOKENS.EventLifecycle)
  for (const listener of eventChangeListeners(container)) lifecycle.register(listener)
  const cascade = container.get(TOKENS.UserDeletionCascade)
  for (const step of userDeletionSteps(container)) cascade.register(step.name, step.run)
  const world = container.get(TOKENS.SyntheticCalendarWorld)
  const sync = container.get(TOKENS.ConnectionSync)
  if (world !== null) world.onPush((channel) => sync.acceptPush(channel.channelId, channel.secret))
  const reminderLog = container.get(TOKENS.Logger).child({ job: 'reminder-delivery' })
  container.get(TOKENS.ReminderService).onDelivery((report) => {
    for (const outcome of report.outcomes)
      if (outcome.status === 'failed')
        reminderLog.warn(
          { accountId: report.accountId, reminderId: report.reminderId, reason: outcome.reason },
          'push failed',
        )
  })
}

/** The surface's background jobs, as a binding: the scheduler and the sandbox's `advance_time` run the same list. */
export const backgroundJobsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.BackgroundJobs).toDynamicValue((context) => backgroundJobsOf(context))
})
