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
  /** Resolves with the text received once it contains `marker` at or after `from` (0: anywhere). */
  until(marker: string, from?: number): Promise<string>
}

/** `localAddress`: the source address (another loopback address, 127.0.0.2, is another client to the server). */
export const rawClient = (base: string, options: { readonly localAddress?: string } = {}): RawClient => {
  const url = new URL(base)
  const socket = connect({ port: Number(url.port), host: url.hostname, ...options })
  let text = ''
  const waiting: { marker: string; from: number; resolve: (text: string) => void }[] = []
  socket.setEncoding('utf8')
  // The server may cut the connection while the client still writes: that is what is tested, not a failure.
  socket.on('error', () => {})
  socket.on('data', (chunk: string) => {
    text += chunk
    for (const waiter of waiting.splice(0)) {
      if (text.includes(waiter.marker, waiter.from)) waiter.resolve(text)
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
    until: (marker, from = 0) =>
      text.includes(marker, from)
        ? Promise.resolve(text)
        : new Promise((resolve) => waiting.push({ marker, from, resolve })),
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

/** The responses of a raw exchange, in order (status, lower-cased headers, JSON body; bodies framed by Content-Length). */
export const parseRawResponses = (text: string): RawResponse[] => {
  const responses: RawResponse[] = []
  let rest = text
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n')
    if (end < 0) break
    const [statusLine = '', ...headerLines] = rest.slice(0, end).split('\r\n')
    const headers: Record<string, string> = {}
    for (const line of headerLines) {
      const colon = line.indexOf(':')
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
    }
    const length = Number(headers['content-length'] ?? 0)
    const body = rest.slice(end + 4, end + 4 + length)
    responses.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: body === '' ? undefined : JSON.parse(body),
    })
    rest = rest.slice(end + 4 + length)
  }
  return responses
}

/** The first response of a raw exchange. */
export const parseRawResponse = (text: string): RawResponse => {
  const [first] = parseRawResponses(text)
  if (first === undefined) throw new Error(`no HTTP response in ${JSON.stringify(text.slice(0, 200))}`)
  return first
}
