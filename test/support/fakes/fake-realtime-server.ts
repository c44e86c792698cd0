import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'

/**
 * A local stand-in for a realtime speech model that speaks the OpenAI Realtime WebSocket protocol's control events:
 * it records `session.update` and the client events, and on `callFunction` emits the function call a model would
 * (`response.function_call_arguments.done`), then waits for the `function_call_output` item. No audio.
 */
export class FakeRealtimeServer {
  readonly received: Record<string, unknown>[] = []
  readonly handshakes: { readonly url: string; readonly authorization: string | undefined }[] = []
  private socket: WebSocket | null = null
  private readonly waiters: {
    predicate: (event: Record<string, unknown>) => boolean
    resolve: (e: Record<string, unknown>) => void
  }[] = []
  private connectedWaiters: (() => void)[] = []

  private constructor(private readonly wss: WebSocketServer) {
    wss.on('connection', (socket, request) => {
      this.socket = socket
      this.handshakes.push({ url: request.url ?? '', authorization: request.headers.authorization })
      socket.send(JSON.stringify({ type: 'session.created', session: { id: 'sess_fake' } }))
      socket.on('message', (data) => {
        const event = JSON.parse(data.toString()) as Record<string, unknown>
        this.received.push(event)
        const index = this.waiters.findIndex((waiter) => waiter.predicate(event))
        if (index >= 0) this.waiters.splice(index, 1)[0]?.resolve(event)
      })
      for (const resolve of this.connectedWaiters) resolve()
      this.connectedWaiters = []
    })
  }

  static async start(): Promise<FakeRealtimeServer> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()))
    return new FakeRealtimeServer(wss)
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}/v1/realtime`
  }

  connected(): Promise<void> {
    return this.socket === null ? new Promise((resolve) => this.connectedWaiters.push(resolve)) : Promise.resolve()
  }

  /** The next client event matching `predicate` (already received or still to come). */
  event(predicate: (event: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    const found = this.received.find(predicate)
    if (found !== undefined) return Promise.resolve(found)
    return new Promise((resolve) => this.waiters.push({ predicate, resolve }))
  }

  /** The model calls a function; resolves with the `function_call_output` the service answers. */
  async callFunction(callId: string, name: string, args: unknown): Promise<Record<string, unknown>> {
    await this.connected()
    this.socket?.send(
      JSON.stringify({
        type: 'response.function_call_arguments.done',
        response_id: 'resp_1',
        item_id: `item_${callId}`,
        output_index: 0,
        call_id: callId,
        name,
        arguments: JSON.stringify(args),
      }),
    )
    return this.event(
      (event) =>
        event.type === 'conversation.item.create' &&
        (event.item as { call_id?: string } | undefined)?.call_id === callId,
    )
  }

  async stop(): Promise<void> {
    for (const client of this.wss.clients) client.terminate()
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
  }
}
