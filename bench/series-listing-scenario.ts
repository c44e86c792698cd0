import { performance } from 'node:perf_hooks'
import type { Clock } from '../core/ports/clock.js'
import { compose } from '../hosts/composition-root.js'
import { loadConfig } from '../hosts/config.js'
import { temporaryDataDir } from './data-dir.js'
import { embeddedMonitoringStorage } from './monitoring-scenario.js'

export interface SeriesListingReport {
  readonly storage: 'memory' | 'sqlite'
  readonly series: number
  /** Occurrences the year holds: what a client walking every page reads. */
  readonly occurrences: number
  readonly pageLimit: number
  readonly pages: number
  readonly runs: number
  /** One page (`GET /v1/events?user_id=&start_time[gte]=&start_time[lt]=&limit=100`'s use case). */
  readonly pageP50Ms: number
  readonly pageP95Ms: number
  readonly pageMaxMs: number
  /** Every page of the year, one after the other (`starting_after`). */
  readonly walkP50Ms: number
  readonly walkP95Ms: number
  readonly goals: { readonly pageP95Below20Ms: boolean }
}

const DAY = 86_400_000
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR'] as const

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/**
 * `GET /v1/events` for one user with 50 weekly series (an hour each, 08:00 to 17:00 Berlin on weekdays, no end) over
 * a year: the list use case of the API on the embedded storage (in-memory, or SQLite with `STORAGE=sqlite`), in this
 * process. A page is the API's largest (100); the walk reads every page of the year.
 */
export const runSeriesListingScenario = async (runs = 200, seriesCount = 50): Promise<SeriesListingReport> => {
  const clock: Clock = { now: () => new Date() }
  const storage = embeddedMonitoringStorage()
  const application = await compose(
    loadConfig({
      LOG_LEVEL: 'silent',
      STORAGE: storage,
      ...(storage === 'sqlite' ? { DATA_DIR: temporaryDataDir('series-listing') } : {}),
    }),
    { ephemeralAccounts: true, clock },
  )
  try {
    const surface = application.surfaces.live
    const account = await application.accounts.createAccount()
    const scope = { accountId: account.id, livemode: true, clock }
    const user = await surface.users.create(scope, { email: 'series-bench@example.com', timezone: 'Europe/Berlin' })
    if (!user.ok) throw new Error('user create failed')
    const userId = user.value.user.id
    const monday = Math.floor((Date.now() + 7 * DAY) / (7 * DAY)) * 7 * DAY + 4 * DAY // a Monday 00:00 UTC
    for (let i = 0; i < seriesCount; i++) {
      const startTime = new Date(monday + (i % 5) * DAY + (7 + Math.floor(i / 5)) * 3_600_000)
      const created = await surface.events.create(scope, {
        userId,
        title: `Weekly ${i}`,
        startTime,
        endTime: new Date(startTime.getTime() + 3_600_000),
        timezone: 'Europe/Berlin',
        recurrence: [`RRULE:FREQ=WEEKLY;BYDAY=${WEEKDAYS[i % 5]}`],
      })
      if (!created.ok) throw new Error(`series create failed: ${created.error._tag}`)
    }
    const filter = { userId, startFrom: new Date(monday), startBefore: new Date(monday + 365 * DAY) }
    const pageLimit = 100
    const page = async (startingAfter?: string) => {
      const listed = await surface.events.series.list(scope, filter, {
        limit: pageLimit,
        ...(startingAfter === undefined ? {} : { startingAfter }),
      })
      if (!listed.ok) throw new Error(`list failed: ${listed.error._tag}`)
      return listed.value
    }
    const walk = async () => {
      let pages = 0
      let occurrences = 0
      let cursor: string | undefined
      for (;;) {
        const listed = await page(cursor)
        pages++
        occurrences += listed.data.length
        if (!listed.hasMore) return { pages, occurrences }
        cursor = listed.data.at(-1)?.id
      }
    }
    for (let i = 0; i < 20; i++) await page()
    const pageTimes: number[] = []
    for (let i = 0; i < runs; i++) {
      const began = performance.now()
      await page()
      pageTimes.push(performance.now() - began)
    }
    const walkTimes: number[] = []
    let walked = { pages: 0, occurrences: 0 }
    for (let i = 0; i < Math.max(5, Math.round(runs / 20)); i++) {
      const began = performance.now()
      walked = await walk()
      walkTimes.push(performance.now() - began)
    }
    pageTimes.sort((a, b) => a - b)
    walkTimes.sort((a, b) => a - b)
    const round = (ms: number) => Math.round(ms * 100) / 100
    const pageP95Ms = round(percentile(pageTimes, 95))
    return {
      storage,
      series: seriesCount,
      occurrences: walked.occurrences,
      pageLimit,
      pages: walked.pages,
      runs,
      pageP50Ms: round(percentile(pageTimes, 50)),
      pageP95Ms,
      pageMaxMs: round(pageTimes.at(-1) ?? 0),
      walkP50Ms: round(percentile(walkTimes, 50)),
      walkP95Ms: round(percentile(walkTimes, 95)),
      goals: { pageP95Below20Ms: pageP95Ms < 20 },
    }
  } finally {
    await application.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(JSON.stringify(await runSeriesListingScenario(), null, 2))
