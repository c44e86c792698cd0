import { execFileSync } from 'node:child_process'
import { cpus } from 'node:os'

/**
 * CPU pinning for the HTTP scenario: the load generator (this process) on the
 * first core, each server process (all its threads) on the last. On a small
 * machine the two otherwise share cores as the scheduler sees fit, and where the
 * server's threads (its garbage collector's helpers, libuv) land moved one
 * server process's CPU per request by up to a fifth from one start to the next.
 * Pinned, both servers are measured the same way: one core each, the load
 * generator on the other. Uses `taskset` (util-linux); without it, or with one
 * core, nothing is pinned and the report says so.
 */
export interface Pinning {
  readonly loadGeneratorCore: number
  readonly serverCore: number
}

const taskset = (args: readonly string[]): boolean => {
  try {
    execFileSync('taskset', args, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * Pins this process to the first core for the duration of `work` (child processes
 * started meanwhile inherit it, so servers are moved with `pinServer`), then lets
 * it run on every core again, so that later scenarios and their children are not
 * confined. `work` gets null when pinning is not possible.
 */
export const withPinnedLoadGenerator = async <T>(work: (pinning: Pinning | null) => Promise<T>): Promise<T> => {
  const cores = cpus().length
  const pinning = { loadGeneratorCore: 0, serverCore: cores - 1 }
  if (cores < 2 || !taskset(['-a', '-cp', String(pinning.loadGeneratorCore), String(process.pid)])) return work(null)
  try {
    return await work(pinning)
  } finally {
    taskset(['-a', '-cp', `0-${cores - 1}`, String(process.pid)])
  }
}

/** Pins every thread of a server process to the server core. */
export const pinServer = (pid: number, pinning: Pinning): void => {
  if (!taskset(['-a', '-cp', String(pinning.serverCore), String(pid)]))
    throw new Error(`could not pin process ${pid} to core ${pinning.serverCore}`)
}
