import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')

/** One host of the service as a real process: an API host (`hosts/main.ts`) or a worker (`hosts/worker/main.ts`). */
export interface ServiceProcess {
  readonly kind: 'api' | 'worker'
  readonly pid: number
  /** Production and sandbox base URLs (API hosts only). */
  readonly live: string
  readonly sandbox: string
  /** Everything the process wrote, for the failure message of a test. */
  readonly output: () => string
  readonly exited: Promise<number | string | null>
  /** SIGKILL: the process dies at once, holding whatever it held. */
  kill9(): Promise<void>
  /** SIGSTOP / SIGCONT: freezes the process (no timers, no heartbeats) and thaws it. */
  freeze(): void
  thaw(): void
  /** SIGTERM: a graceful shutdown; resolves when the process has exited. */
  stop(): Promise<void>
}

/**
 * Starts a host with `node --import tsx` and the given environment (nothing inherited but PATH), and resolves
 * once it says it is ready: the API host prints its two URLs and where its data lives, the worker "worker started".
 */
export const spawnServiceProcess = (
  kind: 'api' | 'worker',
  env: Record<string, string>,
  readyWithinMs = 45_000,
): Promise<ServiceProcess> => {
  const entry = kind === 'api' ? 'hosts/main.ts' : 'hosts/worker/main.ts'
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  )
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${kind} not ready within ${readyWithinMs} ms:\n${output}`))
    }, readyWithinMs)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`${kind} exited (${code}) before it was ready:\n${output}`))
    })
    const check = () => {
      const live = /production API on (\S+)/.exec(output)?.[1]
      const sandbox = /sandbox API\s+on (\S+)/.exec(output)?.[1]
      // The banner's `data` line comes after both URLs, possibly in a later chunk of the output.
      const ready =
        kind === 'api'
          ? live !== undefined && sandbox !== undefined && /^data\s/m.test(output)
          : output.includes('worker started')
      if (!ready) return
      clearTimeout(timer)
      child.stdout!.off('data', check)
      resolve({
        kind,
        pid: child.pid!,
        live: live ?? '',
        sandbox: sandbox ?? '',
        output: () => output,
        exited,
        kill9: async () => {
          child.kill('SIGKILL')
          await exited
        },
        freeze: () => void child.kill('SIGSTOP'),
        thaw: () => void child.kill('SIGCONT'),
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return
          child.kill('SIGCONT')
          child.kill('SIGTERM')
          await exited
        },
      })
    }
    child.stdout!.on('data', check)
  })
}
