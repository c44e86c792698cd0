import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  readonly envelopeTo: readonly string[]
  readonly parsed: ParsedMail
  readonly raw: string
  /** Whether the message came over TLS (STARTTLS or implicit). */
  readonly secure: boolean
}

export interface SmtpTestServer {
  readonly port: number
  readonly received: ReceivedMail[]
  /** Resolves once `count` messages (in total) have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  stop(): Promise<void>
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it
 * receives, parsed with `mailparser`. Recipients in `reject` are refused with 550;
 * `auth` requires those credentials.
 */
export interface SmtpTestServerOptions {
  readonly reject?: readonly string[]
  readonly auth?: { readonly user: string; readonly pass: string }
  /** `starttls`: offers STARTTLS; `implicit`: TLS from the first byte. Both with smtp-server's built-in self-signed certificate. */
  readonly tls?: 'starttls' | 'implicit'
}

export const startSmtpTestServer = async (options: SmtpTestServerOptions = {}, port = 0): Promise<SmtpTestServer> => {
  const received: ReceivedMail[] = []
  const waiters: (() => void)[] = []
  const server = new SMTPServer({
    secure: options.tls === 'implicit',
    disabledCommands: [
      ...(options.tls === 'starttls' ? [] : ['STARTTLS']),
      ...(options.auth === undefined ? ['AUTH'] : []),
    ],
    allowInsecureAuth: true,
    authOptional: options.auth === undefined,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth !== undefined && auth.username === options.auth.user && auth.password === options.auth.pass)
        return callback(null, { user: auth.username })
      return callback(new Error('Invalid username or password'))
    },
    onRcptTo(address, _session, callback) {
      if (options.reject?.includes(address.address.toLowerCase())) {
        const error = new Error('No such mailbox') as Error & { responseCode: number }
        error.responseCode = 550
        return callback(error)
      }
      return callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              parsed,
              raw,
              secure: session.secure,
            })
            for (const wake of waiters.splice(0)) wake()
            callback()
          },
          (error: Error) => callback(error),
        )
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const bound = (server.server.address() as AddressInfo).port
  const waitFor = async (count: number, timeoutMs = 5000): Promise<ReceivedMail[]> => {
    const deadline = Date.now() + timeoutMs
    while (received.length < count) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`expected ${count} e-mails, got ${received.length}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    return received.slice(0, count)
  }
  return { port: bound, received, waitFor, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
