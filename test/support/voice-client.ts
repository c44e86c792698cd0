import WebSocket from 'ws'
import type { ResponseJson } from './service.js'

/** A real `ws` client of the voice channel over loopback, with its messages queued for the test to read in order. */
export class VoiceClient {
  private readonly queue: ResponseJson[] = []
  private readonly waiting: { predicate: (message: ResponseJson) => boolean; resolve: (m: ResponseJson) => void }[] = []
  readonly closed: Promise<{ code: number; reason: string }>

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ResponseJson
      const index = this.waiting.findIndex((waiter) => waiter.predicate(message))
      if (index >= 0) {
        const [waiter] = this.waiting.splice(index, 1)
        waiter?.resolve(message)
      } else this.queue.push(message)
    })
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
    })
  }

  /** Connects with the token as `?token=` (or as the `bearer.` subprotocol) and waits for the socket to open. */
  static async connect(websocketUrl: string, token: string, how: 'query' | 'protocol' = 'query'): Promise<VoiceClient> {
    const ws =
      how === 'query'
        ? new WebSocket(`${websocketUrl}?token=${encodeURIComponent(token)}`, ['voice.v1'])
        : new WebSocket(websocketUrl, ['voice.v1', `bearer.${token}`])
    const client = new VoiceClient(ws)
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
      ws.once('unexpected-response', (_request, response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString()
        })
        response.on('end', () =>
          reject(Object.assign(new Error(`HTTP ${response.statusCode} ${body}`), { status: response.statusCode })),
        )
      })
    })
    return client
  }

  /** The status of a refused handshake (401, 409), or null when it opened. */
  static async refusal(websocketUrl: string, token: string): Promise<number | null> {
    try {
      const client = await VoiceClient.connect(websocketUrl, token)
      client.ws.close()
      return null
    } catch (error) {
      return (error as { status?: number }).status ?? -1
    }
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /** The next message matching `predicate` (by default the next message). */
  next(predicate: (message: ResponseJson) => boolean = () => true): Promise<ResponseJson> {
    const index = this.queue.findIndex(predicate)
    if (index >= 0) return Promise.resolve(this.queue.splice(index, 1)[0])
    return new Promise((resolve) => this.waiting.push({ predicate, resolve }))
  }

  nextOfType(type: string): Promise<ResponseJson> {
    return this.next((message) => message.type === type)
  }

  /** Sends a tool call and answers the message that answers it (`tool.result`, `tool.error`, `action.*`). */
  async call(name: string, args: unknown = {}, callId = `call_${Math.random().toString(36).slice(2)}`) {
    this.send({ type: 'tool.call', call_id: callId, name, arguments: args })
    return this.next((message) => message.call_id === callId)
  }

  close(): void {
    this.ws.close()
  }
}
