import type { SpeechModelLink, SpeechModelPort } from '../../../core/ports/speech-model.js'

/** No model on the service's side: the client's own model sends its tool calls over the WebSocket (`tool.call`). */
export class EmbeddedSpeechModel implements SpeechModelPort {
  readonly kind = 'embedded' as const

  async open(): Promise<SpeechModelLink> {
    return { close: async () => {} }
  }
}
