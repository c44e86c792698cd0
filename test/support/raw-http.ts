import { connect, type Socket } from 'node:net'

/** A TCP client speaking HTTP/1.1 by hand: what a slow, broken or hostile client sends. */
export interface RawClient {
  readonly socket: Socket
  /** Everything the server sent so far. */
  received(): string
  /** Resolves once the socket is connected. */
  readonly connected: Promise<void>
  /** Resolves with everything the server sent, once the connection is closed (by either side). */
  readonly closed: Promise<string>
  /** Resolves with the text received once it contains `marker`. */
  until(marker: string): Promise<string>
}

export const rawClient = (base: string): RawClient => {
  const url = new URL(base)
  const socket = connect(Number(url.port), url.hostname)
  let text = ''
  const waiting: { marker: string; resolve: (text: string) => void }[] = []
  socket.setEncoding('utf8')
  // The server may cut the connection while the client still writes: that is what is tested, not a failure.
  socket.on('error', () => {})
  socket.on('data', (chunk: string) => {
    text += chunk
    for (const waiter of waiting.splice(0)) {
      if (text.includes(waiter.marker)) waiter.resolve(text)
      else waiting.push(waiter)
    }
  })
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(text)))
  return {
    socket,
    received: () => text,
    connected,
    closed,
    until: (marker) =>
      text.includes(marker) ? Promise.resolve(text) : new Promise((resolve) => waiting.push({ marker, resolve })),
  }
}

export interface RawResponse {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: RawBody | undefined
}

/** An error envelope, or another JSON answer. */
export interface RawBody {
  readonly error?: { readonly type: string; readonly code: string; readonly message: string }
  readonly request_id?: string
  readonly [field: string]: unknown
}

/** The first response of a raw exchange (status, lower-cased headers, JSON body). */
export const parseRawResponse = (text: string): RawResponse => {
  const [head = '', ...rest] = text.split('\r\n\r\n')
  const [statusLine = '', ...headerLines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of headerLines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const length = Number(headers['content-length'] ?? 0)
  const body = rest.join('\r\n\r\n').slice(0, length)
  return { status: Number(statusLine.split(' ')[1]), headers, body: body === '' ? undefined : JSON.parse(body) }
}
