import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { MongoBackend } from '@agendajs/mongo-backend'
import { Agenda, type Job } from 'agenda'
import { type Db, ObjectId } from 'mongodb'
import type { PeriodicTask, SchedulerPort } from '../../../core/ports/scheduler.js'

export interface AgendaSchedulerOptions {
  /** The database holding the job documents (one per task), shared by every node of the deployment. */
  readonly db: Db
  readonly collection?: string
  /**
   * How long a node's claim on a task lasts without a heartbeat. A running task renews it every third of this;
   * a node that dies (kill -9, lost host) stops renewing, and another node runs the task once it has expired.
   */
  readonly lockLifetimeMs: number
  /**
   * How often each node looks for due tasks. Default: the shortest registered interval, so that a task due
   * between two scans is claimed at the scan before and run on time by a timer (Agenda's look-ahead).
   */
  readonly processEveryMs?: number
  /** Names this node in the job documents (`lastModifiedBy`): who holds a lock. Default: host, pid and a random suffix. */
  readonly nodeName?: string
}

export const DEFAULT_COLLECTION = 'scheduled_tasks'
/** Agenda's scans and timers are not meant for finer steps; a shorter interval still runs, at most this often. */
const MIN_PROCESS_EVERY_MS = 20

interface RunInProgress {
  /** Resolves when Agenda has written the run's end (lock released, next run time) and emitted `complete`. */
  readonly completed: Promise<void>
  readonly complete: () => void
}

/**
 * SchedulerPort on Agenda 6 and MongoDB: each task is one repeating Agenda job (one document, found by name),
 * so it runs on its cadence once at a time across every node using the same database. A node takes a task by
 * locking its document (`lockedAt`); a running task renews that lock by heartbeat, so a sweep may last longer
 * than the lock lifetime while its node lives, and a dead node's lock expires after `lockLifetimeMs`.
 */
export class AgendaScheduler implements SchedulerPort {
  private readonly tasks = new Map<string, PeriodicTask>()
  private agenda: Agenda | null = null
  private starting: Promise<void> | null = null
  private readonly inProgress = new Map<string, RunInProgress>()
  private readonly nodeName: string
  private readonly collectionName: string

  constructor(
    private readonly options: AgendaSchedulerOptions,
    private readonly onError: (task: string, error: unknown) => void = () => {},
  ) {
    this.nodeName = options.nodeName ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
    this.collectionName = options.collection ?? DEFAULT_COLLECTION
  }

  register(task: PeriodicTask): void {
    this.tasks.set(task.name, task)
  }

  start(): Promise<void> {
    if (this.agenda !== null) return Promise.resolve()
    this.starting ??= this.startAgenda().finally(() => {
      this.starting = null
    })
    return this.starting
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => {})
    const agenda = this.agenda
    if (agenda === null) return
    this.agenda = null
    // Agenda counts a job as running from a moment before it calls our function (it saves `lastRunAt` in between):
    // such a run is not in `inProgress` yet when the stop comes, so its end is awaited through Agenda's own list.
    // Agenda's queue filling also takes a lock after an await without looking whether the processor was stopped
    // meanwhile, so a claim can land after stop() released the claims it knew of. Agenda 6 keeps both lists private;
    // without them (another version) only `inProgress` is awaited, and the final release below still runs.
    const processor = (
      agenda as unknown as {
        jobProcessor?: { runningJobs?: readonly unknown[]; isJobQueueFilling?: ReadonlyMap<string, boolean> }
      }
    ).jobProcessor
    // Stops the scans and releases the tasks claimed but not yet started; running ones keep their lock until they end.
    await agenda.stop(false)
    while ((processor?.isJobQueueFilling?.size ?? 0) > 0) {
      // A claim in flight ends with one database round trip; no event tells when.
      await new Promise<void>((resolve) => setTimeout(resolve, 5))
    }
    while ((processor?.runningJobs?.length ?? 0) > 0) {
      // A finished job leaves the list right after its 'complete' (its unlock is saved before it).
      await new Promise<void>((resolve) => agenda.once('complete', () => setImmediate(resolve)))
    }
    await Promise.all([...this.inProgress.values()].map((run) => run.completed))
    // Nothing of this node runs or claims any more: a lock that still names it is one of the late claims above.
    await this.options.db
      .collection(this.collectionName)
      .updateMany({ lastModifiedBy: this.nodeName, lockedAt: { $ne: null } }, { $unset: { lockedAt: true } })
  }

  private async startAgenda(): Promise<void> {
    const intervals = [...this.tasks.values()].map((task) => task.intervalMs)
    const processEvery = Math.max(MIN_PROCESS_EVERY_MS, this.options.processEveryMs ?? Math.min(60_000, ...intervals))
    const agenda = new Agenda({
      backend: new MongoBackend({ mongo: this.options.db, collection: this.collectionName }),
      name: this.nodeName,
      processEvery,
      defaultConcurrency: 1,
      // No lock limit per job: Agenda forgets to count down a claim it drops as expired (a node that stalled past
      // the lock lifetime), and with a limit of one that node would never claim the job again. One document per
      // task and `concurrency: 1` already keep a job from running twice on a node.
      defaultLockLifetime: this.options.lockLifetimeMs,
    })
    // Agenda reports scan failures (database unreachable) as 'error'; an EventEmitter without a listener would throw.
    agenda.on('error', (error: Error) => this.onError('scheduler', error))
    agenda.on('complete', (job: Job) => this.inProgress.get(job.attrs.name)?.complete())
    for (const task of this.tasks.values()) {
      agenda.define(task.name, (job: Job) => this.runTask(task, job), {
        concurrency: 1,
        lockLifetime: this.options.lockLifetimeMs,
      })
    }
    await agenda.ready
    const collection = this.options.db.collection(this.collectionName)
    // Agenda's stop() releases the claims it remembers by id alone; one it dropped as expired may belong to
    // another node by now. Release only what this node still holds (it names itself on every claim).
    agenda.db.unlockJobs = async (ids) => {
      if (ids.length === 0) return
      await collection.updateMany(
        { _id: { $in: ids.map((id) => new ObjectId(String(id))) }, lastModifiedBy: this.nodeName },
        { $unset: { lockedAt: true } },
      )
    }
    // One document per task: a unique name makes two nodes starting at once create it once.
    await collection.createIndex({ name: 1 }, { name: 'one_job_per_task', unique: true })
    for (const task of this.tasks.values()) await this.ensureJob(agenda, task)
    await agenda.start()
    this.agenda = agenda
  }

  /**
   * Creates the task's document if no node has yet, without touching a lock another node holds (Agenda's
   * `every()` would overwrite `lockedAt`); a changed interval is updated in place.
   */
  private async ensureJob(agenda: Agenda, task: PeriodicTask): Promise<void> {
    const job = agenda.create(task.name).repeatEvery(task.intervalMs).unique({ name: task.name }, { insertOnly: true })
    try {
      await job.save()
    } catch (error) {
      if (!isDuplicateKey(error)) throw error
    }
    await this.options.db
      .collection(this.collectionName)
      .updateOne(
        { name: task.name, repeatInterval: { $ne: task.intervalMs } },
        { $set: { repeatInterval: task.intervalMs } },
      )
  }

  private async runTask(task: PeriodicTask, job: Job): Promise<void> {
    let complete = () => {}
    const completed = new Promise<void>((resolve) => {
      complete = resolve
    })
    this.inProgress.set(task.name, { completed, complete })
    void completed.then(() => {
      if (this.inProgress.get(task.name)?.completed === completed) this.inProgress.delete(task.name)
    })
    const heartbeat = setInterval(
      () => {
        void this.renewLock(task, job).then((held) => {
          if (!held) clearInterval(heartbeat)
        })
      },
      Math.max(1, Math.floor(this.options.lockLifetimeMs / 3)),
    )
    try {
      await Promise.resolve().then(() => task.run())
    } catch (error) {
      this.onError(task.name, error)
      // Rethrown so that Agenda records it on the job document (failReason, failedAt, failCount) for operators.
      throw error
    } finally {
      clearInterval(heartbeat)
    }
  }

  /** Moves the lock forward only while this node still holds it (the filter on our `lockedAt`). */
  private async renewLock(task: PeriodicTask, job: Job): Promise<boolean> {
    const held = job.attrs.lockedAt
    if (held === undefined || held === null) return false
    const renewed = new Date()
    try {
      const result = await this.options.db
        .collection(this.collectionName)
        .updateOne(
          { _id: new ObjectId(String(job.attrs._id)), lockedAt: held },
          { $set: { lockedAt: renewed, lastModifiedBy: this.nodeName } },
        )
      if (result.matchedCount === 1) {
        job.attrs.lockedAt = renewed
        return true
      }
      this.onError(
        task.name,
        new Error(
          `lost the lock of task ${task.name}: another node took it over after ${this.options.lockLifetimeMs} ms without a renewal`,
        ),
      )
      return false
    } catch (error) {
      // The database may be back before the lock expires: keep trying.
      this.onError(task.name, error)
      return true
    }
  }
}

const isDuplicateKey = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000
