import { type ChildProcess, spawn } from 'node:child_process'
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeCalendar } from 'tsdav'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/**
 * A real CalDAV server for the CalDAV adapter's tests: Debian's `radicale`
 * (apt package `radicale`), on 127.0.0.1 and a free port, with plain-text
 * htpasswd users and its storage in a temporary directory.
 */
export class RadicaleServer {
  private constructor(
    private readonly process: ChildProcess,
    private readonly dir: string,
    readonly url: string,
  ) {}

  static async start(): Promise<RadicaleServer> {
    const dir = mkdtempSync(join(tmpdir(), 'radicale-'))
    writeFileSync(join(dir, 'users'), '')
    // A port found free can be taken by another suite's listener before radicale binds it: radicale then exits,
    // and the start is retried on another port.
    for (let attempt = 1; ; attempt++) {
      const started = await RadicaleServer.startOn(dir, await freePort())
      if (started !== null) return started
      if (attempt === 5) throw new Error("radicale did not start; is the Debian package 'radicale' installed?")
    }
  }

  private static async startOn(dir: string, port: number): Promise<RadicaleServer | null> {
    writeFileSync(
      join(dir, 'config'),
      [
        '[server]',
        `hosts = 127.0.0.1:${port}`,
        '[auth]',
        'type = htpasswd',
        `htpasswd_filename = ${join(dir, 'users')}`,
        'htpasswd_encryption = plain',
        '[storage]',
        `filesystem_folder = ${join(dir, 'collections')}`,
        '[rights]',
        'type = owner_only',
        '[logging]',
        'level = warning',
        '',
      ].join('\n'),
    )
    const child = spawn('radicale', ['--config', join(dir, 'config')], { stdio: ['ignore', 'ignore', 'pipe'] })
    const exited = new Promise<null>((resolve) => child.once('exit', () => resolve(null)))
    const url = `http://127.0.0.1:${port}/`
    // Up when the port answers as a CalDAV server does (a `DAV` header): another listener on it is not radicale.
    const up = (async () => {
      while (child.exitCode === null) {
        const dav = await fetch(url, { method: 'OPTIONS' }).then(
          (response) => response.headers.get('dav'),
          () => null,
        )
        if (dav?.includes('calendar-access')) return new RadicaleServer(child, dir, url)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return null
    })()
    return Promise.race([up, exited])
  }

  /** A user (e-mail, app password) with two calendars, Home and Work. */
  async addUser(email: string, password: string): Promise<void> {
    appendFileSync(join(this.dir, 'users'), `${email}:${password}\n`)
    const headers = { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` }
    for (const [slug, name] of [
      ['home', 'Home'],
      ['work', 'Work'],
    ] as const) {
      await makeCalendar({
        url: `${this.url}${encodeURIComponent(email)}/${slug}/`,
        props: { displayname: name },
        headers,
      })
    }
  }

  /** What the user does at the provider when they revoke the app-specific password. */
  revokePassword(email: string): void {
    const file = join(this.dir, 'users')
    const kept = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith(`${email}:`))
    writeFileSync(file, `${kept.join('\n')}\n`)
  }

  /**
   * Forgets the sync-token history of the user's calendars, then changes each
   * (Radicale accepts the current token without looking it up): old tokens are
   * then refused with 403 valid-sync-token.
   */
  async forgetSyncTokens(email: string, password: string): Promise<void> {
    const headers = {
      authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
      'content-type': 'text/calendar',
    }
    for (const slug of ['home', 'work']) {
      rmSync(join(this.dir, 'collections', 'collection-root', email, slug, '.Radicale.cache', 'sync-token'), {
        recursive: true,
        force: true,
      })
      const uid = `touch-${Date.now()}-${slug}`
      const body = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//radicale//EN',
        'BEGIN:VEVENT',
        `UID:${uid}`,
        'DTSTAMP:20260101T000000Z',
        'DTSTART:20300101T090000Z',
        'DTEND:20300101T100000Z',
        'SUMMARY:touch',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n')
      await fetch(`${this.url}${encodeURIComponent(email)}/${slug}/${uid}.ics`, { method: 'PUT', headers, body })
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      if (this.process.exitCode !== null) return resolve()
      this.process.once('exit', () => resolve())
      this.process.kill()
    })
    rmSync(this.dir, { recursive: true, force: true })
  }
}
