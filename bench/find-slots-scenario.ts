import { performance } from 'node:perf_hooks'
import { UlidIdGenerator } from '../adapters/ids/ulid/ulid-ids.js'
import { MemoryCalendarRepository } from '../adapters/storage/memory/calendar-repository.js'
import { MemoryConnectionRepository } from '../adapters/storage/memory/connection-repository.js'
import { MemoryEventRepository } from '../adapters/storage/memory/event-repository.js'
import { MemoryInvitationRepository } from '../adapters/storage/memory/invitation-repository.js'
import { MemoryOutbox } from '../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../adapters/storage/memory/user-repository.js'
import { openMonitoring } from '../core/monitoring/monitoring-transition.js'
import { FreeBusyService } from '../core/scheduling/freebusy-service.js'
import { SlotFinder } from '../core/scheduling/slots-service.js'
import { DEFAULT_PREFERENCES } from '../core/user/user.js'

export interface FindSlotsReport {
  readonly participants: number
  readonly eventsPerDay: number
  readonly days: number
  readonly events: number
  readonly runs: number
  readonly slotsFound: number
  readonly latencyP50Ms: number
  readonly latencyP99Ms: number
  readonly latencyMaxMs: number
  /** CPU time of the process per run (user and system), which other processes on the core do not inflate. */
  readonly cpuP50Ms: number
  readonly goals: { readonly p50Below20Ms: boolean }
}

const HOUR = 3_600_000
const DAY = 24 * HOUR
const ZONES = ['Europe/Berlin', 'Europe/London'] as const

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/**
 * `find_slots` as the API runs it (free/busy of every participant from the embedded
 * repositories, then the slot search), in this process, on one core: 20 users in
 * two zones with 5 events a day each over 30 days (09:00 to 17:30 UTC), working
 * hours 08:00 to 19:00 in each one's zone, a buffer and a preferred time of day, the 25 best slots.
 */
export const runFindSlotsScenario = async (runs = 300): Promise<FindSlotsReport> => {
  const outbox = new MemoryOutbox()
  const deps = {
    events: new MemoryEventRepository(outbox),
    users: new MemoryUserRepository(outbox),
    calendars: new MemoryCalendarRepository(),
    connections: new MemoryConnectionRepository(outbox),
    invitations: new MemoryInvitationRepository(outbox),
  }
  const finder = new SlotFinder(new FreeBusyService(deps))
  const ids = new UlidIdGenerator()
  const start = Date.UTC(2026, 5, 1)
  const participants = 20
  const eventsPerDay = 5
  const days = 30
  // A deterministic spread of meeting starts (9:00 to 16:45 UTC, 30 to 90 minutes).
  let seed = 7
  const next = () => {
    seed = (seed * 48_271) % 2_147_483_647
    return seed / 2_147_483_647
  }
  const userIds: string[] = []
  for (let u = 0; u < participants; u++) {
    const id = ids.next('usr')
    userIds.push(id)
    await deps.users.insert(
      {
        ...DEFAULT_PREFERENCES,
        timezone: ZONES[u % ZONES.length] as string,
        id,
        accountId: 'acct_bench',
        livemode: false,
        email: `bench-${u}@example.com`,
        deactivatedAt: null,
        createdAt: new Date(start),
        version: 1,
      },
      [],
    )
    for (let d = 0; d < days; d++)
      for (let e = 0; e < eventsPerDay; e++) {
        const startTime = new Date(start + d * DAY + 9 * HOUR + Math.floor(next() * 32) * 15 * 60_000)
        const endTime = new Date(startTime.getTime() + (30 + Math.floor(next() * 5) * 15) * 60_000)
        const now = new Date(start - DAY)
        await deps.events.insert(
          {
            id: ids.next('evt'),
            accountId: 'acct_bench',
            livemode: false,
            userId: id,
            title: 'Meeting',
            category: 'meeting',
            startTime,
            endTime,
            timezone: 'UTC',
            location: null,
            origin: null,
            travel: { mode: 'drive', parkingBufferMin: 5 },
            attendees: [],
            monitoring: openMonitoring({ startTime, endTime, hasLocation: false, preAlertMinutes: 10, now }),
            originSource: null,
            dueAt: null,
            createdAt: now,
            updatedAt: now,
            version: 1,
          },
          [],
        )
      }
  }
  const scope = { accountId: 'acct_bench', livemode: false, clock: { now: () => new Date(start - DAY) } }
  const request = {
    participants: userIds,
    durationMinutes: 30,
    earliestStart: new Date(start),
    latestEnd: new Date(start + days * DAY),
    workingHours: { start: '08:00', end: '19:00', days: null, timezone: null },
    bufferMinutes: 10,
    preferredTimeOfDay: 'afternoon' as const,
    limit: 25,
  }
  let slotsFound = 0
  for (let i = 0; i < 20; i++) await finder.find(scope, request)
  const latencies: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < runs; i++) {
    const began = performance.now()
    const cpuBefore = process.cpuUsage()
    const result = await finder.find(scope, request)
    latencies.push(performance.now() - began)
    const used = process.cpuUsage(cpuBefore)
    cpu.push((used.user + used.system) / 1000)
    if (!result.ok) throw new Error(`find_slots failed: ${JSON.stringify(result.error)}`)
    slotsFound = result.value.slots.length
  }
  latencies.sort((a, b) => a - b)
  cpu.sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms * 100) / 100
  const p50 = round(percentile(latencies, 50))
  return {
    participants,
    eventsPerDay,
    days,
    events: participants * eventsPerDay * days,
    runs,
    slotsFound,
    latencyP50Ms: p50,
    latencyP99Ms: round(percentile(latencies, 99)),
    latencyMaxMs: round(latencies[latencies.length - 1] ?? 0),
    cpuP50Ms: round(percentile(cpu, 50)),
    goals: { p50Below20Ms: p50 < 20 },
  }
}
