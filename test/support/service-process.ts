import { type ChildProcess, spawn } from 'node:child_process'
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

/** Every host started by this test process and not yet exited: killed if the test process exits first. */
const running = new Set<ChildProcess>()
let killOnExit = false

/**
 * Starts a host with `node --import tsx` and the given environment (nothing inherited but PATH), and resolves
 * once it says it is ready: the API host prints its two URLs and where its data lives, the worker "worker started".
 * It waits for that signal, or for the process to exit (rejected with its output), and for nothing else: how long
 * a start takes depends on the machine's load (compiling the sources with tsx, seconds to a minute on a busy
 * one), so a fixed budget here only failed busy runs. The calling test's timeout bounds a start that hangs; a
 * host left unready then is killed when the test process exits.
 */
export const spawnServiceProcess = (kind: 'api' | 'worker', env: Record<string, string>): Promise<ServiceProcess> => {
  const entry = kind === 'api' ? 'hosts/main.ts' : 'hosts/worker/main.ts'
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  if (!killOnExit) {
    killOnExit = true
    process.once('exit', () => {
      for (const host of running) host.kill('SIGKILL')
    })
  }
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve(code ?? signal)
    }),
  )
  return new Promise((resolve, reject) => {
    void exited.then((code) => reject(new Error(`${kind} exited (${code}) before it was ready:\n${output}`)))
    const check = () => {
      const live = /production API on (\S+)/.exec(output)?.[1]
      const sandbox = /sandbox API\s+on (\S+)/.exec(output)?.[1]
      // The banner's `data` line comes after both URLs, possibly in a later chunk of the output.
      const ready =
        kind === 'api'
          ? live !== undefined && sandbox !== undefined && /^data\s/m.test(output)
          : output.includes('worker started')
      if (!ready) return
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
