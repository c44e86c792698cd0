/**
 * The speech model a voice session talks through. The embedded adapter has none: the client runs its own model and
 * sends its tool calls over the WebSocket. A relay adapter connects to a realtime model provider, binds the tools,
 * and hands each function call the model makes to `onToolCall`, whose output it returns to the model.
 */
export interface SpeechToolSpec {
  readonly name: string
  readonly description: string
  /** JSON Schema of the arguments. */
  readonly parameters: Readonly<Record<string, unknown>>
}

export interface SpeechToolCall {
  readonly callId: string
  readonly name: string
  /** The arguments as the model wrote them (JSON text, not yet validated). */
  readonly arguments: string
}

export interface SpeechModelLink {
  /** Idempotent. */
  close(): Promise<void>
}

export interface SpeechModelPort {
  readonly kind: 'embedded' | 'realtime_relay'
  open(input: {
    readonly sessionId: string
    readonly instructions: string
    readonly tools: readonly SpeechToolSpec[]
    /** Executes one call; answers its output (JSON text) for the model. */
    readonly onToolCall: (call: SpeechToolCall) => Promise<string>
  }): Promise<SpeechModelLink>
}
